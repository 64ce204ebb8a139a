"""Structural decontamination: compare requests with their slots masked and commands by
their pattern (program + flags + shell constructs, values masked).

Every threshold lives here, as a named constant.

Request masking (`mask_request`): lower case; quoted strings -> Q; paths and file names
(anything with a `/`, or a `name.ext`) -> F; numbers (also `10k`, `5M`, `1.5`, number
words) -> N; politeness and framing words ("please", "can you", "I want to", "show me",
...) and articles dropped; punctuation dropped.

Command pattern (`command_pattern`): per simple command, the program and its flags
(long and short, bundled short flags split, sorted, `--opt=value` -> `--opt=V`), plus the
shell constructs in order: `|`, `&&`, `||`, `;`, `&`, redirections, `for`/`while`/`if`
keywords, `$(...)`, process substitution, heredocs. Arguments, paths, quoted strings,
variables and numbers are masked away. `wc -l notes.txt` and `wc -l data.csv` share the
pattern `wc -l`; `wc -l < notes.txt` is `wc -l <`.

Near-duplicate rule (a training or pool pair against a reference: a bench task with each
of its solutions, or a held-out request):
  1. the masked requests are equal, or their masked word-set Jaccard is >= REQUEST_NEAR;
  2. OR the command pattern equals a reference solution's pattern AND the masked request
     Jaccard is >= REQUEST_LOOSE;
  3. OR the command equals a reference solution verbatim (names included).
The same pattern alone is NOT contamination: the model must still learn `wc -l FILE`.
The same pattern alone makes a task "covered" (see coverage.py).
"""
from __future__ import annotations

import math
import re
from collections import defaultdict

REQUEST_NEAR = 0.75   # masked-request Jaccard at which two requests are the same request
REQUEST_LOOSE = 0.5   # masked-request Jaccard that, with the same command pattern, is a near-duplicate
THRESHOLDS = {"request_near": REQUEST_NEAR, "request_loose_with_same_pattern": REQUEST_LOOSE}

# multi-word framing first, so "show me" goes before "show" could be kept
FRAMING = [
    "can you please", "could you please", "would you please", "can you", "could you", "would you", "will you",
    "i want to", "i wanna", "i would like to", "i'd like to", "i need to", "i have to", "i must", "i want",
    "i need", "i'd like", "help me", "show me", "tell me", "give me", "let me", "let's", "lets",
    "how do i", "how can i", "how would i", "how to", "is there a way to", "i'm trying to", "im trying to",
    "please", "pls", "plz", "kindly", "just", "quickly", "for me", "thanks", "thank you", "hey", "hi", "ok", "okay",
    "the", "a", "an", "some",
]
_FRAMING_RE = re.compile(r"(?<![\w'])(" + "|".join(re.escape(f) for f in sorted(FRAMING, key=len, reverse=True)) + r")(?![\w'])")
NUMWORDS = set("zero one two three four five six seven eight nine ten eleven twelve twenty thirty hundred thousand".split())
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|‘[^’]*’|“[^”]*”")
_PATHLIKE = re.compile(r"^(~|\.{1,2})?[\w.*?\-~+@%]*/[\w./*?\-~+@%]*$|^[\w*?\-+@%]*\.[A-Za-z0-9*]{1,8}$|^\*\.?\w*$")
_NUMBER = re.compile(r"^[+-]?\d+([.,:]\d+)*[a-z%]{0,3}$")


def mask_request(s: str) -> list[str]:
    """The request's words with slots masked and framing dropped (order kept)."""
    s = _QUOTED.sub(" Q ", s)
    out: list[str] = []
    for raw in s.split():
        w = raw.strip(",;:!?()[]{}<>")
        w = w.rstrip(".")
        if not w:
            continue
        if w == "Q":
            out.append("Q")
        elif _PATHLIKE.match(w) and any(c.isalpha() or c == "*" for c in w) and w not in ("e.g", "i.e"):
            out.append("F")
        elif _NUMBER.match(w.lower()) or w.lower() in NUMWORDS:
            out.append("N")
        else:
            out.append(w.lower())
    # placeholders are upper case and the framing words lower case, so they never clash
    text = _FRAMING_RE.sub(" ", " ".join(out))
    words = []
    for w in text.split():
        w = w if w in ("Q", "F", "N") else re.sub(r"[^\w'*-]", "", w)
        if w:
            words.append(w)
    return words


def masked_key(s: str) -> str:
    return " ".join(mask_request(s))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


# ---------------------------------------------------------------- command patterns
OPERATORS = ["<<<", "<<-", "2>&1", ">&2", "1>&2", "&>>", "2>>", "&&", "||", ";;", "<<", ">>", "&>", "2>", "<(", ">(", "$(", "|&",
             "|", ";", "&", "<", ">", "(", ")", "{", "}", "\n"]
SEPARATORS = {"|", "&&", "||", ";", "&", "\n", "|&", ";;"}
REDIRECTS = {"<", ">", ">>", "2>", "2>>", "&>", "&>>", "<<<", "2>&1", ">&2", "1>&2"}
KEYWORDS = {"for", "while", "until", "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "function", "!", "in"}
# programs whose first non-option argument is another program
WRAPPERS = {"xargs", "sudo", "nohup", "nice", "time", "exec", "env", "timeout", "watch", "command", "stdbuf", "ionice"}
# programs whose options are single-dash words (-name, -mtime), not bundles of letters
SINGLE_DASH_LONG = {"find", "java", "ffmpeg", "convert", "magick", "openssl", "xmlstarlet", "gs", "qemu-img", "tcpdump", "ps"}
# wrapper options that take a separate value, so the value is not taken for the wrapped program
WRAPPER_VALUE_FLAGS = {"sudo": {"-u", "-g"}, "xargs": {"-I", "-n", "-P", "-d", "-L", "-s", "-E", "-a"},
                       "timeout": {"-s", "-k"}, "nice": {"-n"}, "watch": {"-n"}, "env": {"-u"}}
FIND_EXEC = {"-exec", "-execdir", "-ok", "-okdir"}
_WORD_BREAK = set(" \t") | {"|", "&", ";", "<", ">", "(", ")", "\n"}


def tokenize(cmd: str) -> list[tuple[str, str]]:
    """(kind, text) tokens: kind 'op' for operators, 'word' for words; quotes are kept in
    word text; heredoc bodies are skipped."""
    toks: list[tuple[str, str]] = []
    i, n = 0, len(cmd)
    pending_heredocs: list[str] = []
    while i < n:
        c = cmd[i]
        if c in " \t":
            i += 1
            continue
        if c == "\\" and i + 1 < n and cmd[i + 1] == "\n":
            i += 2
            continue
        if c == "#" and (not toks or cmd[i - 1] in " \t\n;"):
            while i < n and cmd[i] != "\n":
                i += 1
            continue
        if c == "\n" and pending_heredocs:
            toks.append(("op", "\n"))
            i += 1
            for delim in pending_heredocs:
                while i < n:
                    j = cmd.find("\n", i)
                    line = cmd[i: j if j >= 0 else n]
                    i = (j + 1) if j >= 0 else n
                    if line.strip() == delim:
                        break
            pending_heredocs = []
            continue
        op = next((o for o in OPERATORS if cmd.startswith(o, i)), None)
        # "2>" only as an operator when the 2 starts a word
        if op and op[0].isdigit() and toks and i > 0 and cmd[i - 1] not in " \t\n;|&(":
            op = None
        if op == "$(" and cmd.startswith("$((", i):
            op = None  # arithmetic: a value
        if op == "{" or op == "}":
            # braces are constructs only as separate words ({ a; b; }); else part of a word (a{b,c}, awk '{...}' is quoted)
            prev_ok = i == 0 or cmd[i - 1] in " \t\n;|&("
            next_ok = i + 1 >= n or cmd[i + 1] in " \t\n;"
            if not (prev_ok and next_ok):
                op = None
        if op:
            toks.append(("op", op))
            i += len(op)
            if op in ("<<", "<<-"):
                while i < n and cmd[i] in " \t":
                    i += 1
                j = i
                while j < n and cmd[j] not in " \t\n;|&<>()":
                    j += 1
                pending_heredocs.append(cmd[i:j].strip("'\"\\"))
                toks.append(("word", "EOF"))
                i = j
            continue
        # a word, with quotes, $(...), ${...} and backticks inside it
        j = i
        depth = 0
        while j < n:
            ch = cmd[j]
            if ch == "\\" and j + 1 < n:
                j += 2
                continue
            if ch == "'":
                k = cmd.find("'", j + 1)
                j = n if k < 0 else k + 1
                continue
            if ch == '"':
                k = j + 1
                while k < n and cmd[k] != '"':
                    k += 2 if cmd[k] == "\\" else 1
                j = min(n, k + 1)
                continue
            if ch == "`":
                k = cmd.find("`", j + 1)
                j = n if k < 0 else k + 1
                continue
            if ch == "$" and j + 1 < n and cmd[j + 1] in "({":
                # $(...) in the middle of a word: keep it in the word, balanced
                open_, close = cmd[j + 1], ")" if cmd[j + 1] == "(" else "}"
                d, k = 0, j + 1
                while k < n:
                    if cmd[k] == open_:
                        d += 1
                    elif cmd[k] == close:
                        d -= 1
                        if d == 0:
                            break
                    k += 1
                if j == i and open_ == "(" and not cmd.startswith("$((", j):
                    break  # a word that starts with $( is handled as the $( operator
                j = k + 1
                continue
            if depth == 0 and ch in _WORD_BREAK:
                break
            j += 1
        if j == i:  # "$(" at a word start: the operator branch takes it next time
            toks.append(("op", "$("))
            i += 2
            continue
        toks.append(("word", cmd[i:j]))
        i = j
    return toks


def _inner_substitutions(word: str) -> list[str]:
    """Commands inside $(...) or backticks that sit within a word ("$(date +%F)")."""
    out = []
    for m in re.finditer(r"\$\((?!\()", word):
        d, k = 1, m.end()
        while k < len(word) and d:
            if word[k] == "(":
                d += 1
            elif word[k] == ")":
                d -= 1
            k += 1
        out.append(word[m.end():k - 1])
    out += re.findall(r"`([^`]*)`", word)
    return out


def _flags(prog: str, w: str) -> list[str]:
    if w == "-" or w == "--":
        return []
    if prog in ("head", "tail") and re.match(r"^-\d+[a-zA-Z]?$", w):  # head -5, tail -20
        return ["-N"]
    if prog in SINGLE_DASH_LONG and re.match(r"^-\d", w):  # find -mtime -1: a value
        return []
    if w.startswith("--"):
        return [w.split("=", 1)[0] + ("=V" if "=" in w else "")]
    if w.startswith("+"):
        return []
    if prog in SINGLE_DASH_LONG:
        return [w]
    letters = re.match(r"^-([A-Za-z0-9]+)", w)
    if not letters:
        return []
    # -A3 / -k2,2nr: letters up to the first digit are flags, the rest is a value (-13 stays -1 -3)
    b = letters.group(1)
    if not b[0].isdigit():
        b = re.match(r"^[A-Za-z]+", b).group(0)
    return ["-" + ch for ch in b]


def command_pattern(cmd: str) -> str:
    """Program + flags per simple command and the shell constructs, values masked."""
    return " ".join(_pattern_tokens(tokenize(cmd)))


def _pattern_tokens(toks: list[tuple[str, str]]) -> list[str]:
    out: list[str] = []
    i = 0
    n = len(toks)
    while i < n:
        kind, t = toks[i]
        if kind == "op":
            if t == "\n":
                t = ";"
            if t == ";" and out and out[-1] in (";", "then", "do", "else", "{", "(", "$("):
                i += 1
                continue
            out.append(t)
            i += 1
            continue
        # a simple command starts here
        words: list[str] = []
        redirs: list[str] = []
        subs: list[str] = []
        prog = None
        flags: list[str] = []
        expect_prog = True
        skip_value = False
        while i < n and not (toks[i][0] == "op" and toks[i][1] not in REDIRECTS and toks[i][1] not in ("<<", "<<-", "<(", ">(")):
            kind, t = toks[i]
            if kind == "op":
                if t in ("<(", ">("):
                    # process substitution: its commands, up to the matching )
                    d, j = 1, i + 1
                    while j < n and d:
                        if toks[j][0] == "op" and toks[j][1] in ("(", "<(", ">(", "$("):
                            d += 1
                        elif toks[j][0] == "op" and toks[j][1] == ")":
                            d -= 1
                        j += 1
                    subs.append(t + " " + " ".join(_pattern_tokens(toks[i + 1:j - 1])) + " )")
                    i = j
                    continue
                redirs.append(t)
                # the redirection target is a value
                if t not in ("2>&1", ">&2", "1>&2") and i + 1 < n and toks[i + 1][0] == "word":
                    i += 1
                i += 1
                continue
            for inner in _inner_substitutions(t):
                subs.append("$( " + command_pattern(inner) + " )")
            if prog is None and expect_prog:
                if t in KEYWORDS:
                    out.append(t)
                    if t in ("for", "case"):
                        # for NAME in WORDS...; / case WORD in: names and words are values
                        i += 1
                        while i < n and toks[i][0] == "word" and toks[i][1] not in ("do", "in"):
                            i += 1
                        if i < n and toks[i][1] == "in":
                            out.append("in")
                            i += 1
                            while i < n and toks[i][0] == "word" and toks[i][1] != "do":
                                i += 1
                        continue
                    i += 1
                    continue
                if re.match(r"^[A-Za-z_]\w*=", t):
                    out.append("VAR=")
                    i += 1
                    continue
                prog = t.strip("'\"")
                prog = prog.rsplit("/", 1)[-1] if "/" in prog and not prog.startswith(".") else prog
                expect_prog = False
                i += 1
                continue
            if skip_value:
                skip_value = False
                i += 1
                continue
            if t.startswith("-") and len(t) > 1:
                if prog in WRAPPER_VALUE_FLAGS and t in WRAPPER_VALUE_FLAGS[prog]:
                    skip_value = True
                if prog in SINGLE_DASH_LONG and t in FIND_EXEC:
                    # find ... -exec PROG args {} ; : the exec'd program is a command of its own
                    j = i + 1
                    inner: list[tuple[str, str]] = []
                    while j < n and not (toks[j][0] == "word" and toks[j][1] in ("\\;", "';'", "+", '";"')) and not (toks[j][0] == "op" and toks[j][1] in (";",)):
                        inner.append(toks[j])
                        j += 1
                    flags.append(t + " { " + " ".join(_pattern_tokens(inner)) + " }")
                    i = j + 1
                    continue
                flags += _flags(prog or "", t)
                i += 1
                continue
            if prog in WRAPPERS:
                # the first non-value argument of a wrapper is the wrapped program
                if prog == "timeout" and re.match(r"^\d", t):
                    i += 1
                    continue
                if prog in ("xargs", "nice", "stdbuf", "env") and (re.match(r"^[\d{}]", t) or t in ("{}",) or (prog == "env" and "=" in t)):
                    i += 1
                    continue
                words.append(prog + (" " + " ".join(sorted(set(flags), key=_flag_key)) if flags else ""))
                prog, flags = None, []
                expect_prog = True
                continue
            i += 1
        if prog is not None:
            words.append(prog + (" " + " ".join(sorted(set(flags), key=_flag_key)) if flags else ""))
        elif flags:
            words.append(" ".join(sorted(set(flags), key=_flag_key)))
        part = " ".join(words + subs + redirs)
        if part:
            out.append(part)
    while out and out[-1] == ";":
        out.pop()
    return out


def _flag_key(f: str) -> tuple[str, str]:
    return (f.lstrip("-").lower(), f)


PROGRAM_STARTS = {"|", "||", "&&", ";", "&", "$(", "<(", ">(", "(", "{", "do", "then", "else", "if", "while", "until", "!", "|&"}


def programs_of(cmd: str) -> list[str]:
    """The programs a command runs, read off its pattern (wrapped programs included)."""
    progs: list[str] = []
    want = True
    wrapped = False
    for w in command_pattern(cmd).split():
        if w in PROGRAM_STARTS:
            want, wrapped = True, False
            continue
        if want and w not in KEYWORDS and w != "VAR=" and not w.startswith("-") and w not in REDIRECTS and w != "}":
            progs.append(w)
            want = False
            wrapped = w in WRAPPERS
            continue
        if wrapped and not w.startswith("-") and w not in REDIRECTS and w not in ("}", ")"):
            progs.append(w)
            wrapped = False
    return progs


# ---------------------------------------------------------------- the checker
class Index:
    """Jaccard >= t lookup over fixed reference word sets (prefix filtering), so checking
    200k pairs stays fast."""

    def __init__(self, sets: list[frozenset[str]], labels: list[str], t: float):
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
                j = jaccard(s, self.sets[i])
                if j >= self.t:
                    return j, self.labels[i]
        return None


class Checker:
    """Applies the near-duplicate rule of this module against reference requests/commands.

    refs: [{"id", "request", "commands": [...]}]."""

    def __init__(self, refs: list[dict]):
        self.refs = refs
        self.exact_req: dict[str, str] = {}
        for r in refs:
            k = masked_key(r["request"])
            if k:
                self.exact_req.setdefault(k, r["id"])
        self.exact_cmd = {c.strip(): r["id"] for r in refs for c in r["commands"]}
        masked = [frozenset(mask_request(r["request"])) for r in refs]
        self.req = Index(masked, [r["id"] for r in refs], REQUEST_NEAR)
        self.by_pattern: dict[str, list[tuple[frozenset[str], str]]] = defaultdict(list)
        for r, m in zip(refs, masked):
            for c in r["commands"]:
                self.by_pattern[command_pattern(c)].append((m, r["id"]))

    def why(self, request: str, command: str) -> str | None:
        """None when the pair is no near-duplicate of any reference, else the reason."""
        m = mask_request(request)
        key = " ".join(m)
        rid = self.exact_req.get(key) if key else None
        if rid:
            return f"masked request equals {rid}"
        ms = frozenset(m)
        hit = self.req.close(ms)
        if hit:
            return f"masked request similar ({hit[0]:.2f}) to {hit[1]}"
        rid = self.exact_cmd.get(command.strip())
        if rid:
            return f"command equals a solution of {rid}"
        for rm, rid in self.by_pattern.get(command_pattern(command), ()):
            j = jaccard(ms, rm)
            if j >= REQUEST_LOOSE:
                return f"same pattern and masked request similar ({j:.2f}) to {rid}"
        return None


def reason_kind(why: str) -> str:
    """A short category for counting drop reasons."""
    for k in ("masked request equals", "masked request similar", "command equals", "same pattern"):
        if why.startswith(k):
            return k
    return why
