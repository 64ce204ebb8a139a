"""The phrasing generator may reword a request but never lose or change a slot: every
name and number the command uses and the request stated is still in the request.

    /usr/bin/python3 -m unittest discover -s model -p 'test_phrasing.py'
"""
from __future__ import annotations

import os
import random
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from intents import INTENTS, Ctx  # noqa: E402
from phrasing import _absolute, _reorder, _terse, _typo, vary  # noqa: E402


def slots(req: str, cmd: str) -> set[str]:
    """Names and numbers that appear in both (the things the model must copy)."""
    words = set(re.findall(r"[\w./~-]*\w", req))
    return {w for w in words if (any(c.isdigit() for c in w) or "." in w) and w in cmd}


class Phrasing(unittest.TestCase):
    def test_slots_survive_on_template_pairs(self):
        r = random.Random(8)
        c = Ctx(r)
        for _ in range(3000):
            _, _, fn = r.choice(INTENTS)
            req, cmd = fn(c)
            before = slots(req, cmd)
            req2, cmd2 = vary(r, req, cmd)
            for s in before:
                # the path transform may give a name a directory, in both request and command
                self.assertTrue(s in req2 and s in cmd2, f"slot {s!r} lost: {req!r} -> {req2!r} / {cmd2!r}")

    def test_absolute_paths_change_both_sides(self):
        r = random.Random(1)
        req, cmd = _absolute(r, "Count the lines of app.log", "wc -l app.log")
        self.assertRegex(req, r"\S+/app\.log")
        path = re.search(r"(\S+/app\.log)", req).group(1)
        self.assertEqual(cmd, f"wc -l {path}")

    def test_styles(self):
        self.assertEqual(_terse("Please show the first 3 lines of a.txt."), "show first 3 lines of a.txt")
        out = _reorder(random.Random(0), "Count the lines in notes.txt")
        self.assertIn("notes.txt", out)
        self.assertNotEqual(out, "Count the lines in notes.txt")
        # a question keeps its order: reordering it would break the sentence
        self.assertEqual(_reorder(random.Random(0), "How many lines are in notes.txt"), "How many lines are in notes.txt")

    def test_typos_spare_words_the_command_uses(self):
        r = random.Random(3)
        for _ in range(200):
            out = _typo(r, "Search for timeout inside server.log", "grep timeout server.log")
            self.assertIn("timeout", out)
            self.assertIn("server.log", out)


if __name__ == "__main__":
    unittest.main()
