"""Build the training pairs: templates rewritten by the phrasing generator, the
hand-written example pool (plain and rewritten), help-corpus (IR) pairs, tldr-pages
examples (tldr_pairs.py, CC-BY 4.0), the help text of every captured program
(helppairs.py, with --helpdir) and compositions of tldr pieces (compositions.py);
deduplicated, decontaminated (structural.py) against the bench tasks and held-out requests,
and kept only when the command parses and passes the default policy (check_commands.mjs);
a share of them carries the examples the shipped retriever returns for its request.

Writes model/data/{train,val}.jsonl(.gz) and model/data/manifest.json. Deterministic for
a given --seed and the same corpora (retrieval is deterministic too).
"""
from __future__ import annotations

import argparse
import glob
import gzip
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from decontam import ROOT, Checker, load_references  # noqa: E402
from intents import INTENTS, Ctx  # noqa: E402
from compositions import composition_pairs  # noqa: E402
from helppairs import help_pairs  # noqa: E402
from irpairs import ir_pairs  # noqa: E402
from tldr_pairs import check_commands, filter_pairs, tldr_pairs  # noqa: E402
from phrasing import _lower, vary  # noqa: E402
from structural import THRESHOLDS, reason_kind  # noqa: E402

VARIED = 0.65          # share of template pairs rewritten by the phrasing generator
RETRIEVED = 45_000     # pairs that get the shipped retriever's examples (about 5-10 ms each)

DATA = os.path.join(ROOT, "model", "data")
QUESTION_WORDS = ("what", "how", "which", "is", "are", "does", "do", "where", "when", "who", "can")
LEADS = ("Please ", "Can you ", "I need to ", "Help me ", "I want to ", "Could you ", "How do I ", "Quickly ")


def style(r: random.Random, req: str, cmd: str) -> str:
    """Surface variation: case, politeness, end punctuation (a name keeps its case)."""
    if r.random() < 0.1 and req.split(" ", 1)[0].lower() not in QUESTION_WORDS:
        req = r.choice(LEADS) + _lower(req, cmd, first_only=True)
    if r.random() < 0.2:
        req = _lower(req, cmd, first_only=True)
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
        if r.random() < VARIED:
            req, cmd = vary(r, req, cmd)
        else:
            req = style(r, req, cmd)
        out.append({"request": req, "command": cmd, "family": fam, "source": "template"})
    return out


def pool_pairs() -> list[dict]:
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "corpora", "examples", "*.jsonl"))):
        if os.path.basename(path).startswith("heldout"):
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


def varied_pool(seed: int, pool: list[dict]) -> list[dict]:
    """One rewritten copy of each pool pair, at template weight."""
    r = random.Random(seed + 3)
    out = []
    for p in pool:
        req, cmd = vary(r, p["request"], p["command"])
        if (req, cmd) != (p["request"], p["command"]):
            out.append({**p, "request": req, "command": cmd, "source": "pool-varied"})
    return out


def attach_shots(seed: int, rows: list[dict], checker: Checker) -> int:
    """Give RETRIEVED random rows the examples the shipped retriever picks for them
    (model/retrieve_shots.mjs); shots that are near-duplicates of a reference are dropped."""
    r = random.Random(seed + 5)
    idx = r.sample(range(len(rows)), min(RETRIEVED, len(rows)))
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.jsonl"), os.path.join(d, "out.jsonl")
        with open(src, "w", encoding="utf-8") as f:
            for i in idx:
                f.write(json.dumps({"request": rows[i]["request"], "command": rows[i]["command"]}) + "\n")
        subprocess.run(["node", os.path.join(ROOT, "model", "retrieve_shots.mjs"), src, dst], check=True)
        with open(dst, encoding="utf-8") as f:
            got = [json.loads(line)["shots"] for line in f if line.strip()]
    cmds = sorted({s[1] for shots in got for s in shots})
    passes = {c for c, v in zip(cmds, check_commands(cmds)) if v["parses"] and not v["violations"]}
    n = 0
    for i, shots in zip(idx, got):
        shots = [s for s in shots if s[1] in passes and checker.why(s[0], s[1]) is None
                 and valid_pair({"request": s[0], "command": s[1]})]
        if shots:
            rows[i]["shots"] = shots
            n += 1
    return n


def valid_pair(p: dict) -> bool:
    # the prompt format forbids a blank line inside a command, and requests are one line
    return "\n\n" not in p["command"] and "\n" not in p["request"] and p["command"].strip() == p["command"]


def help_irs(helpdir: str | None) -> str | None:
    """The IRs of a directory of captured help texts (model/help_irs.mjs), or None."""
    if not helpdir:
        return None
    out = os.path.join(tempfile.mkdtemp(), "help_irs.json")
    subprocess.run(["node", os.path.join(ROOT, "model", "help_irs.mjs"), helpdir, out], check=True)
    return out


def build(seed: int, n: int, helpdir: str | None = None, sources: tuple[str, ...] = ("tldr", "help", "compose"), out: str = DATA) -> dict:
    t0 = time.time()
    pairs = template_pairs(seed, n)
    pool = pool_pairs()
    pool_var = varied_pool(seed, pool)
    irp = ir_pairs(seed)
    filtered: dict = {}
    tl, tl_stats = tldr_pairs(seed) if "tldr" in sources else ([], {})
    hp = filter_pairs(help_pairs(seed, help_irs(helpdir)), filtered.setdefault("help", {})) if "help" in sources else []
    cp = filter_pairs(composition_pairs(seed), filtered.setdefault("compose", {})) if "compose" in sources else []
    filtered["tldr"] = tl_stats
    pairs += pool + pool_var + irp + tl + hp + cp
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
            kind = f"{p['source']}: {reason_kind(why)}"
            reasons[kind] = reasons.get(kind, 0) + 1
            continue
        kept.append(p)
    # every command, whatever its source, must parse and pass the default policy
    verdicts = check_commands([p["command"] for p in kept])
    unchecked = {}
    kept2 = []
    for p, v in zip(kept, verdicts):
        if v["parses"] and not v["violations"]:
            kept2.append(p)
        else:
            k = f"{p['source']}: {'does not parse' if not v['parses'] else 'policy'}"
            unchecked[k] = unchecked.get(k, 0) + 1
    kept = kept2
    r = random.Random(seed + 1)
    r.shuffle(kept)
    with_shots = attach_shots(seed, kept, checker)
    val, train = [], []
    for p in kept:
        h = int(hashlib.sha1((p["request"] + "\0" + p["command"]).encode()).hexdigest()[:8], 16)
        (val if h % 100 < 2 else train).append(p)
    os.makedirs(out, exist_ok=True)
    digest = hashlib.sha256()
    for name, rows in (("train", train), ("val", val)):
        tmp = os.path.join(out, f".{name}.jsonl.tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            for p in rows:
                row = {"request": p["request"], "command": p["command"], "family": p["family"], "source": p["source"]}
                if p.get("shots"):
                    row["shots"] = p["shots"]
                line = json.dumps(row, ensure_ascii=False) + "\n"
                f.write(line)
                digest.update(line.encode())
        os.replace(tmp, os.path.join(out, f"{name}.jsonl"))
        # the gzipped copy is committed, so the decontamination test checks the real data
        with open(os.path.join(out, f"{name}.jsonl"), "rb") as src, gzip.GzipFile(tmp, "wb", mtime=0) as gz:
            gz.write(src.read())
        os.replace(tmp, os.path.join(out, f"{name}.jsonl.gz"))
    manifest = {
        "seed": seed, "templates": n, "templates_varied_share": VARIED, "pool_pairs": len(pool),
        "pool_varied_pairs": len(pool_var), "ir_pairs": len(irp), "tldr_pairs": len(tl), "help_pairs": len(hp),
        "composition_pairs": len(cp), "filtered": filtered, "dropped_parse_or_policy": unchecked,
        "helpdir_programs": len({p["family"] for p in hp}), "with_retrieved_shots": with_shots,
        "decontamination": {"rule": "model/structural.py", "thresholds": THRESHOLDS, "references": len(checker.refs)},
        "intents": len(INTENTS), "train": len(train), "val": len(val), "dropped_close_to_reference": dropped,
        "drop_reasons": reasons, "sha256": digest.hexdigest(), "seconds": round(time.time() - t0, 1),
    }
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    return manifest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--pairs", type=int, default=150_000, help="template pairs to draw before dedup")
    ap.add_argument("--helpdir", help="captured help texts (scripts/capture-path-help.sh DIR) to draw help pairs from")
    ap.add_argument("--sources", default="tldr,help,compose", help="documentation sources to add to the templates (comma list; '' for none)")
    ap.add_argument("--out", default=DATA, help="where train/val.jsonl(.gz) and manifest.json go (default model/data; another folder for an ablation arm)")
    a = ap.parse_args()
    m = build(a.seed, a.pairs, a.helpdir, tuple(x for x in a.sources.split(",") if x), a.out)
    print(json.dumps(m, indent=2))


if __name__ == "__main__":
    main()
