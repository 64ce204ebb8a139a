"""tldr placeholders are filled by kind and descriptions become requests without tldr's
markup; compositions keep the piece they were built from.

    /usr/bin/python3 -m unittest discover -s model -p 'test_tldr_pairs.py'
"""
from __future__ import annotations

import os
import random
import re
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from compositions import output_pipes, over_files  # noqa: E402
from tldr_pairs import Filler, _checkouts, clean_description, draw, usable  # noqa: E402
from vocab import Vocab  # noqa: E402


class Checkouts(unittest.TestCase):
    def test_a_worktree_also_names_the_main_checkout(self):
        with tempfile.TemporaryDirectory() as d:
            gitdir = os.path.join(d, "main", ".git", "worktrees", "w")
            os.makedirs(gitdir)
            os.makedirs(os.path.join(d, "wt", "w"))
            with open(os.path.join(gitdir, "commondir"), "w") as f:
                f.write("../..\n")
            with open(os.path.join(d, "wt", "w", ".git"), "w") as f:
                f.write(f"gitdir: {gitdir}\n")
            self.assertEqual(_checkouts(os.path.join(d, "wt", "w")), [os.path.join(d, "wt", "w"), os.path.join(d, "main")])
            # A plain checkout (.git a folder) is itself only.
            self.assertEqual(_checkouts(os.path.join(d, "main")), [os.path.join(d, "main")])


class Fill(unittest.TestCase):
    def setUp(self):
        self.f = Filler(random.Random(3))

    def test_a_path_keeps_its_extension(self):
        for _ in range(200):
            val, said = self.f.one("path/to/image.png")
            self.assertTrue(val.endswith(".png"), val)
            self.assertEqual(val, said)

    def test_option_alternatives_give_one_spelling_mostly_short(self):
        got = [self.f.one("[-r|--recursive]")[0] for _ in range(400)]
        self.assertEqual(set(got), {"-r", "--recursive"})
        self.assertGreater(got.count("-r"), 250)
        self.assertIsNone(self.f.one("[-r|--recursive]")[1])  # a flag is not a value the request names

    def test_literal_alternatives_stay_literal_and_kinds_get_values(self):
        self.assertIn(self.f.one("setaf|setab")[0], ("setaf", "setab"))
        for _ in range(50):
            val = self.f.one("username|uid")[0]
            self.assertNotIn(val, ("username", "uid"))

    def test_lists_have_one_to_three_items(self):
        for _ in range(100):
            n = len(self.f.one("path/to/file1.txt path/to/file2.txt ...")[0].split())
            self.assertTrue(1 <= n <= 3)

    def test_numbers_and_ports_are_numbers(self):
        for ph in ("100", "port", "pid", "priority"):
            self.assertTrue(self.f.one(ph)[0].isdigit(), ph)


class Requests(unittest.TestCase):
    def test_mnemonic_brackets_and_backticks_are_stripped(self):
        self.assertEqual(clean_description("E[x]tract an archive with `tar`"), "Extract an archive with tar")
        self.assertEqual(clean_description("List [a]ll files:"), "List all files")

    def test_the_request_names_every_value_the_command_takes(self):
        ex = {"id": "common/x#1", "page": "gzip", "description": "Compress a file", "command": "gzip {{[-k|--keep]}} {{path/to/file.log}}"}
        r = random.Random(5)
        for _ in range(100):
            p = draw(r, Filler(r), ex, rephrase=False)
            name = p["command"].split()[-1]
            self.assertTrue(name.endswith(".log"))
            self.assertIn(name, p["request"])

    def test_pointers_and_key_bindings_are_not_used(self):
        self.assertFalse(usable({"description": "View documentation for the original command", "command": "tldr vim"}))
        self.assertFalse(usable({"description": "Exit the program", "command": "<Ctrl> + c"}))
        self.assertTrue(usable({"description": "List files", "command": "ls -l"}))


class Compositions(unittest.TestCase):
    def test_pieces_are_kept_verbatim(self):
        r = random.Random(9)
        v = Vocab(r)
        for _ in range(100):
            req, cmd = output_pipes(r, v, "List the users", "who -a")
            self.assertIn("who -a", cmd)
            req, cmd = over_files(r, v, "Compress a file", lambda w: f"gzip -k {w}".rstrip(), "log", True)
            self.assertTrue(re.search(r"gzip -k", cmd), cmd)
            self.assertTrue(".log" in req or "most recently" in req or "listed in" in req, req)


if __name__ == "__main__":
    unittest.main()
