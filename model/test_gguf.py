"""model/gguf.py writes and reads back F32, F16 and Q8_0 tensors.

    /usr/bin/python3 -m unittest discover -s model -p 'test_gguf.py'
"""
from __future__ import annotations

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

import gguf  # noqa: E402
from gguf import STR, Val  # noqa: E402


class RoundTrip(unittest.TestCase):
    def test_f32_f16_q8_0(self) -> None:
        rng = np.random.default_rng(0)
        a = rng.normal(size=(3, 64)).astype(np.float32)
        a[1, :32] = 0.0  # an all-zero block has scale 0
        a[2, 5] = 7.5  # one large value sets its block's scale
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.gguf")
            gguf.write(path, {"general.name": Val(STR, "t")},
                       [("f32", a), ("f16", a.astype(np.float16)), ("q8", gguf.Q8_0(a)), ("norm", a[0])])
            self.assertEqual(os.path.getsize(path) % gguf.ALIGN, 0)
            r = gguf.Reader(path)
        self.assertEqual(r.meta["general.name"], "t")
        np.testing.assert_array_equal(r.tensors["f32"], a)
        np.testing.assert_array_equal(r.tensors["norm"], a[0])
        np.testing.assert_allclose(r.tensors["f16"], a, rtol=1e-3, atol=1e-4)
        q = r.tensors["q8"]
        self.assertEqual(q.shape, a.shape)
        np.testing.assert_array_equal(q[1, :32], 0.0)
        # each value is within half a step (max|x| / 127 of its block of 32), plus the F16 scale's rounding
        for row in range(3):
            for b in range(2):
                blk, got = a[row, b * 32:(b + 1) * 32], q[row, b * 32:(b + 1) * 32]
                step = np.abs(blk).max() / 127
                self.assertLessEqual(float(np.abs(got - blk).max()), step / 2 + 1e-3 * np.abs(blk).max())
        self.assertAlmostEqual(float(q[2, 5]), 7.5, places=2)

    def test_q8_0_needs_whole_blocks(self) -> None:
        with self.assertRaises(ValueError):
            gguf.Q8_0(np.zeros((2, 40), dtype=np.float32))


if __name__ == "__main__":
    unittest.main()
