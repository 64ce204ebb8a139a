#!/usr/bin/env bash
# Builds llama-server from the llama.cpp source that node-llama-cpp ships as a git bundle,
# with the system's cmake and C++ compiler. Nothing is downloaded.
#
# The binary is cached outside the clone, keyed by the bundle's hash, so a reinstall or a
# second checkout reuses it:
#   ${SHELLGEN_LLAMA_SERVER_CACHE:-${XDG_CACHE_HOME:-~/.cache}/shellgen/llama-server}/<hash>/bin/llama-server
# Prints that path on stdout; everything else goes to stderr.
#   --print   print where the binary is (or would be) and exit; status 1 if it is not built
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "build-llama-server: $*" >&2; }
die() { say "$*"; exit 1; }

LLAMA_DIR=node_modules/node-llama-cpp/llama
BUNDLE=$LLAMA_DIR/gitRelease.bundle
[ -f "$BUNDLE" ] || die "no llama.cpp source bundle at $BUNDLE (run npm ci first)"

hash=$(sha256sum "$BUNDLE" | cut -c1-16)
cache=${SHELLGEN_LLAMA_SERVER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/shellgen/llama-server}
dest=$cache/$hash
bin=$dest/bin/llama-server

if [ "${1:-}" = "--print" ]; then
  echo "$bin"
  [ -x "$bin" ]
  exit
fi
[ -x "$bin" ] && { echo "$bin"; exit 0; }

missing=()
for tool in git cmake make g++ flock; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  die "cannot build llama-server: missing ${missing[*]} (Debian: apt-get install -y cmake g++ make git util-linux)"
fi

mkdir -p "$cache"
# Two setups at once (CI jobs, two checkouts) build once: the second waits, then reuses.
exec 9>"$cache/.lock"
flock 9
[ -x "$bin" ] && { echo "$bin"; exit 0; }

work=$(mktemp -d "$cache/.build-$hash.XXXXXX")
trap 'rm -rf "$work"' EXIT
tag=$(sed -n 's/.*"tag": *"\([^"]*\)".*/\1/p' "$LLAMA_DIR/llama.cpp.info.json" 2>/dev/null || true)
jobs=${SHELLGEN_BUILD_JOBS:-$(nproc)}
say "building llama-server ${tag:+(source tag $tag) }from $BUNDLE with $jobs jobs; this takes a few minutes"

git clone --quiet "$BUNDLE" "$work/src" 2>/dev/null || die "cannot clone $BUNDLE"
log=$work/build.log
# Static libraries, so the binary keeps working after the rename below; no prebuilt web UI
# and no HTTPS, both of which would need a network.
if ! nice -n 10 cmake -S "$work/src" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=OFF \
  -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF \
  >"$log" 2>&1; then
  tail -20 "$log" >&2
  die "cmake configure failed (log above)"
fi
if ! nice -n 10 cmake --build "$work/build" --target llama-server -j "$jobs" >>"$log" 2>&1; then
  tail -30 "$log" >&2
  die "llama-server build failed (log above)"
fi

mkdir -p "$work/out/bin"
cp "$work/build/bin/llama-server" "$work/out/bin/"
commit=$(git -C "$work/src" rev-parse HEAD)
printf '{"tag": "%s", "commit": "%s", "bundleSha256": "%s"}\n' "$tag" "$commit" "$(sha256sum "$BUNDLE" | cut -d' ' -f1)" >"$work/out/source.json"
"$work/out/bin/llama-server" --version >/dev/null 2>&1 || die "the built llama-server does not run"
# Publish atomically: a reader sees either no directory or a complete one.
mv -T "$work/out" "$dest"
say "built $bin"
echo "$bin"
