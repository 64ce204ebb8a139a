"""Drop few-shot pool pairs that are near-duplicates of a bench task (structural.py rule).

    /usr/bin/python3 model/decontam_pool.py [--dry-run]

Rewrites corpora/examples/*.jsonl in place (not heldout*.jsonl), each file atomically,
keeping every other line byte for byte, and prints what it dropped and why.
"""
from __future__ import annotations

import glob
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from decontam import ROOT, load_tasks  # noqa: E402
from structural import Checker, reason_kind  # noqa: E402


def main() -> None:
    dry = "--dry-run" in sys.argv
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
        if len(keep) != len(lines) and not dry:
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.writelines(keep)
            os.replace(tmp, path)
    print(json.dumps({"pool_pairs": total, "dropped": len(dropped), "reasons": kinds, "pairs": dropped}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
