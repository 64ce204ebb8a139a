#!/usr/bin/env bash
# Installs shellgen the way a user would and runs it there: `npm pack` every publishable
# package, install the tarballs into an empty project outside the repository (everything
# else comes from the npm registry), then run the CLIs and imports from that project.
#
#   scripts/packed-install.sh [WORKDIR]
#
# WORKDIR (default: a new folder under $TMPDIR or /tmp) must lie outside the repository with
# no node_modules above it, so nothing resolves through the checkout. Needs a build
# (npm run build). Prints "ok: <check>" per check; the first failure prints its output and
# exits 1.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d "${TMPDIR:-/tmp}/shellgen-packed-XXXXXX")}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
case "$work/" in "$repo"/*) echo "packed-install: $work is inside the repository" >&2; exit 2 ;; esac
dir="$work"
while [ "$dir" != / ]; do
  dir="$(dirname "$dir")"
  if [ -d "$dir/node_modules" ]; then echo "packed-install: $dir/node_modules lies above $work" >&2; exit 2; fi
done

# What `npm run ...` exports (npm_config_*, npm_package_*) must not steer the user's install.
while read -r var; do unset "$var"; done < <(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/\1/p')
unset NODE_PATH NODE_OPTIONS
export SHELLGEN_HOME="$work/home"

PACKAGES=(packages/base packages/grammargen packages/sandbox packages/fewshot packages/decode packages/agent packages/cli bench grammars model corpora)
for p in "${PACKAGES[@]}"; do
  if [ -f "$repo/$p/tsconfig.json" ] && [ ! -d "$repo/$p/dist" ]; then echo "packed-install: $p is not built (run npm run build)" >&2; exit 2; fi
done

mkdir -p "$work/tarballs" "$work/app"
for p in "${PACKAGES[@]}"; do
  npm pack "$repo/$p" --pack-destination "$work/tarballs" --silent >/dev/null
done
echo "ok: packed ${#PACKAGES[@]} packages into $work/tarballs"
# Benches, tests, results, sources and build state are not for users.
leaked="$(for t in "$work"/tarballs/*.tgz; do tar -tzf "$t" | sed "s|^|$(basename "$t"): |"; done |
  grep -E ': package/(.*/)?(bench|test|tests|results|gen|llama)/|: package/src/|\.test\.|tsbuildinfo|llama-bundle-build' || true)"
if [ -n "$leaked" ]; then printf 'FAIL: tarballs hold development files:\n%s\n' "$leaked" | head -20 >&2; exit 1; fi
echo "ok: tarballs hold no bench, test, results or source files"

# The user asks for the four entry points; every other @shellgen package must arrive as a
# declared dependency of those, taken from its tarball (overrides) since none is published.
node - "$repo" "$work" "${PACKAGES[@]}" <<'EOF'
const { readdirSync, readFileSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");
const [repo, work, ...dirs] = process.argv.slice(2);
const tarballs = readdirSync(join(work, "tarballs"));
const spec = {};
for (const d of dirs) {
  const { name, version } = JSON.parse(readFileSync(join(repo, d, "package.json"), "utf8"));
  const file = `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
  if (!tarballs.includes(file)) throw new Error(`no tarball ${file} for ${name}`);
  spec[name] = `file:../tarballs/${file}`;
}
const direct = ["@shellgen/cli", "@shellgen/grammargen", "@shellgen/grammars", "@shellgen/bench"];
const root = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
const app = {
  name: "shellgen-packed-install",
  version: "1.0.0",
  private: true,
  dependencies: Object.fromEntries(direct.map((n) => [n, spec[n]])),
  overrides: spec,
  // The same review of install scripts as the repository's (native addons build or fetch here).
  allowScripts: root.allowScripts,
};
writeFileSync(join(work, "app", "package.json"), `${JSON.stringify(app, null, 2)}\n`);
EOF
echo "ok: wrote $work/app/package.json"

cd "$work/app"
log="$work/install.log"
# What the machine had when an install failed: an install killed for memory or stopped by a
# full disk leaves an empty log, and npm's own debug log may be the only trace.
install_state() {
  echo "--- $1 (exit $2); the last lines of its output:"
  tail -40 "$log"
  echo "--- disk:"; df -h "$work" "$HOME" 2>&1 | sed 1d
  echo "--- memory:"; free -m 2>&1 | sed -n 2p
  local debug
  debug="$(ls -t "${npm_config_cache:-$HOME/.npm}"/_logs/*-debug-*.log 2>/dev/null | head -1 || true)"
  if [ -n "$debug" ]; then echo "--- $debug:"; grep -E ' (error|warn|verbose stack|verbose exit|timing command)' "$debug" | tail -25; fi
}
# One retry: a registry hiccup or a compile killed under the test run's load fails an
# install that is fine; two failures in a row are the project's to fix.
status=0
npm install --no-audit --no-fund >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  install_state "npm install failed once, trying again" "$status"
  rm -rf node_modules package-lock.json
  status=0
  npm install --no-audit --no-fund >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    echo "FAIL: npm install" >&2
    install_state "npm install" "$status" >&2
    exit 1
  fi
fi
echo "ok: npm install ($(grep -o 'added [0-9]* packages' "$log" || echo 'installed'))"

# The bins must be the installed ones: npx would otherwise fetch a package of that name.
for bin in grammargen shellgen bench; do
  [ -x "node_modules/.bin/$bin" ] || { echo "FAIL: node_modules/.bin/$bin is missing" >&2; exit 1; }
done

# check NAME EXPECTED-REGEX COMMAND...: runs COMMAND in the app, wants exit 0 and EXPECTED in its output.
check() {
  local name="$1" want="$2" out
  shift 2
  if ! out="$("$@" 2>&1)"; then
    printf 'FAIL: %s (exit status)\n%s\n' "$name" "$out" | tail -40 >&2
    exit 1
  fi
  if ! grep -Eq -- "$want" <<<"$out"; then
    printf 'FAIL: %s (no match for /%s/)\n%s\n' "$name" "$want" "$out" | tail -40 >&2
    exit 1
  fi
  echo "ok: $name"
}

check "esm import of @shellgen/grammars" '^esm root ::= [0-9]+$' node --input-type=module -e '
import { grep, commands } from "@shellgen/grammars";
console.log("esm", grep.gbnf.includes("root ::=") ? "root ::=" : "none", Object.keys(commands).length);'
check "cjs require of @shellgen/grammars" '^cjs start [0-9]+$' node -e '
const { grep, commands } = require("@shellgen/grammars");
console.log("cjs", grep.lark.includes("start") ? "start" : "none", Object.keys(commands).length);'
check "npx grammargen --format gbnf ls" '^root ::=' npx grammargen --format gbnf ls
npx grammargen --format gbnf --out ls.gbnf ls 2>/dev/null || { echo "FAIL: npx grammargen --format gbnf --out ls.gbnf ls" >&2; exit 1; }
check "npx grammargen --check (no drift)" '^up to date: ls\.gbnf$' npx grammargen --format gbnf --out ls.gbnf --check ls
check "npx grammargen curl --help all" '^start:' npx grammargen curl --help all
check "npx grammargen compose (programs from the installed pack)" '^root ::= sh-top' npx grammargen compose --commands cat,sort,uniq --format gbnf
check "npx grammargen validate" '^2/2 as expected' npx grammargen validate ls.gbnf --positive "ls -la /tmp" --negative "ls --no-such-option"
check "npx shellgen --explain" '-z +filter the archive through gzip' npx shellgen --explain "tar -czf out.tgz dir"
check "the default model is @shellgen/model's" '/node_modules/@shellgen/model/shellgen-mini\.gguf$' node --input-type=module -e '
import { defaultModelPath } from "@shellgen/decode";
import { existsSync } from "node:fs";
const path = defaultModelPath();
console.log(existsSync(path) ? path : `missing: ${path}`);'
check 'npx shellgen "count the lines in notes.txt"' 'notes\.txt' npx shellgen "count the lines in notes.txt"
check "npx shellgen examples (better-sqlite3 index)" '"examples":\[\{"request"' npx shellgen examples "compress every log file" --k 2 --json
[ -s "$SHELLGEN_HOME/fewshot-index.sqlite" ] || { echo "FAIL: shellgen examples wrote no $SHELLGEN_HOME/fewshot-index.sqlite" >&2; exit 1; }
check "npx shellgen learn" '^learned \(ls\)' npx shellgen learn "list the newest file" "ls -t | head -n 1"
check "npx bench run --tier 1 --modes oracle" '^oracle +oracle .* 100\.0%$' npx bench run --tier 1 --modes oracle --out "$work/bench-out"
echo "packed-install: all checks passed in $work/app"
