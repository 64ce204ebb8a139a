"""Check the committed training data against the bench tasks and held-out requests.

    /usr/bin/python3 model/check_data.py

Reads model/data/{train,val}.jsonl.gz (the exact pairs the model was trained on),
verifies their digest against model/data/manifest.json, and reports every pair whose
request or command is a near-duplicate of a current bench task or held-out request (the
rule of structural.py), including the retrieved examples a pair carries, and every command
that does not parse with tree-sitter-bash or breaks the default policy (check_commands.mjs).
Exits 1 on any such pair or a digest mismatch; prints JSON either way.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from decontam import Checker, load_references  # noqa: E402
from tldr_pairs import check_commands  # noqa: E402

DATA = os.path.join(HERE, "data")


def selftest() -> list[str]:
    """The checker must catch near-copies of a task and let a far pair through
    (model/test_structural.py has the full set of hand-made pairs)."""
    refs = [{"id": "t", "request": "How many lines are in notes.txt?", "commands": ["wc -l < notes.txt"]}]
    c = Checker(refs)
    cases = [
        ("how many lines are in notes.txt", "cat x", True),          # same request, other case/punctuation
        ("How many lines are in report.txt?", "cat x", True),       # only a slot changed
        ("Tell me something else entirely", "wc -l < notes.txt", True),   # the solution verbatim
        ("Tell me the line count of draft.txt", "wc -l < draft.txt", False),  # same pattern alone is fine
        ("Print the first 3 lines of poem.txt", "head -n 3 poem.txt", False),
    ]
    return [f"{r!r} / {cmd!r}: expected close={want}" for r, cmd, want in cases if (c.why(r, cmd) is not None) != want]


def main() -> None:
    if "--selftest" in sys.argv:
        bad = selftest()
        print(json.dumps({"selftest_failures": bad}))
        sys.exit(1 if bad else 0)
    with open(os.path.join(DATA, "manifest.json")) as f:
        manifest = json.load(f)
    digest = hashlib.sha256()
    pairs = []
    for name in ("train", "val"):
        with gzip.open(os.path.join(DATA, f"{name}.jsonl.gz"), "rb") as f:
            for line in f:
                digest.update(line)
                pairs.append(json.loads(line))
    refs = load_references()
    checker = Checker(refs)
    close = []
    for p in pairs:
        for req, cmd in [(p["request"], p["command"])] + [tuple(s) for s in p.get("shots", [])]:
            why = checker.why(req, cmd)
            if why:
                close.append({"request": req, "command": cmd, "why": why})
    cmds = sorted({c for p in pairs for c in [p["command"]] + [s[1] for s in p.get("shots", [])]})
    unparsed, policy = [], []
    for c, v in zip(cmds, check_commands(cmds)):
        if not v["parses"]:
            unparsed.append({"command": c, "error": v.get("error")})
        elif v["violations"]:
            policy.append({"command": c, "violations": v["violations"]})
    report = {"pairs": len(pairs), "commands": len(cmds), "references": len(refs), "digest_ok": digest.hexdigest() == manifest["sha256"],
              "close": len(close), "examples": close[:10], "unparsed": len(unparsed), "unparsed_examples": unparsed[:10],
              "policy": len(policy), "policy_examples": policy[:10]}
    print(json.dumps(report, indent=2))
    sys.exit(0 if report["digest_ok"] and not close and not unparsed and not policy else 1)


if __name__ == "__main__":
    main()
