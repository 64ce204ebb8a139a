"""GGUF files through llama.cpp's own gguf-py, the one writer and reader of the project's models.

gguf-py comes from the llama.cpp source that node-llama-cpp ships (model/lab/llama-source.sh
extracts it; nothing is downloaded), so the files are written by the same code as
llama.cpp's convert scripts. GGUF dims are the reverse of the torch shape; tensors are given
and returned in torch order.
"""
from __future__ import annotations

import os
import subprocess
import sys
from types import ModuleType
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def llama_source() -> str:
    """The folder holding llama.cpp's gguf-py, vocabulary GGUFs and chat templates."""
    try:
        out = subprocess.run([os.path.join(HERE, "lab", "llama-source.sh")], check=True, capture_output=True, text=True).stdout.strip()
    except subprocess.CalledProcessError as e:
        raise SystemExit(f"gguf: cannot get llama.cpp's gguf-py: {e.stderr.strip() or e}") from e
    return os.path.join(ROOT, out)


def gguf_py() -> ModuleType:
    """llama.cpp's `gguf` package."""
    path = os.path.join(llama_source(), "gguf-py")
    if path not in sys.path:
        sys.path.insert(0, path)
    import gguf

    if not hasattr(gguf, "GGUFWriter"):
        raise SystemExit(f"gguf: {gguf.__file__} is not llama.cpp's gguf-py")
    return gguf


class Q8_0:
    """A matrix to be stored as llama.cpp's Q8_0 (quantized by gguf-py when written)."""

    def __init__(self, a: np.ndarray):
        a = np.ascontiguousarray(a, dtype=np.float32)
        if a.ndim != 2 or a.shape[1] % 32:
            raise ValueError(f"Q8_0 needs rows of a multiple of 32 values, got shape {a.shape}")
        self.array = a


Tensor = np.ndarray | Q8_0


def write(path: str, arch: str, meta: dict[str, tuple[Any, str] | tuple[Any, str, str]], tensors: list[tuple[str, Tensor]]) -> None:
    """Writes a GGUF atomically (a temp file in the same folder, fsync, rename).

    meta: key -> (value, type) or (value, "ARRAY", element type), types named as gguf-py's
    GGUFValueType members (UINT32, FLOAT32, BOOL, STRING, ARRAY, INT32, ...).
    """
    g = gguf_py()
    V = g.GGUFValueType
    tmp = f"{path}.tmp{os.getpid()}"
    w = g.GGUFWriter(tmp, arch)
    try:
        for key, spec in meta.items():
            value, typ, *sub = spec
            w.add_key_value(key, value, V[typ], V[sub[0]] if sub else None)
        for name, t in tensors:
            if isinstance(t, Q8_0):
                w.add_tensor(name, g.quants.quantize(t.array, g.GGMLQuantizationType.Q8_0), raw_dtype=g.GGMLQuantizationType.Q8_0)
            else:
                w.add_tensor(name, np.ascontiguousarray(t))
        w.write_header_to_file()
        w.write_kv_data_to_file()
        w.write_tensors_to_file()
        w.close()
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


class Reader:
    """Metadata (plain Python values) and tensors (float32 numpy arrays in torch order)."""

    def __init__(self, path: str):
        g = gguf_py()
        try:
            r = g.GGUFReader(path)
        except (ValueError, OSError) as e:
            raise ValueError(f"{path}: not a readable GGUF file ({e})") from e
        self.meta: dict[str, Any] = {}
        for key, field in r.fields.items():
            if key.startswith("GGUF."):
                continue
            value = field.contents()
            self.meta[key] = value
        self.tensors: dict[str, np.ndarray] = {}
        for t in r.tensors:
            shape = tuple(reversed([int(d) for d in t.shape]))
            a = g.quants.dequantize(t.data, t.tensor_type)
            self.tensors[t.name] = np.asarray(a, dtype=np.float32).reshape(shape)
