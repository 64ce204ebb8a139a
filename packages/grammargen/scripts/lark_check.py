"""Loads Lark grammars in Python Lark (Earley) and parses inputs with them.

Reads a JSON list of {"grammar": str, "inputs": [str]} on stdin and writes a JSON list of
{"loaded": bool, "error"?: str, "accepted": [bool]} on stdout. One process serves many
grammars, which keeps the cross-check fast.
"""
import json
import sys

from lark import Lark
from lark.exceptions import LarkError


def main() -> None:
    jobs = json.load(sys.stdin)
    out = []
    for job in jobs:
        try:
            parser = Lark(job["grammar"], parser="earley", lexer="dynamic", start="start")
        except Exception as e:  # a grammar Lark refuses is a result, not a crash
            out.append({"loaded": False, "error": f"{type(e).__name__}: {e}"[:500], "accepted": []})
            continue
        accepted = []
        for text in job.get("inputs", []):
            try:
                parser.parse(text)
                accepted.append(True)
            except LarkError:
                accepted.append(False)
        out.append({"loaded": True, "accepted": accepted})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
