"""A fast GGUF reader for the lab scripts: gguf-py's GGUFReader takes minutes on a full
tokenizer (it wraps each of 400,000 strings in numpy views); this reads the same file in
about a second.

    fields, tensors = read(path)
    fields[key] = (value, value_type, element_type or None)   # gguf-py's GGUFValueType numbers
    tensors[name] = (dims as GGUF writes them, ggml type number, raw bytes as numpy uint8)
"""
from __future__ import annotations

import struct

import numpy as np

STRING, ARRAY = 8, 9
_SCALAR = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
# bytes per block and elements per block of the tensor types the lab models use
_BLOCK = {0: (4, 1), 1: (2, 1), 8: (34, 32)}


class _Buf:
    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def take(self, fmt: str):
        v = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += struct.calcsize(fmt)
        return v[0] if len(v) == 1 else v

    def string(self) -> str:
        n = self.take("<Q")
        s = self.data[self.pos:self.pos + n].decode("utf-8")
        self.pos += n
        return s

    def value(self, t: int):
        if t == STRING:
            return self.string()
        if t == ARRAY:
            et, n = self.take("<IQ")
            if et == STRING:
                return [self.string() for _ in range(n)]
            dt = np.dtype(_SCALAR[et])
            a = np.frombuffer(self.data, dtype=dt, count=n, offset=self.pos)
            self.pos += dt.itemsize * n
            return a.tolist()
        return self.take(_SCALAR[t])


def read(path: str) -> tuple[dict, dict]:
    with open(path, "rb") as f:
        data = f.read()
    b = _Buf(data)
    if data[:4] != b"GGUF":
        raise ValueError(f"{path}: not a GGUF file")
    b.pos = 4
    version, n_tensors, n_kv = b.take("<IQQ")
    if version != 3:
        raise ValueError(f"{path}: GGUF version {version}, expected 3")
    fields = {}
    for _ in range(n_kv):
        key = b.string()
        t = b.take("<I")
        if t == ARRAY:
            et = struct.unpack_from("<I", data, b.pos)[0]
            fields[key] = (b.value(t), t, et)
        else:
            fields[key] = (b.value(t), t, None)
    infos = []
    for _ in range(n_tensors):
        name = b.string()
        nd = b.take("<I")
        dims = [b.take("<Q") for _ in range(nd)]
        typ, off = b.take("<IQ")
        infos.append((name, dims, typ, off))
    align = fields.get("general.alignment", (32,))[0]
    base = b.pos + (-b.pos) % align
    tensors = {}
    for name, dims, typ, off in infos:
        if typ not in _BLOCK:
            raise ValueError(f"{path}: tensor {name} has ggml type {typ}, which the lab scripts do not read")
        size, per = _BLOCK[typ]
        nbytes = int(np.prod(dims)) // per * size
        tensors[name] = (dims, typ, np.frombuffer(data, dtype=np.uint8, count=nbytes, offset=base + off))
    return fields, tensors
