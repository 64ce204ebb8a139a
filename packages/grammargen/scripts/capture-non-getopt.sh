#!/usr/bin/env bash
# Captures the help texts of the non-getopt styles into corpora/help/<name>/ (run `npx tsc -b` first).
# Each entry: name|style|version-command|help command...  Help output is stored exactly as
# printed (stdout and stderr together, since openssl and BSD tools print usage on stderr), as
# help.txt, or brotli-compressed as help.txt.br when over 40 KB.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
out="$root/corpora/help"
export LANG=C LC_ALL=C COLUMNS=100 MANWIDTH=100 MANPAGER=cat PAGER=cat GIT_PAGER=cat
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"

entries=(
  "openssl-enc|openssl|openssl version|openssl enc -help"
  "openssl-x509|openssl|openssl version|openssl x509 -help"
  "openssl-req|openssl|openssl version|openssl req -help"
  "openssl-genrsa|openssl|openssl version|openssl genrsa -help"
  "openssl-dgst|openssl|openssl version|openssl dgst -help"
  "openssl-rand|openssl|openssl version|openssl rand -help"
  "openssl-rsa|openssl|openssl version|openssl rsa -help"
  "openssl-pkey|openssl|openssl version|openssl pkey -help"
  "openssl-genpkey|openssl|openssl version|openssl genpkey -help"
  "openssl-passwd|openssl|openssl version|openssl passwd -help"
  "openssl-verify|openssl|openssl version|openssl verify -help"
  "openssl-prime|openssl|openssl version|openssl prime -help"
  "openssl-pkcs12|openssl|openssl version|openssl pkcs12 -help"
  "openssl-crl|openssl|openssl version|openssl crl -help"
  "openssl-ecparam|openssl|openssl version|openssl ecparam -help"
  "git-log|git|git --version|git help log"
  "git-commit|git|git --version|git commit -h"
  "git-add|git|git --version|git add -h"
  "git-status|git|git --version|git status -h"
  "git-grep|git|git --version|git grep -h"
  "git-branch|git|git --version|git branch -h"
  "git-checkout|git|git --version|git checkout -h"
  "git-clone|git|git --version|git clone -h"
  "git-push|git|git --version|git push -h"
  "git-fetch|git|git --version|git fetch -h"
  "git-tag|git|git --version|git tag -h"
  "git-rm|git|git --version|git rm -h"
  "git-mv|git|git --version|git mv -h"
  "git-reset|git|git --version|git reset -h"
  "git-merge|git|git --version|git merge -h"
  "git-init|git|git --version|git init -h"
  "git-switch|git|git --version|git switch -h"
  "git-restore|git|git --version|git restore -h"
  "git-describe|git|git --version|git describe -h"
  "git-blame|git|git --version|git blame -h"
  "curl|curl|curl --version|curl --help all"
  "find|find|find --version|find --help"
  "tar|tar|tar --version|tar --help"
  "dd|dd|dd --version|dd --help"
  "busybox-ls|busybox|busybox|busybox ls --help"
  "busybox-cp|busybox|busybox|busybox cp --help"
  "busybox-mv|busybox|busybox|busybox mv --help"
  "busybox-rm|busybox|busybox|busybox rm --help"
  "busybox-mkdir|busybox|busybox|busybox mkdir --help"
  "busybox-head|busybox|busybox|busybox head --help"
  "busybox-tail|busybox|busybox|busybox tail --help"
  "busybox-wc|busybox|busybox|busybox wc --help"
  "busybox-sort|busybox|busybox|busybox sort --help"
  "busybox-cut|busybox|busybox|busybox cut --help"
  "busybox-grep|busybox|busybox|busybox grep --help"
  "busybox-du|busybox|busybox|busybox du --help"
  "busybox-seq|busybox|busybox|busybox seq --help"
  "busybox-uniq|busybox|busybox|busybox uniq --help"
  "busybox-dd|busybox|busybox|busybox dd --help"
  "busybox-tr|busybox|busybox|busybox tr --help"
  "ssh|bsd|ssh -V|ssh -?"
  "scp|bsd|ssh -V|scp -?"
  "sftp|bsd|ssh -V|sftp -?"
  "ssh-keygen|bsd|ssh -V|ssh-keygen -?"
  "ssh-keyscan|bsd|ssh -V|ssh-keyscan -?"
  "ssh-agent|bsd|ssh -V|ssh-agent -?"
  "tmux|bsd|tmux -V|tmux -?"
  "nc|bsd|nc -h|nc -h"
)

for e in "${entries[@]}"; do
  IFS='|' read -r name style vcmd hcmd <<<"$e"
  read -r -a words <<<"$hcmd"
  text="$(timeout 10 "${words[@]}" </dev/null 2>&1 || true)"
  version="$(timeout 10 $vcmd </dev/null 2>&1 | head -n 1 || true)"
  [ -n "$text" ] || { echo "no help from: $hcmd" >&2; exit 1; }
  mkdir -p "$out/$name"
  printf '%s\n' "$text" | node "$root/packages/grammargen/scripts/write-captured.mjs" "$out/$name/help.txt"
  prog="${words[0]}"
  /usr/bin/python3 - "$out/$name/meta.json" "$prog" "$version" "$style" "${words[@]}" <<'PY'
import json, sys
path, prog, version, style, *cmd = sys.argv[1:]
meta = {"command": cmd, "program": prog, "version": version, "style": style}
# The words the grammar starts with: `busybox ls`, `git log` (also for `git help log`), `openssl enc`.
if prog == "busybox": meta["name"] = ["busybox", cmd[1]]
elif prog == "git": meta["name"] = ["git", cmd[2] if cmd[1] == "help" else cmd[1]]
elif prog == "openssl": meta["name"] = ["openssl", cmd[1]]
json.dump(meta, open(path, "w"), indent=2)
open(path, "a").write("\n")
PY
  echo "captured $name ($(printf '%s\n' "$text" | wc -l) lines)"
done
