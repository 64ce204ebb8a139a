#!/usr/bin/env bash
# Extracts the vocabulary-only GGUFs, chat templates and gguf-py that the lab models are
# built from out of the llama.cpp source node-llama-cpp ships as a git bundle. Nothing is
# downloaded. Cached by the bundle's hash; prints the folder on stdout.
#   ${SHELLGEN_LLAMA_SOURCE:-model/.cache/llama-src/<hash>}/{models/ggml-vocab-*.gguf,models/templates/*.jinja,gguf-py}
set -euo pipefail
cd "$(dirname "$0")/../.."

BUNDLE=node_modules/node-llama-cpp/llama/gitRelease.bundle
[ -f "$BUNDLE" ] || { echo "llama-source: no llama.cpp source bundle at $BUNDLE (run npm ci first)" >&2; exit 1; }
hash=$(sha256sum "$BUNDLE" | cut -c1-16)
dest=${SHELLGEN_LLAMA_SOURCE:-model/.cache/llama-src/$hash}
if [ -f "$dest/.complete" ]; then echo "$dest"; exit 0; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/llama-src.XXXXXX")
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-checkout "$BUNDLE" "$work/src" 2>/dev/null || { echo "llama-source: cannot clone $BUNDLE" >&2; exit 1; }
git -C "$work/src" -c advice.detachedHead=false checkout --quiet HEAD -- \
  models/ggml-vocab-qwen2.gguf models/ggml-vocab-llama-bpe.gguf models/templates gguf-py
mkdir -p "$(dirname "$dest")"
rm -rf "$dest"
mv "$work/src" "$dest"
rm -rf "$dest/.git"
touch "$dest/.complete"
echo "$dest"
