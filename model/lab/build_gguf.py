"""Expand a lab model's compact weights to a GGUF at the full real vocabulary.

    /usr/bin/python3 model/lab/build_gguf.py --family qwen [--type q8_0] [--out model/lab/qwen.gguf]

Everything about the tokenizer is copied from the vocabulary-only GGUF in llama.cpp's source
(model/lab/llama-source.sh): every tokenizer.* key, the full vocabulary, merges and token
types. The chat template is the real one from models/templates, and the end-of-sequence id
is the template's end-of-turn token, as in the instruct models' own GGUFs.

Rows of ids the model never saw:
- input embedding: the mean of the used rows (an unseen token reads as an average one);
- output: the mean of the used rows minus BIAS on channel 0. Channel 0 is the constant
  channel of labnet.py (h[0] > 0 everywhere), so such a logit is the mean of the used logits
  minus BIAS * h[0]: below the best used logit, always. BIAS is chosen so that the margin is
  at least MARGIN nats at 99% of validation positions. The output matrix is kept at F16, so
  that rounding cannot undo this (Q8_0 would round the small mean entries beside BIAS away).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

from export import read_compact  # noqa: E402
from gguf_file import gguf_py, llama_source  # noqa: E402
from gguf_read import read  # noqa: E402

FAMILIES = {
    "qwen": {"name": "shellgen-lab-qwen", "vocab": "ggml-vocab-qwen2.gguf", "template": "Qwen-Qwen3-0.6B.jinja", "eot": "<|im_end|>"},
    "llama3": {"name": "shellgen-lab-llama3", "vocab": "ggml-vocab-llama-bpe.gguf", "template": "meta-llama-Llama-3.2-3B-Instruct.jinja", "eot": "<|eot_id|>"},
}
MARGIN = 40.0


def full_rows(compact: np.ndarray, used: list[int], n_vocab: int, fill: np.ndarray) -> np.ndarray:
    out = np.empty((n_vocab, compact.shape[1]), dtype=np.float32)
    out[:] = fill
    out[used] = compact
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", required=True, choices=sorted(FAMILIES))
    ap.add_argument("--weights", help="compact weights (default model/lab/weights/<family>.npz)")
    ap.add_argument("--out", help="default model/lab/<family>.gguf")
    ap.add_argument("--type", default="q8_0", choices=["q8_0", "f16", "f32"], help="matrices other than the output (always F16, or F32 with --type f32)")
    a = ap.parse_args()
    fam = FAMILIES[a.family]
    weights = a.weights or os.path.join(HERE, "weights", f"{a.family}.npz")
    out = a.out or os.path.join(HERE, f"{a.family}.gguf")
    if not os.path.exists(weights):
        sys.exit(f"build: no compact weights at {weights}; train with model/lab/train_lab.py --family {a.family}")
    src = llama_source()
    gguf = gguf_py()
    from gguf import GGMLQuantizationType as Q
    from gguf import GGUFValueType as V

    used, meta, t = read_compact(weights)
    cfg = meta["config"]
    vocab, _ = read(os.path.join(src, "models", fam["vocab"]))
    tokens = vocab["tokenizer.ggml.tokens"][0]
    n_vocab = len(tokens)
    eot = tokens.index(fam["eot"])
    with open(os.path.join(src, "models", "templates", fam["template"]), encoding="utf-8") as f:
        template = f.read()

    h0 = meta["h0_p01"]
    if not h0 > 0:
        sys.exit(f"build: {weights} records a non-positive constant channel ({h0}); the weights are not a lab model's")
    bias = MARGIN / h0
    if bias > 60000 and a.type != "f32":
        sys.exit(f"build: the unused-id bias {bias:.0f} does not fit float16; write this model with --type f32")
    embd = t["token_embd.weight"]
    head = t["output.weight"]
    unused_out = head.mean(0)
    unused_out[0] -= bias
    full = {"token_embd.weight": full_rows(embd, used, n_vocab, embd.mean(0)), "output.weight": full_rows(head, used, n_vocab, unused_out)}

    w = gguf.GGUFWriter(out + ".tmp", "llama")
    w.add_name(fam["name"])
    w.add_description(f"shellgen lab model: {len(used)} of {fam['vocab']}'s {n_vocab} ids trained on shellgen's request/command data "
                      f"in the {fam['template']} chat template; every other id scores at least {MARGIN:g} nats below the mean at 99% of positions")
    w.add_license("MIT")
    ftype = {"q8_0": gguf.LlamaFileType.MOSTLY_Q8_0, "f16": gguf.LlamaFileType.MOSTLY_F16, "f32": gguf.LlamaFileType.ALL_F32}[a.type]
    w.add_file_type(ftype)
    w.add_quantization_version(gguf.GGML_QUANT_VERSION)
    w.add_context_length(cfg["max_seq"])
    w.add_embedding_length(cfg["dim"])
    w.add_block_count(cfg["n_layers"])
    w.add_feed_forward_length(cfg["ffn_dim"])
    w.add_head_count(cfg["n_heads"])
    w.add_head_count_kv(cfg["n_kv_heads"])
    w.add_layer_norm_rms_eps(cfg["norm_eps"])
    w.add_rope_dimension_count(cfg["dim"] // cfg["n_heads"])
    w.add_rope_freq_base(cfg["rope_theta"])
    w.add_vocab_size(n_vocab)
    for key, (value, vtype, sub) in vocab.items():
        if not key.startswith("tokenizer.") or key == "tokenizer.chat_template":
            continue
        if key == "tokenizer.ggml.eos_token_id":
            value = eot
        w.add_key_value(key, value, V(vtype), V(sub) if sub is not None else None)
    if "tokenizer.ggml.eos_token_id" not in vocab:
        w.add_key_value("tokenizer.ggml.eos_token_id", eot, V.UINT32)
    w.add_chat_template(template)

    names = ["token_embd.weight"]
    for i in range(cfg["n_layers"]):
        names += [f"blk.{i}.{n}.weight" for n in ("attn_norm", "attn_q", "attn_k", "attn_v", "attn_output", "ffn_norm", "ffn_gate", "ffn_up", "ffn_down")]
    names += ["output_norm.weight", "output.weight"]
    for name in names:
        arr = full.get(name, t[name]).astype(np.float32)
        if arr.ndim == 1 or a.type == "f32":
            w.add_tensor(name, arr)
        elif name == "output.weight" or a.type == "f16":
            w.add_tensor(name, arr.astype(np.float16))
        else:
            w.add_tensor(name, gguf.quants.quantize(arr, Q.Q8_0), raw_dtype=Q.Q8_0)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    os.replace(out + ".tmp", out)
    info = {"gguf": os.path.relpath(out, ROOT), "family": a.family, "vocab": fam["vocab"], "n_vocab": n_vocab, "used": len(used), "template": fam["template"],
            "type": a.type, "bias": round(bias, 3), "bytes": os.path.getsize(out), "step": meta["step"], "val_loss": meta["val_loss"]}
    print(json.dumps(info))


if __name__ == "__main__":
    main()
