"""Turn a GGUF written by export_gguf.py back into a training checkpoint, so a shipped model
can be trained on when its run folder is gone (the exported tensors are F32, so nothing is lost
but the optimiser state).

    /usr/bin/python3 model/from_gguf.py [--gguf model/shellgen-mini.gguf] --out model/runs/v4/ckpt.pt

The checkpoint carries the weights, the tokenizer and the config; step and token counts come
from model/parity.json when it describes this GGUF. train.py --resume starts a fresh optimiser
from it (no "opt" key).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import torch  # noqa: E402

from gguf_file import Reader  # noqa: E402
from net import Config, Net, gguf_names  # noqa: E402
from tokenizer import Tokenizer  # noqa: E402


def load(path: str) -> tuple[Net, Tokenizer, Config]:
    g = Reader(path)
    m = g.meta
    cfg = Config(vocab_size=int(m["llama.vocab_size"]), dim=int(m["llama.embedding_length"]), n_layers=int(m["llama.block_count"]),
                 n_heads=int(m["llama.attention.head_count"]), n_kv_heads=int(m["llama.attention.head_count_kv"]),
                 ffn_dim=int(m["llama.feed_forward_length"]), max_seq=int(m["llama.context_length"]),
                 rope_theta=float(m["llama.rope.freq_base"]), norm_eps=float(m["llama.attention.layer_norm_rms_epsilon"]),
                 tied="output.weight" not in g.tensors)
    tok = Tokenizer(list(m["tokenizer.ggml.tokens"]), [float(x) for x in m["tokenizer.ggml.scores"]], [int(x) for x in m["tokenizer.ggml.token_type"]])
    model = Net(cfg)
    # the inverse of export_gguf.tensors' naming
    sd = model.state_dict()
    mapping = gguf_names(cfg.n_layers)
    missing = [k for k in sd if k not in mapping.values()]
    if missing:
        raise ValueError(f"{path}: no tensor for {missing}")
    for g_name, t_name in mapping.items():
        if g_name in g.tensors:
            t = torch.from_numpy(g.tensors[g_name].copy())
            if t.shape != sd[t_name].shape:
                raise ValueError(f"{path}: {g_name} has shape {tuple(t.shape)}, the model expects {tuple(sd[t_name].shape)}")
            sd[t_name] = t
    model.load_state_dict(sd)
    return model, tok, cfg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gguf", default=os.path.join(HERE, "shellgen-mini.gguf"))
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    model, tok, cfg = load(a.gguf)
    step = tokens = trained_s = 0
    parity = os.path.join(HERE, "parity.json")
    if os.path.exists(parity):
        with open(parity) as f:
            p = json.load(f)
        if p.get("gguf") == os.path.basename(a.gguf):
            step, tokens = p.get("step", 0), p.get("tokens_seen", 0)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    tmp = a.out + ".tmp"
    torch.save({"model": model.state_dict(), "config": cfg.to_dict(), "tokenizer": tok.to_json(),
                "step": step, "tokens": tokens, "trained_s": trained_s, "args": {"from_gguf": a.gguf}}, tmp)
    os.replace(tmp, a.out)
    print(f"wrote {a.out}: {model.n_params() / 1e6:.2f}M params, {len(tok)} tokens, step {step}, {tokens} tokens seen")


if __name__ == "__main__":
    main()
