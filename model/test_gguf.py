"""model/gguf_file.py writes and reads GGUF through llama.cpp's gguf-py.

    /usr/bin/python3 -m unittest discover -s model -p 'test_gguf.py'
"""
from __future__ import annotations

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402

import gguf_file  # noqa: E402


def q8_0_reference(a: np.ndarray) -> np.ndarray:
    """llama.cpp's quantize_row_q8_0_ref, dequantized: per block of 32, d = max|x| / 127 (as F16),
    each value round(x / d) with halves away from zero."""
    blocks = a.reshape(-1, 32).astype(np.float32)
    d = np.abs(blocks).max(axis=1) / 127.0
    inv = np.divide(1.0, d, out=np.zeros_like(d), where=d > 0)
    x = blocks * inv[:, None]
    q = np.sign(x) * np.floor(np.abs(x) + 0.5)
    return (d.astype(np.float16).astype(np.float32)[:, None] * q).reshape(a.shape)


class RoundTrip(unittest.TestCase):
    def test_f32_f16_q8_0(self) -> None:
        rng = np.random.default_rng(0)
        a = rng.normal(size=(3, 64)).astype(np.float32)
        a[1, :32] = 0.0  # an all-zero block has scale 0
        a[2, 5] = 7.5  # one large value sets its block's scale
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.gguf")
            gguf_file.write(path, "llama", {"general.name": ("t", "STRING"), "x.list": ([1, 2, 3], "ARRAY", "INT32")},
                            [("f32", a), ("f16", a.astype(np.float16)), ("q8", gguf_file.Q8_0(a)), ("norm", a[0])])
            self.assertEqual(os.listdir(d), ["t.gguf"])  # no temp file left behind
            r = gguf_file.Reader(path)
        self.assertEqual(r.meta["general.name"], "t")
        self.assertEqual(r.meta["general.architecture"], "llama")
        self.assertEqual(list(r.meta["x.list"]), [1, 2, 3])
        np.testing.assert_array_equal(r.tensors["f32"], a)
        np.testing.assert_array_equal(r.tensors["norm"], a[0])
        np.testing.assert_allclose(r.tensors["f16"], a, rtol=1e-3, atol=1e-4)
        self.assertEqual(r.tensors["q8"].shape, a.shape)
        np.testing.assert_array_equal(r.tensors["q8"], q8_0_reference(a))

    def test_q8_0_needs_whole_blocks(self) -> None:
        with self.assertRaises(ValueError):
            gguf_file.Q8_0(np.zeros((2, 40), dtype=np.float32))

    def test_not_a_gguf(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.gguf")
            with open(path, "wb") as f:
                f.write(b"not a model")
            with self.assertRaises(ValueError):
                gguf_file.Reader(path)


class DefaultModel(unittest.TestCase):
    def test_export_rewrites_the_committed_model_unchanged(self) -> None:
        """export_gguf over the committed default model's own weights gives back its metadata and tensors."""
        import export_gguf
        from from_gguf import load

        src = os.path.join(HERE, "shellgen-mini.gguf")
        model, tok, cfg = load(src)
        before = gguf_file.Reader(src)
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "again.gguf")
            meta = export_gguf.metadata(cfg, tok, before.meta["general.name"], int(before.meta["general.file_type"]), before.meta["general.description"])
            gguf_file.write(out, "llama", meta, export_gguf.tensors(model, "f32"))
            after = gguf_file.Reader(out)
        # general.alignment was written explicitly by an earlier writer; 32 is GGUF's default.
        old = {k: v for k, v in before.meta.items() if k != "general.alignment"}
        self.assertEqual(int(before.meta.get("general.alignment", 32)), 32)
        self.assertEqual(sorted(old), sorted(after.meta))
        for k, v in old.items():
            got = after.meta[k]
            if isinstance(v, list) and v and isinstance(v[0], float):
                np.testing.assert_array_equal(np.float32(v), np.float32(got), err_msg=k)
            elif isinstance(v, float):
                self.assertEqual(np.float32(v), np.float32(got), k)
            else:
                self.assertEqual(v, got, k)
        self.assertEqual(sorted(before.tensors), sorted(after.tensors))
        for name, t in before.tensors.items():
            np.testing.assert_array_equal(t, after.tensors[name], err_msg=name)


if __name__ == "__main__":
    unittest.main()
