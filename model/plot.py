"""A dependency-free SVG plot of train and validation loss from a training log (JSONL)."""
from __future__ import annotations

import json
import os


def write_svg(log_path: str, out_path: str, w: int = 640, h: int = 360) -> None:
    if not os.path.exists(log_path):
        return
    with open(log_path) as f:
        recs = [json.loads(line) for line in f if line.strip()]
    series = {
        "train": [(r["tokens"], r["train_loss"]) for r in recs if "train_loss" in r],
        "validation": [(r["tokens"], r["val_loss"]) for r in recs if "val_loss" in r],
    }
    pts = [p for s in series.values() for p in s]
    if len(pts) < 2:
        return
    x1 = max(p[0] for p in pts) or 1
    ys = [p[1] for p in pts]
    y0, y1 = 0.0, max(ys) * 1.05
    L, R, T, B = 60, 20, 30, 45

    def X(v: float) -> float:
        return L + (w - L - R) * v / x1

    def Y(v: float) -> float:
        return T + (h - T - B) * (1 - (v - y0) / (y1 - y0))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="18" text-anchor="middle">shellgen-mini: loss on command tokens</text>']
    for i in range(6):
        v = y0 + (y1 - y0) * i / 5
        out.append(f'<line x1="{L}" x2="{w - R}" y1="{Y(v):.1f}" y2="{Y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{L - 6}" y="{Y(v) + 4:.1f}" text-anchor="end">{v:.2f}</text>')
    for i in range(6):
        v = x1 * i / 5
        out.append(f'<text x="{X(v):.1f}" y="{h - B + 18}" text-anchor="middle">{v / 1e6:.1f}M</text>')
    out.append(f'<text x="{(L + w - R) / 2}" y="{h - 8}" text-anchor="middle">tokens seen</text>')
    colors = {"train": "#1f77b4", "validation": "#d62728"}
    for k, (name, s) in enumerate(series.items()):
        if len(s) < 2:
            continue
        path = " ".join(f"{X(a):.1f},{Y(b):.1f}" for a, b in s)
        out.append(f'<polyline fill="none" stroke="{colors[name]}" stroke-width="2" points="{path}"/>')
        out.append(f'<text x="{w - R - 90}" y="{T + 16 + 16 * k}" fill="{colors[name]}">{name}</text>')
    out.append("</svg>")
    tmp = out_path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(tmp, out_path)
