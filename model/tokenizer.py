"""SentencePiece-style BPE tokenizer that llama.cpp's SPM tokenizer reproduces exactly.

Encoding is llama.cpp's algorithm (llm_tokenizer_spm), not a merge-list replay: spaces
become U+2581, one is prepended, the text is split into UTF-8 characters, and the
adjacent pair whose concatenation is a vocab token with the highest score is merged
first (ties: leftmost). Leftover symbols that are not tokens fall back to <0xNN> bytes.
Training learns merges BPE-style and gives each merged token score -rank, so the
highest-scoring pair is the earliest-learned merge.
"""
from __future__ import annotations

import heapq
import json
import re
from collections import Counter

SPACE = "\u2581"
UNK, BOS, EOS = "<unk>", "<s>", "</s>"
# token_type values llama.cpp reads from tokenizer.ggml.token_type
T_NORMAL, T_UNKNOWN, T_CONTROL, T_BYTE = 1, 2, 3, 6

# Tokens must not glue these to anything else, so a file name or number copied from a
# request tokenizes the same whether it sits before "?", inside quotes or after "<".
HARD_PUNCT = set("'\"?!,;()[]{}<>|&$`\\")


def _mergeable(text: str) -> bool:
    if any(c.isdigit() for c in text):
        return False
    body = text.lstrip(SPACE)
    if not body:
        return False
    if "\n" in text:
        return set(text) == {"\n"}
    if any(c in HARD_PUNCT for c in body):
        # pure punctuation runs like "&&", "||", ">>", "$(" are fine
        return all(not c.isalnum() and c != SPACE for c in body) and SPACE not in text[1:]
    return True


def _pieces(text: str) -> list[str]:
    """Training-time word split: merges never cross a space or a newline boundary."""
    s = SPACE + text.replace(" ", SPACE)
    return [p for p in re.findall(r"\n+|" + SPACE + r"[^" + SPACE + r"\n]*|[^" + SPACE + r"\n]+", s) if p]


class Tokenizer:
    def __init__(self, tokens: list[str], scores: list[float], types: list[int]):
        self.tokens, self.scores, self.types = tokens, scores, types
        self.index = {t: i for i, t in enumerate(tokens)}
        self.bos_id, self.eos_id, self.unk_id = self.index[BOS], self.index[EOS], self.index[UNK]
        self.byte_id = [self.index["<0x%02X>" % b] for b in range(256)]

    # -- persistence -------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"tokens": self.tokens, "scores": self.scores, "types": self.types}

    @classmethod
    def from_json(cls, d: dict) -> "Tokenizer":
        return cls(d["tokens"], d["scores"], d["types"])

    @classmethod
    def load(cls, path: str) -> "Tokenizer":
        with open(path, encoding="utf-8") as f:
            return cls.from_json(json.load(f))

    def __len__(self) -> int:
        return len(self.tokens)

    # -- llama.cpp SPM encode ------------------------------------------------------------
    def encode(self, text: str, bos: bool = False, prefix: bool = True) -> list[int]:
        """prefix=False tokenizes a fragment that continues a text (no leading space added)."""
        out = [self.bos_id] if bos else []
        if not text:
            return out
        s = (SPACE if prefix else "") + text.replace(" ", SPACE)
        syms = list(s)  # one symbol per code point, as llama.cpp splits by UTF-8 length
        n = len(syms)
        prev = list(range(-1, n - 1))
        nxt = list(range(1, n + 1))
        nxt[-1] = -1
        alive = [True] * n
        heap: list[tuple[float, int, int, str]] = []
        rev: dict[str, tuple[str, str]] = {}

        def push(left: int, right: int) -> None:
            if left == -1 or right == -1:
                return
            t = syms[left] + syms[right]
            tid = self.index.get(t)
            if tid is None:
                return
            # llama.cpp pops the highest score; ties go to the smaller left index
            heapq.heappush(heap, (-self.scores[tid], left, right, t))
            rev[t] = (syms[left], syms[right])

        for i in range(1, n):
            push(i - 1, i)
        while heap:
            _, left, right, t = heapq.heappop(heap)
            if not alive[left] or not alive[right] or syms[left] + syms[right] != t or nxt[left] != right:
                continue
            syms[left] = t
            alive[right] = False
            syms[right] = ""
            nxt[left] = nxt[right]
            if nxt[right] != -1:
                prev[nxt[right]] = left
            push(prev[left], left)
            push(left, nxt[left])

        i = 0
        while i != -1:
            self._resegment(syms[i], rev, out)
            i = nxt[i]
        return out

    def _resegment(self, text: str, rev: dict, out: list[int]) -> None:
        tid = self.index.get(text)
        if tid is not None:
            out.append(tid)
            return
        pair = rev.get(text)
        if pair is None:
            out.extend(self.byte_id[b] for b in text.encode("utf-8"))
            return
        self._resegment(pair[0], rev, out)
        self._resegment(pair[1], rev, out)

    def decode(self, ids: list[int]) -> str:
        buf = bytearray()
        for i in ids:
            ty = self.types[i]
            if ty == T_BYTE:
                buf.append(int(self.tokens[i][3:5], 16))
            elif ty == T_NORMAL:
                buf.extend(self.tokens[i].replace(SPACE, " ").encode("utf-8"))
        s = buf.decode("utf-8", errors="replace")
        return s[1:] if s.startswith(" ") else s


def train(texts: list[str], vocab_size: int, min_char_count: int = 3) -> Tokenizer:
    """Learn BPE merges over word pieces; the vocab is specials, bytes, chars, merges."""
    words: Counter[str] = Counter()
    for t in texts:
        words.update(_pieces(t))
    chars: Counter[str] = Counter()
    for w, c in words.items():
        for ch in w:
            chars[ch] += c
    tokens = [UNK, BOS, EOS] + ["<0x%02X>" % b for b in range(256)]
    types = [T_UNKNOWN, T_CONTROL, T_CONTROL] + [T_BYTE] * 256
    charset = sorted(ch for ch, c in chars.items() if c >= min_char_count)
    tokens += charset
    types += [T_NORMAL] * len(charset)
    known = set(tokens)

    # word -> list of symbols; symbols not in the charset are never merged
    wl = list(words)
    wc = [words[w] for w in wl]
    seqs = [list(w) for w in wl]
    merges: list[str] = []
    budget = vocab_size - len(tokens)
    pc: Counter = Counter()
    where: dict[tuple[str, str], set[int]] = {}

    def ok(x: str, y: str) -> bool:
        return x in known and y in known and _mergeable(x + y)

    for i, syms in enumerate(seqs):
        for x, y in zip(syms, syms[1:]):
            if ok(x, y):
                pc[(x, y)] += wc[i]
                where.setdefault((x, y), set()).add(i)

    while len(merges) < budget and pc:
        (a, b), cnt = pc.most_common(1)[0]
        if cnt < 2:
            break
        ab = a + b
        merges.append(ab)
        known.add(ab)
        for i in list(where.pop((a, b), ())):
            syms = seqs[i]
            new: list[str] = []
            j = 0
            while j < len(syms):
                if j + 1 < len(syms) and syms[j] == a and syms[j + 1] == b:
                    new.append(ab)
                    j += 2
                else:
                    new.append(syms[j])
                    j += 1
            if len(new) == len(syms):
                continue
            c = wc[i]
            for x, y in zip(syms, syms[1:]):
                if (x, y) in pc:
                    pc[(x, y)] -= c
                    if pc[(x, y)] <= 0:
                        del pc[(x, y)]
            for x, y in zip(new, new[1:]):
                if ok(x, y):
                    pc[(x, y)] += c
                    where.setdefault((x, y), set()).add(i)
            seqs[i] = new
        pc.pop((a, b), None)
    n_fixed = len(tokens)
    tokens += merges
    types += [T_NORMAL] * len(merges)
    # chars: score 0 (never a merge result); merges: -rank; specials/bytes: 0
    scores = [0.0] * n_fixed + [-float(r + 1) for r in range(len(merges))]
    return Tokenizer(tokens, scores, types)
