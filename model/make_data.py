"""Build the training pairs: templates + the hand-written example pool, deduplicated and
decontaminated against the bench tasks and held-out requests.

Writes model/data/{train,val}.jsonl and model/data/manifest.json. Deterministic for a
given --seed and the same corpora.
"""
from __future__ import annotations

import argparse
import glob
import gzip
import hashlib
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from decontam import ROOT, Checker, load_references  # noqa: E402
from intents import INTENTS, Ctx  # noqa: E402
from irpairs import ir_pairs  # noqa: E402

DATA = os.path.join(ROOT, "model", "data")
QUESTION_WORDS = ("what", "how", "which", "is", "are", "does", "do", "where", "when", "who", "can")
LEADS = ("Please ", "Can you ", "I need to ", "Help me ", "I want to ", "Could you ", "How do I ", "Quickly ")


def style(r: random.Random, req: str) -> str:
    """Surface variation: case, politeness, end punctuation."""
    if r.random() < 0.1 and req.split(" ", 1)[0].lower() not in QUESTION_WORDS:
        req = r.choice(LEADS) + req[0].lower() + req[1:]
    if r.random() < 0.2:
        req = req[0].lower() + req[1:]
    first = req.split(" ", 1)[0].lower()
    if first in QUESTION_WORDS and r.random() < 0.6 and not req.startswith("How do I"):
        req += "?"
    elif req.startswith(("Can you", "Could you", "How do I")):
        req += "?"
    elif r.random() < 0.15:
        req += "."
    return req


def template_pairs(seed: int, n: int) -> list[dict]:
    r = random.Random(seed)
    c = Ctx(r)
    weights = [w for _, w, _ in INTENTS]
    out = []
    for _ in range(n):
        fam, _, fn = r.choices(INTENTS, weights)[0]
        req, cmd = fn(c)
        out.append({"request": style(r, req), "command": cmd, "family": fam, "source": "template"})
    return out


def pool_pairs() -> list[dict]:
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "corpora", "examples", "*.jsonl"))):
        if os.path.basename(path) == "heldout.jsonl":
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                e = json.loads(line)
                if e.get("request") and e.get("command"):
                    out.append({"request": e["request"], "command": e["command"],
                                "family": "pool:" + e.get("category", e.get("program", "misc")), "source": "pool"})
    return out


def valid_pair(p: dict) -> bool:
    # the prompt format forbids a blank line inside a command, and requests are one line
    return "\n\n" not in p["command"] and "\n" not in p["request"] and p["command"].strip() == p["command"]


def build(seed: int, n: int) -> dict:
    t0 = time.time()
    pairs = template_pairs(seed, n)
    pool = pool_pairs()
    irp = ir_pairs(seed)
    pairs += pool + irp
    checker = Checker(load_references())
    checked: dict[tuple[str, str], bool] = {}
    kept, dropped, reasons = [], 0, {}
    for p in pairs:
        key = (p["request"], p["command"])
        if key in checked or not valid_pair(p):
            continue
        why = checker.why(*key)
        checked[key] = why is None
        if why:
            dropped += 1
            kind = why.split(" with ")[0].split(" equals ")[0].split(" Jaccard")[0] + (" similar" if "Jaccard" in why else " exact")
            reasons[kind] = reasons.get(kind, 0) + 1
            continue
        kept.append(p)
    r = random.Random(seed + 1)
    r.shuffle(kept)
    val, train = [], []
    for p in kept:
        h = int(hashlib.sha1((p["request"] + "\0" + p["command"]).encode()).hexdigest()[:8], 16)
        (val if h % 100 < 2 else train).append(p)
    os.makedirs(DATA, exist_ok=True)
    digest = hashlib.sha256()
    for name, rows in (("train", train), ("val", val)):
        tmp = os.path.join(DATA, f".{name}.jsonl.tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            for p in rows:
                line = json.dumps({"request": p["request"], "command": p["command"], "family": p["family"], "source": p["source"]}, ensure_ascii=False) + "\n"
                f.write(line)
                digest.update(line.encode())
        os.replace(tmp, os.path.join(DATA, f"{name}.jsonl"))
        # the gzipped copy is committed, so the decontamination test checks the real data
        with open(os.path.join(DATA, f"{name}.jsonl"), "rb") as src, gzip.GzipFile(tmp, "wb", mtime=0) as gz:
            gz.write(src.read())
        os.replace(tmp, os.path.join(DATA, f"{name}.jsonl.gz"))
    manifest = {
        "seed": seed, "templates": n, "pool_pairs": len(pool), "ir_pairs": len(irp),
        "intents": len(INTENTS), "train": len(train), "val": len(val), "dropped_close_to_reference": dropped,
        "drop_reasons": reasons, "sha256": digest.hexdigest(), "seconds": round(time.time() - t0, 1),
    }
    with open(os.path.join(DATA, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    return manifest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--pairs", type=int, default=150_000, help="template pairs to draw before dedup")
    a = ap.parse_args()
    m = build(a.seed, a.pairs)
    print(json.dumps(m, indent=2))


if __name__ == "__main__":
    main()
