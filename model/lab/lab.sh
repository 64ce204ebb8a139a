#!/usr/bin/env bash
# The lab models: real tokenizers and chat templates, trained on shellgen's data (MODEL_CARD.md, "Lab models").
#
#   model/lab/lab.sh train FAMILY [model/lab/train_lab.py options]   encode the data (once), train, write the GGUF
#   model/lab/lab.sh train mini12 [model/train.py options]           the default model grown to 12 layers and trained on
#                                                                   (75 minutes on one core), then its F16 GGUF
#   model/lab/lab.sh train gpu [model/train.py options]              the default model trained on from v4 on a CUDA device
#                                                                   (6 minutes), then model/lab/gpu.gguf; see MODEL_CARD.md
#   model/lab/lab.sh build [FAMILY...]                               write the GGUFs from the committed weights
#
# FAMILY is qwen (Qwen2 vocabulary, Qwen3-0.6B template) or llama3 (Llama 3 vocabulary,
# Llama-3.2-3B-Instruct template). build skips a GGUF that is newer than its weights and
# than the scripts that write it. mini12 keeps the default model's own tokenizer and prompt
# format; its GGUF (F16, about 12 MB) is committed, so build has nothing to do for it.
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

# The default model's weights, depth doubled (train.py --grow-depth 2: each added block starts
# as a no-op), trained on the current data; then an F16 GGUF and its parity cases.
train_mini12() {
  [ -f model/runs/v4/ckpt.pt ] || "$PY" model/from_gguf.py --gguf model/shellgen-mini.gguf --out model/runs/v4/ckpt.pt
  OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 "$PY" model/train.py --name mini12 --init model/runs/v4/ckpt.pt --grow-depth 2 \
    --phase-minutes 75 --minutes 75 --lr 8e-4 --threads 1 "$@"
  "$PY" model/export_gguf.py --ckpt model/runs/mini12/ckpt.pt --type f16 --name shellgen-mini-12l \
    --description "shellgen lab model: the default model grown to 12 layers (own tokenizer)" \
    --out model/lab/mini12.gguf --parity model/lab/mini12-parity.json --log-dir model/lab/training/mini12
}

# The default model's size (the 300 tokens/s decode floor rules out a larger one) trained on
# from v4's weights on a CUDA device, where it sees in minutes many times the tokens one core
# gives it in an hour. PY_GPU: the Python that holds a CUDA torch (plain python3 on the device).
train_gpu() {
  local py=${PY_GPU:-python3}
  [ -f model/runs/v4/ckpt.pt ] || "$py" model/from_gguf.py --gguf model/shellgen-mini.gguf --out model/runs/v4/ckpt.pt
  "$py" model/train.py --name gpu --init model/runs/v4/ckpt.pt --device cuda --batch 256 --lr 2e-3 \
    --phase-minutes 6 --minutes 6 --threads 8 --eval-every 0.5 --ckpt-every 2 "$@"
  "$py" model/export_gguf.py --ckpt model/runs/gpu/ckpt.pt --name shellgen-mini-gpu \
    --description "shellgen lab model: the default model trained on from v4 on a GPU" \
    --out model/lab/gpu.gguf --parity model/lab/gpu-parity.json --log-dir model/lab/training/gpu
}

case "${1:-}" in
  train)
    fam=${2:?usage: lab.sh train FAMILY [options]}
    shift 2
    if [ "$fam" = mini12 ]; then train_mini12 "$@"; exit; fi
    if [ "$fam" = gpu ]; then train_gpu "$@"; exit; fi
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
    sed -n '2,12p' "$0" >&2
    exit 2
    ;;
esac
