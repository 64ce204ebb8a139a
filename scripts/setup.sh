#!/usr/bin/env bash
# Installs what the tools need (the sandbox, the programs the bench's tasks run, the npm
# packages) and builds every package, idempotently. What only the tests need (Python Lark,
# torch, shellcheck, Chromium, llama-server, the lab models) is scripts/setup-tests.sh,
# which `npm test` runs first.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
. scripts/debs.sh

# bubblewrap for the sandbox; the rest are programs the bench's tasks run inside it.
ensure_debs bubblewrap jq openssl file bc zip unzip xxd sqlite3 bzip2 xz-utils procps gettext-base bsdextrautils binutils tzdata \
  patch git busybox netcat-openbsd openssh-client tmux curl tar findutils g++ make

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-fund --no-audit
fi
# corpora/debian keeps its help texts brotli-compressed: git shows their diffs as text with this.
if git rev-parse --git-dir >/dev/null 2>&1; then git config diff.brotli.textconv "node scripts/textconv-brotli.mjs"; fi
echo "setup: build (tsc, then the grammars generated from corpora/debian)"
npm run build --silent
# node-llama-cpp as one file for the model thread's start; without it shellgen starts ~0.3 s slower.
node scripts/bundle-llama.mjs || echo "setup: continuing without the node-llama-cpp bundle" >&2
echo "setup: done in $((SECONDS - start)) s"
