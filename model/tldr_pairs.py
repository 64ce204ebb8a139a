"""Training pairs from tldr-pages (CC-BY 4.0, the tldr-pages team and contributors; see
../shared/data/tldr/README.md and the NOTICE section of model/MODEL_CARD.md).

Each example is a description and a command with {{placeholders}}. A draw fills every
placeholder with a sampled value of its kind (a path keeps its extension; `[-r|--recursive]`
picks one spelling, mostly the short one; `a|b` picks one; lists get 1-3 items), writes the
request from the description (mnemonic brackets stripped: `E[x]tract` -> `Extract`) plus
the values it needs, and rewrites it through the phrasing generator. Which draws survive
(parse, policy, known programs) is decided by filter_pairs() with model/check_commands.mjs.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import tempfile

from decontam import ROOT
from intents import q
from phrasing import vary
from vocab import EXTS, USERS, Vocab

def _checkouts(root: str) -> list[str]:
    """The checkout at `root` and, when it is a git worktree (.git is a file naming its gitdir),
    the main checkout: the folder holding the common git dir (gitdir/commondir)."""
    out = [root]
    try:
        with open(os.path.join(root, ".git")) as f:
            gitdir = f.read().split("gitdir:", 1)[1].strip()
        gitdir = os.path.join(root, gitdir)
        with open(os.path.join(gitdir, "commondir")) as f:
            common = os.path.normpath(os.path.join(gitdir, f.read().strip()))
        out.append(os.path.dirname(common))
    except (OSError, IndexError):
        pass
    return out


def _default_tldr() -> str:
    """../shared/data/tldr/examples.jsonl next to the checkout, or next to the main checkout of a worktree."""
    found = [os.path.join(os.path.dirname(c), "shared", "data", "tldr", "examples.jsonl") for c in _checkouts(ROOT)]
    return next((f for f in found if os.path.exists(f)), found[0])


TLDR = os.environ.get("SHELLGEN_TLDR") or _default_tldr()
DRAWS = 3  # phrasings (each with fresh values) per example

PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}")
BUILTINS = set("""cd echo printf read export set unset alias unalias type command builtin exec exit
return source test [ [[ true false for while until if case select function local declare typeset
let eval trap wait jobs fg bg kill shift getopts hash history pushd popd dirs umask ulimit times
help disown suspend compgen complete shopt enable logout mapfile readarray time coproc""".split())
KEY_BINDING = re.compile(r"<(Ctrl|Alt|Shift|Esc|Enter|Tab|Space|Cmd|Super|Meta|[A-Z]-)|\bpress\b|\bkeyboard shortcut\b", re.I)
DOMAINS = "example.com example.org api.example.net files.example.io git.example.com mirror.example.org".split()
TLDS_WORDS = "shop blog docs status cdn auth mail".split()
PACKAGES = "curl jq htop ripgrep requests numpy flask express lodash nginx redis vim tmux git zlib openssl".split()
IFACES = "eth0 eth1 wlan0 enp3s0 ens33 lo".split()


def clean_description(d: str) -> str:
    d = re.sub(r"\[([^\]\s]{1,4})\]", r"\1", d)          # E[x]tract -> Extract, [a]ll -> all
    d = d.replace("`", "")
    d = re.sub(r"\{\{(.*?)\}\}", r"\1", d)
    return re.sub(r"\s+", " ", d).strip().rstrip(":")


class Filler:
    """Sampled values for placeholders, and the words a request names them with."""

    def __init__(self, r: random.Random):
        self.r, self.v = r, Vocab(r)
        self.desc = ""  # the example's description: a number it names stays as it is

    def file(self, ext: str | None) -> str:
        v, r = self.v, self.r
        name = v.file(ext) if ext else (v.file() if r.random() < 0.7 else v.stem())
        if r.random() < 0.25:
            name = f"{v.dir()}/{name}"
        return name

    def directory(self) -> str:
        d = self.v.dir()
        return d if self.r.random() < 0.8 else f"{d}/{self.v.dir()}"

    def number(self, like: str) -> str:
        n = int(like)
        hi = max(5, n * 3)
        return str(self.r.randint(0 if n == 0 else 1, hi))

    def one(self, ph: str) -> tuple[str, str | None]:
        """(value, how the request names it, or None when the request need not say it)."""
        r, v = self.r, self.v
        low = ph.lower()
        if re.fullmatch(r"\[-[^\]]*\]", ph):                      # option spellings
            alts = ph[1:-1].split("|")
            short = [a for a in alts if not a.startswith("--")]
            return (short[0] if short and r.random() < 0.75 else r.choice(alts)), None
        if re.fullmatch(r"\[[^\]]*\|[^\]]*\]", ph):               # subcommand spellings
            return r.choice(ph[1:-1].split("|")), None
        if low.endswith("...") or re.search(r"\w1 \S+2 ", ph):    # lists
            base = re.sub(r"1$", "", ph.split(" ")[0])
            if not base or base == ph or "..." in base:
                return "", None
            n = r.choice([1, 1, 2, 2, 3])
            vals = [self.one(base)[0] for _ in range(n)]
            return " ".join(vals), " ".join(vals)
        if "|" in ph:                                            # value alternatives
            alt = r.choice(ph.split("|"))
            if re.fullmatch(r"[\w.:+-]+", alt) and not re.fullmatch(KIND_WORDS, alt.lower()) and "/" not in alt:
                return alt, alt                                  # a literal choice (setaf|setab, json|yaml)
            return self.one(alt)
        if re.fullmatch(r"-?\d+", ph) and ph.lstrip("-") in self.desc:
            return ph, None                                      # the description names this number
        if re.fullmatch(r"-?\d+", ph):
            val = self.number(ph.lstrip("-"))
            return ("-" + val if ph.startswith("-") else val), val
        if re.fullmatch(r"\d+\.\.\d+|\d+-\d+", ph):
            a = r.randint(1, 20)
            return f"{a}{'..' if '..' in ph else '-'}{a + r.randint(1, 30)}", None
        if re.fullmatch(r"\d+(\.\d+)?[kKmMgGsh%]|\d+[a-z]{1,3}", ph):
            unit = re.sub(r"[\d.]+", "", ph)
            val = f"{r.randint(1, 64)}{unit}"
            return val, val
        if low.startswith(("path/to/", "/path/to/", "~/path/to/")) or low in ("file", "filename", "path"):
            tail = ph.split("/")[-1]
            m = re.search(r"\.([A-Za-z0-9]{1,6})$", tail)
            if "dir" in tail or tail in ("to", "source", "destination", "project", "mount_point") or "folder" in tail:
                val = self.directory()
            elif m or "file" in tail or low in ("file", "filename"):
                val = self.file(m.group(1) if m else None)
            else:                                                # an executable, a socket, a device: no extension
                val = self.v.stem() if r.random() < 0.75 else f"{self.v.dir()}/{self.v.stem()}"
            return q(val), val
        if re.fullmatch(r"[\w-]+\.[A-Za-z]{2,5}", ph) and not re.search(r"example|\.(com|org|net|io)$", ph):
            val = self.file(ph.rsplit(".", 1)[1])
            return q(val), val
        if re.search(r"https?://", low) or low in ("url", "repository_url") or low.endswith("_url"):
            val = f"https://{r.choice(DOMAINS)}/{v.stem()}"
            return val, val
        if "example." in low or low in ("domain", "host", "hostname", "remote_host", "server") or low.endswith(("_host", "hostname")):
            val = r.choice(DOMAINS) if r.random() < 0.6 else f"{r.choice(TLDS_WORDS)}.{r.choice(DOMAINS)}"
            return val, val
        if re.fullmatch(r"\d+\.\d+\.\d+\.\d+(/\d+)?", ph) or "ip_address" in low or low in ("ip", "address"):
            val = f"192.168.{r.randint(0, 9)}.{r.randint(2, 250)}"
            return val, val
        if re.search(r"(^|_)(pid|priority|level|rate|code|digits|seconds|count|number|size|timeout|limit|depth|days|id|uid|gid|index|offset)$", low):
            val = str(v.num(1, 500))
            return val, val
        if re.search(r"checksum|hash|sha\d*sum|digest", low):
            val = "".join(r.choice("0123456789abcdef") for _ in range(r.choice([8, 40, 64])))
            return val, val
        if "port" in low:
            val = str(r.choice([22, 80, 443, 3000, 5432, 8000, 8080, 9000, r.randint(1024, 65000)]))
            return val, val
        if "user" in low or low in ("owner", "login"):
            val = r.choice(USERS)
            return val, val
        if "package" in low or "module" in low:
            val = r.choice(PACKAGES)
            return val, val
        if re.fullmatch(r"(eth|wlan|enp|ens)\w*|interface(_name)?", low):
            val = r.choice(IFACES)
            return val, val
        if low in ("n", "number", "count", "seconds", "minutes", "lines", "width", "height", "size", "pid", "limit",
                   "timeout", "depth", "level", "days", "hours", "bytes", "id") or low.endswith(("_number", "_count", "_id", "_size")):
            val = str(v.num(1, 500))
            return val, val
        if low in ("pattern", "regex", "search_pattern", "search_term", "keyword", "string", "text", "query", "word"):
            val = v.word() if r.random() < 0.7 else v.word().upper()
            return q(val), val
        if low in ("message", "description", "title", "comment"):
            val = f"{v.word()} {v.word()}"
            return q(val), val
        if low == "command" or low.endswith("_command"):
            val = r.choice(["ls -l", "date", "uptime", "make", "echo done"])
            return val, val
        if re.fullmatch(r"[A-Za-z_][\w.-]*", ph):
            val = v.word()
            return val, val
        return "", None  # anything odder: the example is skipped


KIND_WORDS = r"(user(name)?|uid|gid|id|pid|name|file(name)?|dir(ectory)?|path|host(name)?|url|port|number|count|string|pattern|command|package|value|text|n)\d*"


def label(ph: str) -> str:
    """What a placeholder is called in a request: `path/to/image.png` -> image, `branch_name` -> branch."""
    low = ph.lower().split("|")[0].rstrip(".")
    if low.startswith(("path/to/", "/path/to/", "~/path/to/")):
        tail = low.split("/")[-1]
        tail = re.sub(r"\.\w+$", "", tail)
        tail = re.sub(r"\d+$", "", tail)
        return "" if tail in ("file", "directory") and False else tail.replace("_", " ")
    if re.fullmatch(r"[\d.\-/:%a-z]+", low) and re.search(r"\d", low):
        return ""
    if re.fullmatch(r"[a-z][a-z_ ]*", low):
        return re.sub(r"_name$", "", low).replace("_", " ")
    return ""


def request_for(r: random.Random, desc: str, named: list[tuple[str, str]]) -> str:
    if not named:
        return desc
    parts = [f"{lab} {val}".strip() if lab and r.random() < 0.7 else val for lab, val in named]
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    x = r.random()
    if x < 0.35:
        return f"{desc}: {joined}"
    if x < 0.6:
        return f"{desc} ({joined})"
    if x < 0.8:
        return f"{desc}, {joined}"
    return f"{desc} - {joined}"


def draw(r: random.Random, f: Filler, ex: dict, fixed: dict[str, str] | None = None, rephrase: bool = True) -> dict | None:
    """One filled pair; `fixed` gives some placeholders a value the request does not name
    (compositions put "$f" or {} there)."""
    named: list[tuple[str, str]] = []
    seen: dict[str, str] = dict(fixed or {})
    bad = False

    def sub(m: re.Match) -> str:
        nonlocal bad
        ph = m.group(1)
        if ph in seen:                       # the same placeholder twice means the same value
            return seen[ph]
        val, said = f.one(ph)
        if not val:
            bad = True
        elif said is not None and said not in [n[1] for n in named]:
            named.append((label(ph), said))
        seen[ph] = val
        return val

    f.desc = ex["description"]
    cmd = PLACEHOLDER.sub(sub, ex["command"]).strip()
    if bad or not cmd or "{{" in cmd or "\n" in cmd:
        return None
    req = request_for(r, clean_description(ex["description"]), named)
    if rephrase:
        req, cmd = vary(r, req, cmd)
    return {"request": req, "command": cmd, "family": "tldr:" + ex["page"], "source": "tldr", "id": ex["id"]}


def usable(ex: dict) -> bool:
    cmd, desc = ex["command"], ex["description"]
    if re.match(r"^\s*tldr\b", cmd) or re.search(r"\btldr \S+", desc) or KEY_BINDING.search(desc) or KEY_BINDING.search(cmd):
        return False
    return True


def known_programs() -> set[str]:
    """Programs in the grammar pack or the reviewed help corpus (the machine's PATH is asked per name)."""
    names = set(BUILTINS)
    pack = os.path.join(ROOT, "grammars", "pack")
    if os.path.isdir(pack):
        names |= {f[:-len(".ir.json")] for f in os.listdir(pack) if f.endswith(".ir.json")}
    helpd = os.path.join(ROOT, "corpora", "help")
    if os.path.isdir(helpd):
        names |= set(os.listdir(helpd))
    return names


def check_commands(cmds: list[str]) -> list[dict]:
    """Verdicts from model/check_commands.mjs (tree-sitter-bash, default policy, programs)."""
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.jsonl"), os.path.join(d, "out.jsonl")
        with open(src, "w", encoding="utf-8") as fh:
            for c in cmds:
                fh.write(json.dumps({"command": c}) + "\n")
        subprocess.run(["node", os.path.join(ROOT, "model", "check_commands.mjs"), src, dst], check=True)
        with open(dst, encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]


def filter_pairs(pairs: list[dict], stats: dict) -> list[dict]:
    """Keeps pairs whose command parses, passes the default policy and runs known programs."""
    known = known_programs()
    verdicts = check_commands([p["command"] for p in pairs])
    out = []
    for p, v in zip(pairs, verdicts):
        if not v["parses"]:
            why = "does not parse"
        elif v["violations"]:
            why = "policy"
        elif not v["programs"] or any(not (prog in known or shutil.which(prog)) for prog in v["programs"]):
            why = "unknown program"
        else:
            out.append(p)
            continue
        stats[why] = stats.get(why, 0) + 1
    return out


def load_examples() -> list[dict]:
    if not os.path.exists(TLDR):
        return []
    with open(TLDR, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def tldr_pairs(seed: int, draws: int = DRAWS) -> tuple[list[dict], dict]:
    """All filtered tldr pairs and the counts of what was dropped and why."""
    examples = load_examples()
    if not examples:
        return [], {"missing": TLDR}
    r = random.Random(seed + 11)
    f = Filler(r)
    stats: dict = {"examples": len(examples)}
    raw = []
    for ex in examples:
        if not usable(ex):
            stats["pointer or key binding"] = stats.get("pointer or key binding", 0) + 1
            continue
        for _ in range(draws):
            p = draw(r, f, ex)
            if p is None:
                stats["unfillable"] = stats.get("unfillable", 0) + 1
                break
            raw.append(p)
    kept = filter_pairs(raw, stats)
    stats["drawn"], stats["kept"] = len(raw), len(kept)
    stats["examples_kept"] = len({p["id"] for p in kept})
    return kept, stats


if __name__ == "__main__":
    import sys
    pairs, stats = tldr_pairs(int(sys.argv[1]) if len(sys.argv) > 1 else 1234)
    print(json.dumps(stats, indent=2))
    for p in random.Random(0).sample(pairs, min(20, len(pairs))):
        print(json.dumps(p, ensure_ascii=False))
