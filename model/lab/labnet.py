"""The lab models' network: model/net.py's llama decoder over a compact vocabulary (only the
token ids the data uses), with one constant channel that keeps every unused id out of the
argmax once the model is written out at the full vocabulary.

Channel 0 of the residual stream is pinned: every token embedding holds `const` there, and no
attention or feed-forward output writes to it (their row 0 is zero). So after the final
RMSNorm, h[0] = const * g[0] / rms(x) > 0 at every position, with g[0] pinned to 1/const. A
small const (the scale of the other embedding entries) keeps the channel from swamping the
token's own entries in the first layer's norm. An unused
id's output row is the mean of the used rows minus BIAS on channel 0, so its logit is the
mean of the used logits minus BIAS * h[0]: always below the best used logit, by a margin.
"""
from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
from torch.nn.utils import parametrize  # noqa: E402

import math  # noqa: E402

import torch.nn.functional as F  # noqa: E402

from net import Config, Net, apply_rope  # noqa: E402

CONST = 0.02


class PinColumn(nn.Module):
    """An embedding whose column 0 is the same constant for every token."""

    def __init__(self, value: float):
        super().__init__()
        self.value = value

    def forward(self, w: torch.Tensor) -> torch.Tensor:
        return torch.cat([torch.full_like(w[:, :1], self.value), w[:, 1:]], dim=1)


class ZeroRow(nn.Module):
    """A projection that never writes channel 0 of the residual stream."""

    def forward(self, w: torch.Tensor) -> torch.Tensor:
        return torch.cat([torch.zeros_like(w[:1]), w[1:]], dim=0)


class PinFirst(nn.Module):
    """A norm weight whose channel 0 is fixed."""

    def __init__(self, value: float):
        super().__init__()
        self.value = value

    def forward(self, w: torch.Tensor) -> torch.Tensor:
        return torch.cat([torch.full_like(w[:1], self.value), w[1:]])


class LabNet(Net):
    def __init__(self, c: Config, const: float = CONST):
        super().__init__(c)
        self.const = const
        parametrize.register_parametrization(self.embed, "weight", PinColumn(const))
        for b in self.layers:
            parametrize.register_parametrization(b.wo, "weight", ZeroRow())
            parametrize.register_parametrization(b.w_down, "weight", ZeroRow())
        parametrize.register_parametrization(self.norm, "weight", PinFirst(1.0 / const))

    def effective(self) -> dict[str, torch.Tensor]:
        """The weights as computed (parametrizations applied), by GGUF tensor name."""
        out = {"token_embd.weight": self.embed.weight, "output_norm.weight": self.norm.weight, "output.weight": self.head.weight}
        for i, b in enumerate(self.layers):
            p = f"blk.{i}."
            out |= {p + "attn_norm.weight": b.attn_norm.weight, p + "attn_q.weight": b.wq.weight, p + "attn_k.weight": b.wk.weight,
                    p + "attn_v.weight": b.wv.weight, p + "attn_output.weight": b.wo.weight, p + "ffn_norm.weight": b.ffn_norm.weight,
                    p + "ffn_gate.weight": b.w_gate.weight, p + "ffn_up.weight": b.w_up.weight, p + "ffn_down.weight": b.w_down.weight}
        return {k: v.detach().float().clone() for k, v in out.items()}

    def hidden_after(self, prefix: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        """Final-norm hidden states (B, T, dim) of x, every row preceded by the same prefix (P,).

        Equal to hidden(cat(prefix, x))[:, P:], but the prefix (the system turn, shared by a
        whole batch) is computed once instead of once per row.
        """
        c = self.c
        P, (B, T) = prefix.shape[0], x.shape
        if P == 0:
            return self.hidden(x)
        hd = c.dim // c.n_heads
        xp, xr = self.embed(prefix[None]), self.embed(x)
        cos_p, sin_p = self.cos[:P], self.sin[:P]
        cos_r, sin_r = self.cos[P:P + T], self.sin[P:P + T]
        mask_p = torch.triu(torch.ones(P, P, dtype=torch.bool), 1)
        mask_r = torch.cat([torch.zeros(T, P, dtype=torch.bool), torch.triu(torch.ones(T, T, dtype=torch.bool), 1)], 1)

        def qkv(b, h, n, cos, sin):
            q = b.wq(h).view(h.shape[0], n, c.n_heads, hd).transpose(1, 2)
            k = b.wk(h).view(h.shape[0], n, c.n_kv_heads, hd).transpose(1, 2)
            v = b.wv(h).view(h.shape[0], n, c.n_kv_heads, hd).transpose(1, 2)
            rep = c.n_heads // c.n_kv_heads
            k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
            return apply_rope(q, cos, sin), apply_rope(k, cos, sin), v

        def attend(b, q, k, v, mask, rows, n):
            att = ((q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))).masked_fill(mask, float("-inf")).softmax(-1)
            return b.wo((att @ v).transpose(1, 2).reshape(rows, n, c.n_heads * hd))

        def ffn(b, x):
            h = b.ffn_norm(x)
            return x + b.w_down(F.silu(b.w_gate(h)) * b.w_up(h))

        for b in self.layers:
            qp, kp, vp = qkv(b, b.attn_norm(xp), P, cos_p, sin_p)
            qr, kr, vr = qkv(b, b.attn_norm(xr), T, cos_r, sin_r)
            k = torch.cat([kp.expand(B, -1, -1, -1), kr], 2)
            v = torch.cat([vp.expand(B, -1, -1, -1), vr], 2)
            xr = ffn(b, xr + attend(b, qr, k, v, mask_r, B, T))
            xp = ffn(b, xp + attend(b, qp, kp, vp, mask_p, 1, P))
        return self.norm(xr)
