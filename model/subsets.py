"""Bench passes per mode on the whole suite, the current novel and covered subsets, and the
tasks that were novel for model v4 (model/data/novel-v4.json), from a bench run's results.

    /usr/bin/python3 model/subsets.py RESULTS_DIR [RESULTS_DIR ...]

The novel/covered split moves when the training data grows; the v4 list stays fixed, so
runs before and after the documentation data can be compared on the same 93 tasks.
"""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: model/subsets.py RESULTS_DIR [RESULTS_DIR ...]")
    with open(os.path.join(ROOT, "corpora", "tasks", "coverage.json"), encoding="utf-8") as f:
        cov = json.load(f)["tasks"]
    with open(os.path.join(HERE, "data", "novel-v4.json"), encoding="utf-8") as f:
        before = set(json.load(f)["tasks"])
    print("| run | model | mode | whole | tier 1 / 2 / 3 / 4 | novel now | covered now | novel for v4 |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for d in sys.argv[1:]:
        path = os.path.join(d, "results.jsonl")
        if not os.path.exists(path):
            sys.exit(f"subsets: no {path}")
        runs: dict[tuple[str, str], dict[str, dict]] = {}
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except ValueError as e:
                    sys.exit(f"subsets: {path}:{n}: not JSON: {e}")
                runs.setdefault((rec["model"], rec["mode"]), {})[rec["taskId"]] = rec
        for (model, mode), recs in sorted(runs.items()):
            if mode == "oracle":
                continue

            def score(ids: list[str]) -> str:
                return f"{sum(1 for t in ids if recs[t]['passed'])}/{len(ids)}"
            ids = sorted(recs)
            tiers = " / ".join(str(sum(1 for t in ids if recs[t]["tier"] == k and recs[t]["passed"])) for k in (1, 2, 3, 4))
            whole = sum(1 for t in ids if recs[t]["passed"])
            print(f"| {os.path.basename(os.path.normpath(d))} | {os.path.basename(model)} | {mode} | {whole}/{len(ids)} ({100 * whole / len(ids):.1f}%) | {tiers} | "
                  f"{score([t for t in ids if cov.get(t, {}).get('covered') is False])} | "
                  f"{score([t for t in ids if cov.get(t, {}).get('covered') is True])} | {score([t for t in ids if t in before])} |")


if __name__ == "__main__":
    main()
