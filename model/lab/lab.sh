#!/usr/bin/env bash
# The lab models: real tokenizers and chat templates, trained on shellgen's data (MODEL_CARD.md, "Lab models").
#
#   model/lab/lab.sh train FAMILY [model/lab/train_lab.py options]   encode the data (once), train, write the GGUF
#   model/lab/lab.sh build [FAMILY...]                               write the GGUFs from the committed weights
#
# FAMILY is qwen (Qwen2 vocabulary, Qwen3-0.6B template) or llama3 (Llama 3 vocabulary,
# Llama-3.2-3B-Instruct template). build skips a GGUF that is newer than its weights and
# than the scripts that write it.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=/usr/bin/python3
FAMILIES=(qwen llama3)

build() {
  local fam=$1 out=model/lab/$1.gguf weights=model/lab/weights/$1.npz
  [ -f "$weights" ] || { echo "lab: no weights for $fam at $weights" >&2; return 1; }
  if [ -f "$out" ] && [ "$out" -nt "$weights" ] && [ "$out" -nt model/lab/build_gguf.py ]; then return 0; fi
  "$PY" model/lab/build_gguf.py --family "$fam"
}

case "${1:-}" in
  train)
    fam=${2:?usage: lab.sh train FAMILY [options]}
    shift 2
    [ -f "model/lab/build/$fam/data.jsonl.gz" ] || node model/lab/encode.mjs --family "$fam"
    "$PY" model/lab/train_lab.py --family "$fam" "$@"
    "$PY" model/lab/build_gguf.py --family "$fam"
    ;;
  build)
    shift
    status=0
    fams=("$@")
    [ ${#fams[@]} -gt 0 ] || fams=("${FAMILIES[@]}")
    for fam in "${fams[@]}"; do build "$fam" || status=1; done
    exit $status
    ;;
  *)
    sed -n '2,10p' "$0" >&2
    exit 2
    ;;
esac
