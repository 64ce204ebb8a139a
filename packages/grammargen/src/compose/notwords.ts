// "Any word except these": a bounded regular expression built from the words' trie, so a
// generic command name can never be `cat` (which must go through cat's own grammar) or
// `done`, and a heredoc body line can never be its terminator. No lookarounds needed, so
// it works as one lexeme in llguidance and as plain rules in GBNF.
import { alt, lit, opt, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";

/** A character set: listed ranges, or everything except them. */
export interface CharSet {
  ranges: [number, number][];
  negated: boolean;
}

export const chars = (spec: string, negated = false): CharSet => {
  const cs = [...spec];
  const ranges: [number, number][] = [];
  for (let i = 0; i < cs.length; i++) {
    if (cs[i + 1] === "-" && i + 2 < cs.length) {
      ranges.push([cs[i]!.codePointAt(0)!, cs[i + 2]!.codePointAt(0)!]);
      i += 2;
    } else ranges.push([cs[i]!.codePointAt(0)!, cs[i]!.codePointAt(0)!]);
  }
  return { ranges, negated };
};

const has = (set: CharSet, c: number): boolean => set.ranges.some(([a, b]) => c >= a && c <= b) !== set.negated;

/** The set minus some code points. */
export function minus(set: CharSet, cps: number[]): CharSet {
  if (set.negated) return { negated: true, ranges: [...set.ranges, ...cps.map((c): [number, number] => [c, c])] };
  let ranges = set.ranges;
  for (const c of cps) {
    ranges = ranges.flatMap(([a, b]): [number, number][] =>
      c < a || c > b
        ? [[a, b]]
        : (
            [
              [a, c - 1],
              [c + 1, b],
            ] as [number, number][]
          ).filter(([x, y]) => x <= y),
    );
  }
  return { negated: false, ranges };
}

export const toExpr = (set: CharSet): Expr => ({ kind: "cls", ranges: set.ranges, negated: set.negated });
const empty = (set: CharSet): boolean => !set.negated && set.ranges.length === 0;

interface Trie {
  end: boolean;
  next: Map<number, Trie>;
}

/**
 * Strings of length 1..maxLen over `first` then `rest` that are not in `words`.
 * Words with characters outside the sets are irrelevant and ignored. maxLen may be UNBOUNDED:
 * past the trie the tail is then one `[...]*` loop, which engines run without unrolling.
 */
export function notWords(words: string[], first: CharSet, rest: CharSet, maxLen: number): Expr {
  // Every composition asks for the same few sets (the generic command names: every program
  // with a grammar, builtins and keywords), and the trie of several hundred names is a large
  // share of composing one request's grammar; expressions are never mutated, so one is shared.
  const key = JSON.stringify([[...new Set(words)].sort(), first, rest, maxLen]);
  const hit = built.get(key);
  if (hit) return hit;
  const expr = buildNotWords(words, first, rest, maxLen);
  built.set(key, expr);
  if (built.size > BUILT_KEPT) built.delete(built.keys().next().value!);
  return expr;
}

const BUILT_KEPT = 32;
const built = new Map<string, Expr>();

function buildNotWords(words: string[], first: CharSet, rest: CharSet, maxLen: number): Expr {
  const root: Trie = { end: false, next: new Map() };
  for (const w of new Set(words)) {
    const cps = [...w].map((c) => c.codePointAt(0)!);
    if (cps.length === 0 || cps.length > maxLen || !has(first, cps[0]!) || cps.slice(1).some((c) => !has(rest, c))) continue;
    let node = root;
    for (const c of cps) {
      if (!node.next.has(c)) node.next.set(c, { end: false, next: new Map() });
      node = node.next.get(c)!;
    }
    node.end = true;
  }
  // The continuations after a trie node: an expression plus whether stopping there is allowed.
  const build = (node: Trie, depth: number): { expr?: Expr; nullable: boolean } => {
    const set = depth === 0 ? first : rest;
    const left = maxLen - depth - 1;
    const branches: Expr[] = [];
    if (left >= 0) {
      for (const [c, child] of [...node.next.entries()].sort((a, b) => a[0] - b[0])) {
        const cont = build(child, depth + 1);
        if (!cont.expr && !cont.nullable) continue;
        const head = lit(String.fromCodePoint(c));
        branches.push(!cont.expr ? head : seq(head, cont.nullable ? opt(cont.expr) : cont.expr));
      }
      const others = minus(set, [...node.next.keys()]);
      if (!empty(others)) branches.push(left > 0 ? seq(toExpr(others), rep(toExpr(rest), 0, maxLen >= UNBOUNDED ? UNBOUNDED : left)) : toExpr(others));
    }
    return { expr: branches.length ? alt(...branches) : undefined, nullable: depth > 0 && !node.end };
  };
  const top = build(root, 0).expr;
  if (!top) throw new RangeError("notWords: every string is excluded");
  return top;
}
