"""Train a lab model on chat-formatted token ids from model/lab/encode.mjs.

    /usr/bin/python3 model/lab/train_lab.py --family qwen --minutes 12            # fresh run
    /usr/bin/python3 model/lab/train_lab.py --family qwen --minutes 12 --resume   # continue

The network sees only the ids the data uses (a compact embedding); the checkpoint keeps the
map back to the real vocabulary. Each sequence is one conversation: a system turn (or none),
0-3 example exchanges, the request, the answer prefix, and the command ending with the
end-of-turn token. The loss covers the answer turns (examples' included).

Writes model/lab/build/<family>/{ckpt.pt,log.jsonl} and the committed compact weights
model/lab/weights/<family>.npz (see export.py), with the loss log in model/lab/training/.
"""
from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from export import write_compact  # noqa: E402
from labnet import CONST, LabNet  # noqa: E402
from net import Config  # noqa: E402
from samples import K_WEIGHTS, RETRIEVED_SHOTS, SAME_FAMILY, SOURCE_WEIGHT  # noqa: E402
from train import collate, lr_at  # noqa: E402

SYSTEM_SHARE = 0.85  # sequences with the system prompt; the rest have none


class Data:
    """Encoded pairs of one split, as compact ids."""

    def __init__(self, recs: list[dict], remap: dict[int, int], heads: list[list[int]], prefix: list[int]):
        m = lambda ids: [remap[i] for i in ids]  # noqa: E731
        self.u = [m(r["u"]) for r in recs]
        self.p = [m(r["p"]) for r in recs]
        self.a = [m(r["a"]) for r in recs]
        self.s = [[(m(u), m(p)) for u, p in r.get("s", [])] for r in recs]
        self.heads = [m(h) for h in heads]
        self.prefix = m(prefix)
        self.weights = [SOURCE_WEIGHT.get(r["source"], 1.0) for r in recs]
        self.by_family: dict[str, list[int]] = {}
        for i, r in enumerate(recs):
            self.by_family.setdefault(r["family"], []).append(i)
        self.fam = [r["family"] for r in recs]

    def head(self, r: random.Random) -> list[int]:
        """A system turn (heads alternate: with the system prompt, then without; llama3: one pair per date)."""
        with_system = r.random() < SYSTEM_SHARE
        return self.heads[2 * r.randrange(len(self.heads) // 2) + (0 if with_system else 1)]

    def sample(self, r: random.Random, t: int, k: int, max_len: int) -> tuple[list[int], list[int]]:
        """What follows the system turn: examples, the request, the answer; and the loss mask."""
        shots: list[tuple[list[int], list[int]]] = []
        if k and self.s[t] and r.random() < RETRIEVED_SHOTS:
            shots = self.s[t][:k]
        else:
            fam = self.by_family.get(self.fam[t], [])
            for _ in range(k):
                j = r.choice(fam) if fam and r.random() < SAME_FAMILY else r.randrange(len(self.u))
                if j != t:
                    shots.append((self.u[j], self.p[j]))
        while True:
            ids: list[int] = []
            mask: list[int] = []
            for u, p in shots:
                ids += u + p
                mask += [0] * len(u) + [1] * len(p)
            ids += self.u[t] + self.prefix + self.a[t]
            mask += [0] * (len(self.u[t]) + len(self.prefix)) + [1] * len(self.a[t])
            if len(ids) <= max_len or not shots:
                return ids[:max_len], mask[:max_len]
            shots = shots[1:]


def read(path: str) -> tuple[dict, list[dict]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        header = json.loads(f.readline())
        return header, [json.loads(line) for line in f if line.strip()]


def used_ids(header: dict, recs: list[dict]) -> list[int]:
    used = set(header["prefix"]) | {header["endOfTurn"]}
    for h in header["heads"]:
        used.update(h)
    for r in recs:
        used.update(r["u"], r["p"], r["a"])
        for u, p in r.get("s", []):
            used.update(u, p)
    return sorted(used)


def batch(d: Data, r: random.Random, bsz: int, max_len: int):
    """One system turn and one example count per batch: the turn is computed once, and lengths stay alike."""
    head = d.head(r)
    targets = r.choices(range(len(d.u)), d.weights, k=bsz)
    k = r.choices(range(4), K_WEIGHTS)[0]
    seqs = [d.sample(r, t, k, max_len - len(head)) for t in targets]
    x, y, m = collate(seqs)
    return torch.tensor(head, dtype=torch.long), x, y, m


def loss_on(model: LabNet, head, x, y, m) -> torch.Tensor:
    h = model.hidden_after(head, x)[m]
    return F.cross_entropy(model.logits(h), y[m])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", required=True)
    ap.add_argument("--minutes", type=float, default=12.0)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--schedule-minutes", type=float, default=0.0,
                    help="length of one cosine learning-rate cycle in training minutes, across resumed runs (default: --minutes, one cycle per run)")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--layers", type=int, default=3)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--ffn", type=int, default=384)
    ap.add_argument("--ctx", type=int, default=1024, help="context length written to the GGUF; training sequences are capped at 512")
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--eval-every", type=float, default=2.0)
    a = ap.parse_args()

    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    build = os.path.join(HERE, "build", a.family)
    data_path = os.path.join(build, "data.jsonl.gz")
    if not os.path.exists(data_path):
        sys.exit(f"train: no {data_path}; run `node model/lab/encode.mjs --family {a.family}` first")
    ckpt_path = os.path.join(build, "ckpt.pt")
    log_path = os.path.join(build, "log.jsonl")
    header, recs = read(data_path)
    used = used_ids(header, recs)
    remap = {t: i for i, t in enumerate(used)}

    state = torch.load(ckpt_path, map_location="cpu") if a.resume and os.path.exists(ckpt_path) else None
    if state:
        if state["used"] != used:
            sys.exit(f"train: {data_path} uses other token ids than the checkpoint; start afresh without --resume")
        cfg = Config(**state["config"])
    else:
        cfg = Config(vocab_size=len(used), dim=a.dim, n_layers=a.layers, n_heads=a.heads, n_kv_heads=a.heads, ffn_dim=a.ffn,
                     max_seq=a.ctx, rope_theta=10000.0, tied=False)
        if os.path.exists(log_path):
            os.remove(log_path)
    # checkpoints from before the constant was a setting used 1.0
    const = state.get("const", 1.0) if state else CONST
    model = LabNet(cfg, const)
    params = dict(model.named_parameters())
    decay = [p for n, p in params.items() if p.dim() >= 2]
    no_decay = [p for n, p in params.items() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}],
                            lr=a.lr, betas=(0.9, 0.95), eps=1e-8)
    step, tokens_seen, trained_s = 0, 0, 0.0
    if state:
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        step, tokens_seen, trained_s = state["step"], state["tokens"], state["trained_s"]
        print(f"resuming {ckpt_path} at step {step}", flush=True)
    print(f"{a.family}: {len(used)} of {header['vocab']}'s ids used; {model.n_params() / 1e6:.2f}M compact params; {cfg}", flush=True)

    train = Data([r for r in recs if r["split"] == "train"], remap, header["heads"], header["prefix"])
    val = Data([r for r in recs if r["split"] == "val"], remap, header["heads"], header["prefix"])
    vr = random.Random(99)
    val_batches = [batch(val, vr, 32, 512) for _ in range(8)]

    def evaluate() -> float:
        model.eval()
        with torch.no_grad():
            tot, n = 0.0, 0
            for head, x, y, m in val_batches:
                k = int(m.sum())
                tot += float(loss_on(model, head, x, y, m)) * k
                n += k
        model.train()
        return tot / n

    def save(val_loss: float) -> None:
        # the loss log travels with the committed weights
        os.makedirs(os.path.join(HERE, "training"), exist_ok=True)
        shutil.copyfile(log_path, os.path.join(HERE, "training", f"{a.family}.jsonl"))
        tmp = ckpt_path + ".tmp"
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "config": cfg.to_dict(), "const": const, "used": used, "step": step,
                    "tokens": tokens_seen, "trained_s": trained_s, "val_loss": val_loss, "header": {k: header[k] for k in ("family", "vocab", "template")}}, tmp)
        os.replace(tmp, ckpt_path)
        model.eval()
        with torch.no_grad():
            h0 = torch.cat([model.hidden_after(head, x)[..., 0][m] for head, x, _, m in val_batches])
        model.train()
        write_compact(os.path.join(HERE, "weights", f"{a.family}.npz"), model, cfg, used,
                      {"family": a.family, "vocab": header["vocab"], "template": header["template"], "data": header.get("data"), "const": const, "step": step, "tokens": tokens_seen,
                       "trained_s": round(trained_s), "val_loss": round(val_loss, 4), "h0_min": float(h0.min()), "h0_p01": float(h0.quantile(0.01))})

    budget = a.minutes * 60
    cycle = (a.schedule_minutes or a.minutes) * 60
    cycle_start = trained_s if not a.schedule_minutes else 0.0
    start = time.time()
    last_eval = start
    ema = None
    warm = 0.0 if state and not a.schedule_minutes else 0.03
    win_tok, win_t = 0, time.time()
    v = evaluate()
    if not state:
        with open(log_path, "a") as f:
            f.write(json.dumps({"step": 0, "tokens": 0, "trained_s": 0, "val_loss": round(v, 4)}) + "\n")
    print(f"val loss {v:.3f}", flush=True)
    while time.time() - start < budget:
        el = time.time() - start
        lr = lr_at((trained_s - cycle_start) / cycle, a.lr, warm)
        for g in opt.param_groups:
            g["lr"] = lr
        head, x, y, m = batch(train, random.Random(a.seed * 1_000_003 + step), a.batch, 512)
        loss = loss_on(model, head, x, y, m)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1
        tokens_seen += x.numel() + len(head) * a.batch
        win_tok += x.numel() + len(head) * a.batch  # tokens as the model reads them, the shared system turn once per row
        ema = float(loss) if ema is None else 0.98 * ema + 0.02 * float(loss)
        now = time.time()
        trained_s += now - (start + el)
        if now - last_eval >= a.eval_every * 60:
            v = evaluate()
            rec = {"step": step, "tokens": tokens_seen, "trained_s": round(trained_s), "train_loss": round(ema, 4), "val_loss": round(v, 4),
                   "lr": round(lr, 6), "tok_per_s": round(win_tok / (time.time() - win_t))}
            with open(log_path, "a") as f:
                f.write(json.dumps(rec) + "\n")
            print(json.dumps(rec), flush=True)
            last_eval = time.time()
            win_tok, win_t = 0, time.time()
    v = evaluate()
    with open(log_path, "a") as f:
        f.write(json.dumps({"step": step, "tokens": tokens_seen, "trained_s": round(trained_s), "val_loss": round(v, 4)}) + "\n")
    save(v)
    print(f"done: step {step}, {tokens_seen} tokens ({win_tok / (time.time() - win_t):.0f}/s lately), {trained_s / 60:.1f} min in all, val loss {v:.4f} -> {ckpt_path}", flush=True)


if __name__ == "__main__":
    main()
