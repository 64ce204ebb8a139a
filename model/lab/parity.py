"""Next-token log-probabilities of a lab GGUF, computed by torch from the file's own weights.

    /usr/bin/python3 model/lab/parity.py model/lab/qwen.gguf prompts.json

prompts.json is a JSON array of token-id lists (as llama.cpp tokenized them). Prints a JSON
array with, per prompt, the log-probabilities over the whole vocabulary ("logprobs") and the
total probability of the ids whose output row is the unused-id row ("unused_mass").
The weights are dequantized exactly as stored (Q8_0, F16 or F32), and the network is
model/net.py's, so a layout or RoPE mistake in build_gguf.py shows up as a mismatch.
"""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402
import torch  # noqa: E402

from gguf_read import read  # noqa: E402
from net import Config, Net, gguf_names  # noqa: E402


def dequantize(dims: list[int], typ: int, raw: np.ndarray) -> np.ndarray:
    shape = tuple(reversed(dims))
    if typ == 0:
        return raw.view(np.float32).reshape(shape).copy()
    if typ == 1:
        return raw.view(np.float16).astype(np.float32).reshape(shape)
    # Q8_0: blocks of a float16 scale and 32 int8 values
    blocks = raw.reshape(-1, 34)
    d = blocks[:, :2].copy().view(np.float16).astype(np.float32)
    return (d * blocks[:, 2:].view(np.int8).astype(np.float32)).reshape(shape)


def load(path: str) -> tuple[Net, np.ndarray]:
    fields, tensors = read(path)
    meta = {k: v[0] for k, v in fields.items() if not k.startswith("tokenizer.")}
    arch = meta["general.architecture"]
    if arch != "llama":
        raise SystemExit(f"{path}: architecture {arch!r}, expected 'llama'")
    t = {name: torch.from_numpy(dequantize(*info)) for name, info in tensors.items()}
    heads = int(meta["llama.attention.head_count"])
    cfg = Config(vocab_size=int(meta["llama.vocab_size"]), dim=int(meta["llama.embedding_length"]), n_layers=int(meta["llama.block_count"]),
                 n_heads=heads, n_kv_heads=int(meta["llama.attention.head_count_kv"]), ffn_dim=int(meta["llama.feed_forward_length"]),
                 max_seq=int(meta["llama.context_length"]), rope_theta=float(meta["llama.rope.freq_base"]),
                 norm_eps=float(meta["llama.attention.layer_norm_rms_epsilon"]), tied=False)
    net = Net(cfg)
    sd = {key: t[name] for name, key in gguf_names(cfg.n_layers).items()}
    net.load_state_dict(sd)
    net.eval()
    # the unused-id row is the one most ids share
    head = t["output.weight"].numpy()
    rows, counts = np.unique(head[:, :4], axis=0, return_counts=True)
    common = rows[counts.argmax()]
    unused = np.all(head[:, :4] == common, axis=1)
    return net, unused


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    torch.set_num_threads(1)
    net, unused = load(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        prompts = json.load(f)
    mask = torch.from_numpy(unused)
    out = []
    with torch.no_grad():
        for ids in prompts:
            lp = torch.log_softmax(net(torch.tensor([ids]))[0, -1].double(), -1)
            out.append({"logprobs": [round(float(v), 7) for v in lp], "unused_mass": float(lp[mask].exp().sum()), "unused_ids": int(mask.sum())})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
