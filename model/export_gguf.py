"""Export a training checkpoint to GGUF v3 (llama architecture, SPM "llama" tokenizer).

    /usr/bin/python3 model/export_gguf.py [--ckpt model/runs/default/ckpt.pt] [--out model/shellgen-mini.gguf]
    /usr/bin/python3 model/export_gguf.py --ckpt model/runs/mini12/ckpt.pt --type f16 --name shellgen-mini-12l \
        --out model/lab/mini12.gguf --parity model/lab/mini12-parity.json --log-dir model/lab/training/mini12

Also writes model/parity.json (next-token log-probabilities from the checkpoint's torch
forward pass on fixed prompts, for the parity test) and copies the loss log and plot to
--log-dir (model/training/). --type f16 or q8_0 stores the matrices so (norms stay F32): half
or a quarter of the file, and the parity test then compares llama.cpp with torch on the file's
own (dequantized) weights.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402
import torch  # noqa: E402

import gguf  # noqa: E402
from gguf import ARR, BOOL, F32, I32, STR, U32, Val  # noqa: E402
from net import Config, Net  # noqa: E402
from tokenizer import Tokenizer  # noqa: E402

PARITY_PROMPTS = [
    "Request: How many lines are in notes.txt?\nCommand:",
    "Request: Show the last 5 lines of server.log\nCommand:",
    "Request: Find all .py files under src\nCommand: find src -name",
    "Request: Print the first 3 lines of poem.txt\nCommand: head -n 3 poem.txt\n\nRequest: Print the first 7 lines of data.csv\nCommand:",
    "Request: Replace every foo with bar in 'my file.txt' — quickly, «please» ✓\nCommand:",
    "Request: for each .log file, count ERROR lines; then sum them\nCommand: for f in *.log; do grep -c 'ERROR' \"$f\"; done |",
    "Request: Write these lines to x.txt with a heredoc: a b; c d\nCommand: cat > x.txt << 'EOF'\na b\n",
    "Request: tar up the build directory as build.tar.gz, then list it (2>&1 | tee -a out.log)\nCommand:",
]


DESCRIPTION = "shellgen's embedded default model: natural-language request -> shell command"


def metadata(cfg: Config, tok: Tokenizer, name: str, file_type: int = 0, description: str = DESCRIPTION) -> dict[str, Val]:
    hd = cfg.dim // cfg.n_heads
    return {
        "general.architecture": Val(STR, "llama"),
        "general.name": Val(STR, name),
        "general.license": Val(STR, "MIT"),
        "general.description": Val(STR, description),
        "general.file_type": Val(U32, file_type),
        "general.alignment": Val(U32, gguf.ALIGN),
        "llama.context_length": Val(U32, cfg.max_seq),
        "llama.embedding_length": Val(U32, cfg.dim),
        "llama.block_count": Val(U32, cfg.n_layers),
        "llama.feed_forward_length": Val(U32, cfg.ffn_dim),
        "llama.attention.head_count": Val(U32, cfg.n_heads),
        "llama.attention.head_count_kv": Val(U32, cfg.n_kv_heads),
        "llama.attention.layer_norm_rms_epsilon": Val(F32, cfg.norm_eps),
        "llama.rope.dimension_count": Val(U32, hd),
        "llama.rope.freq_base": Val(F32, cfg.rope_theta),
        "llama.vocab_size": Val(U32, cfg.vocab_size),
        "tokenizer.ggml.model": Val(STR, "llama"),
        "tokenizer.ggml.tokens": Val(ARR, tok.tokens, STR),
        "tokenizer.ggml.scores": Val(ARR, tok.scores, F32),
        "tokenizer.ggml.token_type": Val(ARR, tok.types, I32),
        "tokenizer.ggml.bos_token_id": Val(U32, tok.bos_id),
        "tokenizer.ggml.eos_token_id": Val(U32, tok.eos_id),
        "tokenizer.ggml.unknown_token_id": Val(U32, tok.unk_id),
        "tokenizer.ggml.add_bos_token": Val(BOOL, True),
        "tokenizer.ggml.add_eos_token": Val(BOOL, False),
        "tokenizer.ggml.add_space_prefix": Val(BOOL, True),
    }


# GGUF general.file_type for each --type: ALL_F32, MOSTLY_F16, MOSTLY_Q8_0
FILE_TYPES = {"f32": 0, "f16": 1, "q8_0": 7}


def tensors(model: Net, typ: str = "f32") -> list[tuple[str, np.ndarray | gguf.Q8_0]]:
    def f32(t: torch.Tensor) -> np.ndarray | gguf.Q8_0:
        a = t.detach().float().numpy().astype(np.float32)
        if a.ndim != 2 or typ == "f32":
            return a
        return a.astype(np.float16) if typ == "f16" else gguf.Q8_0(a)

    out = [("token_embd.weight", f32(model.embed.weight))]
    for i, b in enumerate(model.layers):
        p = f"blk.{i}."
        out += [
            (p + "attn_norm.weight", f32(b.attn_norm.weight)),
            (p + "attn_q.weight", f32(b.wq.weight)),
            (p + "attn_k.weight", f32(b.wk.weight)),
            (p + "attn_v.weight", f32(b.wv.weight)),
            (p + "attn_output.weight", f32(b.wo.weight)),
            (p + "ffn_norm.weight", f32(b.ffn_norm.weight)),
            (p + "ffn_gate.weight", f32(b.w_gate.weight)),
            (p + "ffn_up.weight", f32(b.w_up.weight)),
            (p + "ffn_down.weight", f32(b.w_down.weight)),
        ]
    out.append(("output_norm.weight", f32(model.norm.weight)))
    if model.head is not None:
        out.append(("output.weight", f32(model.head.weight)))
    return out


def next_logprobs(model: Net, tok: Tokenizer, prompts: list[str]) -> list[dict]:
    model.eval()
    out = []
    with torch.no_grad():
        for p in prompts:
            ids = tok.encode(p, bos=True)
            lp = torch.log_softmax(model(torch.tensor([ids]))[0, -1].double(), -1)
            out.append({"prompt": p, "tokens": ids, "logprobs": [round(float(v), 6) for v in lp]})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ckpt", default=os.path.join(HERE, "runs", "default", "ckpt.pt"))
    ap.add_argument("--out", default=os.path.join(HERE, "shellgen-mini.gguf"))
    ap.add_argument("--parity", default=os.path.join(HERE, "parity.json"))
    ap.add_argument("--name", default="shellgen-mini", help="general.name in the GGUF")
    ap.add_argument("--description", default=DESCRIPTION, help="general.description in the GGUF")
    ap.add_argument("--type", choices=sorted(FILE_TYPES), default="f32", help="how the matrices are stored (norms stay F32)")
    ap.add_argument("--log-dir", default=os.path.join(HERE, "training"), help="where the run's loss log and plot are copied")
    a = ap.parse_args()
    if not os.path.exists(a.ckpt):
        sys.exit(f"export_gguf: no checkpoint at {a.ckpt}; run `npm run model:train` first")
    state = torch.load(a.ckpt, map_location="cpu")
    cfg = Config(**state["config"])
    tok = Tokenizer.from_json(state["tokenizer"])
    model = Net(cfg)
    model.load_state_dict(state["model"])
    gguf.write(a.out, metadata(cfg, tok, a.name, FILE_TYPES[a.type], a.description), tensors(model, a.type))
    parity = {"gguf": os.path.basename(a.out), "step": state["step"], "tokens_seen": state["tokens"],
              "config": cfg.to_dict(), "cases": next_logprobs(model, tok, PARITY_PROMPTS)}
    tmp = a.parity + ".tmp"
    with open(tmp, "w") as f:
        json.dump(parity, f)
    os.replace(tmp, a.parity)
    run = os.path.dirname(a.ckpt)
    dest = a.log_dir
    os.makedirs(dest, exist_ok=True)
    for name in ("log.jsonl", "loss.svg"):
        if os.path.exists(os.path.join(run, name)):
            shutil.copyfile(os.path.join(run, name), os.path.join(dest, name))
    size = os.path.getsize(a.out)
    print(f"wrote {a.out} ({size / 1e6:.1f} MB, {model.n_params() / 1e6:.2f}M params, step {state['step']}) and {a.parity}")


if __name__ == "__main__":
    main()
