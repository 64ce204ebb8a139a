#!/usr/bin/env bash
# Installs everything the project and its tests need, idempotently.
# Debian packages need root (CI and these machines run as root); elsewhere we say what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBS=(bubblewrap python3-lark shellcheck python3-torch python3-numpy python3-yaml libopenblas0-pthread chromium jq openssl file bc zip unzip xxd sqlite3 bzip2 xz-utils procps gettext-base bsdextrautils binutils tzdata patch git busybox netcat-openbsd openssh-client tmux curl tar findutils cmake g++ make)
missing=()
for p in "${DEBS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]} (run: sudo apt-get install -y ${missing[*]})" >&2
  fi
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-fund --no-audit
fi
echo "setup: build"
npm run build --silent
# node-llama-cpp as one file for the model thread's start; without it shellgen starts ~0.3 s slower.
node scripts/bundle-llama.mjs || echo "setup: continuing without the node-llama-cpp bundle" >&2
# llama-server from the llama.cpp source node-llama-cpp ships, for the HTTP backend's tests (cached; minutes the first time).
scripts/build-llama-server.sh >/dev/null || echo "setup: continuing without llama-server" >&2
# The lab models (model/lab: real tokenizers and chat templates) as GGUFs, written from their committed weights (about a minute).
model/lab/lab.sh build >/dev/null || echo "setup: continuing without the lab models" >&2
echo "setup: done"
