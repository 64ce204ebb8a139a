#!/usr/bin/env bash
# Writes every publishable package as an npm tarball, for installing shellgen into any
# project before it is on a registry:  npm i /path/to/shellgen/.tarballs/*.tgz
#
#   scripts/pack-tarballs.sh [DIR]      (default: .tarballs in the repository)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$repo/.tarballs}"
PACKAGES=(packages/base packages/grammargen packages/sandbox packages/fewshot packages/decode packages/agent packages/cli bench grammars model corpora)
for p in "${PACKAGES[@]}"; do
  if [ -f "$repo/$p/tsconfig.json" ] && [ ! -d "$repo/$p/dist" ]; then echo "pack-tarballs: $p is not built (run npm run build)" >&2; exit 2; fi
done
mkdir -p "$out.partial"
rm -f "$out.partial"/*.tgz
for p in "${PACKAGES[@]}"; do
  npm pack "$repo/$p" --pack-destination "$out.partial" --silent >/dev/null
done
rm -rf "$out"
mv "$out.partial" "$out"
echo "pack-tarballs: ${#PACKAGES[@]} packages in $out"
echo "install them in a project with: npm i $out/*.tgz"
