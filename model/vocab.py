"""Wide random vocabularies for training pairs.

Names, numbers and patterns are drawn from large pools and invented words, so the only
way to predict them in a command is to copy them from the request.
"""
from __future__ import annotations

import random
import string

WORDS = """
notes report data log access error app server client config settings users items orders
sales prices stock inventory todo list names emails contacts events metrics stats summary
draft readme changes history archive backup output input result results temp cache index
main util helpers test tests spec build deploy release version alpha beta gamma delta
photo image video audio music song track album book chapter poem story letter memo journal
diary recipe menu invoice receipt budget ledger payroll employee staff team project task
issue ticket bug feature patch fix update install setup init start stop run job cron queue
worker service daemon proxy cluster node host domain network socket packet route table
schema model record entry row column field value key token secret password cert keyfile
session cookie request response header body payload message event alert warning debug trace
audit security policy rule filter pattern match search query lookup map graph tree path
source target dest origin mirror remote local shared public private draft final old new
weekly daily monthly yearly q1 q2 q3 q4 north south east west red green blue black white
apple banana cherry grape lemon mango orange peach pear plum berry melon kiwi lime olive
cat dog fox wolf bear lion tiger eagle hawk owl crow swan duck frog fish whale shark
paris london tokyo berlin madrid rome oslo vienna prague dublin cairo lima quito delhi
alice bob carol dave erin frank grace heidi ivan judy mallory oscar peggy trent victor
words lines text content file files doc docs page pages site web api rest graphql kernel
boot disk volume mount device driver module plugin theme style layout template widget
""".split()

EXTS = ("txt txt txt log log csv csv json json md py sh conf cfg ini yaml yml xml html js ts "
        "c h go rs java rb php sql tsv dat bak out env toml lock css").split()
DIR_WORDS = ("src logs backup backups out dist build data docs tmp cache assets images photos "
             "reports archive scripts config etc lib bin test tests public static media uploads "
             "downloads projects notes old new staging prod dev vendor pkg www site exports imports").split()
USERS = "alice bob carol dave erin frank grace heidi ivan judy www-data deploy admin ubuntu postgres nginx git".split()
HOSTS = "example.com db.internal 10.0.0.5 192.168.1.20 api.example.org web01 backup.lan 172.16.0.9".split()

SYL_C = "b c d f g h j k l m n p r s t v w x z br cr dr fl gr pl st tr ch sh th".split()
SYL_V = "a e i o u ai ea io ou y".split()


class Vocab:
    """Draws names from a seeded random source."""

    def __init__(self, rnd: random.Random):
        self.r = rnd

    def invented(self) -> str:
        r = self.r
        return "".join(r.choice(SYL_C) + r.choice(SYL_V) for _ in range(r.randint(1, 3)))

    def word(self) -> str:
        r = self.r
        return self.invented() if r.random() < 0.35 else r.choice(WORDS)

    def stem(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.45:
            return self.word()
        if x < 0.65:
            return self.word() + r.choice("_-") + self.word()
        if x < 0.8:
            return self.word() + r.choice(["", "_", "-"]) + str(r.randint(1, 2030))
        if x < 0.9:
            return "".join(r.choice(string.ascii_lowercase) for _ in range(r.randint(2, 7)))
        return self.word().capitalize() + r.choice(["", "_" + self.word()])

    def ext(self) -> str:
        return self.r.choice(EXTS)

    def file(self, ext: str | None = None) -> str:
        return f"{self.stem()}.{ext or self.ext()}"

    def dir(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.45:
            return r.choice(DIR_WORDS)
        if x < 0.75:
            return self.word()
        if x < 0.9:
            return r.choice(DIR_WORDS) + "/" + self.word()
        return self.word() + r.choice(["_", "-"]) + str(r.randint(1, 99))

    def num(self, lo: int = 1, hi: int = 100) -> int:
        r = self.r
        # favour small numbers but reach the whole range, with varied digit counts
        if r.random() < 0.6:
            return r.randint(lo, min(hi, lo + 20))
        return r.randint(lo, hi)

    def pattern(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.25:
            return r.choice("ERROR WARN WARNING INFO DEBUG FATAL TODO FIXME error warning failed timeout denied".split())
        if x < 0.7:
            return self.word()
        if x < 0.85:
            return self.word().upper()
        return self.word() + " " + self.word()

    def phrase(self) -> str:
        n = self.r.randint(1, 4)
        return " ".join(self.word() for _ in range(n))

    def user(self) -> str:
        return self.r.choice(USERS) if self.r.random() < 0.7 else self.invented()

    def host(self) -> str:
        r = self.r
        if r.random() < 0.5:
            return r.choice(HOSTS)
        return f"{self.word()}.{r.choice(['com', 'org', 'net', 'io', 'lan'])}"

    def field(self) -> str:
        return self.r.choice("name id age email status price count city score total user level date title size".split()) \
            if self.r.random() < 0.7 else self.word()
