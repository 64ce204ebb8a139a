"""Compositions the intent templates lack, built from tldr examples whose meaning is known.

- An example that prints something (its description starts with List/Show/Print/...) feeds
  `sort`, `head`, `tail`, `wc -l`, `grep`, `uniq -c`, a redirection (`>`, `>>`, `2>/dev/null`,
  `2>&1 | tee`) or `$(...)` inside echo; the request says what the added piece does.
- An example that acts on one file runs over many: `for f in *.ext; do ...; done`,
  `find DIR -name '*.ext' -exec ... {} \\;`, `find ... -print0 | xargs -0 ...` (when it takes
  a list of files), `while read -r f; do ...; done < LIST`, and `$(ls -t | head -n 1)` for the
  newest file.

The pieces are tldr's (CC-BY 4.0, see tldr_pairs.py); the filled example keeps its values,
and the request names them. Filtered like the tldr pairs (tldr_pairs.filter_pairs).
"""
from __future__ import annotations

import random
import re

from phrasing import vary
from tldr_pairs import PLACEHOLDER, Filler, clean_description, draw, load_examples, usable
from vocab import Vocab

PRINTS = re.compile(r"^(list|show|display|print|get|search|find|output|view|query|read|dump|check|count|describe|fetch|inspect)\b", re.I)
SIMPLE = re.compile(r"[|;&<>`]|\$\(")
FILE_PH = re.compile(r"^path/to/(file|input|input_file|source_file|image|document|archive)[\w]*(\.\w+)?$")
LIST_PH = re.compile(r"^path/to/file1(\.\w+)? path/to/file2(\.\w+)? \.\.\.$")
GENERIC_EXTS = ["txt", "log", "csv", "md", "json"]


def lower_first(s: str) -> str:
    return s[:1].lower() + s[1:] if s[:2] != "I " else s


def output_pipes(r: random.Random, v: Vocab, req: str, cmd: str) -> tuple[str, str]:
    n = r.choice([3, 5, 10, 20, r.randint(2, 50)])
    w = v.word()
    out = v.file(r.choice(["txt", "log", "out"]))
    rl = lower_first(req)
    options = [
        (f"{req}, sorted", f"{cmd} | sort"),
        (f"{req} and sort the output", f"{cmd} | sort"),
        (f"{req}, in reverse sorted order", f"{cmd} | sort -r"),
        (f"{req}, only the first {n} lines", f"{cmd} | head -n {n}"),
        (f"{req} and show just the first {n} lines of output", f"{cmd} | head -n {n}"),
        (f"{req}, only the last {n} lines", f"{cmd} | tail -n {n}"),
        (f"Count the lines of output when you {rl}", f"{cmd} | wc -l"),
        (f"{req}, and count how many lines that prints", f"{cmd} | wc -l"),
        (f"{req}, keeping only lines that contain {w}", f"{cmd} | grep {w}"),
        (f"{req}, only lines mentioning {w} (any case)", f"{cmd} | grep -i {w}"),
        (f"{req}, and count how often each line occurs, most frequent first", f"{cmd} | sort | uniq -c | sort -rn"),
        (f"{req}, without duplicate lines", f"{cmd} | sort -u"),
        (f"{req} and save the output to {out}", f"{cmd} > {out}"),
        (f"{req}, writing the result into {out}", f"{cmd} > {out}"),
        (f"{req} and append the output to {out}", f"{cmd} >> {out}"),
        (f"{req}, hiding error messages", f"{cmd} 2>/dev/null"),
        (f"{req}, saving all output including errors to {out} while still showing it", f"{cmd} 2>&1 | tee {out}"),
        (f"{req}, errors included, into {out}", f"{cmd} > {out} 2>&1"),
        (f"Print 'Result:' followed by the output when you {rl}", f'echo "Result: $({cmd})"'),
        (f"Print how many lines the output has when you {rl}, as 'Lines: N'", f'echo "Lines: $({cmd} | wc -l)"'),
    ]
    return r.choice(options)


def over_files(r: random.Random, v: Vocab, desc: str, cmd_with: callable, ext: str, is_list: bool) -> tuple[str, str]:
    d = v.dir()
    lst = v.file("txt")
    dl = lower_first(desc)
    options = [
        (f"For every .{ext} file in the current directory, {dl}", f'for f in *.{ext}; do {cmd_with(chr(34) + "$f" + chr(34))}; done'),
        (f"{desc} for each .{ext} file here", f'for f in *.{ext}; do {cmd_with(chr(34) + "$f" + chr(34))}; done'),
        (f"{desc} for every .{ext} file under {d}", f"find {d} -name '*.{ext}' -exec {cmd_with('{}')} \\;"),
        (f"Find all .{ext} files in {d} and {dl} for each one", f"find {d} -type f -name '*.{ext}' -exec {cmd_with('{}')} \\;"),
        (f"For each file listed in {lst}, {dl}", f'while read -r f; do {cmd_with(chr(34) + "$f" + chr(34))}; done < {lst}'),
        (f"{desc} for the most recently modified file in the current directory", cmd_with('"$(ls -t | head -n 1)"')),
    ]
    if is_list:
        options += [(f"{desc} for all .{ext} files under {d}", f"find {d} -name '*.{ext}' -print0 | xargs -0 {cmd_with('')}".rstrip()),
                    (f"{desc}: every .{ext} file below {d}", f"find {d} -type f -name '*.{ext}' | xargs {cmd_with('')}".rstrip())]
    return r.choice(options)


def composition_pairs(seed: int, per_example: int = 5) -> list[dict]:
    r = random.Random(seed + 17)
    f = Filler(r)
    v = Vocab(r)
    out: list[dict] = []
    for ex in load_examples():
        if not usable(ex) or SIMPLE.search(ex["command"]):
            continue
        phs = PLACEHOLDER.findall(ex["command"])
        files = [p for p in phs if FILE_PH.match(p) or LIST_PH.match(p)]
        for _ in range(per_example):
            if len(set(files)) == 1:
                ph = files[0]
                m = re.search(r"\.(\w+)$", ph.split(" ")[0])
                ext = m.group(1) if m else r.choice(GENERIC_EXTS)
                mark = "@@FILE@@"
                p = draw(r, f, ex, fixed={ph: mark}, rephrase=False)
                if p is None or p["command"].count(mark) != 1:
                    break
                base = p["command"]
                req, cmd = over_files(r, v, p["request"], lambda w, b=base: b.replace(mark, w).replace("  ", " ").rstrip(),
                                      ext, bool(LIST_PH.match(ph)))
            elif PRINTS.match(clean_description(ex["description"])):
                p = draw(r, f, ex, rephrase=False)
                if p is None:
                    break
                req, cmd = output_pipes(r, v, p["request"], p["command"])
            else:
                break
            req, cmd = vary(r, req, cmd)
            out.append({"request": req, "command": cmd, "family": "compose:" + ex["page"], "source": "compose", "id": ex["id"]})
    return out


if __name__ == "__main__":
    import json
    from tldr_pairs import filter_pairs
    pairs = composition_pairs(1234)
    stats: dict = {"drawn": len(pairs)}
    kept = filter_pairs(pairs, stats)
    stats["kept"] = len(kept)
    print(json.dumps(stats))
    for p in random.Random(0).sample(kept, min(25, len(kept))):
        print(json.dumps(p, ensure_ascii=False))
