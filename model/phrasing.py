"""A generic phrasing generator: rewrites a (request, command) pair into the many ways
people type requests, without changing what the command must do.

Transforms, each drawn at random (see vary()):
- synonyms for verbs, nouns and prepositions (never for a word the command uses);
- absolute and relative paths: a file name in both request and command gets a directory
  (/workspace/logs/app.log, ~/notes/x.md, ./build/out.txt) in both;
- word order: "count the lines in F" -> "In F, count the lines" / "F: count the lines";
- framing and context: politeness, "what's the command to ...", leading or trailing
  sentences that carry no slot ("I'm on Ubuntu.");
- terse NL-to-bash style: lower case, no articles, no framing, no end punctuation;
- typos in words the command does not use (swap, drop, double, near key).

Slots (names, numbers, quoted text) are never touched except by the path transform,
which changes request and command together, so copying stays the way to get them right.
"""
from __future__ import annotations

import random
import re

SYNONYMS: dict[str, list[str]] = {
    "show": ["display", "print", "list", "output", "give me", "let me see", "dump"],
    "display": ["show", "print", "output"],
    "print": ["show", "display", "output", "write out"],
    "list": ["show", "display", "enumerate"],
    "count": ["tally", "work out the number of"],
    "lines": ["rows", "lines"],
    "directory": ["folder", "dir"],
    "folder": ["directory", "dir"],
    "delete": ["remove", "erase", "get rid of", "wipe"],
    "remove": ["delete", "erase", "get rid of"],
    "create": ["make", "set up"],
    "copy": ["duplicate", "make a copy of"],
    "find": ["locate", "look for", "search for", "track down"],
    "search": ["look", "hunt"],
    "first": ["top", "opening", "initial", "leading"],
    "last": ["final", "bottom", "trailing", "closing"],
    "largest": ["biggest", "heaviest"],
    "biggest": ["largest"],
    "smallest": ["tiniest", "lightest"],
    "sort": ["order", "arrange"],
    "sorted": ["ordered", "in order"],
    "contain": ["include", "have"],
    "contains": ["includes", "has"],
    "containing": ["that contain", "with", "including"],
    "matching": ["that match", "matching"],
    "modified": ["changed", "edited", "touched", "updated"],
    "changed": ["modified", "edited", "updated"],
    "under": ["below", "beneath", "within", "inside"],
    "inside": ["within", "in"],
    "each": ["every"],
    "every": ["each"],
    "save": ["write", "store", "put"],
    "combine": ["merge", "join together"],
    "merge": ["combine"],
    "replace": ["substitute", "swap"],
    "extract": ["unpack", "pull out"],
    "unique": ["distinct", "different"],
    "duplicate": ["repeated", "doubled"],
    "reverse": ["flip", "invert"],
    "empty": ["blank"],
    "recursively": ["and all its subdirectories", "including subfolders", "recursively"],
    "files": ["files", "documents"],
    "big": ["large", "huge"],
    "large": ["big", "huge"],
    "small": ["little", "tiny"],
    "get": ["fetch", "grab", "obtain"],
    "check": ["verify", "test"],
    "into": ["to", "into"],
    "rename": ["move"],
    "compress": ["pack", "shrink"],
    "lowercase": ["lower case", "small letters"],
    "uppercase": ["upper case", "capital letters", "caps"],
    "words": ["words"],
    "number": ["number", "amount"],
}
# "number" as a verb (number the lines) must stay; only the noun after "the" is swapped
NOUN_ONLY = {"number": re.compile(r"\bthe number\b")}

PREFIXES = ["Please ", "Can you ", "Could you ", "I need to ", "I want to ", "I'd like to ", "Help me ", "How do I ",
            "What's the command to ", "What command will ", "Is there a way to ", "Hey, can you ", "Quickly ",
            "Using the shell, ", "In bash, ", "From the terminal, ", "With one command, ", "Try to ", "Go and "]
LEAD_SENTENCES = ["I'm working in a terminal.", "Quick question.", "I'm on Linux.", "This is for a shell script.",
                  "Need a one-liner.", "I'm new to the command line.", "Working on a server right now.",
                  "Hi!", "OK so.", "Small task for you.", "I'm cleaning things up."]
TAIL_SENTENCES = ["Thanks!", "Thank you.", "Nothing else.", "Keep it simple.", "One command please.",
                  "I'm on Ubuntu.", "Use standard tools.", "It's urgent.", "No need to explain.", "Cheers."]
TAILS = [" please", ", thanks", " for me", " from the shell", " in bash", " with a single command", " asap", " pls"]
DIRS = ["/workspace", "/workspace/logs", "/workspace/data", "/var/log", "/var/log/app", "/home/alice", "/home/bob/projects",
        "/srv/data", "/srv/www", "/tmp", "/opt/app", "/opt/app/config", "/data/exports", "/etc/myapp", "/mnt/backup",
        "~/docs", "~/projects/site", "~/Downloads", "./build", "./out", "../shared", "src/main", "reports/2024", "var/tmp"]
IMPERATIVE = set("show display print list count find delete remove create copy move rename sort make get search extract "
                 "compress save write replace combine merge check change add append give tell split join convert "
                 "calculate compute download upload set run kill stop start open read strip trim number output reverse "
                 "locate look grab fetch join"
                 .split())
QUESTION = set("what which how is are does do where when who can could why".split())
ARTICLES = {"the", "a", "an"}
KEYS = "qwertyuiop asdfghjkl zxcvbnm".split()
_FILEISH = re.compile(r"^[\w][\w.+-]*\.[A-Za-z][A-Za-z0-9]{0,5}$")


def _lower(req: str, cmd: str, first_only: bool = False) -> str:
    """Lower-case words the command does not use: a name or pattern keeps its case."""
    words = req.split(" ")
    for i, w in enumerate(words[:1] if first_only else words):
        core = w.strip(",.;:!?'\"`()")
        if core and core not in cmd:
            words[i] = w.lower() if not first_only else w[:1].lower() + w[1:]
    return " ".join(words)


def _cmd_words(cmd: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9_-]*", cmd)}


def _synonyms(r: random.Random, req: str, cmd: str, p: float) -> str:
    used = _cmd_words(cmd)

    def sub(m: re.Match) -> str:
        w = m.group(0)
        lw = w.lower()
        if lw in used or lw not in SYNONYMS or r.random() >= p:
            return w
        if lw in NOUN_ONLY and not NOUN_ONLY[lw].search(req[max(0, m.start() - 4):m.end()].lower()):
            return w
        s = r.choice(SYNONYMS[lw])
        return s[0].upper() + s[1:] if w[0].isupper() else s
    # whole words only: "search" inside search_log.txt is part of a name
    return re.sub(r"(?<![\w./~-])[A-Za-z]+(?![\w./-])", sub, req)


def _absolute(r: random.Random, req: str, cmd: str) -> tuple[str, str]:
    """Give one file name that both sides use a directory, in both."""
    names = [w for w in set(re.findall(r"[\w.+-]+", req)) if _FILEISH.match(w) and not w[0] == "."]
    r.shuffle(names)
    for f in names:
        pat_req = re.compile(r"(?<![\w./~-])" + re.escape(f) + r"(?![\w/-])")
        pat_cmd = re.compile(r"(?<![\w./~$-])" + re.escape(f) + r"(?![\w/-])")
        if len(pat_req.findall(req)) != 1 or not pat_cmd.search(cmd):
            continue
        # a name that is also a suffix pattern or substituted text would change meaning
        if re.search(r"[%#*]" + re.escape(f), cmd) or "s/" in cmd:
            continue
        d = r.choice(DIRS)
        full = f"{d}/{f}"
        if full.startswith("~"):
            # ~ expands only unquoted at a word start; the command keeps it unquoted
            pass
        return pat_req.sub(full, req), pat_cmd.sub(full, cmd)
    return req, cmd


def _reorder(r: random.Random, req: str) -> str:
    m = re.match(r"^(?P<head>.+?) (?P<prep>in|of|from|inside|within) (?P<f>[\w./~-]+\.[A-Za-z0-9]+)(?P<end>[?.!]?)$", req)
    if not m or len(m.group("head").split()) < 2 or req.split(" ", 1)[0].lower() not in IMPERATIVE:
        return req
    head = m.group("head")
    head = head[0].lower() + head[1:]
    f = m.group("f")
    x = r.random()
    if x < 0.4:
        return f"In {f}, {head}{m.group('end')}"
    if x < 0.7:
        return f"{f}: {head}"
    return f"For {f}, {head}{m.group('end')}"


def _frame(r: random.Random, req: str, cmd: str) -> str:
    first = req.split(" ", 1)[0].lower().strip(",")
    body = _lower(req, cmd, first_only=True) if req[:2] != "I " else req
    x = r.random()
    if first in IMPERATIVE and x < 0.45:
        pre = r.choice(PREFIXES)
        q = pre.rstrip().endswith(("you", "I", "to", "will")) and pre.split()[0] in ("Can", "Could", "How", "What's", "What", "Is", "Hey,")
        out = pre + body.rstrip(".!?")
        return out + ("?" if q and r.random() < 0.7 else "")
    if x < 0.7:
        first_word = req.split(" ", 1)[0].strip(",.;:!?'\"`()")
        return r.choice(LEAD_SENTENCES) + " " + (req if first_word in cmd else req[0].upper() + req[1:])
    if x < 0.85:
        end = req.rstrip(".!?")
        return end + ". " + r.choice(TAIL_SENTENCES)
    return req.rstrip(".!?") + r.choice(TAILS)


def _terse(req: str, cmd: str = "") -> str:
    words = [w for w in req.split() if w.lower() not in ARTICLES]
    s = " ".join(words).rstrip(".!?")
    for lead in ("please ", "can you ", "could you ", "i need to ", "i want to ", "help me ", "how do i "):
        if s.lower().startswith(lead):
            s = s[len(lead):]
    return _lower(s, cmd, first_only=True) if s else s


def _typo(r: random.Random, req: str, cmd: str) -> str:
    used = _cmd_words(cmd) | {w.lower() for w in cmd.split()}
    words = req.split(" ")
    idx = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= 4 and w.lower() not in used]
    if not idx:
        return req
    for i in r.sample(idx, min(len(idx), r.choice([1, 1, 2]))):
        w = words[i]
        k = r.randrange(1, len(w) - 1)
        op = r.random()
        if op < 0.3:
            w = w[:k] + w[k + 1] + w[k] + w[k + 2:]
        elif op < 0.55:
            w = w[:k] + w[k + 1:]
        elif op < 0.75:
            w = w[:k] + w[k] + w[k:]
        else:
            row = next((row for row in KEYS if w[k].lower() in row), None)
            if row:
                j = row.index(w[k].lower())
                w = w[:k] + row[max(0, min(len(row) - 1, j + r.choice([-1, 1])))] + w[k + 1:]
        words[i] = w
    return " ".join(words)


def vary(r: random.Random, req: str, cmd: str) -> tuple[str, str]:
    """One random rewrite of a pair; may return it unchanged."""
    if r.random() < 0.12:
        req, cmd = _absolute(r, req, cmd)
    if r.random() < 0.55:
        req = _synonyms(r, req, cmd, 0.5)
    if r.random() < 0.12:
        req = _reorder(r, req)
    x = r.random()
    if x < 0.15:
        req = _terse(req, cmd)
    elif x < 0.45:
        req = _frame(r, req, cmd)
    if r.random() < 0.08:
        req = _typo(r, req, cmd)
    if r.random() < 0.1:
        req = _lower(req, cmd)
    return re.sub(r"\s+", " ", req).strip(), cmd
