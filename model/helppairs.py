"""Pairs from the help text of every program on the machine, not only the reviewed corpus.

Input: the IRs that model/help_irs.mjs writes for a directory of captured help texts
(scripts/capture-path-help.sh DIR), plus corpora/help/*/ir.json (the reviewed IRs win).
Each documented option appears in one command with 0-2 other options of the same program,
values of the option's type, and a file when the program takes one. The request joins the
program's purpose (its tldr summary, else the first sentence of its help) with the option
descriptions, so the model sees which words select which flag. Commands are filtered like
tldr's (tldr_pairs.filter_pairs).
"""
from __future__ import annotations

import glob
import json
import os
import random
import re

from decontam import ROOT
from intents import q
from irpairs import SKIP_DESC, SKIP_PROGRAM, _value
from phrasing import vary
from tldr_pairs import TLDR
from vocab import Vocab

NAME_OK = re.compile(r"^[a-z][a-z0-9+_.-]*$")
NAME_SKIP = re.compile(r"-linux-gnu-|-\d+(\.\d+)?$|^(x86_64|i686|aarch64)|^(gcc|g\+\+|cpp|c\+\+|cc|c89|c99|ld|llvm)|^git-|^dpkg-|^apt-|^update-|^(opt|llc|lli|bugpoint)$|^rst2")
MAX_OPTIONS = 30  # per program: LLVM-style tools document thousands of internal switches
BAD_PURPOSE = re.compile(r"unknown|invalid|error|usage|option|^at least|^what ", re.I)


def short_desc(d: str) -> str | None:
    d = re.sub(r"\s+", " ", d).strip()
    d = re.split(r"; | \(|\. ", d)[0].rstrip(".;:,")
    if not d or len(d) > 80 or len(d) < 6 or SKIP_DESC.search(d) or not re.match(r"[A-Za-z]", d):
        return None
    return d[0].lower() + d[1:]


def tldr_summaries() -> dict[str, str]:
    out: dict[str, str] = {}
    if not os.path.exists(TLDR):
        return out
    with open(TLDR, encoding="utf-8") as f:
        for line in f:
            e = json.loads(line)
            if e["page"] not in out and e.get("summary"):
                s = re.split(r"(?<=\.) ", e["summary"].replace("`", ""))[0].rstrip(".")
                out[e["page"]] = s
    return out


def load_specs(helpirs: str | None) -> dict[str, dict]:
    specs: dict[str, dict] = {}
    if helpirs and os.path.exists(helpirs):
        with open(helpirs, encoding="utf-8") as f:
            for name, v in json.load(f).items():
                specs[name] = {"spec": v["spec"], "purpose": v.get("purpose", "")}
    for path in sorted(glob.glob(os.path.join(ROOT, "corpora", "help", "*", "ir.json"))):
        with open(path, encoding="utf-8") as f:
            spec = json.load(f)
        name = " ".join(spec.get("path") or [])
        specs[name] = {"spec": spec, "purpose": specs.get(name, {}).get("purpose", "")}
    return specs


def flag_words(r: random.Random, v: Vocab, o: dict) -> tuple[list[str], str] | None:
    flags = [f"-{s}" for s in o.get("short", [])] + [f"--{l}" for l in o.get("long", [])] + [f"-{d}" for d in o.get("dashLong") or []]
    if not flags:
        return None
    flag = flags[0] if r.random() < 0.6 else r.choice(flags)
    if o.get("arity") == "required" and o.get("value"):
        val = _value(v, o["value"].get("type", {}), o["value"].get("metavar"))
        if val is None:
            return None
        if flag.startswith("--") and r.random() < 0.5:
            return [f"{flag}={q(val[0])}"], val[1]
        return [flag, q(val[0])], val[1]
    if o.get("arity") == "optional":
        return None
    return [flag], ""


def help_pairs(seed: int, helpirs: str | None) -> list[dict]:
    r = random.Random(seed + 13)
    v = Vocab(r)
    summaries = tldr_summaries()
    out: list[dict] = []
    for prog, entry in sorted(load_specs(helpirs).items()):
        spec = entry["spec"]
        if not NAME_OK.match(prog) or NAME_SKIP.search(prog) or SKIP_PROGRAM.match(prog) or spec.get("subcommands"):
            continue
        purpose = summaries.get(prog) or entry["purpose"]
        if purpose and (BAD_PURPOSE.search(purpose) or len(purpose) > 90):
            purpose = ""
        opts = [(o, d) for o in spec.get("options", []) if (d := short_desc(o.get("description", "")))]
        if not opts:
            continue
        if len(opts) > MAX_OPTIONS:
            opts = r.sample(opts, MAX_OPTIONS)
        takes_file = any((p.get("type") or {}).get("kind") == "path" for p in spec.get("positionals", []))
        for o, d in opts:
            others = [x for x in opts if x[0] is not o]
            chosen = [(o, d)] + r.sample(others, min(len(others), r.choice([0, 1, 1, 2])))
            r.shuffle(chosen)
            words, said = [prog], []
            for oo, dd in chosen:
                fw = flag_words(r, v, oo)
                if fw is None:
                    continue
                words += fw[0]
                said.append(dd + (f" ({fw[1]})" if fw[1] else ""))
            if not said:
                continue
            target = ""
            if takes_file:
                f = v.file() if r.random() < 0.8 else v.dir()
                words.append(q(f))
                target = f
            descs = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
            forms = [f"{prog}{' ' + target if target else ''}: {descs}",
                     f"Use {prog}{' on ' + target if target else ''} to {descs}",
                     f"With {prog}, {descs}{' for ' + target if target else ''}"]
            if purpose:
                p = purpose[0].lower() + purpose[1:]
                forms += [f"{purpose}{' - ' + target if target else ''}; {descs}",
                          f"I want to {p}{' (' + target + ')' if target else ''} and {descs}"] * 2
            req = r.choice(forms)
            req, cmd = vary(r, req, " ".join(words))
            out.append({"request": req, "command": cmd, "family": "help:" + prog, "source": "help"})
    return out


if __name__ == "__main__":
    import sys
    from tldr_pairs import filter_pairs
    pairs = help_pairs(1234, sys.argv[1] if len(sys.argv) > 1 else None)
    stats: dict = {"drawn": len(pairs)}
    kept = filter_pairs(pairs, stats)
    stats["kept"] = len(kept)
    stats["programs"] = len({p["family"] for p in kept})
    print(json.dumps(stats))
    for p in random.Random(0).sample(kept, min(20, len(kept))):
        print(json.dumps(p, ensure_ascii=False))
