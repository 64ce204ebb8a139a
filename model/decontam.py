"""Reference sets for decontamination, and the checker (rule and thresholds live in
structural.py).

References: every bench task (request + each solution), model/heldout.jsonl,
corpora/examples/heldout*.jsonl and every corpora/heldout/*.jsonl (field `request`,
commands optional). Training data must hold no near-duplicate of any of them; the
few-shot pool must hold none of a bench task.
"""
from __future__ import annotations

import glob
import json
import os

from structural import THRESHOLDS, Checker, command_pattern, mask_request  # noqa: F401  (re-exported)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_tasks() -> list[dict]:
    refs: list[dict] = []
    for path in sorted(glob.glob(os.path.join(ROOT, "corpora", "tasks", "tier*.json"))):
        with open(path, encoding="utf-8") as f:
            for t in json.load(f):
                refs.append({"id": t["id"], "request": t["request"], "commands": list(t.get("solutions", []))})
    return refs


def heldout_files() -> list[str]:
    return ([os.path.join(ROOT, "model", "heldout.jsonl")]
            + sorted(glob.glob(os.path.join(ROOT, "corpora", "examples", "heldout*.jsonl")))
            + sorted(glob.glob(os.path.join(ROOT, "corpora", "heldout", "*.jsonl"))))


def load_references(include_heldout: bool = True) -> list[dict]:
    """Bench tasks (request + every solution), plus held-out requests that must stay unseen."""
    refs = load_tasks()
    if include_heldout:
        for path in heldout_files():
            if not os.path.exists(path):
                continue
            rel = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f):
                    if line.strip():
                        h = json.loads(line)
                        if not h.get("request"):
                            continue
                        cmds = list(h.get("commands") or ([h["command"]] if h.get("command") else []))
                        refs.append({"id": f"{rel}:{n + 1}", "request": h["request"], "commands": cmds})
    return refs
