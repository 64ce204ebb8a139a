// Pieces that a grammar spells out in several places become one rule each, the same language.
//
// XGrammar (vLLM, SGLang, MLC) compiles a token mask for every position of every rule, and a
// position where almost any text may follow (after `\`, inside quotes, a heredoc line) walks
// most of a 128k-152k vocabulary: 20-40 ms each at Qwen2's. Written once as a rule, such a
// piece pays that once. llama.cpp already turns every group into a rule of its own, so its
// sampler builds about as many stack frames as before.
//
// `all` shares every repeated group of alternatives, not only those that hold a negated class:
// the composed default grammar repeats small groups by the hundred (`("=" WORD | sp WORD)` 84 times, each
// a copy of positions XGrammar walks into the word), and at a small vocabulary their number,
// not their permissiveness, is what its compile time pays for.
import { type Expr, exprId, exprNodes, type Grammar, mapExpr, type Rule, ref } from "./ast.js";

/**
 * Whether `e` is worth a rule when it repeats: a group of alternatives, an alternative of two
 * or more items, or a repeated class (`[^\n]*`), where it holds a negated class (`held`); with
 * `all`, every group of alternatives. Other pieces stay where they are: XGrammar walks few
 * tokens there at a large vocabulary, and every extra rule adds frames to llama.cpp's parse
 * stacks (sharing every piece built 69% more frames per checked token, bench:stacks).
 */
function shareable(e: Expr, parent: Expr | undefined, held: boolean, all: boolean): boolean {
  if (e.kind === "alt") return held || all;
  if (!held) return false;
  if (e.kind === "seq") return parent?.kind === "alt" && e.items.length >= 2;
  return e.kind === "rep" && e.item.kind === "cls";
}

/**
 * `g` with every shareable piece that occurs twice or more (rule bodies included) as one rule:
 * the pieces that hold a negated class, and with `all` every group of alternatives.
 */
export function sharePieces(g: Grammar, opts: { all?: boolean } = {}): Grammar {
  const all = opts.all === true;
  const count = new Map<number, number>();
  const bodyOf = new Map<number, string>();
  // The nodes that hold a negated class (with `all`, every node). Only they are numbered
  // (exprId): numbering a whole composed grammar, per request, cost more than the rest of this
  // pass, which is why only the pack's defaults, emitted once, share `all`.
  const permissive = new Set<Expr>();
  const walk = (e: Expr, parent: Expr | undefined, top: boolean): boolean => {
    let held = false;
    if (e.kind === "cls") held = e.negated;
    else if (e.kind === "seq" || e.kind === "alt") {
      for (const i of e.items) if (walk(i, e, false)) held = true;
    } else if (e.kind === "rep") held = walk(e.item, e, false);
    if (!held && !all) return false;
    permissive.add(e);
    if (!top && shareable(e, parent, held, all)) count.set(exprId(e), (count.get(exprId(e)) ?? 0) + 1);
    return held;
  };
  for (const r of g.rules) if ((walk(r.expr, undefined, true) || all) && !bodyOf.has(exprId(r.expr))) bodyOf.set(exprId(r.expr), r.name);
  const shared = new Set([...count].filter(([id, n]) => n >= 2 || bodyOf.has(id)).map(([id]) => id));
  if (shared.size === 0) return g;

  const terminal = new Map(g.rules.map((r) => [r.name, r.terminal]));
  const taken = new Set(g.rules.map((r) => r.name));
  const added: Rule[] = [];
  const nameOf = new Map<number, string>();
  const isTerminal = (e: Expr): boolean => [...exprNodes(e)].every((n) => n.kind !== "ref" || terminal.get(n.name) === true);

  /**
   * The rule that stands for the piece `e` met inside `owner`: a rule whose body it is, or a
   * new one named after `base`, the grammar's rule it was first met in.
   */
  const ruleFor = (id: number, e: Expr, owner: string, base: string): string => {
    const body = bodyOf.get(id);
    // A terminal rule may refer only to terminal rules.
    if (body !== undefined && (terminal.get(body) || !terminal.get(owner))) return body;
    let name = nameOf.get(id);
    if (name !== undefined) return name;
    name = `${base}_p`;
    for (let i = 2; taken.has(name); i++) name = `${base}_p${i}`;
    taken.add(name);
    nameOf.set(id, name);
    const rule: Rule = { name, expr: e, terminal: isTerminal(e) };
    terminal.set(name, rule.terminal);
    added.push(rule);
    rule.expr = visit(e, true, name, base);
    return name;
  };
  const visit = (e: Expr, top: boolean, owner: string, base: string): Expr => {
    if (e.kind !== "seq" && e.kind !== "alt" && e.kind !== "rep") return e;
    if (!top && permissive.has(e)) {
      const id = exprId(e);
      if (shared.has(id)) return ref(ruleFor(id, e, owner, base));
    }
    if (e.kind === "rep") {
      const item = visit(e.item, false, owner, base);
      return item === e.item ? e : { ...e, item };
    }
    let items: Expr[] | undefined;
    e.items.forEach((x, i) => {
      const m = visit(x, false, owner, base);
      if (m !== x && !items) items = e.items.slice(0, i);
      items?.push(m);
    });
    return items ? { ...e, items } : e;
  };

  const rules = g.rules.map((r) => {
    const expr = visit(r.expr, true, r.name, r.name);
    return expr === r.expr ? r : { ...r, expr };
  });
  return { start: g.start, rules: [...rules, ...added] };
}

/**
 * `g` with rules of identical bodies written once: the later ones dropped and references to
 * them pointed at the first (the start rule is always kept), until no two bodies are equal.
 * The same language; composing leaves such twins (the shells' `-c` grammars, wrappers' copies).
 */
export function mergeIdenticalRules(g: Grammar): Grammar {
  let rules = g.rules;
  for (;;) {
    const first = new Map<string, string>();
    const to = new Map<string, string>();
    for (const r of rules) {
      const key = `${r.terminal ? "t" : "n"}${exprId(r.expr)}`;
      const kept = first.get(key);
      if (kept === undefined) first.set(key, r.name);
      else if (r.name !== g.start) to.set(r.name, kept);
    }
    if (to.size === 0) return rules === g.rules ? g : { start: g.start, rules };
    const rename = (e: Expr): Expr => (e.kind === "ref" && to.has(e.name) ? ref(to.get(e.name)!) : e);
    rules = rules
      .filter((r) => !to.has(r.name))
      .map((r) => {
        const expr = mapExpr(r.expr, rename);
        return expr === r.expr ? r : { ...r, expr };
      });
  }
}
