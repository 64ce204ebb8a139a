"""Intent templates: each draws fresh names and returns (request, command, family).

Requests name every file, number and pattern that the command uses, in varied wording,
so the model must copy them. Families group intents for relevant few-shot context.
"""
from __future__ import annotations

import random
from typing import Callable

from vocab import Vocab

NUMWORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()


class Ctx:
    def __init__(self, rnd: random.Random):
        self.r = rnd
        self.v = Vocab(rnd)

    def pick(self, *opts: str) -> str:
        return self.r.choice(opts)

    def n(self, lo: int = 1, hi: int = 100) -> tuple[int, str]:
        """A number and how the request spells it (sometimes as a word)."""
        k = self.v.num(lo, hi)
        if k < len(NUMWORDS) and self.r.random() < 0.3:
            return k, NUMWORDS[k]
        return k, str(k)

    def fname(self, f: str) -> str:
        """How a request mentions a file."""
        x = self.r.random()
        if x < 0.75:
            return f
        if x < 0.85:
            return f"the file {f}"
        if x < 0.93:
            return f"`{f}`"
        return f"'{f}'"

    def dname(self, d: str) -> str:
        x = self.r.random()
        if x < 0.6:
            return d
        if x < 0.8:
            return f"the {d} directory"
        if x < 0.95:
            return f"the {d} folder"
        return f"{d}/"


def q(s: str) -> str:
    """Single-quote a shell word when it needs it."""
    if s and all(c.isalnum() or c in "._-/+=:@%^," for c in s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


def sq(s: str) -> str:
    """Always single-quote (patterns, text)."""
    return "'" + s.replace("'", "'\\''") + "'"


Intent = Callable[[Ctx], tuple[str, str]]
INTENTS: list[tuple[str, float, Intent]] = []


def intent(family: str, weight: float = 1.0):
    def deco(fn: Intent) -> Intent:
        INTENTS.append((family, weight, fn))
        return fn
    return deco


# ---------------------------------------------------------------- tier 1: files and I/O
@intent("view")
def cat_file(c: Ctx):
    f = c.v.file()
    F = c.fname(f)
    return c.pick(f"Show me what's in {F}", f"Print {F}", f"Display the contents of {F}", f"What does {F} say",
                  f"Show {F}", f"cat {F}", f"Output everything in {F}", f"Let me see {F}"), f"cat {q(f)}"


@intent("view")
def cat_two(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Show {a} and then {b}", f"Print {a} followed by {b}", f"Concatenate {a} and {b} to the screen",
                  f"Display {a} and {b} one after the other"), f"cat {q(a)} {q(b)}"


@intent("view")
def cat_join_into(c: Ctx):
    a, b, o = c.v.file(), c.v.file(), c.v.file()
    return c.pick(f"Combine {a} and {b} into {o}", f"Merge {a} and {b} into a new file {o}",
                  f"Concatenate {a} and {b} and save the result as {o}", f"Write {a} followed by {b} to {o}"), \
        f"cat {q(a)} {q(b)} > {q(o)}"


@intent("view")
def cat_n(c: Ctx):
    f = c.v.file()
    return c.pick(f"Show {f} with line numbers", f"Print {c.fname(f)} numbering every line", f"Number the lines of {f}"), f"cat -n {q(f)}"


@intent("view")
def tac(c: Ctx):
    f = c.v.file()
    return c.pick(f"Print the lines of {f} in reverse order", f"Show {f} last line first", f"Reverse the line order of {f}"), f"tac {q(f)}"


@intent("headtail", 2.0)
def head_n(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 200)
    return c.pick(f"Print the first {w} lines of {c.fname(f)}", f"Show the first {w} lines of {f}", f"first {w} lines of {f}",
                  f"Display the top {w} lines of {f}", f"Give me the opening {w} lines in {f}"), f"head -n {k} {q(f)}"


@intent("headtail", 2.0)
def tail_n(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 200)
    return c.pick(f"Print the last {w} lines of {c.fname(f)}", f"show the last {w} lines of {f}", f"last {w} lines of {f}",
                  f"Display the final {w} lines of {f}", f"What are the bottom {w} lines of {f}"), f"tail -n {k} {q(f)}"


@intent("headtail")
def head_one(c: Ctx):
    f = c.v.file()
    return c.pick(f"What is the first line of {f}", f"Show the first line of {f}", f"Print only the top line of {f}"), f"head -n 1 {q(f)}"


@intent("headtail")
def tail_one(c: Ctx):
    f = c.v.file()
    return c.pick(f"What is the last line of {f}", f"Show the last line of {c.fname(f)}", f"Print only the final line of {f}"), f"tail -n 1 {q(f)}"


@intent("headtail")
def head_c(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 500)
    return c.pick(f"Print the first {w} characters of {f}", f"Show the first {w} bytes of {f}"), f"head -c {k} {q(f)}"


@intent("headtail")
def tail_c(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 500)
    return c.pick(f"Print the last {w} bytes of {f}", f"Show the final {w} characters of {f}"), f"tail -c {k} {q(f)}"


@intent("headtail")
def skip_first(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 10)
    if k == 1:
        return c.pick(f"Print everything in {f} except the first line", f"Show {f} without its header line",
                      f"Skip the first line of {f}"), f"tail -n +2 {q(f)}"
    return c.pick(f"Print {f} starting from line {w}", f"Show {f} from line {w} onwards"), f"tail -n +{k} {q(f)}"


@intent("headtail")
def drop_last(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 20)
    return c.pick(f"Print {f} without its last {w} lines", f"Show all but the final {w} lines of {f}"), f"head -n -{k} {q(f)}"


@intent("headtail", 1.5)
def line_k(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 300)
    return c.pick(f"Print only line {w} of {f}", f"Show line number {w} of {f}", f"What is on line {w} of {f}"), f"sed -n {k}p {q(f)}"


@intent("headtail", 1.5)
def line_range(c: Ctx):
    f = c.v.file()
    a = c.v.num(1, 100)
    b = a + c.v.num(1, 50)
    return c.pick(f"Display lines {a} through {b} of {f}", f"Print lines {a} to {b} of {f}", f"Show {f} from line {a} to line {b}"), \
        f"sed -n {a},{b}p {q(f)}"


@intent("headtail")
def tail_follow(c: Ctx):
    f = c.v.file("log")
    return c.pick(f"Follow {f} as it grows", f"Watch new lines appended to {f}", f"Stream {f} live"), f"tail -f {q(f)}"


@intent("write", 2.0)
def echo_to(c: Ctx):
    f, t = c.v.file(), c.v.phrase()
    return c.pick(f"Create {f} containing the text {t}", f"Write '{t}' into {f}", f"Put the line {t} in {f}",
                  f"Replace whatever is in {f} with {t}", f"Save the text \"{t}\" to {c.fname(f)}"), f"echo {sq(t)} > {q(f)}"


@intent("write", 2.0)
def echo_append(c: Ctx):
    f, t = c.v.file(), c.v.phrase()
    return c.pick(f"Append the line '{t}' to the end of {f}", f"Add {t} as a new line at the end of {f}",
                  f"Append \"{t}\" to {c.fname(f)}", f"Add the text {t} to {f} without overwriting it"), f"echo {sq(t)} >> {q(f)}"


@intent("write")
def echo_print(c: Ctx):
    t = c.v.phrase()
    return c.pick(f"Print the text {t}", f"Say {t}", f"Echo '{t}' to the terminal", f"Output the words {t}"), f"echo {sq(t)}"


@intent("write")
def echo_tee(c: Ctx):
    f, t = c.v.file(), c.v.phrase()
    return c.pick(f"Write '{t}' into {f} and also show it on screen", f"Print {t} and save it to {f} at the same time"), \
        f"echo {sq(t)} | tee {q(f)}"


@intent("write")
def printf_nonl(c: Ctx):
    f, t = c.v.file(), c.v.word()
    return c.pick(f"Write the word {t} into {f} with no newline at the end", f"Put {t} in {f} without a trailing newline"), \
        f"printf {q(t)} > {q(f)}"


@intent("write")
def printf_lines(c: Ctx):
    f = c.v.file()
    ws = [c.v.word() for _ in range(c.r.randint(2, 4))]
    listed = ", ".join(ws[:-1]) + " and " + ws[-1]
    return c.pick(f"Write {listed} into {f}, one per line", f"Create {f} with the lines {listed}"), \
        "printf '%s\\n' " + " ".join(q(w) for w in ws) + f" > {q(f)}"


@intent("write")
def seq_to(c: Ctx):
    f = c.v.file()
    k, w = c.n(2, 100)
    return c.pick(f"Write the numbers 1 to {w} into {f}, one per line", f"Put the numbers from 1 through {w} in {f}"), f"seq {k} > {q(f)}"


@intent("write")
def seq_step(c: Ctx):
    a, s = c.v.num(1, 10), c.v.num(2, 10)
    b = a + s * c.v.num(3, 20)
    return c.pick(f"Print the numbers from {a} to {b} in steps of {s}", f"Count from {a} to {b} by {s}"), f"seq {a} {s} {b}"


@intent("write")
def seq_plain(c: Ctx):
    a, b = c.v.num(1, 20), c.v.num(21, 200)
    return c.pick(f"Print the numbers {a} to {b}", f"List the integers from {a} through {b}, one per line"), f"seq {a} {b}"


@intent("write")
def touch(c: Ctx):
    f = c.v.file()
    return c.pick(f"Create an empty file named {f}", f"Make a blank file called {f}", f"touch {f}",
                  f"Create an empty {f}", f"Update the modification time of {f}"), f"touch {q(f)}"


@intent("write")
def touch_many(c: Ctx):
    fs = [c.v.file() for _ in range(c.r.randint(2, 4))]
    return c.pick("Create empty files " + ", ".join(fs), "Make blank files named " + " and ".join(fs)), "touch " + " ".join(q(f) for f in fs)


@intent("write")
def truncate(c: Ctx):
    f = c.v.file("log")
    return c.pick(f"Empty out {f} without deleting the file", f"Truncate {f} to zero length", f"Clear the contents of {f}"), f": > {q(f)}"


@intent("dirs", 1.5)
def mkdir(c: Ctx):
    d = c.v.dir()
    if "/" in d:
        return c.pick(f"Create the nested folders {d} in one go", f"Make the directory {d} including parents",
                      f"Create {d} and any missing parent directories"), f"mkdir -p {q(d)}"
    return c.pick(f"Make a new directory called {d}", f"Create a folder named {d}", f"mkdir {d}", f"Create the directory {d}"), f"mkdir {q(d)}"


@intent("dirs")
def mkdir_many(c: Ctx):
    ds = list(dict.fromkeys(c.v.word() for _ in range(c.r.randint(2, 4))))
    return c.pick("Create the directories " + ", ".join(ds), "Make folders called " + " and ".join(ds)), "mkdir " + " ".join(ds)


@intent("copy", 2.0)
def cp(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Copy {a} to {b}", f"Make a copy of {c.fname(a)} named {b}", f"Duplicate {a} as {b}", f"cp {a} to {b}"), f"cp {q(a)} {q(b)}"


@intent("copy")
def cp_bak(c: Ctx):
    a = c.v.file()
    return c.pick(f"Back up {a} as {a}.bak", f"Copy {a} to {a}.bak", f"Make a .bak copy of {a}"), f"cp {q(a)} {q(a + '.bak')}"


@intent("copy", 1.5)
def cp_into(c: Ctx):
    a, d = c.v.file(), c.v.dir()
    return c.pick(f"Put a copy of {a} into the {d} folder", f"Copy {a} into {c.dname(d)}", f"Copy {a} to {d}/"), f"cp {q(a)} {q(d)}/"


@intent("copy")
def cp_r(c: Ctx):
    a, b = c.v.dir(), c.v.dir() + "_" + c.pick("backup", "copy", "old", "bak")
    return c.pick(f"Copy the whole {a} directory to {b}", f"Recursively copy {a} to {b}", f"Duplicate the folder {a} as {b}"), f"cp -r {q(a)} {q(b)}"


@intent("copy")
def cp_p(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Copy {a} to {b}, preserving its modification time", f"Copy {a} to {b} keeping timestamps and permissions"), f"cp -p {q(a)} {q(b)}"


@intent("copy")
def cp_n(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Copy {a} to {b}, but don't overwrite {b} if it already exists", f"Copy {a} to {b} without clobbering an existing file"), f"cp -n {q(a)} {q(b)}"


@intent("copy")
def cp_glob(c: Ctx):
    e, d = c.v.ext(), c.v.dir()
    return c.pick(f"Copy all the .{e} files into {c.dname(d)}", f"Copy every {e} file here to {d}"), f"cp *.{e} {q(d)}/"


@intent("move", 2.0)
def mv(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Rename {a} to {b}", f"Move {a} to {b}", f"Change the name of {c.fname(a)} to {b}"), f"mv {q(a)} {q(b)}"


@intent("move")
def mv_into(c: Ctx):
    a, d = c.v.file(), c.v.dir()
    return c.pick(f"Move {a} into {c.dname(d)}", f"Put {a} in the {d} folder"), f"mv {q(a)} {q(d)}/"


@intent("move", 1.5)
def mv_glob(c: Ctx):
    e, d = c.v.ext(), c.v.dir()
    return c.pick(f"Move all the .{e} files into the {d} folder", f"Move every {e} file to {c.dname(d)}"), f"mv *.{e} {q(d)}/"


@intent("remove", 1.5)
def rm(c: Ctx):
    f = c.v.file()
    return c.pick(f"Delete {f}", f"Remove {c.fname(f)}", f"Get rid of {f}", f"rm {f}"), f"rm {q(f)}"


@intent("remove")
def rm_r(c: Ctx):
    d = c.v.dir()
    return c.pick(f"Remove the directory {d} and everything inside it", f"Delete the {d} folder recursively", f"Wipe out {d} and its contents"), f"rm -r {q(d)}"


@intent("remove")
def rmdir(c: Ctx):
    d = c.v.dir()
    return c.pick(f"Remove the empty directory {d}", f"Delete the empty folder {d}"), f"rmdir {q(d)}"


@intent("remove")
def rm_glob(c: Ctx):
    e = c.v.ext()
    return c.pick(f"delete all the .{e} files in this folder", f"Remove every {e} file here"), f"rm *.{e}"


@intent("links")
def ln_s(c: Ctx):
    a, b = c.v.file(), c.v.word()
    return c.pick(f"Create a symbolic link named {b} that points to {a}", f"Symlink {a} as {b}", f"Make {b} a soft link to {a}"), f"ln -s {q(a)} {q(b)}"


@intent("links")
def ln_hard(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Make a hard link called {b} for {a}", f"Hard link {a} to {b}"), f"ln {q(a)} {q(b)}"


@intent("count", 3.0)
def wc_l(c: Ctx):
    f = c.v.file()
    F = c.fname(f)
    return c.pick(f"How many lines are in {F}", f"Count the lines in {F}", f"Count the lines of {f}", f"number of lines in {f}",
                  f"How many lines does {F} have", f"Line count of {f}", f"How long is {f} in lines"), f"wc -l < {q(f)}"


@intent("count", 1.5)
def wc_w(c: Ctx):
    f = c.v.file()
    return c.pick(f"How many words does {f} contain", f"Count the words in {c.fname(f)}", f"Word count of {f}"), f"wc -w < {q(f)}"


@intent("count", 1.5)
def wc_c(c: Ctx):
    f = c.v.file()
    return c.pick(f"How many bytes is {f}", f"What is the size of {f} in bytes", f"Count the bytes in {f}"), f"wc -c < {q(f)}"


@intent("count")
def wc_m(c: Ctx):
    f = c.v.file()
    return c.pick(f"How many characters are in {f}", f"Count the characters, not bytes, in {f}"), f"wc -m < {q(f)}"


@intent("count")
def wc_L(c: Ctx):
    f = c.v.file()
    return c.pick(f"How long is the longest line in {f}", f"Length of the longest line of {f}"), f"wc -L < {q(f)}"


@intent("count")
def wc_glob(c: Ctx):
    e = c.v.ext()
    return c.pick(f"Count the lines in each .{e} file here and show a total", f"Line counts of all the {e} files"), f"wc -l *.{e}"


@intent("count", 1.5)
def count_files(c: Ctx):
    d = c.v.dir()
    return c.pick(f"How many files are in the {d} directory", f"Count the files in {d}", f"How many entries does {c.dname(d)} have"), f"ls {q(d)} | wc -l"


@intent("count")
def count_ext(c: Ctx):
    e, d = c.v.ext(), c.v.dir()
    return c.pick(f"How many .{e} files are there under {d}", f"Count the {e} files in {d} recursively"), f"find {q(d)} -name '*.{e}' | wc -l"


@intent("list", 2.0)
def ls_dir(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List the files in the {d} directory", f"What is in {c.dname(d)}", f"Show the contents of the folder {d}", f"ls {d}"), f"ls {q(d)}"


@intent("list")
def ls_l(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List {d} in long format", f"Show detailed listing of {c.dname(d)} with permissions and sizes"), f"ls -l {q(d)}"


@intent("list")
def ls_a(c: Ctx):
    return c.pick("List all files here including hidden ones", "Show hidden files too", "List everything including dotfiles"), "ls -a"


@intent("list")
def ls_A(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List all files in {d} including hidden ones, but without . and ..", f"Show hidden files in {d} but not . and .."), f"ls -A {q(d)}"


@intent("list")
def ls_S(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List the files in {d} sorted by size, largest first", f"Show {d} ordered by file size"), f"ls -S {q(d)}"


@intent("list")
def ls_t(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List the files in {d}, newest first", f"Show {d} sorted by modification time"), f"ls -t {q(d)}"


@intent("list")
def ls_r(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List the files in {d} in reverse alphabetical order", f"Show {d} sorted backwards"), f"ls -r {q(d)}"


@intent("list")
def ls_R(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List everything inside {d}, including subfolders", f"Recursively list {d}"), f"ls -R {q(d)}"


@intent("list")
def ls_glob(c: Ctx):
    e, d = c.v.ext(), c.v.dir()
    return c.pick(f"Which .{e} files are in {d}", f"List the {e} files in {c.dname(d)}"), f"ls {q(d)}/*.{e}"


@intent("list")
def ls_newest(c: Ctx):
    d = c.v.dir()
    return c.pick(f"Which file in {d} was modified most recently", f"Show the newest file in {d}"), f"ls -t {q(d)} | head -n 1"


@intent("list")
def ls_save(c: Ctx):
    f = c.v.file()
    return c.pick(f"Save the output of ls into {f}", f"Write the directory listing to {f}"), f"ls > {q(f)}"


@intent("list")
def ls_dirs_only(c: Ctx):
    return c.pick("Show only the subdirectories in the current folder", "List just the directories here"), "ls -d */"


# ---------------------------------------------------------------- tier 2: text processing
@intent("grep", 3.0)
def grep(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    return c.pick(f"Show the lines of {f} that contain {p}", f"Find lines with '{p}' in {c.fname(f)}", f"grep for {p} in {f}",
                  f"Which lines in {f} mention {p}", f"Search {f} for \"{p}\""), f"grep {sq(p)} {q(f)}"


@intent("grep", 1.5)
def grep_i(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    return c.pick(f"Find lines containing {p} in {f}, ignoring case", f"Case-insensitive search for '{p}' in {f}"), f"grep -i {sq(p)} {q(f)}"


@intent("grep", 2.0)
def grep_c(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    return c.pick(f"How many lines of {f} contain {p}", f"Count the lines in {f} that mention '{p}'", f"Count occurrences of {p} lines in {f}"), \
        f"grep -c {sq(p)} {q(f)}"


@intent("grep", 1.5)
def grep_v(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    return c.pick(f"Show the lines of {f} that do not contain {p}", f"Print {f} without the lines matching '{p}'", f"Filter out {p} lines from {f}"), \
        f"grep -v {sq(p)} {q(f)}"


@intent("grep")
def grep_n(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    return c.pick(f"Find {p} in {f} and show line numbers", f"Which line numbers of {f} contain '{p}'"), f"grep -n {sq(p)} {q(f)}"


@intent("grep")
def grep_w(c: Ctx):
    f, p = c.v.file(), c.v.word()
    return c.pick(f"Find lines in {f} with the whole word {p}", f"Match {p} only as a complete word in {f}"), f"grep -w {sq(p)} {q(f)}"


@intent("grep")
def grep_o(c: Ctx):
    f, p = c.v.file(), c.v.word()
    return c.pick(f"Print only the matching parts for {p} in {f}", f"Show each occurrence of {p} in {f} on its own line"), f"grep -o {sq(p)} {q(f)}"


@intent("grep", 1.5)
def grep_r(c: Ctx):
    d, p = c.v.dir(), c.v.pattern()
    return c.pick(f"Search every file under {d} for {p}", f"Recursively grep {d} for '{p}'", f"Find {p} anywhere in {c.dname(d)}"), f"grep -r {sq(p)} {q(d)}"


@intent("grep")
def grep_rl(c: Ctx):
    d, p = c.v.dir(), c.v.pattern()
    return c.pick(f"Which files under {d} contain {p}", f"List the files in {d} that mention '{p}'"), f"grep -rl {sq(p)} {q(d)}"


@intent("grep")
def grep_E(c: Ctx):
    f, a, b = c.v.file(), c.v.pattern(), c.v.pattern()
    return c.pick(f"Show lines of {f} containing either {a} or {b}", f"Find {a} or {b} in {f}"), f"grep -E {sq(a + '|' + b)} {q(f)}"


@intent("grep")
def grep_start(c: Ctx):
    f, p = c.v.file(), c.v.word()
    return c.pick(f"Show the lines of {f} that start with {p}", f"Which lines in {f} begin with '{p}'"), f"grep {sq('^' + p)} {q(f)}"


@intent("grep")
def grep_end(c: Ctx):
    f, p = c.v.file(), c.v.word()
    return c.pick(f"Show the lines of {f} that end with {p}", f"Lines in {f} ending in '{p}'"), f"grep {sq(p + '$')} {q(f)}"


@intent("grep")
def grep_ctx(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    k, w = c.n(1, 5)
    return c.pick(f"Show {w} lines of context around each {p} in {f}", f"grep {p} in {f} with {w} lines before and after"), f"grep -C {k} {sq(p)} {q(f)}"


@intent("grep")
def grep_empty(c: Ctx):
    f = c.v.file()
    return c.pick(f"Remove the blank lines from {f}", f"Print {f} without empty lines"), f"grep -v '^$' {q(f)}"


@intent("grep")
def grep_count_blank(c: Ctx):
    f = c.v.file()
    return c.pick(f"How many empty lines are in {f}", f"Count the blank lines of {f}"), f"grep -c '^$' {q(f)}"


@intent("grep")
def grep_save(c: Ctx):
    f, p, o = c.v.file("log"), c.v.pattern(), c.v.file()
    return c.pick(f"Save every line of {f} containing {p} to {o}", f"Extract the {p} lines from {f} into {o}"), f"grep {sq(p)} {q(f)} > {q(o)}"


@intent("sed", 2.0)
def sed_sub(c: Ctx):
    f, a, b = c.v.file(), c.v.word(), c.v.word()
    return c.pick(f"Replace every {a} with {b} in {f}", f"Print {f} with all occurrences of '{a}' changed to '{b}'",
                  f"Substitute {b} for {a} throughout {f}"), f"sed 's/{a}/{b}/g' {q(f)}"


@intent("sed", 1.5)
def sed_i(c: Ctx):
    f, a, b = c.v.file(), c.v.word(), c.v.word()
    return c.pick(f"Replace {a} with {b} in {f} in place", f"Edit {f} so every '{a}' becomes '{b}'", f"Change all {a} to {b} inside {f}, modifying the file"), \
        f"sed -i 's/{a}/{b}/g' {q(f)}"


@intent("sed")
def sed_first(c: Ctx):
    f, a, b = c.v.file(), c.v.word(), c.v.word()
    return c.pick(f"Replace only the first {a} on each line of {f} with {b}", f"Change the first '{a}' per line in {f} to '{b}'"), f"sed 's/{a}/{b}/' {q(f)}"


@intent("sed")
def sed_del(c: Ctx):
    f, p = c.v.file(), c.v.word()
    return c.pick(f"Delete the lines containing {p} from {f} in place", f"Remove every line with '{p}' from {f}, editing the file"), f"sed -i '/{p}/d' {q(f)}"


@intent("sed")
def sed_del_n(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 50)
    return c.pick(f"Print {f} without line {w}", f"Show {f} with line {w} deleted"), f"sed '{k}d' {q(f)}"


@intent("sed")
def sed_del_first(c: Ctx):
    f = c.v.file()
    return c.pick(f"Delete the first line of {f} in place", f"Remove the header line from {f}, editing the file"), f"sed -i 1d {q(f)}"


@intent("sed")
def sed_prefix(c: Ctx):
    f, p = c.v.file(), c.v.word()
    return c.pick(f"Add '{p}: ' to the start of every line in {f}", f"Prefix each line of {f} with {p}: "), f"sed 's/^/{p}: /' {q(f)}"


@intent("sed")
def sed_trailing(c: Ctx):
    f = c.v.file()
    return c.pick(f"Strip trailing whitespace from every line of {f}", f"Remove spaces at the end of lines in {f}"), f"sed 's/[[:space:]]*$//' {q(f)}"


@intent("awk", 2.0)
def awk_col(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 9)
    return c.pick(f"Print the {ordinal(k)} column of {f}", f"Show column {w} of {f}", f"Extract field {k} from each line of {f}",
                  f"Print the {ordinal(k)} whitespace-separated field of every line in {f}"), f"awk '{{print ${k}}}' {q(f)}"


@intent("awk", 1.5)
def awk_csv_col(c: Ctx):
    f = c.v.file("csv")
    k, w = c.n(1, 9)
    return c.pick(f"Print the {ordinal(k)} column of the CSV file {f}", f"Show column {w} of {f}, which is comma separated"), f"awk -F, '{{print ${k}}}' {q(f)}"


@intent("awk", 1.5)
def awk_sum(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 6)
    return c.pick(f"Sum the numbers in column {w} of {f}", f"Add up the {ordinal(k)} column of {f}", f"What is the total of field {k} in {f}"), \
        f"awk '{{s += ${k}}} END {{print s}}' {q(f)}"


@intent("awk")
def awk_csv_sum(c: Ctx):
    f = c.v.file("csv")
    k, w = c.n(1, 6)
    return c.pick(f"Sum column {w} of {f}, skipping the header", f"Total of the {ordinal(k)} column in {f} (comma separated, with a header row)"), \
        f"awk -F, 'NR > 1 {{s += ${k}}} END {{print s}}' {q(f)}"


@intent("awk")
def awk_avg(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 6)
    return c.pick(f"Average of the numbers in column {w} of {f}", f"Compute the mean of field {k} in {f}"), \
        f"awk '{{s += ${k}}} END {{print s / NR}}' {q(f)}"


@intent("awk")
def awk_gt(c: Ctx):
    f = c.v.file()
    k = c.v.num(1, 6)
    t = c.v.num(1, 1000)
    return c.pick(f"Show lines of {f} where column {k} is greater than {t}", f"Print rows in {f} whose field {k} exceeds {t}"), f"awk '${k} > {t}' {q(f)}"


@intent("awk")
def awk_nr(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 100)
    return c.pick(f"Print line {w} of {f} using awk", f"awk: show only record {k} of {f}"), f"awk 'NR=={k}' {q(f)}"


@intent("awk")
def awk_nf(c: Ctx):
    f = c.v.file()
    return c.pick(f"Print the last field of every line in {f}", f"Show the final column of {f}"), f"awk '{{print $NF}}' {q(f)}"


@intent("awk")
def awk_two(c: Ctx):
    f = c.v.file()
    a, b = c.v.num(1, 5), c.v.num(1, 5)
    return c.pick(f"Print columns {a} and {b} of {f}", f"Show fields {a} and {b} from {f}"), f"awk '{{print ${a}, ${b}}}' {q(f)}"


@intent("awk")
def awk_longer(c: Ctx):
    f = c.v.file()
    k = c.v.num(10, 120)
    return c.pick(f"Print the lines of {f} longer than {k} characters", f"Show lines in {f} with more than {k} characters"), \
        f"awk 'length > {k}' {q(f)}"


@intent("sort", 2.0)
def sort_plain(c: Ctx):
    f = c.v.file()
    return c.pick(f"Sort the lines of {f} alphabetically", f"Sort {c.fname(f)}", f"Print {f} in sorted order"), f"sort {q(f)}"


@intent("sort", 1.5)
def sort_n(c: Ctx):
    f = c.v.file()
    return c.pick(f"Sort {f} numerically", f"Sort the numbers in {f} from smallest to largest"), f"sort -n {q(f)}"


@intent("sort")
def sort_rn(c: Ctx):
    f = c.v.file()
    return c.pick(f"Sort {f} numerically in descending order", f"Sort the numbers in {f} from largest to smallest"), f"sort -rn {q(f)}"


@intent("sort")
def sort_r(c: Ctx):
    f = c.v.file()
    return c.pick(f"Sort {f} in reverse order", f"Sort the lines of {f} from Z to A"), f"sort -r {q(f)}"


@intent("sort", 1.5)
def sort_u(c: Ctx):
    f = c.v.file()
    return c.pick(f"Sort {f} and remove duplicate lines", f"Print the unique lines of {f}, sorted", f"Deduplicate {f}"), f"sort -u {q(f)}"


@intent("sort")
def sort_k(c: Ctx):
    f = c.v.file("csv")
    k, w = c.n(1, 6)
    return c.pick(f"Sort {f} by its {ordinal(k)} comma-separated column, numerically", f"Order the rows of {f} numerically by column {w}"), \
        f"sort -t, -k{k} -n {q(f)}"


@intent("sort")
def sort_kw(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 6)
    return c.pick(f"Sort {f} by the {ordinal(k)} field", f"Sort the lines of {f} on column {w}"), f"sort -k{k} {q(f)}"


@intent("sort")
def sort_out(c: Ctx):
    f, o = c.v.file(), c.v.file()
    return c.pick(f"Sort {f} and save the result to {o}", f"Write a sorted copy of {f} to {o}"), f"sort {q(f)} > {q(o)}"


@intent("uniq")
def uniq(c: Ctx):
    f = c.v.file()
    return c.pick(f"Collapse adjacent duplicate lines in {f}", f"Remove consecutive repeated lines from {f}"), f"uniq {q(f)}"


@intent("uniq", 1.5)
def uniq_c(c: Ctx):
    f = c.v.file()
    return c.pick(f"Count how many times each line occurs in {f}", f"Show each distinct line of {f} with its count", f"Frequency of each line in {f}"), \
        f"sort {q(f)} | uniq -c"


@intent("uniq")
def uniq_d(c: Ctx):
    f = c.v.file()
    return c.pick(f"Show the lines that appear more than once in {f}", f"Which lines of {f} are duplicated"), f"sort {q(f)} | uniq -d"


@intent("uniq")
def uniq_u(c: Ctx):
    f = c.v.file()
    return c.pick(f"Show the lines that appear exactly once in {f}", f"Print the lines of {f} that are not repeated"), f"sort {q(f)} | uniq -u"


@intent("uniq")
def count_unique(c: Ctx):
    f = c.v.file()
    return c.pick(f"How many unique lines does {f} have", f"Count the distinct lines in {f}"), f"sort -u {q(f)} | wc -l"


@intent("uniq", 1.5)
def top_n(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 20)
    return c.pick(f"Show the {w} most common lines in {f} with counts", f"Top {w} most frequent lines of {f}"), f"sort {q(f)} | uniq -c | sort -rn | head -n {k}"


@intent("cut", 2.0)
def cut_f(c: Ctx):
    f = c.v.file("csv")
    k, w = c.n(1, 9)
    return c.pick(f"Print the {ordinal(k)} field of {f}, fields separated by commas", f"Extract column {w} of the CSV {f} with cut", f"cut out column {w} of {f}"), \
        f"cut -d, -f{k} {q(f)}"


@intent("cut")
def cut_colon(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 7)
    return c.pick(f"Print field {w} of {f}, where fields are separated by colons", f"Extract the {ordinal(k)} colon-separated field of each line of {f}"), \
        f"cut -d: -f{k} {q(f)}"


@intent("cut")
def cut_tab(c: Ctx):
    f = c.v.file("tsv")
    k, w = c.n(1, 7)
    return c.pick(f"Print the {ordinal(k)} tab-separated column of {f}", f"Column {w} of the TSV {f}"), f"cut -f{k} {q(f)}"


@intent("cut")
def cut_c(c: Ctx):
    f = c.v.file()
    a = c.v.num(1, 20)
    b = a + c.v.num(1, 40)
    return c.pick(f"Print characters {a} to {b} of each line of {f}", f"Cut characters {a}-{b} from every line in {f}"), f"cut -c{a}-{b} {q(f)}"


@intent("cut")
def cut_two(c: Ctx):
    f = c.v.file("csv")
    a = c.v.num(1, 4)
    b = a + c.v.num(1, 4)
    return c.pick(f"Print columns {a} and {b} of {f}", f"Extract fields {a} and {b} from the comma-separated {f}"), f"cut -d, -f{a},{b} {q(f)}"


@intent("tr", 1.5)
def tr_upper(c: Ctx):
    f = c.v.file()
    return c.pick(f"Convert {f} to uppercase", f"Print {f} in capital letters", f"Make every letter in {f} upper case"), f"tr 'a-z' 'A-Z' < {q(f)}"


@intent("tr")
def tr_lower(c: Ctx):
    f = c.v.file()
    return c.pick(f"Convert {f} to lowercase", f"Print {f} in lower case"), f"tr 'A-Z' 'a-z' < {q(f)}"


@intent("tr")
def tr_delete(c: Ctx):
    f = c.v.file()
    ch = c.r.choice(list(",;:-_.") + ["digits"])
    if ch == "digits":
        return c.pick(f"Remove all digits from {f}", f"Delete every number character in {f}"), f"tr -d '0-9' < {q(f)}"
    return c.pick(f"Delete every '{ch}' character from {f}", f"Remove all {ch} characters in {f}"), f"tr -d '{ch}' < {q(f)}"


@intent("tr")
def tr_squeeze(c: Ctx):
    f = c.v.file()
    return c.pick(f"Squeeze repeated spaces in {f} into one", f"Collapse runs of spaces in {f}"), f"tr -s ' ' < {q(f)}"


@intent("tr")
def tr_replace(c: Ctx):
    f = c.v.file()
    a, b = c.r.sample(list(",;:|-_ "), 2)
    name = {" ": "spaces", ",": "commas", ";": "semicolons", ":": "colons", "|": "pipes", "-": "dashes", "_": "underscores"}
    return c.pick(f"Replace all {name[a]} in {f} with {name[b]}", f"Turn the {name[a]} of {f} into {name[b]}"), f"tr '{a}' '{b}' < {q(f)}"


@intent("tr")
def tr_words(c: Ctx):
    f = c.v.file()
    return c.pick(f"Put each word of {f} on its own line", f"Split {f} into one word per line"), f"tr -s ' ' '\\n' < {q(f)}"


@intent("jq", 2.0)
def jq_key(c: Ctx):
    f, k = c.v.file("json"), c.v.field()
    return c.pick(f"Print the {k} field of {f}", f"What is the value of {k} in {f}", f"Get .{k} from {f}"), f"jq '.{k}' {q(f)}"


@intent("jq")
def jq_raw(c: Ctx):
    f, k = c.v.file("json"), c.v.field()
    return c.pick(f"Print the {k} of {f} as a raw string", f"Get {k} from {f} without quotes"), f"jq -r '.{k}' {q(f)}"


@intent("jq", 1.5)
def jq_each(c: Ctx):
    f, k = c.v.file("json"), c.v.field()
    return c.pick(f"Print the {k} of every object in the array in {f}", f"List the {k} fields of all entries in {f}"), f"jq -r '.[].{k}' {q(f)}"


@intent("jq")
def jq_len(c: Ctx):
    f = c.v.file("json")
    return c.pick(f"How many elements are in the JSON array in {f}", f"Count the items in {f}"), f"jq length {q(f)}"


@intent("jq")
def jq_pretty(c: Ctx):
    f = c.v.file("json")
    return c.pick(f"Pretty print {f}", f"Format the JSON in {f} nicely"), f"jq . {q(f)}"


@intent("jq")
def jq_select(c: Ctx):
    f, k = c.v.file("json"), c.v.field()
    t = c.v.num(1, 100)
    return c.pick(f"Show the objects in {f} whose {k} is greater than {t}", f"Filter {f} to entries with {k} > {t}"), f"jq '.[] | select(.{k} > {t})' {q(f)}"


@intent("jq")
def jq_select_eq(c: Ctx):
    f, k, v = c.v.file("json"), c.v.field(), c.v.word()
    return c.pick(f"Show the entries of {f} where {k} is {v}", f"Select the objects in {f} with {k} equal to \"{v}\""), \
        f"jq '.[] | select(.{k} == \"{v}\")' {q(f)}"


@intent("jq")
def jq_keys(c: Ctx):
    f = c.v.file("json")
    return c.pick(f"List the keys of the object in {f}", f"What top-level keys does {f} have"), f"jq 'keys' {q(f)}"


@intent("jq")
def jq_nested(c: Ctx):
    f, a, b = c.v.file("json"), c.v.field(), c.v.field()
    return c.pick(f"Print the {b} inside {a} in {f}", f"Get .{a}.{b} from {f}"), f"jq '.{a}.{b}' {q(f)}"


@intent("csv")
def csv_rows(c: Ctx):
    f = c.v.file("csv")
    return c.pick(f"How many data rows does {f} have, not counting the header", f"Count the records in {f} excluding the header line"), f"tail -n +2 {q(f)} | wc -l"


@intent("csv")
def csv_header(c: Ctx):
    f = c.v.file("csv")
    return c.pick(f"Show the header row of {f}", f"What are the column names in {f}"), f"head -n 1 {q(f)}"


@intent("csv")
def csv_distinct(c: Ctx):
    f = c.v.file("csv")
    k, w = c.n(1, 6)
    return c.pick(f"List the distinct values in column {w} of {f}", f"Unique values of the {ordinal(k)} field in {f}"), f"cut -d, -f{k} {q(f)} | sort -u"


@intent("csv")
def csv_max(c: Ctx):
    f = c.v.file("csv")
    k, w = c.n(1, 6)
    return c.pick(f"What is the largest value in column {w} of {f}", f"Maximum of the {ordinal(k)} column in {f}"), f"cut -d, -f{k} {q(f)} | sort -n | tail -n 1"


@intent("logs", 1.5)
def log_count(c: Ctx):
    f, p = c.v.file("log"), c.r.choice(["ERROR", "WARN", "WARNING", "FATAL", "error", "timeout", "denied", "404", "500"])
    return c.pick(f"How many {p} lines are in {f}", f"Count the {p} entries in {f}", f"Number of lines mentioning {p} in {f}"), f"grep -c {sq(p)} {q(f)}"


@intent("logs")
def log_top_ip(c: Ctx):
    f = c.v.file("log")
    k, w = c.n(1, 10)
    return c.pick(f"Show the {w} most frequent IP addresses in {f}, where the IP is the first field",
                  f"Top {w} clients by request count in the access log {f}"), f"awk '{{print $1}}' {q(f)} | sort | uniq -c | sort -rn | head -n {k}"


@intent("logs")
def log_unique_col(c: Ctx):
    f = c.v.file("log")
    k, w = c.n(1, 6)
    return c.pick(f"How many distinct values are in field {w} of {f}", f"Count the unique entries in column {w} of {f}"), f"awk '{{print ${k}}}' {q(f)} | sort -u | wc -l"


@intent("logs")
def log_last_err(c: Ctx):
    f, p = c.v.file("log"), c.r.choice(["ERROR", "WARN", "error", "failed"])
    k, w = c.n(1, 20)
    return c.pick(f"Show the last {w} {p} lines in {f}", f"Print the most recent {w} lines of {f} that mention {p}"), f"grep {sq(p)} {q(f)} | tail -n {k}"


# ---------------------------------------------------------------- tier 3: files, archives, system
@intent("find", 2.0)
def find_name(c: Ctx):
    e, d = c.v.ext(), c.pick(".", ".", c.v.dir())
    where = "here" if d == "." else f"under {d}"
    return c.pick(f"Find all .{e} files {where}", f"Locate every {e} file {where}", f"List the .{e} files {where} recursively"), f"find {q(d)} -name '*.{e}'"


@intent("find")
def find_iname(c: Ctx):
    w, d = c.v.word(), c.v.dir()
    return c.pick(f"Find files under {d} whose name contains {w}, ignoring case", f"Case-insensitively find names with {w} in {d}"), f"find {q(d)} -iname '*{w}*'"


@intent("find", 1.5)
def find_type_f(c: Ctx):
    d = c.v.dir()
    return c.pick(f"List all regular files under {d}", f"Find every file (not directory) in {d}"), f"find {q(d)} -type f"


@intent("find")
def find_type_d(c: Ctx):
    d = c.pick(".", c.v.dir())
    return c.pick(f"List all directories under {d}", f"Find every subdirectory of {d}"), f"find {q(d)} -type d"


@intent("find", 1.5)
def find_size(c: Ctx):
    d = c.pick(".", c.v.dir())
    k = c.v.num(1, 900)
    u = c.r.choice(["k", "M"])
    unit = {"k": "KB", "M": "MB"}[u]
    return c.pick(f"Find files in {d} larger than {k}{unit}", f"Which files under {d} are bigger than {k} {unit}"), f"find {q(d)} -type f -size +{k}{u}"


@intent("find", 1.5)
def find_mtime(c: Ctx):
    d = c.pick(".", c.v.dir())
    k, w = c.n(1, 60)
    return c.pick(f"Find files under {d} modified in the last {w} days", f"Which files in {d} changed within {w} days"), f"find {q(d)} -type f -mtime -{k}"


@intent("find")
def find_mtime_old(c: Ctx):
    d = c.pick(".", c.v.dir())
    k, w = c.n(1, 365)
    return c.pick(f"Find files in {d} older than {w} days", f"Which files under {d} were last modified more than {w} days ago"), f"find {q(d)} -type f -mtime +{k}"


@intent("find")
def find_empty(c: Ctx):
    d = c.pick(".", c.v.dir())
    return c.pick(f"Find empty files under {d}", f"List the zero-byte files in {d}"), f"find {q(d)} -type f -empty"


@intent("find")
def find_delete(c: Ctx):
    e, d = c.v.ext(), c.pick(".", c.v.dir())
    return c.pick(f"Delete all .{e} files under {d} recursively", f"Remove every {e} file anywhere in {d}"), f"find {q(d)} -name '*.{e}' -delete"


@intent("find")
def find_maxdepth(c: Ctx):
    e, d = c.v.ext(), c.v.dir()
    return c.pick(f"Find .{e} files directly in {d}, not in subfolders", f"List the {e} files at the top level of {d} only"), f"find {q(d)} -maxdepth 1 -name '*.{e}'"


@intent("find")
def find_exec(c: Ctx):
    e, d = c.v.ext(), c.pick(".", c.v.dir())
    return c.pick(f"Make every .{e} file under {d} executable", f"chmod +x all {e} files in {d} using find"), f"find {q(d)} -name '*.{e}' -exec chmod +x {{}} +"


@intent("find")
def find_grep(c: Ctx):
    e, p = c.v.ext(), c.v.pattern()
    return c.pick(f"Which .{e} files contain {p}", f"List {e} files that mention '{p}'"), f"grep -l {sq(p)} *.{e}"


@intent("stat", 1.5)
def stat_size(c: Ctx):
    f = c.v.file()
    return c.pick(f"What is the size of {f} in bytes, using stat", f"Print the byte size of {f} with stat"), f"stat -c %s {q(f)}"


@intent("stat")
def stat_perm(c: Ctx):
    f = c.v.file()
    return c.pick(f"Show the permissions of {f} in octal", f"What mode does {f} have, as a number"), f"stat -c %a {q(f)}"


@intent("stat")
def stat_mtime(c: Ctx):
    f = c.v.file()
    return c.pick(f"When was {f} last modified", f"Show the modification time of {f}"), f"stat -c %y {q(f)}"


@intent("stat")
def stat_plain(c: Ctx):
    f = c.v.file()
    return c.pick(f"Show detailed information about {f}", f"stat {f}"), f"stat {q(f)}"


@intent("disk", 1.5)
def du_sh(c: Ctx):
    d = c.v.dir()
    return c.pick(f"How much disk space does {d} use", f"Total size of the {d} directory, human readable", f"du of {d}"), f"du -sh {q(d)}"


@intent("disk")
def du_each(c: Ctx):
    d = c.v.dir()
    return c.pick(f"Show the size of each item in {d}", f"Disk usage of everything inside {d}"), f"du -sh {q(d)}/*"


@intent("disk")
def du_sort(c: Ctx):
    d = c.pick(".", c.v.dir())
    k, w = c.n(1, 10)
    return c.pick(f"Show the {w} biggest items in {d}", f"Which {w} entries in {d} use the most space"), f"du -s {q(d)}/* | sort -rn | head -n {k}"


@intent("disk")
def df(c: Ctx):
    return c.pick("Show free disk space in human readable form", "How much space is left on the disks", "df -h"), "df -h"


@intent("archive", 1.5)
def tar_czf(c: Ctx):
    d = c.v.dir()
    a = c.pick(d.replace("/", "_"), c.v.stem()) + ".tar.gz"
    return c.pick(f"Create a gzipped tarball {a} of the {d} directory", f"Archive {d} into {a}", f"Compress {c.dname(d)} into {a}"), f"tar -czf {q(a)} {q(d)}"


@intent("archive", 1.5)
def tar_xzf(c: Ctx):
    a = c.v.stem() + ".tar.gz"
    return c.pick(f"Extract {a}", f"Unpack the archive {a}", f"Untar {a} here"), f"tar -xzf {q(a)}"


@intent("archive")
def tar_xzf_C(c: Ctx):
    a, d = c.v.stem() + ".tar.gz", c.v.dir()
    return c.pick(f"Extract {a} into {c.dname(d)}", f"Unpack {a} into the folder {d}"), f"tar -xzf {q(a)} -C {q(d)}"


@intent("archive")
def tar_tzf(c: Ctx):
    a = c.v.stem() + ".tar.gz"
    return c.pick(f"List the contents of {a}", f"What files are inside {a}"), f"tar -tzf {q(a)}"


@intent("archive")
def tar_cf(c: Ctx):
    fs = [c.v.file() for _ in range(c.r.randint(1, 3))]
    a = c.v.stem() + ".tar"
    return c.pick(f"Bundle {' and '.join(fs)} into {a} without compression", f"Create the tar archive {a} from {', '.join(fs)}"), \
        f"tar -cf {q(a)} " + " ".join(q(f) for f in fs)


@intent("archive")
def tar_xf(c: Ctx):
    a = c.v.stem() + ".tar"
    return c.pick(f"Extract the tar file {a}", f"Unpack {a}"), f"tar -xf {q(a)}"


@intent("archive")
def tar_cjf(c: Ctx):
    d = c.v.dir()
    a = c.v.stem() + ".tar.bz2"
    return c.pick(f"Create a bzip2-compressed archive {a} of {d}", f"Tar and bzip2 {d} into {a}"), f"tar -cjf {q(a)} {q(d)}"


@intent("archive", 1.5)
def gzip(c: Ctx):
    f = c.v.file()
    return c.pick(f"Compress {f} with gzip", f"gzip {f}", f"Gzip the file {f}"), f"gzip {q(f)}"


@intent("archive")
def gzip_k(c: Ctx):
    f = c.v.file()
    return c.pick(f"Compress {f} with gzip but keep the original", f"gzip {f} keeping the uncompressed file"), f"gzip -k {q(f)}"


@intent("archive")
def gunzip(c: Ctx):
    f = c.v.file() + ".gz"
    return c.pick(f"Decompress {f}", f"Unzip the gzip file {f}", f"gunzip {f}"), f"gunzip {q(f)}"


@intent("archive")
def zcat(c: Ctx):
    f = c.v.file() + ".gz"
    return c.pick(f"Show the contents of {f} without decompressing it to disk", f"Print the compressed file {f}"), f"zcat {q(f)}"


@intent("archive")
def zip_(c: Ctx):
    d = c.v.dir()
    a = c.v.stem() + ".zip"
    return c.pick(f"Zip the {d} folder into {a}", f"Create {a} containing {d} recursively"), f"zip -r {q(a)} {q(d)}"


@intent("archive")
def unzip(c: Ctx):
    a, d = c.v.stem() + ".zip", c.v.dir()
    if c.r.random() < 0.5:
        return c.pick(f"Unzip {a}", f"Extract {a}"), f"unzip {q(a)}"
    return c.pick(f"Unzip {a} into {d}", f"Extract {a} to the {d} directory"), f"unzip {q(a)} -d {q(d)}"


@intent("encode", 1.5)
def b64(c: Ctx):
    f = c.v.file()
    return c.pick(f"Base64 encode {f}", f"Print {f} encoded as base64"), f"base64 {q(f)}"


@intent("encode")
def b64d(c: Ctx):
    f, o = c.v.file("b64"), c.v.file()
    if c.r.random() < 0.5:
        return c.pick(f"Decode the base64 in {f}", f"Base64-decode {f}"), f"base64 -d {q(f)}"
    return c.pick(f"Decode the base64 file {f} into {o}", f"Base64-decode {f} and save it as {o}"), f"base64 -d {q(f)} > {q(o)}"


@intent("encode")
def b64_str(c: Ctx):
    t = c.v.word()
    return c.pick(f"Base64 encode the string {t}", f"What is {t} in base64"), f"printf '%s' {q(t)} | base64"


@intent("hash", 1.5)
def sha256(c: Ctx):
    f = c.v.file()
    return c.pick(f"Compute the SHA-256 checksum of {f}", f"sha256 hash of {f}", f"What is the sha256sum of {f}"), f"sha256sum {q(f)}"


@intent("hash")
def md5(c: Ctx):
    f = c.v.file()
    return c.pick(f"Compute the MD5 checksum of {f}", f"md5 hash of {f}"), f"md5sum {q(f)}"


@intent("hash")
def sha256_c(c: Ctx):
    f = c.v.file("sha256")
    return c.pick(f"Verify the checksums listed in {f}", f"Check files against the sha256 list {f}"), f"sha256sum -c {q(f)}"


@intent("hash")
def sha256_save(c: Ctx):
    e, o = c.v.ext(), c.v.file("sha256")
    return c.pick(f"Write the SHA-256 sums of all .{e} files to {o}", f"Save sha256 checksums of the {e} files into {o}"), f"sha256sum *.{e} > {q(o)}"


@intent("hash")
def openssl_dgst(c: Ctx):
    f = c.v.file()
    return c.pick(f"Use openssl to compute the sha256 digest of {f}", f"openssl sha256 of {f}"), f"openssl dgst -sha256 {q(f)}"


@intent("hash")
def openssl_rand(c: Ctx):
    k, w = c.n(4, 64)
    return c.pick(f"Generate {w} random bytes as hex with openssl", f"Make a random hex string of {w} bytes"), f"openssl rand -hex {k}"


@intent("hash")
def openssl_b64(c: Ctx):
    f = c.v.file()
    return c.pick(f"Base64 encode {f} using openssl", f"openssl base64 of {f}"), f"openssl base64 -in {q(f)}"


@intent("compare", 1.5)
def diff(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Show the differences between {a} and {b}", f"Compare {a} and {b} line by line", f"diff {a} and {b}"), f"diff {q(a)} {q(b)}"


@intent("compare")
def diff_u(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Unified diff of {a} and {b}", f"Show a unified diff between {a} and {b}"), f"diff -u {q(a)} {q(b)}"


@intent("compare")
def diff_q(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Report only whether {a} and {b} differ", f"Just tell me if {a} and {b} are different"), f"diff -q {q(a)} {q(b)}"


@intent("compare")
def diff_r(c: Ctx):
    a, b = c.v.dir(), c.v.dir()
    return c.pick(f"Compare the directories {a} and {b} recursively", f"Show differences between the folders {a} and {b}"), f"diff -r {q(a)} {q(b)}"


@intent("compare")
def comm(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Show lines that are in both {a} and {b}", f"Common lines of the sorted files {a} and {b}"), f"comm -12 {q(a)} {q(b)}"


@intent("compare")
def cmp(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Compare {a} and {b} byte by byte", f"cmp {a} with {b}"), f"cmp {q(a)} {q(b)}"


@intent("xargs", 1.5)
def xargs_rm(c: Ctx):
    e, d = c.v.ext(), c.pick(".", c.v.dir())
    return c.pick(f"Find all .{e} files under {d} and delete them with xargs", f"Remove the {e} files in {d} via find and xargs"), \
        f"find {q(d)} -name '*.{e}' | xargs rm"


@intent("xargs")
def xargs_wc(c: Ctx):
    e, d = c.v.ext(), c.pick(".", c.v.dir())
    return c.pick(f"Count the lines of every .{e} file under {d}", f"Total line count of the {e} files in {d}"), f"find {q(d)} -name '*.{e}' | xargs wc -l"


@intent("xargs")
def xargs_grep(c: Ctx):
    e, p = c.v.ext(), c.v.pattern()
    return c.pick(f"Search all .{e} files recursively for {p} using xargs", f"Find {e} files and grep them for '{p}'"), f"find . -name '*.{e}' | xargs grep {sq(p)}"


@intent("xargs")
def xargs_mkdir(c: Ctx):
    f = c.v.file()
    return c.pick(f"Create the directories listed in {f}", f"Make a folder for each name in {f}"), f"xargs mkdir -p < {q(f)}"


@intent("xargs")
def xargs_n1(c: Ctx):
    f = c.v.file()
    return c.pick(f"Print the words of {f} one per line using xargs", f"Use xargs to echo each word in {f} separately"), f"xargs -n 1 < {q(f)}"


@intent("perms", 1.5)
def chmod_x(c: Ctx):
    f = c.v.file("sh")
    return c.pick(f"Make {f} executable", f"Give {f} execute permission", f"chmod +x {f}"), f"chmod +x {q(f)}"


@intent("perms", 1.5)
def chmod_oct(c: Ctx):
    f = c.v.file()
    m = c.r.choice(["755", "644", "600", "700", "640", "750", "444", "400", "664", "775"])
    return c.pick(f"Set the permissions of {f} to {m}", f"chmod {f} to {m}", f"Change the mode of {f} to {m}"), f"chmod {m} {q(f)}"


@intent("perms")
def chmod_private(c: Ctx):
    f = c.v.file()
    return c.pick(f"Make {f} readable and writable only by me", f"Restrict {f} so only the owner can read and write it"), f"chmod 600 {q(f)}"


@intent("perms")
def chmod_R(c: Ctx):
    d = c.v.dir()
    m = c.r.choice(["755", "700", "750", "644"])
    return c.pick(f"Recursively set permissions of {d} to {m}", f"chmod -R {m} on {d}"), f"chmod -R {m} {q(d)}"


@intent("perms")
def chmod_ro(c: Ctx):
    f = c.v.file()
    return c.pick(f"Remove write permission from {f} for everyone", f"Make {f} read-only"), f"chmod a-w {q(f)}"


@intent("perms")
def chown(c: Ctx):
    f, u = c.v.file(), c.v.user()
    return c.pick(f"Change the owner of {f} to {u}", f"Give ownership of {f} to {u}"), f"chown {u} {q(f)}"


@intent("date", 1.5)
def date_fmt(c: Ctx):
    fmts = [("today's date as YYYY-MM-DD", "+%Y-%m-%d"), ("the current time as hours and minutes", "+%H:%M"),
            ("the current Unix timestamp", "+%s"), ("the current year", "+%Y"), ("the day of the week", "+%A"),
            ("the date and time in ISO 8601 format", "-Iseconds"), ("the current month name", "+%B"), ("today's date", "")]
    d, f = c.r.choice(fmts)
    return c.pick(f"Print {d}", f"Show {d}", f"What is {d}"), ("date " + f).strip()


@intent("date")
def date_utc(c: Ctx):
    return c.pick("Show the current time in UTC", "Print the date in UTC"), "date -u"


@intent("date")
def date_rel(c: Ctx):
    k, w = c.n(1, 30)
    return c.pick(f"What was the date {w} days ago, as YYYY-MM-DD", f"Print the date {w} days ago"), f"date -d '{k} days ago' +%Y-%m-%d"


@intent("date")
def date_file(c: Ctx):
    d = c.v.dir()
    return c.pick(f"Create a directory named {d} followed by today's date", f"Make a folder {d}_YYYYMMDD with today's date"), f"mkdir {q(d)}_$(date +%Y%m%d)"


@intent("proc")
def ps_aux(c: Ctx):
    return c.pick("List all running processes", "Show every process on the system", "ps aux"), "ps aux"


@intent("proc")
def ps_grep(c: Ctx):
    p = c.r.choice(["nginx", "python", "node", "sshd", "postgres", "redis", "java", "bash"]) if c.r.random() < 0.7 else c.v.word()
    return c.pick(f"Find the processes named {p}", f"Is {p} running", f"Show processes matching {p}"), f"pgrep -a {q(p)}"


@intent("proc")
def ps_user(c: Ctx):
    u = c.v.user()
    return c.pick(f"List the processes owned by {u}", f"Show {u}'s processes"), f"ps -u {u}"


@intent("proc")
def kill(c: Ctx):
    p = c.v.num(100, 99999)
    if c.r.random() < 0.5:
        return c.pick(f"Force kill process {p}", f"Kill -9 pid {p}"), f"kill -9 {p}"
    return c.pick(f"Terminate process {p}", f"Send SIGTERM to pid {p}"), f"kill {p}"


@intent("proc")
def ps_top_mem(c: Ctx):
    k, w = c.n(1, 10)
    return c.pick(f"Show the {w} processes using the most memory", f"Top {w} processes by memory"), f"ps aux --sort=-%mem | head -n {k + 1}"


# ---------------------------------------------------------------- tier 4: composition
@intent("pipeline", 2.0)
def pipe_words_top(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 20)
    return c.pick(f"What are the {w} most frequent words in {f}", f"Show the top {w} words of {f} by count"), \
        f"tr -s ' ' '\\n' < {q(f)} | sort | uniq -c | sort -rn | head -n {k}"


@intent("pipeline")
def pipe_grep_sort_uniq(c: Ctx):
    f, p = c.v.file("log"), c.v.pattern()
    return c.pick(f"Show the unique lines of {f} that mention {p}, sorted", f"Sorted distinct {p} lines from {f}"), f"grep {sq(p)} {q(f)} | sort -u"


@intent("pipeline")
def pipe_grep_count_words(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    return c.pick(f"How many words are on the lines of {f} containing {p}", f"Word count of the {p} lines in {f}"), f"grep {sq(p)} {q(f)} | wc -w"


@intent("pipeline")
def pipe_cut_sort_head(c: Ctx):
    f = c.v.file("csv")
    k = c.v.num(1, 5)
    n, w = c.n(1, 10)
    return c.pick(f"Show the {w} largest values in column {k} of {f}", f"Top {w} numbers from the {ordinal(k)} field of {f}"), \
        f"cut -d, -f{k} {q(f)} | sort -rn | head -n {n}"


@intent("pipeline")
def pipe_sort_uniq_count(c: Ctx):
    f = c.v.file()
    k, w = c.n(1, 6)
    return c.pick(f"Count how often each value appears in column {w} of {f}", f"Frequency of each entry in field {k} of {f}"), \
        f"awk '{{print ${k}}}' {q(f)} | sort | uniq -c | sort -rn"


@intent("pipeline")
def pipe_find_sort_size(c: Ctx):
    d = c.pick(".", c.v.dir())
    k, w = c.n(1, 10)
    return c.pick(f"List the {w} largest files under {d}", f"Which {w} files in {d} are the biggest"), \
        f"find {q(d)} -type f -exec du -k {{}} + | sort -rn | head -n {k}"


@intent("pipeline")
def pipe_and(c: Ctx):
    d, f = c.v.dir(), c.v.file()
    return c.pick(f"Create the directory {d} and then copy {f} into it", f"Make {d} and copy {f} there"), f"mkdir -p {q(d)} && cp {q(f)} {q(d)}/"


@intent("pipeline")
def pipe_or(c: Ctx):
    f = c.v.file()
    return c.pick(f"Create {f} only if it does not exist yet", f"If {f} is missing, create it empty"), f"[ -e {q(f)} ] || touch {q(f)}"


@intent("loop", 2.0)
def for_rename(c: Ctx):
    a, b = c.r.sample(EXT_SAMPLE, 2)
    return c.pick(f"Rename every .{a} file here to have a .{b} extension", f"Change the extension of all {a} files to {b}"), \
        f'for f in *.{a}; do mv "$f" "${{f%.{a}}}.{b}"; done'


@intent("loop")
def for_count(c: Ctx):
    e = c.v.ext()
    return c.pick(f"Print the line count of each .{e} file in a loop", f"For every {e} file, show its name and number of lines"), \
        f'for f in *.{e}; do echo "$f: $(wc -l < "$f")"; done'


@intent("loop")
def for_backup(c: Ctx):
    e = c.v.ext()
    return c.pick(f"Make a .bak copy of every .{e} file", f"Back up each {e} file by copying it to name.bak"), f'for f in *.{e}; do cp "$f" "$f.bak"; done'


@intent("loop")
def for_prefix(c: Ctx):
    e, p = c.v.ext(), c.v.word()
    return c.pick(f"Add the prefix {p}_ to every .{e} file name", f"Rename all {e} files so they start with {p}_"), f'for f in *.{e}; do mv "$f" "{p}_$f"; done'


@intent("loop")
def for_seq(c: Ctx):
    k, w = c.n(2, 20)
    p = c.v.word()
    return c.pick(f"Create files {p}1.txt to {p}{k}.txt", f"Make {w} empty files named {p}1.txt through {p}{k}.txt"), f"for i in $(seq 1 {k}); do touch {p}$i.txt; done"


@intent("loop")
def for_mkdirs(c: Ctx):
    ds = list(dict.fromkeys(c.v.word() for _ in range(3)))
    return c.pick("Loop over " + ", ".join(ds) + " and create a directory for each", "Use a for loop to make the folders " + " ".join(ds)), \
        "for d in " + " ".join(ds) + '; do mkdir -p "$d"; done'


@intent("loop")
def while_read(c: Ctx):
    f = c.v.file()
    return c.pick(f"Read {f} line by line and print each line prefixed with '> '", f"Loop over the lines of {f} and echo each with a > in front"), \
        f'while IFS= read -r line; do echo "> $line"; done < {q(f)}'


@intent("loop")
def while_touch(c: Ctx):
    f = c.v.file()
    return c.pick(f"Create an empty file for every name listed in {f}", f"For each line of {f}, touch a file with that name"), \
        f'while IFS= read -r name; do touch "$name"; done < {q(f)}'


@intent("cond", 1.5)
def if_exists(c: Ctx):
    f = c.v.file()
    a, b = c.pick("yes", "exists", "found"), c.pick("no", "missing", "not found")
    return c.pick(f"Print {a} if {f} exists, otherwise {b}", f"Check whether {f} exists and say {a} or {b}"), \
        f"if [ -f {q(f)} ]; then echo {a}; else echo {q(b)}; fi"


@intent("cond")
def if_dir(c: Ctx):
    d = c.v.dir()
    return c.pick(f"Create {d} only if it is not already a directory", f"If there is no directory {d}, make it"), f"if [ ! -d {q(d)} ]; then mkdir {q(d)}; fi"


@intent("cond")
def if_grep(c: Ctx):
    f, p = c.v.file(), c.v.pattern()
    return c.pick(f"Print found if {f} contains {p}, else print absent", f"Say found when '{p}' is in {f}, otherwise absent"), \
        f"if grep -q {sq(p)} {q(f)}; then echo found; else echo absent; fi"


@intent("cond")
def if_empty(c: Ctx):
    f = c.v.file()
    return c.pick(f"Print empty if {f} has no content, otherwise print not empty", f"Check whether {f} is empty"), \
        f"if [ -s {q(f)} ]; then echo 'not empty'; else echo empty; fi"


@intent("subst", 1.5)
def subst_count(c: Ctx):
    f = c.v.file()
    return c.pick(f"Print 'Lines: N' where N is the number of lines in {f}", f"Say how many lines {f} has, in the form Lines: N"), f'echo "Lines: $(wc -l < {q(f)})"'


@intent("subst")
def subst_date_file(c: Ctx):
    f = c.v.file()
    st, ext = f.rsplit(".", 1)
    return c.pick(f"Copy {f} to a file named {st}-YYYY-MM-DD.{ext} using today's date", f"Back up {f} with today's date in the name"), \
        f"cp {q(f)} {q(st)}-$(date +%Y-%m-%d).{ext}"


@intent("subst")
def subst_var(c: Ctx):
    d = c.v.dir()
    return c.pick(f"Print the number of entries in {d} as a sentence", f"Say 'There are N files in {d}'"), f'echo "There are $(ls {q(d)} | wc -l) files in {d}"'


@intent("heredoc", 1.5)
def heredoc(c: Ctx):
    f = c.v.file()
    ls = [c.v.phrase() for _ in range(c.r.randint(2, 4))]
    listed = "; ".join(ls)
    return c.pick(f"Write these lines to {f} with a heredoc: {listed}", f"Create {f} containing the lines {listed}, using a here document"), \
        f"cat > {q(f)} << 'EOF'\n" + "\n".join(ls) + "\nEOF"


@intent("heredoc")
def heredoc_append(c: Ctx):
    f = c.v.file()
    ls = [c.v.phrase() for _ in range(c.r.randint(2, 3))]
    listed = "; ".join(ls)
    return c.pick(f"Append the lines {listed} to {f} using a heredoc", f"Add these lines to the end of {f} with a here-doc: {listed}"), \
        f"cat >> {q(f)} << 'EOF'\n" + "\n".join(ls) + "\nEOF"


@intent("bg", 1.5)
def bg_wait(c: Ctx):
    a, b = c.v.file(), c.v.file()
    return c.pick(f"Compress {a} and {b} in parallel and wait for both", f"gzip {a} and {b} at the same time in the background, then wait"), \
        f"gzip {q(a)} & gzip {q(b)} & wait"


@intent("bg")
def bg_sort(c: Ctx):
    a, b = c.v.file(), c.v.file()
    oa, ob = c.v.file(), c.v.file()
    return c.pick(f"Sort {a} into {oa} and {b} into {ob} concurrently, then wait",
                  f"In parallel, write sorted {a} to {oa} and sorted {b} to {ob}, waiting for both"), \
        f"sort {q(a)} > {q(oa)} & sort {q(b)} > {q(ob)} & wait"


@intent("bg")
def bg_sleep(c: Ctx):
    k, w = c.n(1, 10)
    t = c.v.word()
    return c.pick(f"Run sleep {w} in the background, wait for it, then print {t}", f"Start a {w} second sleep in the background and echo {t} after it finishes"), \
        f"sleep {k} & wait; echo {q(t)}"


EXT_SAMPLE = "txt md log csv json py sh html js ts conf ini yaml bak jpeg jpg png text".split()


def ordinal(k: int) -> str:
    names = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
    return names[k] if k < len(names) else f"{k}th"


# drop intents that return no command (unfinished templates)
def generate(c: Ctx, fn: Intent) -> tuple[str, str] | None:
    req, cmd = fn(c)
    if cmd is None:
        return None
    return req, cmd
