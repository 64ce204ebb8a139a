"""Hand-made pairs for structural.py: near-duplicates are caught, real differences kept.

    /usr/bin/python3 -m unittest discover -s model -p 'test_structural.py'
"""
from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from structural import Checker, command_pattern, mask_request, programs_of  # noqa: E402

REF = {"id": "t-count", "request": "How many lines are in notes.txt?", "commands": ["wc -l < notes.txt"]}
REF2 = {"id": "t-biggest", "request": "Show the 5 largest files under logs, biggest first",
        "commands": ["du -a logs | sort -rn | head -n 5"]}
REF3 = {"id": "t-grep", "request": "Print the lines of app.log that contain 'timeout'",
        "commands": ["grep 'timeout' app.log", "grep -F timeout app.log"]}


class MaskRequest(unittest.TestCase):
    def test_slots_and_framing_masked(self):
        self.assertEqual(mask_request("Please, can you show me what's in /var/log/app.log?"), ["what's", "in", "F"])
        self.assertEqual(mask_request("Count the words in \"my file.txt\""), ["count", "words", "in", "Q"])
        self.assertEqual(mask_request("Print the first 10 lines of a.txt"), ["print", "first", "N", "lines", "of", "F"])
        self.assertEqual(mask_request("I want to delete the three oldest files in logs/"),
                         ["delete", "N", "oldest", "files", "in", "F"])

    def test_words_that_carry_meaning_stay(self):
        self.assertNotEqual(mask_request("count the lines in a.txt"), mask_request("count the words in a.txt"))
        self.assertNotEqual(mask_request("show the first 3 lines of a"), mask_request("show the last 3 lines of a"))


class CommandPattern(unittest.TestCase):
    def cases(self, pairs):
        for cmd, want in pairs:
            with self.subTest(cmd=cmd):
                self.assertEqual(command_pattern(cmd), want)

    def test_values_masked_flags_kept(self):
        self.cases([
            ("wc -l notes.txt", "wc -l"),
            ("wc -l < notes.txt", "wc -l <"),
            ("grep -rn --include='*.py' TODO src", "grep --include=V -n -r"),
            ("grep -nr TODO src", "grep -n -r"),              # bundled short flags split and sorted
            ("head -n5 a", "head -n"),
            ("head -5 a", "head -N"),
            ("comm -13 a b", "comm -1 -3"),
            ("sort -k2,2nr -t, f", "sort -k -t"),
            ("cut -d' ' -f1 access.log", "cut -d -f"),
            ("awk '{print $2}' x.txt", "awk"),
        ])

    def test_constructs(self):
        self.cases([
            ("cat a | sort | uniq -c > out.txt", "cat | sort | uniq -c >"),
            ("mkdir -p d && cp a d/", "mkdir -p && cp"),
            ("test -f a || touch a", "test -f || touch"),
            ("for f in *.txt; do mv \"$f\" \"$f.bak\"; done", "for in ; do mv ; done"),
            ("while read -r l; do echo \"$l\"; done < f", "while read -r ; do echo ; done <"),
            ("tar czf backup-$(date +%F).tgz docs", "tar $( date )"),
            ("comm -13 <(sort a) <(sort b)", "comm -1 -3 <( sort ) <( sort )"),
            ("cat <<EOF > x.txt\nhello\nEOF", "cat << >"),
            ("find . -name '*.log' -mtime +7 -exec rm {} \\;", "find -exec { rm } -mtime -name"),
            ("find . -type f -print0 | xargs -0 rm -f", "find -print0 -type | xargs -0 rm -f"),
            ("sleep 1 & wait", "sleep & wait"),
            ("ls 2>&1 | wc -l", "ls 2>&1 | wc -l"),
        ])

    def test_programs(self):
        self.assertEqual(programs_of("find . -print0 | xargs -0 rm -f"), ["find", "xargs", "rm"])
        self.assertEqual(programs_of("x=$(wc -l < a); echo $x"), ["wc", "echo"])
        self.assertEqual(programs_of("timeout 5 ls -l"), ["timeout", "ls"])


class NearDuplicateRule(unittest.TestCase):
    def setUp(self):
        self.c = Checker([REF, REF2, REF3])

    def caught(self, req, cmd):
        self.assertIsNotNone(self.c.why(req, cmd), f"{req!r} / {cmd!r} should be a near-duplicate")

    def kept(self, req, cmd):
        self.assertIsNone(self.c.why(req, cmd), f"{req!r} / {cmd!r} should be kept")

    def test_near_duplicates_caught(self):
        # same request with other names, numbers, case, politeness
        self.caught("how many lines are in report.txt", "cat report.txt")
        self.caught("Please tell me how many lines are in /srv/data/x.csv?", "wc -l /srv/data/x.csv")
        self.caught("Show the 10 largest files under src, biggest first", "ls -S src | head")
        self.caught("Print the lines of error.log that contain \"denied\"", "grep denied error.log")
        # same pattern, request reworded but still close
        self.caught("Show the 3 largest files in build, biggest first please", "du -a build | sort -rn | head -n 3")
        self.caught("lines in app.log that contain 'x'", "grep 'x' app.log")
        # verbatim solution, whatever the request
        self.caught("do something unrelated", "wc -l < notes.txt")

    def test_real_differences_kept(self):
        # same pattern alone is no contamination: the model must learn wc -l FILE
        self.kept("Tell me the line count of draft.md", "wc -l < draft.md")
        self.kept("Count the words in essay.txt", "wc -w < essay.txt")
        self.kept("How many words are in notes.txt?", "wc -w < notes.txt")
        self.kept("Show the first 5 lines of app.log", "head -n 5 app.log")
        self.kept("Find lines without 'timeout' in app.log", "grep -v timeout app.log")
        self.kept("Delete empty directories under logs", "find logs -type d -empty -delete")


if __name__ == "__main__":
    unittest.main()
