"""Compact weights of a lab model: what is committed, and what build.py expands to a GGUF.

An .npz holding `used` (the real token ids the model was trained on, in compact order),
`meta` (JSON: family, vocabulary, template, config, training figures) and one array per
GGUF tensor name, compact rows only: matrices as float16, norms as float32.
"""
from __future__ import annotations

import io
import json
import os

import numpy as np


def write_compact(path: str, model, cfg, used: list[int], meta: dict) -> None:
    arrays = {"used": np.asarray(used, dtype=np.int32), "meta": np.asarray(json.dumps(meta | {"config": cfg.to_dict()}))}
    for name, t in model.effective().items():
        a = t.numpy()
        arrays[name] = a.astype(np.float16 if a.ndim == 2 else np.float32)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(buf.getvalue())
    os.replace(tmp, path)


def read_compact(path: str) -> tuple[list[int], dict, dict[str, np.ndarray]]:
    with np.load(path) as z:
        used = z["used"].tolist()
        meta = json.loads(str(z["meta"]))
        tensors = {k: z[k].astype(np.float32) for k in z.files if k not in ("used", "meta")}
    return used, meta, tensors
