"""Recompute next-token log-probabilities from a GGUF file's own weights with torch.

    /usr/bin/python3 model/parity_check.py [model/shellgen-mini.gguf] [model/parity.json]

Reads the GGUF back (tensors, config and vocab from its metadata), rebuilds the torch
model, runs the prompts from parity.json and prints JSON: per prompt, the Python
tokenizer's ids (from the GGUF's vocab), the log-probabilities, and the largest
difference from the checkpoint's own forward pass recorded in parity.json. The parity
test compares these with node-llama-cpp's distribution.

    --tokenize FILE   instead, print the Python tokenization of each string in FILE (a JSON array)
"""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import torch  # noqa: E402

from gguf_file import Reader  # noqa: E402
from net import Config, Net, gguf_names  # noqa: E402
from tokenizer import Tokenizer  # noqa: E402


def load(path: str) -> tuple[Net, Tokenizer]:
    g = Reader(path)
    m = g.meta
    if m.get("general.architecture") != "llama":
        raise SystemExit(f"{path}: architecture {m.get('general.architecture')!r}, expected 'llama'")
    tok = Tokenizer(m["tokenizer.ggml.tokens"], [float(s) for s in m["tokenizer.ggml.scores"]], [int(t) for t in m["tokenizer.ggml.token_type"]])
    heads = int(m["llama.attention.head_count"])
    cfg = Config(vocab_size=len(tok), dim=int(m["llama.embedding_length"]), n_layers=int(m["llama.block_count"]), n_heads=heads,
                 n_kv_heads=int(m.get("llama.attention.head_count_kv", heads)), ffn_dim=int(m["llama.feed_forward_length"]),
                 max_seq=int(m["llama.context_length"]), rope_theta=float(m.get("llama.rope.freq_base", 10000.0)),
                 norm_eps=float(m["llama.attention.layer_norm_rms_epsilon"]), tied="output.weight" not in g.tensors)
    net = Net(cfg)
    t = {k: torch.from_numpy(v.copy()) for k, v in g.tensors.items()}
    names = gguf_names(cfg.n_layers)
    if cfg.tied:
        del names["output.weight"]
    sd = {key: t[name] for name, key in names.items()}
    net.load_state_dict(sd)
    net.eval()
    return net, tok


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--tokenize" in sys.argv:
        gguf_path = os.path.join(HERE, "shellgen-mini.gguf")
        strings_path = sys.argv[sys.argv.index("--tokenize") + 1]
        if len(args) > 1:
            gguf_path = args[0]
        _, tok = load(gguf_path)
        with open(strings_path, encoding="utf-8") as f:
            strings = json.load(f)
        print(json.dumps([tok.encode(s) for s in strings]))
        return
    gguf_path = args[0] if args else os.path.join(HERE, "shellgen-mini.gguf")
    parity_path = args[1] if len(args) > 1 else os.path.join(HERE, "parity.json")
    torch.set_num_threads(1)
    net, tok = load(gguf_path)
    with open(parity_path, encoding="utf-8") as f:
        ref = json.load(f)
    out = []
    with torch.no_grad():
        for case in ref["cases"]:
            ids = tok.encode(case["prompt"], bos=True)
            lp = torch.log_softmax(net(torch.tensor([ids]))[0, -1].double(), -1)
            diff = float((lp - torch.tensor(case["logprobs"], dtype=torch.float64)).abs().max())
            out.append({"prompt": case["prompt"], "tokens": ids, "same_tokens_as_export": ids == case["tokens"],
                        "logprobs": [float(v) for v in lp], "max_abs_diff_vs_checkpoint": diff})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
