"""train.grow_depth must preserve the function: the grown net's logits equal the original's.

    /usr/bin/python3 -m unittest discover -s model -p 'test_grow.py'
"""
from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402

from net import Config, Net  # noqa: E402
from train import grow_depth  # noqa: E402


class GrowDepth(unittest.TestCase):
    def test_grown_net_computes_the_same_logits(self) -> None:
        torch.manual_seed(0)
        cfg = Config(vocab_size=64, dim=32, n_layers=3, n_heads=4, n_kv_heads=4, ffn_dim=48, max_seq=32)
        small = Net(cfg).eval()
        # trained-looking weights: the init's zero-mean, tiny residual projections would hide a bad copy
        with torch.no_grad():
            for p in small.parameters():
                p.add_(torch.randn_like(p) * 0.1)
        for times in (2, 3):
            grown_cfg, weights = grow_depth(cfg, small.state_dict(), times)
            self.assertEqual(grown_cfg.n_layers, cfg.n_layers * times)
            big = Net(grown_cfg)
            big.load_state_dict(weights)
            big.eval()
            x = torch.randint(0, cfg.vocab_size, (2, 20))
            with torch.no_grad():
                self.assertLess(float((small(x) - big(x)).abs().max()), 1e-5)
            # the added blocks are real blocks: their input projections are copies, not zeros
            self.assertGreater(float(weights["layers.1.wq.weight"].abs().sum()), 0.0)
            self.assertEqual(float(weights["layers.1.wo.weight"].abs().sum()), 0.0)


if __name__ == "__main__":
    unittest.main()
