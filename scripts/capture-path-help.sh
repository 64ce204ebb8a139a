#!/usr/bin/env bash
# Captures `<program> --help` (stdout then stderr, at most 2 MB) of every program on PATH into
# DIR/<program>.txt, for `npm run report:helpdir -- DIR`: help texts nobody reviewed.
# Usage: scripts/capture-path-help.sh DIR
# It runs each program once with --help, no stdin, a 4 s limit, in an empty temporary
# directory. Programs that may ignore --help and act (power, login, editors, pagers, shells,
# interpreters, browsers, interactive tools) are skipped by name.
set -euo pipefail
usage="usage: scripts/capture-path-help.sh DIR   (writes DIR/<program>.txt for every program on PATH)"
case "${1:-}" in
  -h | --help) echo "$usage"; exit 0 ;;
  "" | -*) echo "$usage" >&2; exit 2 ;;
esac
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
n=0
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do ls "$d" 2>/dev/null || true; done | sort -u | while read -r p; do
  case "$p" in
    *reboot* | *shutdown* | *halt* | *poweroff* | init | telinit | X | Xorg | *passwd* | su | sudo | login | \
      vi | vim* | nano | ed | ex | view | editor | pager | less | more | top | htop | watch | yes | \
      sh | bash | dash | rbash | zsh | busybox | python* | node | nodejs | perl* | sensible-* | \
      gcloud | bq | gsutil | debconf* | dpkg-reconfigure | x-www-browser | chromium* | firefox* | xdg-*) continue ;;
  esac
  [[ "$p" =~ ^[A-Za-z0-9._+-]+$ ]] || continue
  command -v "$p" >/dev/null || continue
  LANG=C LC_ALL=C COLUMNS=100 NO_COLOR=1 TERM=dumb PAGER=cat timeout -k 1 4 "$p" --help </dev/null 2>&1 | head -c 2000000 >"$out/$p.txt" || true
  if [[ -s "$out/$p.txt" ]]; then n=$((n + 1)); else rm -f "$out/$p.txt"; fi
  echo "$n" >"$work/count"
done
echo "captured $(cat "$work/count" 2>/dev/null || echo 0) help texts into $out" >&2
