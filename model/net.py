"""A llama-architecture decoder in plain torch, laid out the way llama.cpp computes it.

RoPE rotates interleaved pairs (2i, 2i+1), which is what the GGUF `llama` arch applies
to Q and K, so the exported weights need no permutation.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    vocab_size: int = 2048
    dim: int = 192
    n_layers: int = 4
    n_heads: int = 6
    n_kv_heads: int = 6
    ffn_dim: int = 512
    max_seq: int = 512
    rope_theta: float = 10000.0
    norm_eps: float = 1e-5
    tied: bool = True

    def to_dict(self) -> dict:
        return asdict(self)


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope_tables(head_dim: int, max_seq: int, theta: float) -> tuple[torch.Tensor, torch.Tensor]:
    inv = 1.0 / (theta ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    ang = torch.arange(max_seq, dtype=torch.float64)[:, None] * inv[None, :]
    return ang.cos().float(), ang.sin().float()


def apply_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    # x: (B, H, T, D); pairs are adjacent elements (2i, 2i+1)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    r0 = x0 * cos - x1 * sin
    r1 = x0 * sin + x1 * cos
    return torch.stack((r0, r1), dim=-1).flatten(-2)


class Block(nn.Module):
    def __init__(self, c: Config):
        super().__init__()
        self.c = c
        hd = c.dim // c.n_heads
        self.attn_norm = RMSNorm(c.dim, c.norm_eps)
        self.wq = nn.Linear(c.dim, c.n_heads * hd, bias=False)
        self.wk = nn.Linear(c.dim, c.n_kv_heads * hd, bias=False)
        self.wv = nn.Linear(c.dim, c.n_kv_heads * hd, bias=False)
        self.wo = nn.Linear(c.n_heads * hd, c.dim, bias=False)
        self.ffn_norm = RMSNorm(c.dim, c.norm_eps)
        self.w_gate = nn.Linear(c.dim, c.ffn_dim, bias=False)
        self.w_up = nn.Linear(c.dim, c.ffn_dim, bias=False)
        self.w_down = nn.Linear(c.ffn_dim, c.dim, bias=False)

    def forward(self, x, cos, sin, mask):
        c = self.c
        B, T, _ = x.shape
        hd = c.dim // c.n_heads
        h = self.attn_norm(x)
        q = self.wq(h).view(B, T, c.n_heads, hd).transpose(1, 2)
        k = self.wk(h).view(B, T, c.n_kv_heads, hd).transpose(1, 2)
        v = self.wv(h).view(B, T, c.n_kv_heads, hd).transpose(1, 2)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        if c.n_kv_heads != c.n_heads:
            rep = c.n_heads // c.n_kv_heads
            k = k.repeat_interleave(rep, dim=1)
            v = v.repeat_interleave(rep, dim=1)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))
        att = att.masked_fill(mask, float("-inf")).softmax(-1)
        y = (att @ v).transpose(1, 2).reshape(B, T, c.n_heads * hd)
        x = x + self.wo(y)
        h = self.ffn_norm(x)
        return x + self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))


class Net(nn.Module):
    def __init__(self, c: Config):
        super().__init__()
        self.c = c
        self.embed = nn.Embedding(c.vocab_size, c.dim)
        self.layers = nn.ModuleList(Block(c) for _ in range(c.n_layers))
        self.norm = RMSNorm(c.dim, c.norm_eps)
        self.head = None if c.tied else nn.Linear(c.dim, c.vocab_size, bias=False)
        cos, sin = rope_tables(c.dim // c.n_heads, c.max_seq, c.rope_theta)
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)
        self.apply(self._init)
        # scaled init on the residual projections keeps early activations tame
        for b in self.layers:
            nn.init.normal_(b.wo.weight, std=0.02 / math.sqrt(2 * c.n_layers))
            nn.init.normal_(b.w_down.weight, std=0.02 / math.sqrt(2 * c.n_layers))

    @staticmethod
    def _init(m: nn.Module) -> None:
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, std=0.02)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        return self.logits(self.hidden(idx))

    def logits(self, h: torch.Tensor) -> torch.Tensor:
        w = self.embed.weight if self.head is None else self.head.weight
        return h @ w.t()

    def hidden(self, idx: torch.Tensor) -> torch.Tensor:
        """Final-norm hidden states (B, T, dim)."""
        B, T = idx.shape
        x = self.embed(idx)
        cos, sin = self.cos[:T], self.sin[:T]
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=idx.device), 1)
        for b in self.layers:
            x = b(x, cos, sin, mask)
        return self.norm(x)

    def n_params(self) -> int:
        return sum(p.numel() for p in self.parameters())


# llama.cpp's tensor names for each block's parameters, and the Net attribute each one loads.
GGUF_BLOCK = {"attn_norm": "attn_norm", "attn_q": "wq", "attn_k": "wk", "attn_v": "wv", "attn_output": "wo",
              "ffn_norm": "ffn_norm", "ffn_gate": "w_gate", "ffn_up": "w_up", "ffn_down": "w_down"}


def gguf_names(n_layers: int) -> dict[str, str]:
    """GGUF tensor name -> Net state-dict key (output.weight only exists for untied heads)."""
    names = {"token_embd.weight": "embed.weight", "output_norm.weight": "norm.weight", "output.weight": "head.weight"}
    for i in range(n_layers):
        for g_name, t_name in GGUF_BLOCK.items():
            names[f"blk.{i}.{g_name}.weight"] = f"layers.{i}.{t_name}.weight"
    return names
