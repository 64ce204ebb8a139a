#!/usr/bin/env bash
# Captures the man page of every program on PATH that has one (sections 1, 8, 6) into
# DIR/<program>.txt, as grammargen reads it: `MANWIDTH=80 LANG=C man -s 1,8,6 --nh --nj -P cat`.
# No program is run. For `npm run report:man`.
# Usage: scripts/capture-path-man.sh DIR
set -euo pipefail
usage="usage: scripts/capture-path-man.sh DIR   (writes DIR/<program>.txt for every program on PATH with a man page)"
case "${1:-}" in
  -h | --help) echo "$usage"; exit 0 ;;
  "" | -*) echo "$usage" >&2; exit 2 ;;
esac
command -v man >/dev/null || { echo "capture-path-man.sh: man is not installed" >&2; exit 1; }
out=$1
mkdir -p "$out"
n=0
IFS=: read -ra dirs <<<"$PATH"
while read -r p; do
  [[ "$p" =~ ^[A-Za-z0-9._+-]+$ ]] || continue
  command -v "$p" >/dev/null || continue
  man -s 1,8,6 -w "$p" >/dev/null 2>&1 || continue
  MANWIDTH=80 LANG=C LC_ALL=C MANPAGER=cat timeout 20 man -s 1,8,6 --nh --nj -P cat "$p" 2>/dev/null >"$out/$p.txt.tmp" || true
  if [[ -s "$out/$p.txt.tmp" ]]; then mv "$out/$p.txt.tmp" "$out/$p.txt"; n=$((n + 1)); else rm -f "$out/$p.txt.tmp"; fi
done < <(for d in "${dirs[@]}"; do ls "$d" 2>/dev/null || true; done | sort -u)
echo "captured $n man pages into $out" >&2
