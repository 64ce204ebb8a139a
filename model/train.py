"""Train the default model: tokenizer, llama-style decoder, time-budgeted AdamW + cosine.

    /usr/bin/python3 model/train.py --minutes 50            # fresh run in model/runs/default
    /usr/bin/python3 model/train.py --minutes 60 --resume   # continue from its checkpoint
    /usr/bin/python3 model/train.py --name v5 --init model/runs/v4/ckpt.pt --phase-minutes 60 --minutes 14
    /usr/bin/python3 model/train.py --name v5 --resume --phase-minutes 60 --minutes 14   # next chunk

--init starts a run from another checkpoint's weights and tokenizer with a fresh optimiser
(from_gguf.py makes such a checkpoint from a shipped GGUF). --phase-minutes spreads one
warmup + cosine schedule over that much training time across several --resume chunks, so a
long run can be cut into short invocations that other jobs interleave with.

Checkpoints (model/runs/<name>/ckpt.pt) carry the model, optimizer, tokenizer and config;
train/val loss goes to log.jsonl and loss.svg beside it. The loss is computed on command
tokens only.
"""
from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import json
import math
import os
import pickle
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import make_data  # noqa: E402
import tokenizer as toklib  # noqa: E402
from net import Config, Net  # noqa: E402
from plot import write_svg  # noqa: E402
from samples import K_WEIGHTS, SOURCE_WEIGHT, Encoded  # noqa: E402


def read_jsonl(path: str) -> list[dict]:
    """Reads path, or its committed gzipped copy (path + '.gz') in a fresh clone."""
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        with gzip.open(path + ".gz", "rt", encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def batch(enc: Encoded, r: random.Random, bsz: int, max_len: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    targets = r.choices(range(len(enc.pairs)), enc.weights, k=bsz)
    # one example count per batch keeps lengths alike, so little compute goes to padding
    k = r.choices(range(4), K_WEIGHTS)[0]
    seqs = [enc.sample(r, t, max_len + 1, k) for t in targets]
    return collate(seqs)


def collate(seqs: list[tuple[list[int], list[bool]]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Right-padded inputs, next-token targets and the loss mask (which target positions count)."""
    T = max(len(s) for s, _ in seqs) - 1
    x = torch.zeros(len(seqs), T, dtype=torch.long)
    y = torch.zeros(len(seqs), T, dtype=torch.long)
    m = torch.zeros(len(seqs), T, dtype=torch.bool)
    for b, (ids, mask) in enumerate(seqs):
        n = len(ids) - 1
        x[b, :n] = torch.tensor(ids[:-1])
        y[b, :n] = torch.tensor(ids[1:])
        m[b, :n] = torch.tensor(mask[1:], dtype=torch.bool)
    return x, y, m


def loss_on(model: Net, x: torch.Tensor, y: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
    # logits only where a command token is predicted: the head is a large share of compute
    h = model.hidden(x)[m]
    return F.cross_entropy(model.logits(h), y[m])


def encoded(run: str, tok: toklib.Tokenizer, train_pairs: list[dict], val_pairs: list[dict]) -> tuple[Encoded, Encoded]:
    """The pairs tokenized, cached in the run folder: a --resume chunk then starts in seconds,
    not minutes. The cache is keyed by the pairs, the tokenizer and the source weights."""
    h = hashlib.sha256("\0".join(tok.tokens).encode() + json.dumps(SOURCE_WEIGHT, sort_keys=True).encode())
    for p in train_pairs + val_pairs:
        h.update(json.dumps(p, sort_keys=True).encode())
    key = h.hexdigest()
    path = os.path.join(run, "encoded.pkl")
    if os.path.exists(path):
        try:
            with open(path, "rb") as f:
                got = pickle.load(f)
            if got.get("key") == key:
                return got["train"], got["val"]
        except Exception as e:  # a cache is only a shortcut: rebuild it
            print(f"ignoring {path}: {e}", flush=True)
    enc, venc = Encoded(tok, train_pairs), Encoded(tok, val_pairs)
    with open(path + ".tmp", "wb") as f:
        pickle.dump({"key": key, "train": enc, "val": venc}, f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(path + ".tmp", path)
    return enc, venc


def lr_at(progress: float, peak: float, warm: float) -> float:
    if progress < warm:
        return peak * progress / warm
    p = (progress - warm) / max(1e-9, 1 - warm)
    return peak * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(1.0, p))))


def grow_depth(cfg: Config, weights: dict, times: int) -> tuple[Config, dict]:
    """Function-preserving depth growth: block i becomes blocks i*times .. i*times+times-1.
    Every copy after the first keeps block i's weights except the attention output and FFN
    down projections, which start at zero: a residual block that adds nothing, so the grown
    net computes what the smaller one did, and training starts from its loss, not from scratch."""
    out = {k: v for k, v in weights.items() if not k.startswith("layers.")}
    for k, v in weights.items():
        if not k.startswith("layers."):
            continue
        _, i, rest = k.split(".", 2)
        for j in range(times):
            zero = j > 0 and rest in ("wo.weight", "w_down.weight")
            out[f"layers.{int(i) * times + j}.{rest}"] = torch.zeros_like(v) if zero else v.clone()
    grown = Config(**{**cfg.to_dict(), "n_layers": cfg.n_layers * times})
    return grown, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--name", default="default")
    ap.add_argument("--minutes", type=float, default=75.0, help="wall-clock training budget for this run")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--vocab", type=int, default=2048)
    ap.add_argument("--dim", type=int, default=192)
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--heads", type=int, default=6)
    ap.add_argument("--ffn", type=int, default=512)
    ap.add_argument("--ctx", type=int, default=512, help="context length (training sequences are capped here)")
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--threads", type=int, default=1, help="torch intra-op threads. Debian's OpenBLAS (pthread build) runs its own threads beside them, so 1 already keeps 2 cores busy; 2 measured 2.8x slower here (oversubscribed)")
    ap.add_argument("--ckpt-every", type=float, default=4.0, help="minutes between checkpoints")
    ap.add_argument("--eval-every", type=float, default=2.0, help="minutes between validation passes")
    ap.add_argument("--regen-data", action="store_true", help="rebuild model/data even if it exists")
    ap.add_argument("--init", help="checkpoint whose weights and tokenizer start this run (fresh optimiser)")
    ap.add_argument("--phase-minutes", type=float, help="one learning-rate schedule over this much training time, across --resume chunks")
    ap.add_argument("--warmup", type=float, default=0.03, help="warmup share of a fresh schedule")
    ap.add_argument("--data", default=make_data.DATA, help="folder of train/val.jsonl(.gz) (default model/data; make_data.py --out writes another)")
    ap.add_argument("--steps", type=int, help="stop after this many steps, one warmup + cosine schedule over them (for runs compared step for step); "
                    "overrides --phase-minutes, and --minutes still caps the time")
    ap.add_argument("--device", default="cpu", help="cpu, cuda or auto (cuda when there is one); on cuda the forward pass runs in bf16 autocast. "
                    "Checkpoints are the same either way, so a run can move between machines with --resume")
    ap.add_argument("--grow-depth", type=int, default=1, help="with --init: stack this many copies of each block; "
                    "the copies' output projections start at zero, so the grown model starts as the --init model")
    a = ap.parse_args()

    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    device = torch.device("cuda" if a.device == "cuda" or (a.device == "auto" and torch.cuda.is_available()) else "cpu")
    if device.type == "cuda" and not torch.cuda.is_available():
        sys.exit("train.py: --device cuda, but torch sees no CUDA device")
    autocast = torch.autocast("cuda", dtype=torch.bfloat16) if device.type == "cuda" else contextlib.nullcontext()
    run = os.path.join(HERE, "runs", a.name)
    os.makedirs(run, exist_ok=True)
    ckpt_path = os.path.join(run, "ckpt.pt")
    log_path = os.path.join(run, "log.jsonl")

    have = any(os.path.exists(os.path.join(a.data, n)) for n in ("train.jsonl", "train.jsonl.gz"))
    if a.regen_data or not have:
        print("building training data ...", flush=True)
        print(json.dumps(make_data.build(a.seed, 150_000, out=a.data)), flush=True)
    train_pairs = read_jsonl(os.path.join(a.data, "train.jsonl"))
    val_pairs = read_jsonl(os.path.join(a.data, "val.jsonl"))

    state = None
    if a.init and not (a.resume and os.path.exists(ckpt_path)):
        state = torch.load(a.init, map_location="cpu")
        state.pop("opt", None)
        state.pop("phase", None)
        tok = toklib.Tokenizer.from_json(state["tokenizer"])
        cfg = Config(**state["config"])
        print(f"starting from {a.init} at step {state['step']} (fresh optimiser)", flush=True)
        if a.grow_depth > 1:
            cfg, state["model"] = grow_depth(cfg, state["model"], a.grow_depth)
            print(f"grown to {cfg.n_layers} layers", flush=True)
        if os.path.exists(log_path):
            os.remove(log_path)
    elif a.resume and os.path.exists(ckpt_path):
        state = torch.load(ckpt_path, map_location="cpu")
        tok = toklib.Tokenizer.from_json(state["tokenizer"])
        cfg = Config(**state["config"])
        print(f"resuming {ckpt_path} at step {state['step']}", flush=True)
    else:
        t0 = time.time()
        rt = random.Random(a.seed)
        sample = rt.sample(train_pairs, min(40_000, len(train_pairs)))
        tok = toklib.train([f"Request: {p['request']}\nCommand: {p['command']}\n\n" for p in sample], a.vocab)
        print(f"tokenizer: {len(tok)} tokens in {time.time() - t0:.0f}s", flush=True)
        cfg = Config(vocab_size=len(tok), dim=a.dim, n_layers=a.layers, n_heads=a.heads, n_kv_heads=a.heads,
                     ffn_dim=a.ffn, max_seq=a.ctx)
        if os.path.exists(log_path):
            os.remove(log_path)

    model = Net(cfg)
    if state:
        model.load_state_dict(state["model"])
    model.to(device)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}],
                            lr=a.lr, betas=(0.9, 0.95), eps=1e-8)
    step, tokens_seen, trained_s = 0, 0, 0.0
    if state:
        if "opt" in state:
            opt.load_state_dict(state["opt"])
        step, tokens_seen, trained_s = state["step"], state["tokens"], state["trained_s"]
    print(f"model: {model.n_params() / 1e6:.2f}M params on {device}, {cfg}", flush=True)

    t0 = time.time()
    enc, venc = encoded(run, tok, train_pairs, val_pairs)
    print(f"encoded {len(train_pairs)} train / {len(val_pairs)} val pairs in {time.time() - t0:.0f}s", flush=True)
    vr = random.Random(99)
    val_batches = [tuple(t.to(device) for t in batch(venc, vr, 32, cfg.max_seq)) for _ in range(8)]

    def evaluate() -> float:
        model.eval()
        with torch.no_grad():
            tot, n = 0.0, 0
            for x, y, m in val_batches:
                k = int(m.sum())
                with autocast:
                    tot += float(loss_on(model, x, y, m)) * k
                n += k
        model.train()
        return tot / n

    def save() -> None:
        tmp = ckpt_path + ".tmp"
        weights = {k: v.detach().cpu() for k, v in model.state_dict().items()}
        torch.save({"model": weights, "opt": opt.state_dict(), "config": cfg.to_dict(), "tokenizer": tok.to_json(),
                    "step": step, "tokens": tokens_seen, "trained_s": trained_s, "args": vars(a), "phase": phase}, tmp)
        os.replace(tmp, ckpt_path)
        write_svg(log_path, os.path.join(run, "loss.svg"))

    budget = a.minutes * 60
    start = time.time()
    last_ckpt = last_eval = start
    ema = None
    warm = 0.0 if state and "opt" in state else a.warmup
    phase = None
    if a.phase_minutes:
        phase = (state or {}).get("phase") or {"start_s": trained_s, "total_s": a.phase_minutes * 60, "peak": a.lr, "warm": warm}
        print(f"schedule: {phase}", flush=True)
    win_tok, win_t = 0, time.time()
    if not state or a.init and step == state.get("step") and not os.path.exists(log_path):
        v = evaluate()
        with open(log_path, "a") as f:
            f.write(json.dumps({"step": step, "tokens": tokens_seen, "trained_s": round(trained_s), "val_loss": round(v, 4)}) + "\n")
        print(f"initial val loss {v:.3f}", flush=True)
    first_step = step
    while True:
        el = time.time() - start
        if el >= budget:
            break
        if a.steps:
            if step - first_step >= a.steps:
                break
            lr = lr_at((step - first_step) / a.steps, a.lr, warm)
        elif phase:
            done = (trained_s - phase["start_s"]) / phase["total_s"]
            if done >= 1:
                break
            lr = lr_at(done, phase["peak"], phase["warm"])
        else:
            lr = lr_at(el / budget, a.lr, warm)
        for g in opt.param_groups:
            g["lr"] = lr
        r = random.Random(a.seed * 1_000_003 + step)
        x, y, m = (t.to(device, non_blocking=True) for t in batch(enc, r, a.batch, cfg.max_seq))
        with autocast:
            loss = loss_on(model, x, y, m)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1
        tokens_seen += x.numel()
        win_tok += x.numel()
        lv = float(loss)
        ema = lv if ema is None else 0.98 * ema + 0.02 * lv
        now = time.time()
        trained_s += now - (start + el)
        if now - last_eval >= a.eval_every * 60 or now - start >= budget:
            v = evaluate()
            tps = win_tok / (time.time() - win_t)
            rec = {"step": step, "tokens": tokens_seen, "trained_s": round(trained_s), "train_loss": round(ema, 4),
                   "val_loss": round(v, 4), "lr": round(lr, 6), "tok_per_s": round(tps)}
            with open(log_path, "a") as f:
                f.write(json.dumps(rec) + "\n")
            print(json.dumps(rec), flush=True)
            last_eval = time.time()
            win_tok, win_t = 0, time.time()
        if now - last_ckpt >= a.ckpt_every * 60:
            save()
            last_ckpt = time.time()
    save()
    print(f"done: step {step}, {tokens_seen} tokens, {trained_s / 60:.1f} min trained in total -> {ckpt_path}", flush=True)


if __name__ == "__main__":
    main()
