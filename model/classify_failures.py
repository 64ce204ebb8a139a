"""Classify a bench mode's failures on the novel subset (the failure table in docs/FAILURES.md).

    /usr/bin/python3 model/classify_failures.py RESULTS_DIR MODE [--n 20] [--out FILE.md]

Reads RESULTS_DIR/results.jsonl, the tasks (corpora/tasks/tier*.json) and the novel/covered
split (corpora/tasks/coverage.json). Picks N failing novel tasks of MODE, spread evenly over
the failures in task order (no hand-picking), and classifies each by comparing the model's
command with the task's canonical solutions through structural.py's command patterns (the
same reading of commands the decontamination uses):

  empty          no command came out
  syntax         the command does not parse (tree-sitter verdict in the record's error)
  wrong program  its first program is none of the solutions' programs
  missing step   it runs some of a solution's programs but not all, or lacks its
                 redirection or construct (a pipe stage, `> file`, a loop)
  wrong flag     the solutions' programs, other flags
  wrong value    a solution's pattern (programs and flags), other names, numbers or paths
  pushed away    MODE used a grammar and native passed the task in the same run

The Markdown table (task, tier, class, model's command, a canonical command) goes to
--out (atomically) or stdout, with counts per class over every novel failure of MODE.
"""
from __future__ import annotations

import glob
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from decontam import ROOT  # noqa: E402
from structural import command_pattern, programs_of  # noqa: E402


def classify(rec: dict, solutions: list[str], native_passed: bool) -> str:
    cmd = (rec.get("command") or "").strip()
    if not cmd:
        return "empty"
    if native_passed and rec["mode"] != "native" and "constrained" in rec["mode"]:
        return "pushed away"
    if "does not parse" in (rec.get("error") or "") or rec.get("path") == "failed":
        return "syntax"
    pat = command_pattern(cmd)
    if any(command_pattern(s) == pat for s in solutions):
        return "wrong value"
    got = programs_of(cmd)
    want = [programs_of(s) for s in solutions]
    if not got or not any(w and got[0] in w for w in want):
        return "wrong program"
    flags = lambda c: sorted(w for w in command_pattern(c).split() if w.startswith("-"))  # noqa: E731
    if any(sorted(set(got)) == sorted(set(w)) for w in want) and not any(flags(cmd) == flags(s) for s in solutions):
        return "wrong flag"
    return "missing step"


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit("usage: classify_failures.py RESULTS_DIR MODE [--n 20] [--out FILE.md]")
    run_dir, mode = sys.argv[1], sys.argv[2]
    n = int(sys.argv[sys.argv.index("--n") + 1]) if "--n" in sys.argv else 20
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else None
    tasks = {}
    for p in sorted(glob.glob(os.path.join(ROOT, "corpora", "tasks", "tier*.json"))):
        with open(p, encoding="utf-8") as f:
            for t in json.load(f):
                tasks[t["id"]] = t
    with open(os.path.join(ROOT, "corpora", "tasks", "coverage.json"), encoding="utf-8") as f:
        novel = {k for k, v in json.load(f)["tasks"].items() if not v["covered"]}
    recs: dict[tuple[str, str], dict] = {}
    path = os.path.join(run_dir, "results.jsonl")
    if not os.path.exists(path):
        sys.exit(f"{path}: no results there")
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                recs[(r["mode"], r["taskId"])] = r
    fails = [r for (m, t), r in sorted(recs.items(), key=lambda kv: kv[0][1]) if m == mode and t in novel and not r["passed"]]
    if not fails:
        sys.exit(f"{run_dir}: no novel failures of mode {mode}")
    counts: dict[str, int] = {}
    rows = []
    for r in fails:
        native = recs.get(("native", r["taskId"]))
        c = classify(r, tasks[r["taskId"]]["solutions"], bool(native and native["passed"]))
        counts[c] = counts.get(c, 0) + 1
        rows.append((r, c))
    step = len(rows) / min(n, len(rows))
    picked = [rows[int(i * step)] for i in range(min(n, len(rows)))]
    esc = lambda s: "`" + s.replace("|", "\\|").replace("\n", " ⏎ ").replace("`", "'") + "`" if s else "(none)"  # noqa: E731
    lines = [f"{len(fails)} novel failures of `{mode}` in `{os.path.relpath(run_dir, ROOT)}`; per class: "
             + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])) + ".", "",
             "| task | tier | class | request | model's command | a canonical command |", "|---|---|---|---|---|---|"]
    for r, c in picked:
        t = tasks[r["taskId"]]
        lines.append(f"| {r['taskId']} | {t['tier']} | {c} | {t['request'].replace('|', '/')} | {esc(r.get('command') or '')} | {esc(t['solutions'][0])} |")
    text = "\n".join(lines) + "\n"
    if out:
        tmp = out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, out)
    print(text)


if __name__ == "__main__":
    main()
