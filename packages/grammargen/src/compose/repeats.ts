// Repetitions inside rules, lifted into small rules of their own. Python Lark expands
// `x ~ 0..16` and every `x?` of a rule into alternatives (2^k for k optionals, n^2 symbols
// for a range), which made a composed grammar take minutes to load. Here x{0,n} becomes
// (xx){0,n/2} x? by halving, each piece a rule with one optional part, so the language
// and its unambiguity are unchanged and every rule stays small in both dialects.
import { alt, opt, ref, rep, seq, type Expr, type Grammar, type Rule } from "../grammar/ast.js";

export function liftRepetitions(g: Grammar): Grammar {
  const terminal = new Set(g.rules.filter((r) => r.terminal).map((r) => r.name));
  const lexical = (e: Expr): boolean => {
    switch (e.kind) {
      case "lit":
      case "cls":
        return true;
      case "ref":
        return terminal.has(e.name);
      case "seq":
      case "alt":
        return e.items.every(lexical);
      case "rep":
        return lexical(e.item);
    }
  };
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

  const rewrite = (owner: string, e: Expr): Expr => {
    switch (e.kind) {
      case "seq":
      case "alt":
        return { kind: e.kind, items: e.items.map((i) => rewrite(owner, i)) };
      case "rep": {
        const item = rewrite(owner, e.item);
        if (lexical(item) && e.max <= 1) return { ...e, item };
        const x = item.kind === "ref" || item.kind === "lit" || item.kind === "cls" ? item : helper(owner, item);
        const fixed = e.min > 0 ? [e.min === 1 ? x : rep(x, e.min, e.min)] : [];
        const rest = upto(owner, x, e.max - e.min);
        return seq(...fixed, ...(rest ? [rest] : []));
      }
      default:
        return e;
    }
  };

  const rules = g.rules.map((r) => (r.terminal ? r : { ...r, expr: rewrite(r.name, r.expr) }));
  return { start: g.start, rules: [...rules, ...extra] };
}
