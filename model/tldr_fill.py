"""Every usable tldr common/Linux example (CC-BY 4.0, see ../shared/data/tldr/README.md) with
its placeholders filled once, as model/tldr_pairs.py fills them for training, but unfiltered
and without rephrasing: one JSON line per example, {"id", "page", "command"}. It feeds
`npm run report:tldr` without a DIR, which checks each command against the pack's grammar.

Usage: /usr/bin/python3 model/tldr_fill.py [--seed N] > filled.jsonl
"""
from __future__ import annotations

import argparse
import json
import random
import sys

from tldr_pairs import TLDR, Filler, draw, load_examples, usable


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()
    examples = load_examples()
    if not examples:
        sys.exit(f"tldr_fill: no tldr examples at {TLDR} (set SHELLGEN_TLDR)")
    r = random.Random(args.seed)
    f = Filler(r)
    for ex in examples:
        if not usable(ex):
            continue
        p = draw(r, f, ex, rephrase=False)
        if p is not None:
            sys.stdout.write(json.dumps({"id": ex["id"], "page": ex["page"], "command": p["command"]}) + "\n")


if __name__ == "__main__":
    main()
