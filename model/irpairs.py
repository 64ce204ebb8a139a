"""Pairs drawn from the captured help corpus: each documented option, paraphrased from
its own description, applied to fresh file names and values.

Reads corpora/help/*/ir.json (the golden IR) when present; returns [] otherwise.
"""
from __future__ import annotations

import glob
import json
import os
import random
import re

from decontam import ROOT
from intents import q
from vocab import Vocab

PER_OPTION = 3


SKIP_DESC = re.compile(r"\b(help|version|usage)\b|^(any supported|same as|deprecated)", re.I)
# programs with their own expression syntax, or duplicates of a GNU program
SKIP_PROGRAM = re.compile(r"^(busybox|find$|tar$|dd$)")


def _desc(d: str) -> str | None:
    d = re.sub(r"\s+", " ", d).strip().rstrip(".;")
    if not d or len(d) > 90 or len(d) < 6 or SKIP_DESC.search(d):
        return None
    return d[0].lower() + d[1:]


def _value(v: Vocab, t: dict, metavar: str | None) -> tuple[str, str] | None:
    """A value for an option and how the request names it."""
    kind = t.get("kind")
    label = (metavar or kind or "value").strip("<>[]").lower()
    if kind == "integer" or kind == "number":
        n = v.num(1, 100)
        return str(n), f"{label} {n}"
    if kind == "enum" and t.get("choices"):
        c = v.r.choice(t["choices"])
        return c, f"{label} {c}"
    if kind == "path":
        f = v.file()
        return f, f"{label} {f}"
    if kind == "size":
        n = f"{v.num(1, 64)}{v.r.choice(['K', 'M'])}"
        return n, f"{label} {n}"
    if kind == "word":
        w = v.word()
        return w, f"{label} {w}"
    return None


def ir_pairs(seed: int) -> list[dict]:
    r = random.Random(seed + 7)
    v = Vocab(r)
    out: list[dict] = []
    for path in sorted(glob.glob(os.path.join(ROOT, "corpora", "help", "*", "ir.json"))):
        try:
            with open(path, encoding="utf-8") as f:
                spec = json.load(f)
        except (OSError, ValueError):
            continue
        prog = " ".join(spec.get("path") or [])
        if not prog or spec.get("subcommands") or SKIP_PROGRAM.match(prog):
            continue
        takes_file = any((p.get("type") or {}).get("kind") == "path" for p in spec.get("positionals", []))
        for o in spec.get("options", []):
            desc = _desc(o.get("description", ""))
            if not desc:
                continue
            for _ in range(PER_OPTION):
                flags = [f"-{s}" for s in o.get("short", [])] + [f"--{l}" for l in o.get("long", [])] + [f"-{d}" for d in o.get("dashLong") or []]
                if not flags:
                    break
                flag = flags[0] if r.random() < 0.6 else r.choice(flags)
                words = [prog, flag]
                said = ""
                if o.get("arity") == "required" and o.get("value"):
                    val = _value(v, o["value"].get("type", {}), o["value"].get("metavar"))
                    if val is None:
                        break
                    if flag.startswith("--") and r.random() < 0.5:
                        words[-1] = f"{flag}={q(val[0])}"
                    else:
                        words.append(q(val[0]))
                    said = f" with {val[1]}"
                target = ""
                if takes_file:
                    f = v.file()
                    words.append(q(f))
                    target = f" on {f}"
                req = r.choice([
                    f"{prog}{target}: {desc}{said}",
                    f"Use {prog}{target}, option: {desc}{said}",
                    f"With {prog}{target}, {desc}{said}",
                ])
                out.append({"request": req, "command": " ".join(words), "family": "ir:" + prog, "source": "ir"})
    return out
