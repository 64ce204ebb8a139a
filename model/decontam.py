"""Decontamination: keep training pairs away from the bench tasks and held-out requests.

A pair is too close to a reference when its request or command matches exactly (after
normalising case, spaces and end punctuation) or when the Jaccard similarity of word
sets is >= THRESHOLD on the request or on the command. Candidates come from a prefix
filter over rarity-ordered words, so the check stays fast for 100k+ pairs.
"""
from __future__ import annotations

import glob
import json
import math
import os
import re
from collections import defaultdict

THRESHOLD = 0.6
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def norm_request(s: str) -> str:
    return re.sub(r"\s+", " ", s.strip().lower()).rstrip("?.! ")


def request_words(s: str) -> frozenset[str]:
    return frozenset(w.strip("?.,!;:\"'`()") for w in s.lower().split() if w.strip("?.,!;:\"'`()"))


def command_words(s: str) -> frozenset[str]:
    return frozenset(s.split())


class Index:
    """Jaccard >= t lookup over a fixed set of reference word sets (prefix filtering)."""

    def __init__(self, sets: list[frozenset[str]], labels: list[str], t: float = THRESHOLD):
        self.t, self.sets, self.labels = t, sets, labels
        df: dict[str, int] = defaultdict(int)
        for s in sets:
            for w in s:
                df[w] += 1
        self.df = df
        self.post: dict[str, list[int]] = defaultdict(list)
        for i, s in enumerate(sets):
            for w in self._prefix(s):
                self.post[w].append(i)

    def _prefix(self, s: frozenset[str]) -> list[str]:
        order = sorted(s, key=lambda w: (self.df.get(w, 0), w))
        k = len(s) - math.ceil(self.t * len(s)) + 1
        return order[:max(k, 0)]

    def close(self, s: frozenset[str]) -> tuple[float, str] | None:
        if not s:
            return None
        seen: set[int] = set()
        for w in self._prefix(s):
            for i in self.post.get(w, ()):
                if i in seen:
                    continue
                seen.add(i)
                r = self.sets[i]
                inter = len(s & r)
                j = inter / (len(s) + len(r) - inter)
                if j >= self.t:
                    return j, self.labels[i]
        return None


def load_references(include_heldout: bool = True) -> list[dict]:
    """Bench tasks (request + every solution), plus held-out requests that must stay unseen."""
    refs: list[dict] = []
    for path in sorted(glob.glob(os.path.join(ROOT, "corpora", "tasks", "tier*.json"))):
        with open(path, encoding="utf-8") as f:
            for t in json.load(f):
                refs.append({"id": t["id"], "request": t["request"], "commands": list(t.get("solutions", []))})
    if include_heldout:
        for path in (os.path.join(ROOT, "model", "heldout.jsonl"), os.path.join(ROOT, "corpora", "examples", "heldout.jsonl")):
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f):
                    if line.strip():
                        h = json.loads(line)
                        cmds = list(h.get("commands") or ([h["command"]] if h.get("command") else []))
                        refs.append({"id": f"{os.path.basename(path)}:{n + 1}", "request": h["request"], "commands": cmds})
    return refs


class Checker:
    def __init__(self, refs: list[dict]):
        self.exact_req = {norm_request(r["request"]): r["id"] for r in refs}
        self.exact_cmd = {c.strip(): r["id"] for r in refs for c in r["commands"]}
        self.req = Index([request_words(r["request"]) for r in refs], [r["id"] for r in refs])
        cmds = [(command_words(c), r["id"]) for r in refs for c in r["commands"]]
        self.cmd = Index([c for c, _ in cmds], [i for _, i in cmds])

    def why(self, request: str, command: str) -> str | None:
        """None when the pair is far enough from every reference, else the reason."""
        rid = self.exact_req.get(norm_request(request))
        if rid:
            return f"request equals {rid}"
        rid = self.exact_cmd.get(command.strip())
        if rid:
            return f"command equals {rid}"
        hit = self.req.close(request_words(request))
        if hit:
            return f"request Jaccard {hit[0]:.2f} with {hit[1]}"
        hit = self.cmd.close(command_words(command))
        if hit:
            return f"command Jaccard {hit[0]:.2f} with {hit[1]}"
        return None
