#!/usr/bin/env bash
# What the tests need beyond scripts/setup.sh, idempotently: Python Lark (a second Lark
# reader), torch and numpy (the model's parity tests and data checks), shellcheck, Chromium
# (report screenshots), strace (the order of a write's fsync and rename), cmake (llama-server), then llama-server built from the llama.cpp
# source node-llama-cpp ships and the lab models written from their committed weights
# (both cached; minutes the first time). `npm test` runs it first.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
. scripts/debs.sh

ensure_debs python3-lark shellcheck strace python3-torch python3-numpy python3-yaml libopenblas0-pthread chromium cmake g++ make
scripts/build-llama-server.sh >/dev/null || echo "setup-tests: continuing without llama-server" >&2
model/lab/lab.sh build >/dev/null || echo "setup-tests: continuing without the lab models" >&2
echo "setup-tests: done in $((SECONDS - start)) s"
