"""Drop few-shot pool pairs that are near-duplicates of a reference (structural.py rule).

    /usr/bin/python3 model/decontam_pool.py [--dry-run] [--report FILE]
    /usr/bin/python3 model/decontam_pool.py --check [--pool FILE.jsonl]
    /usr/bin/python3 model/decontam_pool.py --against SET.jsonl --out DIR

References are every bench task and every held-out set (decontam.load_references: the
same references and the same rule that model/check_data.py applies to the training data),
so one rule, implemented once in structural.py, decides what the pool, the training data
and the held-out sets may share.

Without flags it rewrites corpora/examples/*.jsonl in place (not heldout*.jsonl), each file
atomically, keeping every other line byte for byte, and prints what it dropped and why
(--report also writes that JSON to FILE, atomically). --check changes nothing and exits 1
when any pair (of the pool, or of --pool FILE) is a near-duplicate: CI runs it.
With --against/--out it leaves the pool alone and writes a copy to DIR without the pairs
that are near-duplicates of the requests in SET (eval_heldout.mjs uses this for sets that
are not among the references).
"""
from __future__ import annotations

import glob
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from decontam import ROOT, load_references  # noqa: E402
from structural import THRESHOLDS, Checker, reason_kind  # noqa: E402


def _set_refs(path: str) -> list[dict]:
    refs = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f):
            if line.strip():
                h = json.loads(line)
                cmds = list(h.get("commands") or ([h["command"]] if h.get("command") else []))
                refs.append({"id": f"{os.path.basename(path)}:{n + 1}", "request": h["request"], "commands": cmds})
    return refs


def _arg(flag: str) -> str | None:
    if flag not in sys.argv:
        return None
    i = sys.argv.index(flag) + 1
    if i >= len(sys.argv):
        sys.exit(f"decontam_pool.py: {flag} needs a value")
    return sys.argv[i]


def _write_atomic(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main() -> None:
    check = "--check" in sys.argv
    dry = "--dry-run" in sys.argv or check
    out_dir = None
    against = _arg("--against")
    if against:
        out_dir = _arg("--out")
        if not out_dir:
            sys.exit("decontam_pool.py: --against needs --out DIR")
        checker = Checker(_set_refs(against))
        os.makedirs(out_dir, exist_ok=True)
        for extra in glob.glob(os.path.join(ROOT, "corpora", "examples", "*.json")):
            shutil.copy(extra, out_dir)
    else:
        checker = Checker(load_references())
    pool_file = _arg("--pool")
    paths = [pool_file] if pool_file else sorted(glob.glob(os.path.join(ROOT, "corpora", "examples", "*.jsonl")))
    dropped: list[dict] = []
    kinds: dict[str, int] = {}
    total = 0
    for path in paths:
        if not pool_file and os.path.basename(path).startswith("heldout"):
            continue
        keep: list[str] = []
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        for n, line in enumerate(lines):
            if not line.strip():
                keep.append(line)
                continue
            try:
                e = json.loads(line)
            except json.JSONDecodeError as err:
                sys.exit(f"{path}:{n + 1}: not JSON ({err.msg})")
            total += 1
            why = checker.why(e.get("request", ""), e.get("command", ""))
            if why:
                kinds[reason_kind(why)] = kinds.get(reason_kind(why), 0) + 1
                dropped.append({"file": os.path.basename(path), "line": n + 1, "request": e.get("request", ""),
                                "command": e.get("command", ""), "why": why})
            else:
                keep.append(line)
        if out_dir:
            _write_atomic(os.path.join(out_dir, os.path.basename(path)), "".join(keep))
        elif len(keep) != len(lines) and not dry:
            _write_atomic(path, "".join(keep))
    report = {"thresholds": THRESHOLDS, "pool_pairs": total, "dropped": len(dropped), "reasons": kinds, "pairs": dropped}
    text = json.dumps(report if not out_dir else {k: v for k, v in report.items() if k != "pairs"}, indent=1, ensure_ascii=False)
    report_file = _arg("--report")
    if report_file:
        _write_atomic(report_file, text + "\n")
    print(text)
    if check and dropped:
        sys.exit(1)


if __name__ == "__main__":
    main()
