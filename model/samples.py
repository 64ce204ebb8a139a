"""Turn (request, command) pairs into token sequences in the prompt format of
docs/CONTRACTS.md, with 0-3 preceding example pairs and a mask over command tokens.

    Request: <example request>
    Command: <example command>

    Request: <the request>
    Command: <command>

Tokens never cross a space or newline boundary, so each block is tokenized once and
blocks are concatenated; test_samples checks that this equals tokenizing the whole text.
"""
from __future__ import annotations

import random

from tokenizer import SPACE, Tokenizer

K_WEIGHTS = [0.3, 0.25, 0.25, 0.2]  # P(0..3 examples)
SAME_FAMILY = 0.6
# tldr pairs weigh more: they carry the programs and flags the templates never show
SOURCE_WEIGHT = {"template": 1.0, "pool": 3.0, "pool-varied": 1.0, "ir": 0.5, "tldr": 1.5, "help": 0.5, "compose": 1.0}
# a pair that carries the retriever's examples uses them this often (else family/random ones)
RETRIEVED_SHOTS = 0.8


def format_prompt(examples: list[tuple[str, str]], request: str) -> str:
    """The exact text decode builds; the model continues with ' <command>\\n\\n'."""
    s = "".join(f"Request: {r}\nCommand: {c}\n\n" for r, c in examples)
    return s + f"Request: {request}\nCommand:"


class Encoded:
    """Pairs pre-tokenized into request blocks and command blocks."""

    def __init__(self, tok: Tokenizer, pairs: list[dict]):
        self.tok = tok
        self.pairs = pairs
        self.req_first = tok.encode("Request:")  # with the leading space prefix
        self.req_next = tok.encode("Request:", prefix=False)
        self.req = [tok.encode(f" {p['request']}\nCommand:", prefix=False) for p in pairs]
        self.cmd = [tok.encode(f" {p['command']}\n\n", prefix=False) for p in pairs]
        # the retriever's examples for a pair, pre-tokenized: (request block, command block)
        self.shots: dict[int, list[tuple[list[int], list[int]]]] = {}
        for i, p in enumerate(pairs):
            if p.get("shots"):
                self.shots[i] = [(tok.encode(f" {r}\nCommand:", prefix=False), tok.encode(f" {c}\n\n", prefix=False))
                                 for r, c in p["shots"]]
        self.by_family: dict[str, list[int]] = {}
        for i, p in enumerate(pairs):
            self.by_family.setdefault(p.get("family", ""), []).append(i)
        self.weights = [SOURCE_WEIGHT.get(p.get("source", "template"), 1.0) for p in pairs]

    def sample(self, r: random.Random, target: int, max_len: int, k: int | None = None) -> tuple[list[int], list[int]]:
        if k is None:
            k = r.choices(range(4), K_WEIGHTS)[0]
        fam = self.by_family.get(self.pairs[target].get("family", ""), [])
        blocks: list[tuple[list[int], list[int]]] = []
        if k and target in self.shots and r.random() < RETRIEVED_SHOTS:
            blocks = list(self.shots[target][:k])  # the retriever's top k in its order, as decode prompts them
        else:
            for _ in range(k):
                j = r.choice(fam) if fam and r.random() < SAME_FAMILY else r.randrange(len(self.pairs))
                if j != target:
                    blocks.append((self.req[j], self.cmd[j]))
        blocks.append((self.req[target], self.cmd[target]))
        ids = [self.tok.bos_id]
        mask = [0]
        for n, (req, cmd) in enumerate(blocks):
            head = self.req_first if n == 0 else self.req_next
            block = head + req
            ids += block
            mask += [0] * len(block)
            ids += cmd
            mask += [1] * len(cmd)
        if len(ids) > max_len:
            # keep the target whole: drop leading examples by truncating from the left is
            # unsafe (breaks the format), so fall back to the target alone
            head = self.req_first + self.req[target]
            ids = [self.tok.bos_id] + head + self.cmd[target]
            mask = [0] * (1 + len(head)) + [1] * len(self.cmd[target])
            ids, mask = ids[:max_len], mask[:max_len]
        return ids, mask


def text_of(pairs: list[dict], ex: list[int], target: int) -> str:
    s = "".join(f"Request: {pairs[i]['request']}\nCommand: {pairs[i]['command']}\n\n" for i in ex + [target])
    return s


__all__ = ["Encoded", "format_prompt", "text_of", "SPACE"]
