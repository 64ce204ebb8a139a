"""One Markdown table from several bench runs (the ablation: which part of the pipeline buys what).

    /usr/bin/python3 model/ablation_table.py LABEL=DIR:MODE [LABEL=DIR:MODE ...]

Each argument names a row: LABEL is what the row says, DIR a `bench run --out` folder and
MODE a mode recorded there. Columns: the novel and covered subsets
(corpora/tasks/coverage.json), the whole suite, each tier, and mean prompt tokens per task.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from decontam import ROOT  # noqa: E402


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with open(os.path.join(ROOT, "corpora", "tasks", "coverage.json"), encoding="utf-8") as f:
        covered = {k: v["covered"] for k, v in json.load(f)["tasks"].items()}
    print("| configuration | **novel** | covered | whole | tier 1 | tier 2 | tier 3 | tier 4 | prompt tokens / task |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for arg in sys.argv[1:]:
        label, _, rest = arg.partition("=")
        run_dir, _, mode = rest.rpartition(":")
        if not label or not run_dir or not mode:
            sys.exit(f"{arg}: expected LABEL=DIR:MODE")
        path = os.path.join(run_dir, "results.jsonl")
        if not os.path.exists(path):
            sys.exit(f"{path}: no results there")
        recs = {}
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    if r["mode"] == mode:
                        recs[r["taskId"]] = r
        if not recs:
            sys.exit(f"{path}: no records of mode {mode}")
        def cell(rs: list[dict], pct: bool = False) -> str:
            p = sum(r["passed"] for r in rs)
            return f"{p}/{len(rs)} ({100 * p / len(rs):.1f}%)" if pct else f"{p}/{len(rs)}"
        rs = list(recs.values())
        nov = [r for r in rs if not covered.get(r["taskId"], True)]
        cov = [r for r in rs if covered.get(r["taskId"], False)]
        tiers = [cell([r for r in rs if r["tier"] == t]) for t in (1, 2, 3, 4)]
        tokens = sum(r["tokens"]["prompt"] for r in rs) / len(rs)
        print(f"| {label} | **{cell(nov, True)}** | {cell(cov, True)} | {cell(rs, True)} | {' | '.join(tiers)} | {tokens:.1f} |")


if __name__ == "__main__":
    main()
