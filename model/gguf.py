"""Minimal GGUF v3 writer and reader (enough for a llama-architecture model): F32, F16 and Q8_0 tensors.

Layout: header, key/value metadata, tensor infos, padding to the alignment, tensor data.
GGUF dims are the reverse of the torch shape; data is written row-major as torch holds it.
"""
from __future__ import annotations

import os
import struct

import numpy as np

MAGIC = b"GGUF"
VERSION = 3
ALIGN = 32

U8, I8, U16, I16, U32, I32, F32, BOOL, STR, ARR, U64, I64, F64 = range(13)
GGML_F32, GGML_F16, GGML_Q8_0 = 0, 1, 8
Q8_BLOCK = 32  # values per Q8_0 block: one F16 scale, then 32 int8
_SCALAR = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32: "<f", BOOL: "<?", U64: "<Q", I64: "<q", F64: "<d"}


class Val:
    """A typed metadata value: GGUF needs explicit integer widths."""

    def __init__(self, typ: int, value, elem: int | None = None):
        self.typ, self.value, self.elem = typ, value, elem


def _str(s: str) -> bytes:
    b = s.encode("utf-8")
    return struct.pack("<Q", len(b)) + b


def _value(v: Val) -> bytes:
    if v.typ == STR:
        return _str(v.value)
    if v.typ == ARR:
        out = [struct.pack("<IQ", v.elem, len(v.value))]
        if v.elem == STR:
            out += [_str(s) for s in v.value]
        else:
            out.append(np.asarray(v.value, dtype=np.dtype(_SCALAR[v.elem])).tobytes())
        return b"".join(out)
    return struct.pack(_SCALAR[v.typ], v.value)


class Q8_0:
    """A matrix quantized as llama.cpp's Q8_0 (quantize_row_q8_0_ref): per block of 32 values of
    a row, d = max|x| / 127 stored as F16, and each value as round(x / d), halves away from zero."""

    def __init__(self, a: np.ndarray):
        a = np.ascontiguousarray(a, dtype=np.float32)
        if a.ndim != 2 or a.shape[1] % Q8_BLOCK:
            raise ValueError(f"Q8_0 needs rows of a multiple of {Q8_BLOCK} values, got shape {a.shape}")
        self.shape = a.shape
        blocks = a.reshape(-1, Q8_BLOCK)
        d = np.abs(blocks).max(axis=1) / 127.0
        inv = np.divide(1.0, d, out=np.zeros_like(d), where=d > 0)
        x = blocks * inv[:, None]
        q = (np.sign(x) * np.floor(np.abs(x) + 0.5)).astype(np.int8)
        rec = np.zeros(len(blocks), dtype=[("d", "<f2"), ("qs", "i1", (Q8_BLOCK,))])
        rec["d"], rec["qs"] = d.astype(np.float16), q
        self.data = rec.tobytes()


def dequantize_q8_0(buf: bytes, offset: int, n: int) -> np.ndarray:
    rec = np.frombuffer(buf, dtype=[("d", "<f2"), ("qs", "i1", (Q8_BLOCK,))], count=n // Q8_BLOCK, offset=offset)
    return (rec["d"].astype(np.float32)[:, None] * rec["qs"].astype(np.float32)).reshape(-1)


def write(path: str, meta: dict[str, Val], tensors: list[tuple[str, np.ndarray | Q8_0]]) -> None:
    """Write atomically: a temp file in the same folder, then rename."""
    head = [MAGIC, struct.pack("<IQQ", VERSION, len(tensors), len(meta))]
    for k, v in meta.items():
        head.append(_str(k) + struct.pack("<I", v.typ) + _value(v))
    offset = 0
    blobs = []
    for name, arr in tensors:
        if isinstance(arr, Q8_0):
            typ, data = GGML_Q8_0, arr.data
        else:
            arr = np.ascontiguousarray(arr)
            typ = {np.dtype(np.float32): GGML_F32, np.dtype(np.float16): GGML_F16}[arr.dtype]
            data = arr.tobytes()
        dims = list(reversed(arr.shape))
        head.append(_str(name) + struct.pack("<I", len(dims)) + struct.pack(f"<{len(dims)}Q", *dims) + struct.pack("<IQ", typ, offset))
        pad = (-len(data)) % ALIGN
        blobs.append(data + b"\0" * pad)
        offset += len(data) + pad
    header = b"".join(head)
    header += b"\0" * ((-len(header)) % ALIGN)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(header)
        for b in blobs:
            f.write(b)
    os.replace(tmp, path)


class Reader:
    """Reads metadata and tensors back (numpy arrays in torch shape order)."""

    def __init__(self, path: str):
        with open(path, "rb") as f:
            self.buf = f.read()
        self.pos = 0
        if self._take(4) != MAGIC:
            raise ValueError(f"{path}: not a GGUF file")
        version, n_t, n_kv = struct.unpack("<IQQ", self._take(20))
        if version != VERSION:
            raise ValueError(f"{path}: GGUF version {version}, expected {VERSION}")
        self.meta: dict = {}
        for _ in range(n_kv):
            k = self._s()
            (t,) = struct.unpack("<I", self._take(4))
            self.meta[k] = self._val(t)
        infos = []
        for _ in range(n_t):
            name = self._s()
            (nd,) = struct.unpack("<I", self._take(4))
            dims = struct.unpack(f"<{nd}Q", self._take(8 * nd))
            typ, off = struct.unpack("<IQ", self._take(12))
            infos.append((name, dims, typ, off))
        align = int(self.meta.get("general.alignment", ALIGN))
        base = self.pos + ((-self.pos) % align)
        self.tensors: dict[str, np.ndarray] = {}
        for name, dims, typ, off in infos:
            n = int(np.prod(dims))
            if typ == GGML_Q8_0:
                a = dequantize_q8_0(self.buf, base + off, n)
            else:
                a = np.frombuffer(self.buf, dtype={GGML_F32: np.float32, GGML_F16: np.float16}[typ], count=n, offset=base + off)
            self.tensors[name] = a.reshape(tuple(reversed(dims))).astype(np.float32)

    def _take(self, n: int) -> bytes:
        b = self.buf[self.pos:self.pos + n]
        self.pos += n
        return b

    def _s(self) -> str:
        (n,) = struct.unpack("<Q", self._take(8))
        return self._take(n).decode("utf-8")

    def _val(self, t: int):
        if t == STR:
            return self._s()
        if t == ARR:
            et, n = struct.unpack("<IQ", self._take(12))
            if et == STR:
                return [self._s() for _ in range(n)]
            dt = np.dtype(_SCALAR[et])
            a = np.frombuffer(self._take(dt.itemsize * n), dtype=dt)
            return a.tolist()
        fmt = _SCALAR[t]
        return struct.unpack(fmt, self._take(struct.calcsize(fmt)))[0]
