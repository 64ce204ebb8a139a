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

import gguf_file  # noqa: E402
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


def metadata(cfg: Config, tok: Tokenizer, name: str, file_type: int = 0, description: str = DESCRIPTION) -> dict[str, tuple]:
    """Key -> (value, gguf-py value type[, element type]); general.architecture comes from the writer."""
    hd = cfg.dim // cfg.n_heads
    return {
        "general.name": (name, "STRING"),
        "general.license": ("MIT", "STRING"),
        "general.description": (description, "STRING"),
        "general.file_type": (file_type, "UINT32"),
        "llama.context_length": (cfg.max_seq, "UINT32"),
        "llama.embedding_length": (cfg.dim, "UINT32"),
        "llama.block_count": (cfg.n_layers, "UINT32"),
        "llama.feed_forward_length": (cfg.ffn_dim, "UINT32"),
        "llama.attention.head_count": (cfg.n_heads, "UINT32"),
        "llama.attention.head_count_kv": (cfg.n_kv_heads, "UINT32"),
        "llama.attention.layer_norm_rms_epsilon": (cfg.norm_eps, "FLOAT32"),
        "llama.rope.dimension_count": (hd, "UINT32"),
        "llama.rope.freq_base": (cfg.rope_theta, "FLOAT32"),
        "llama.vocab_size": (cfg.vocab_size, "UINT32"),
        "tokenizer.ggml.model": ("llama", "STRING"),
        "tokenizer.ggml.tokens": (tok.tokens, "ARRAY", "STRING"),
        "tokenizer.ggml.scores": (tok.scores, "ARRAY", "FLOAT32"),
        "tokenizer.ggml.token_type": (tok.types, "ARRAY", "INT32"),
        "tokenizer.ggml.bos_token_id": (tok.bos_id, "UINT32"),
        "tokenizer.ggml.eos_token_id": (tok.eos_id, "UINT32"),
        "tokenizer.ggml.unknown_token_id": (tok.unk_id, "UINT32"),
        "tokenizer.ggml.add_bos_token": (True, "BOOL"),
        "tokenizer.ggml.add_eos_token": (False, "BOOL"),
        "tokenizer.ggml.add_space_prefix": (True, "BOOL"),
    }


# GGUF general.file_type for each --type: ALL_F32, MOSTLY_F16, MOSTLY_Q8_0
FILE_TYPES = {"f32": 0, "f16": 1, "q8_0": 7}


def tensors(model: Net, typ: str = "f32") -> list[tuple[str, gguf_file.Tensor]]:
    def f32(t: torch.Tensor) -> gguf_file.Tensor:
        a = t.detach().float().numpy().astype(np.float32)
        if a.ndim != 2 or typ == "f32":
            return a
        return a.astype(np.float16) if typ == "f16" else gguf_file.Q8_0(a)

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
    gguf_file.write(a.out, "llama", metadata(cfg, tok, a.name, FILE_TYPES[a.type], a.description), tensors(model, a.type))
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
