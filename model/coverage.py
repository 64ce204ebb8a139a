"""Which bench tasks are "covered": some solution's command pattern (structural.py) occurs
in the model's training data or the few-shot pool. The rest are "novel".

    npm run tasks:coverage            # writes corpora/tasks/coverage.json
    /usr/bin/python3 model/coverage.py --check   # exit 1 if the committed file is stale

Reads corpora/tasks/tier*.json, model/data/{train,val}.jsonl.gz (targets and their
retrieved examples) and corpora/examples/*.jsonl (not heldout*). The output is generated,
never hand-edited; it records a digest of its inputs so a stale file is detectable.
"""
from __future__ import annotations

import glob
import gzip
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from decontam import ROOT, load_tasks  # noqa: E402
from structural import THRESHOLDS, command_pattern  # noqa: E402

OUT = os.path.join(ROOT, "corpora", "tasks", "coverage.json")
DATA = os.path.join(ROOT, "model", "data")
MAX_MATCHES = 3
# the tasks that were novel for model v4, before the documentation data; kept so that
# reports can still show them after the data covers some of them
NOVEL_BEFORE = os.path.join(DATA, "novel-v4.json")


def _inputs() -> list[str]:
    return (sorted(glob.glob(os.path.join(ROOT, "corpora", "tasks", "tier*.json")))
            + [os.path.join(DATA, f"{n}.jsonl.gz") for n in ("train", "val")]
            + sorted(p for p in glob.glob(os.path.join(ROOT, "corpora", "examples", "*.jsonl"))
                     if not os.path.basename(p).startswith("heldout"))
            + [os.path.join(ROOT, "model", "structural.py"), NOVEL_BEFORE])


def inputs_digest() -> str:
    h = hashlib.sha256()
    for p in _inputs():
        if not os.path.exists(p):
            continue
        h.update(os.path.relpath(p, ROOT).encode() + b"\0")
        if p.endswith(".gz"):
            # the decompressed content: gzip headers may differ between writers
            with gzip.open(p, "rb") as f:
                h.update(f.read())
        else:
            with open(p, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def _sources() -> list[tuple[str, str, str]]:
    """(source, request, command) for every training pair, retrieved example and pool pair."""
    out: list[tuple[str, str, str]] = []
    for n in ("train", "val"):
        p = os.path.join(DATA, f"{n}.jsonl.gz")
        if not os.path.exists(p):
            continue
        with gzip.open(p, "rt", encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    d = json.loads(line)
                    out.append(("train", d["request"], d["command"]))
                    for r, c in d.get("shots", []):
                        out.append(("train", r, c))
    for p in sorted(glob.glob(os.path.join(ROOT, "corpora", "examples", "*.jsonl"))):
        if os.path.basename(p).startswith("heldout"):
            continue
        with open(p, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    d = json.loads(line)
                    if d.get("request") and d.get("command"):
                        out.append(("pool", d["request"], d["command"]))
    return out


def build() -> dict:
    tasks = load_tasks()
    wanted: dict[str, list[str]] = {}
    pats: dict[str, list[str]] = {}
    for t in tasks:
        ps = []
        for c in t["commands"]:
            p = command_pattern(c)
            if p not in ps:
                ps.append(p)
            wanted.setdefault(p, [])
        pats[t["id"]] = ps
    seen: set[tuple[str, str]] = set()
    # pattern -> source -> up to MAX_MATCHES examples
    found: dict[str, dict[str, list[dict]]] = {p: {"train": [], "pool": []} for p in wanted}
    for src, req, cmd in _sources():
        if (src, cmd) in seen:
            continue
        seen.add((src, cmd))
        p = command_pattern(cmd)
        hits = found.get(p)
        if hits is not None and len(hits[src]) < MAX_MATCHES:
            hits[src].append({"source": src, "pattern": p, "example": f"{req} => {cmd}"})
    out_tasks = {}
    for t in tasks:
        firsts, rest = [], []
        for p in pats[t["id"]]:
            # one of each source first, so the file shows both when both hold the pattern
            for src in ("train", "pool"):
                hs = found[p][src]
                firsts += hs[:1]
                rest += hs[1:]
        matches = (firsts + rest)[:MAX_MATCHES]
        out_tasks[t["id"]] = {"covered": bool(matches), "pattern": pats[t["id"]][0] if pats[t["id"]] else "",
                              "matches": matches}
    n_cov = sum(1 for v in out_tasks.values() if v["covered"])
    out = {"generatedBy": "npm run tasks:coverage", "thresholds": THRESHOLDS, "inputsSha256": inputs_digest(),
           "summary": {"tasks": len(out_tasks), "covered": n_cov, "novel": len(out_tasks) - n_cov},
           "tasks": out_tasks}
    if os.path.exists(NOVEL_BEFORE):
        with open(NOVEL_BEFORE, encoding="utf-8") as f:
            before = [t for t in json.load(f)["tasks"] if t in out_tasks]
        now = [t for t in before if out_tasks[t]["covered"]]
        out["novelBefore"] = {"list": os.path.relpath(NOVEL_BEFORE, ROOT), "tasks": len(before), "nowCovered": len(now),
                              "nowCoveredIds": now}
    return out


def main() -> None:
    if "--check" in sys.argv:
        if not os.path.exists(OUT):
            print(json.dumps({"stale": True, "why": f"{os.path.relpath(OUT, ROOT)} is missing; run npm run tasks:coverage"}))
            sys.exit(1)
        with open(OUT, encoding="utf-8") as f:
            have = json.load(f)
        now = build()
        stale = have != now
        print(json.dumps({"stale": stale, "why": "inputs or rule changed; run npm run tasks:coverage" if stale else ""}))
        sys.exit(1 if stale else 0)
    cov = build()
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(cov, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, OUT)
    print(json.dumps(cov["summary"]))


if __name__ == "__main__":
    main()
