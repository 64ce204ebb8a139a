// Repetitions inside rules, lifted into small rules of their own. Python Lark expands
// `x ~ 0..16` and every `x?` of a rule into alternatives (2^k for k optionals, n^2 symbols
// for a range), which made a composed grammar take minutes to load. Here x{0,n} becomes
// (xx){0,n/2} x? by halving, each piece a rule with one optional part, so the language
// and its unambiguity are unchanged and every rule stays small in both dialects.
import { alt, exprNodes, opt, ref, rep, seq, type Expr, type Grammar, type Rule } from "./ast.js";
import { UNBOUNDED } from "./names.js";

export function liftRepetitions(g: Grammar): Grammar {
  const terminal = new Set(g.rules.filter((r) => r.terminal).map((r) => r.name));
  const lexical = (e: Expr): boolean => [...exprNodes(e)].every((n) => n.kind !== "ref" || terminal.has(n.name));
  const extra: Rule[] = [];
  const byKey = new Map<string, string>();
  const names = new Set(g.rules.map((r) => r.name));
  let counter = 0;
  const helper = (owner: string, expr: Expr): Expr => {
    if (expr.kind === "ref") return expr;
    const key = JSON.stringify(expr);
    let name = byKey.get(key);
    if (!name) {
      do name = `${owner}_h${++counter}`;
      while (names.has(name));
      names.add(name);
      byKey.set(key, name);
      extra.push({ name, expr, terminal: false });
    }
    return ref(name);
  };

  // x{0,n}; undefined when n is 0.
  const upto = (owner: string, x: Expr, n: number): Expr | undefined => {
    if (n <= 0) return undefined;
    if (n === 1) return helper(owner, opt(x));
    const pair = helper(owner, seq(x, x));
    const m = Math.floor(n / 2);
    const half = upto(owner, pair, m)!;
    if (n % 2 === 1) return helper(owner, seq(half, helper(owner, opt(x))));
    const less = upto(owner, pair, m - 1);
    return helper(owner, alt(half, less ? seq(less, x) : x));
  };

  // undefined: the expression matches only the empty string (x{0,0}).
  const rewrite = (owner: string, e: Expr): Expr | undefined => {
    switch (e.kind) {
      case "seq": {
        const items = e.items.map((i) => rewrite(owner, i)).filter((i): i is Expr => !!i);
        return items.length === 0 ? undefined : seq(...items);
      }
      case "alt": {
        const items = e.items.map((i) => rewrite(owner, i));
        if (items.some((i) => !i)) return helper(owner, opt(alt(...items.filter((i): i is Expr => !!i))));
        return alt(...(items as Expr[]));
      }
      case "rep": {
        const item = rewrite(owner, e.item);
        if (!item || e.max === 0) return undefined;
        if (lexical(item) && e.max <= 1 && e.min === 1) return item;
        // Unbounded repetition is `*`/`+` in Lark, which it handles without expansion.
        if (e.max >= UNBOUNDED) return rep(item, e.min, e.max);
        const x = item.kind === "ref" || item.kind === "lit" || item.kind === "cls" ? item : helper(owner, item);
        const fixed = e.min > 0 ? [e.min === 1 ? x : rep(x, e.min, e.min)] : [];
        const rest = upto(owner, x, e.max - e.min);
        const parts = [...fixed, ...(rest ? [rest] : [])];
        return parts.length ? seq(...parts) : undefined;
      }
      default:
        return e;
    }
  };

  const rules = g.rules.map((r) => {
    if (r.terminal) return r;
    const expr = rewrite(r.name, r.expr);
    if (!expr) throw new RangeError(`rule ${r.name} matches only the empty string`);
    return { ...r, expr };
  });
  return { start: g.start, rules: [...rules, ...extra] };
}
