"""Drop few-shot pool pairs that are near-duplicates of a bench task (structural.py rule).

    /usr/bin/python3 model/decontam_pool.py [--dry-run]
    /usr/bin/python3 model/decontam_pool.py --against SET.jsonl --out DIR

Rewrites corpora/examples/*.jsonl in place (not heldout*.jsonl), each file atomically,
keeping every other line byte for byte, and prints what it dropped and why.
With --against/--out it leaves the pool alone and writes a copy to DIR without the pairs
that are near-duplicates of the requests in SET (eval_heldout.mjs uses this, so held-out
figures with retrieved examples never retrieve a restatement of the request).
"""
from __future__ import annotations

import glob
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from decontam import ROOT, load_tasks  # noqa: E402
from structural import Checker, reason_kind  # noqa: E402


def _set_refs(path: str) -> list[dict]:
    refs = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f):
            if line.strip():
                h = json.loads(line)
                cmds = list(h.get("commands") or ([h["command"]] if h.get("command") else []))
                refs.append({"id": f"{os.path.basename(path)}:{n + 1}", "request": h["request"], "commands": cmds})
    return refs


def main() -> None:
    dry = "--dry-run" in sys.argv
    out_dir = None
    if "--against" in sys.argv:
        a = sys.argv[sys.argv.index("--against") + 1]
        out_dir = sys.argv[sys.argv.index("--out") + 1]
        checker = Checker(_set_refs(a))
        os.makedirs(out_dir, exist_ok=True)
        for extra in glob.glob(os.path.join(ROOT, "corpora", "examples", "*.json")):
            shutil.copy(extra, out_dir)
    else:
        checker = Checker(load_tasks())
    dropped: list[dict] = []
    kinds: dict[str, int] = {}
    total = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "corpora", "examples", "*.jsonl"))):
        if os.path.basename(path).startswith("heldout"):
            continue
        keep: list[str] = []
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        for line in lines:
            if not line.strip():
                keep.append(line)
                continue
            e = json.loads(line)
            total += 1
            why = checker.why(e.get("request", ""), e.get("command", ""))
            if why:
                kinds[reason_kind(why)] = kinds.get(reason_kind(why), 0) + 1
                dropped.append({"file": os.path.basename(path), "request": e["request"], "command": e["command"], "why": why})
            else:
                keep.append(line)
        if out_dir:
            with open(os.path.join(out_dir, os.path.basename(path)), "w", encoding="utf-8") as f:
                f.writelines(keep)
        elif len(keep) != len(lines) and not dry:
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.writelines(keep)
            os.replace(tmp, path)
    report = {"pool_pairs": total, "dropped": len(dropped), "reasons": kinds, "pairs": dropped}
    print(json.dumps(report if not out_dir else {k: v for k, v in report.items() if k != "pairs"}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
