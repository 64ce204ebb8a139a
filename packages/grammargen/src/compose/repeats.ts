// Long bounded repetitions of non-lexical items, rewritten by halving: x{0,2m+1} is
// (xx){0,m} x?, each (xx) a rule of its own. The language and its unambiguity stay the
// same, but Python Lark no longer expands `x ~ 0..16` into sixteen alternatives of up to
// sixteen symbols each (which took minutes to load for a composed grammar).
import { alt, opt, ref, rep, seq, type Expr, type Grammar, type Rule } from "../grammar/ast.js";

const INLINE = 6;

export function halveRepetitions(g: Grammar): Grammar {
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
  const names = new Set(g.rules.map((r) => r.name));
  const fresh = (base: string): string => {
    let i = 1;
    while (names.has(`${base}_h${i}`)) i++;
    names.add(`${base}_h${i}`);
    return `${base}_h${i}`;
  };

  const rewrite = (owner: string, e: Expr): Expr => {
    switch (e.kind) {
      case "seq":
      case "alt":
        return { kind: e.kind, items: e.items.map((i) => rewrite(owner, i)) };
      case "rep": {
        const item = rewrite(owner, e.item);
        if (lexical(item) || e.max - e.min <= INLINE) return { ...e, item };
        const fixed = e.min > 0 ? [rep(item, e.min, e.min)] : [];
        return seq(...fixed, upto(owner, { x: item, memo: new Map() }, e.max - e.min));
      }
      default:
        return e;
    }
  };

  // x{0,n} for one x. A level is {x, memo by n, the rule for xx}; the odd/even split asks
  // the next level for two neighbouring counts, so each level holds at most two rules.
  interface Level {
    x: Expr;
    memo: Map<number, Expr>;
    pair?: Level;
  }
  const upto = (owner: string, lv: Level, n: number): Expr => {
    if (n <= INLINE) return rep(lv.x, 0, n);
    const known = lv.memo.get(n);
    if (known) return known;
    if (!lv.pair) {
      const name = fresh(owner);
      extra.push({ name, expr: seq(lv.x, lv.x), terminal: false });
      lv.pair = { x: ref(name), memo: new Map() };
    }
    const m = Math.floor(n / 2);
    const body = n % 2 === 1 ? seq(upto(owner, lv.pair, m), opt(lv.x)) : alt(upto(owner, lv.pair, m), seq(upto(owner, lv.pair, m - 1), lv.x));
    const name = fresh(owner);
    extra.push({ name, expr: body, terminal: false });
    lv.memo.set(n, ref(name));
    return ref(name);
  };

  const rules = g.rules.map((r) => (r.terminal ? r : { ...r, expr: rewrite(r.name, r.expr) }));
  return { start: g.start, rules: [...rules, ...extra] };
}
