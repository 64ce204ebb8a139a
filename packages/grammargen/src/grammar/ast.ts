// The grammar AST: one prepared record that the Lark emitter, the GBNF emitter and the
// in-repo checker all read, so the dialects cannot drift apart.

export type Expr =
  | { kind: "lit"; text: string }
  /** A character class: ranges of code points, optionally negated. Single chars are [c, c]. */
  | { kind: "cls"; ranges: [number, number][]; negated: boolean }
  | { kind: "ref"; name: string }
  | { kind: "seq"; items: Expr[] }
  | { kind: "alt"; items: Expr[] }
  /** Bounded repetition only: max is always finite. */
  | { kind: "rep"; item: Expr; min: number; max: number };

export interface Rule {
  name: string;
  expr: Expr;
  /**
   * A lexeme: non-recursive, built from lit/cls/seq/alt/rep only. Lark emits it as an
   * uppercase terminal (llguidance lexes it as one regex); GBNF emits it as a plain rule.
   */
  terminal: boolean;
  comment?: string;
}

export interface Grammar {
  start: string;
  rules: Rule[];
}

/**
 * Rebuilds an expression bottom-up: each node's children are mapped first, then `f` gets
 * the node with its new children. The one walker for rewrites (renaming refs, inlining,
 * grounding); `f` returns its argument for nodes it leaves alone.
 */
export function mapExpr(e: Expr, f: (e: Expr) => Expr): Expr {
  // A node whose children all come back unchanged is passed on as it is: most rewrites touch
  // a few nodes of a large grammar, and copying the rest was most of composing's garbage.
  switch (e.kind) {
    case "seq":
    case "alt": {
      let items: Expr[] | undefined;
      for (let i = 0; i < e.items.length; i++) {
        const m = mapExpr(e.items[i]!, f);
        if (m !== e.items[i] && !items) items = e.items.slice(0, i);
        items?.push(m);
      }
      return f(items ? { ...e, items } : e);
    }
    case "rep": {
      const item = mapExpr(e.item, f);
      return f(item === e.item ? e : { ...e, item });
    }
    default:
      return f(e);
  }
}

// Hash-consing: structurally equal expressions get the same number. Composing compares large
// subtrees over and over (left-factoring, merging identical rules); a number per node, built
// from its children's numbers, makes each comparison O(1) and each node's key short.
const MAX_INTERNED = 500_000;
let table = new Map<string, number>();
let generation = 0;
const ids = new WeakMap<Expr, { generation: number; id: number }>();

/** A number equal for two expressions exactly when they are structurally equal (within one table, see trimExprIds). */
export function exprId(e: Expr): number {
  const known = ids.get(e);
  return known && known.generation === generation ? known.id : intern(e);
}

/**
 * Drops the table when it has grown large (a long-running server composes many grounded
 * grammars); numbers handed out before are recomputed afterwards. Only to be called where no
 * number from before is still held for comparison: compose() calls it first.
 */
export function trimExprIds(): void {
  if (table.size < MAX_INTERNED) return;
  table = new Map();
  generation++;
}

function intern(e: Expr): number {
  let k: string;
  switch (e.kind) {
    case "lit":
      k = `l${JSON.stringify(e.text)}`;
      break;
    case "cls":
      k = `c${e.negated ? "^" : ""}${e.ranges.map(([a, b]) => `${a}-${b}`).join(",")}`;
      break;
    case "ref":
      k = `r${e.name}`;
      break;
    case "seq":
    case "alt":
      k = `${e.kind === "seq" ? "s" : "a"}${e.items.map(exprId).join(",")}`;
      break;
    case "rep":
      k = `p${e.min},${e.max},${exprId(e.item)}`;
      break;
  }
  let id = table.get(k);
  if (id === undefined) table.set(k, (id = table.size));
  ids.set(e, { generation, id });
  return id;
}

/** Every node of an expression, each parent before its children (left to right). */
export function* exprNodes(e: Expr): Generator<Expr> {
  // An explicit stack: nested `yield*` costs a generator hop per level for every node.
  const stack: Expr[] = [e];
  while (stack.length) {
    const n = stack.pop()!;
    yield n;
    if (n.kind === "seq" || n.kind === "alt") for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i]!);
    else if (n.kind === "rep") stack.push(n.item);
  }
}

export const lit = (text: string): Expr => ({ kind: "lit", text });
export const ref = (name: string): Expr => ({ kind: "ref", name });
export const seq = (...items: Expr[]): Expr => (items.length === 1 ? items[0]! : { kind: "seq", items });
export const alt = (...items: Expr[]): Expr => (items.length === 1 ? items[0]! : { kind: "alt", items });
export const rep = (item: Expr, min: number, max: number): Expr => {
  if (!Number.isFinite(max) || max < min || min < 0) throw new RangeError(`bad repetition ${min}..${max}`);
  return { kind: "rep", item, min, max };
};
export const opt = (item: Expr): Expr => rep(item, 0, 1);

/**
 * A choice between literal strings, factored as a trie: choices that share a prefix share
 * its characters. Same language as alt(...choices.map(lit)), but a parser that keeps one
 * stack per live alternative (llama.cpp's GBNF sampler) keeps one per diverging branch,
 * not one per choice: 96 grounded file names cost 96 stacks at every word otherwise.
 */
export function literalChoice(choices: readonly string[]): Expr {
  const unique = [...new Set(choices)];
  if (unique.length === 0) throw new RangeError("literalChoice needs at least one choice");
  const build = (words: string[]): Expr => {
    const ends = words.includes("");
    const groups = new Map<string, string[]>();
    for (const w of words) if (w !== "") groups.set(w[0]!, [...(groups.get(w[0]!) ?? []), w]);
    const branches = [...groups.values()].map((group) => {
      let n = 0;
      while (group.every((w) => n < w.length && w[n] === group[0]![n])) n++;
      const rest = group.map((w) => w.slice(n));
      return rest.every((r) => r === "") ? lit(group[0]!.slice(0, n)) : seq(lit(group[0]!.slice(0, n)), build(rest));
    });
    if (branches.length === 0) return lit("");
    return ends ? opt(alt(...branches)) : alt(...branches);
  };
  return build(unique);
}

/**
 * Literal words each followed by its own continuation (an option name and its value form),
 * factored as a trie like literalChoice: `--output`, `--output-dir` and `--orbit` share
 * "--o". An entry without `then` may end right after its text. Engines pay per grammar
 * position (XGrammar computes a token mask for each; llama.cpp keeps a stack per live
 * branch), and a flat alternation of 250 long options costs every character of every name.
 */
export function literalTrie(entries: readonly { text: string; then?: Expr }[]): Expr {
  if (entries.length === 0) throw new RangeError("literalTrie needs at least one entry");
  const build = (items: { text: string; then?: Expr }[]): Expr => {
    const ends = items.filter((e) => e.text === "");
    const groups = new Map<string, { text: string; then?: Expr }[]>();
    for (const e of items) if (e.text !== "") groups.set(e.text[0]!, [...(groups.get(e.text[0]!) ?? []), e]);
    const branches = [...groups.values()].map((group) => {
      let n = 0;
      while (group.every((e) => n < e.text.length && e.text[n] === group[0]!.text[n])) n++;
      const rest = build(group.map((e) => ({ text: e.text.slice(n), then: e.then })));
      const head = group[0]!.text.slice(0, n);
      return rest.kind === "lit" ? lit(head + rest.text) : seq(lit(head), rest);
    });
    // Identical continuations (the same rule reference) are offered once.
    const seen = new Set<string>();
    const thens = ends
      .filter((e) => e.then)
      .map((e) => e.then!)
      .filter((t) => !seen.has(JSON.stringify(t)) && (seen.add(JSON.stringify(t)), true));
    const nullable = ends.some((e) => !e.then);
    const all = [...thens, ...branches];
    if (all.length === 0) return lit("");
    return nullable ? opt(alt(...all)) : alt(...all);
  };
  return build([...entries]);
}

const cp = (c: string): number => c.codePointAt(0)!;
/** cls("a-z0-9_") style spec: ranges written as x-y, other characters taken literally. */
export const cls = (spec: string, negated = false): Expr => {
  const chars = [...spec];
  const ranges: [number, number][] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i + 1] === "-" && i + 2 < chars.length) {
      ranges.push([cp(chars[i]!), cp(chars[i + 2]!)]);
      i += 2;
    } else ranges.push([cp(chars[i]!), cp(chars[i]!)]);
  }
  return { kind: "cls", ranges, negated };
};

export const rule = (name: string, expr: Expr, terminal = false, comment?: string): Rule => ({ name, expr, terminal, comment });

/** The code points a set of ranges leaves out, as sorted ranges (for negated classes). */
export function complementRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of sorted) {
    if (a > next) out.push([next, a - 1]);
    next = Math.max(next, b + 1);
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

/**
 * Whether an expression can match the empty string. A rule it refers to is looked up in
 * `rules`; one not there is taken to match something.
 */
export function matchesEmpty(e: Expr, rules: ReadonlyMap<string, Rule> = new Map(), depth = 0): boolean {
  if (depth > 200) return false;
  switch (e.kind) {
    case "lit":
      return e.text === "";
    case "cls":
      return false;
    case "ref": {
      const r = rules.get(e.name);
      return r ? matchesEmpty(r.expr, rules, depth + 1) : false;
    }
    case "seq":
      return e.items.every((i) => matchesEmpty(i, rules, depth));
    case "alt":
      return e.items.some((i) => matchesEmpty(i, rules, depth));
    case "rep":
      return e.min === 0 || matchesEmpty(e.item, rules, depth);
    default: {
      const never: never = e;
      return never;
    }
  }
}
