// The in-repo checker: does a grammar accept a string? Earley over the non-terminal rules
// (so recursive, ambiguous and nullable grammars all work), with lexical sub-expressions
// matched by the all-ends Matcher at the character level. Works on code points.
import { type Expr, type Grammar, matchesEmpty, type Rule } from "../grammar/ast.js";
import { UNBOUNDED, validateGrammar } from "../grammar/names.js";
import { GrammargenError } from "../diagnostics.js";
import { Matcher } from "./matcher.js";

type Sym = { nt: number } | { scan: Expr };

interface Compiled {
  prods: { lhs: number; rhs: Sym[] }[];
  byLhs: number[][];
  nullable: boolean[];
  offsets: number[];
  startNt: number;
  rules: Map<string, Rule>;
  ntNames: string[];
}

const cache = new WeakMap<Grammar, Compiled>();

function compile(g: Grammar): Compiled {
  validateGrammar(g);
  const rules = new Map(g.rules.map((r) => [r.name, r]));
  const lexicalRule = new Map<string, boolean>();
  for (const r of g.rules) lexicalRule.set(r.name, r.terminal);
  // Memoized bottom-up: symbols() asks at every level of an expression.
  const lexical = new Map<Expr, boolean>();
  const isLexical = (e: Expr): boolean => {
    let v = lexical.get(e);
    if (v === undefined) {
      if (e.kind === "ref") v = lexicalRule.get(e.name) === true;
      else if (e.kind === "seq" || e.kind === "alt") v = e.items.every(isLexical);
      else if (e.kind === "rep") v = isLexical(e.item);
      else v = true;
      lexical.set(e, v);
    }
    return v;
  };

  const ntNames: string[] = [];
  const prods: { lhs: number; rhs: Sym[] }[] = [];
  const ruleNt = new Map<string, number>();
  const newNt = (name: string): number => (ntNames.push(name), ntNames.length - 1);
  for (const r of g.rules) if (!r.terminal) ruleNt.set(r.name, newNt(r.name));

  const symbols = (e: Expr): Sym[] => {
    if (isLexical(e)) return [{ scan: e }];
    switch (e.kind) {
      case "ref":
        return [{ nt: ruleNt.get(e.name)! }];
      case "seq":
        return e.items.flatMap(symbols);
      case "alt": {
        const nt = newNt("(alt)");
        for (const item of e.items) prods.push({ lhs: nt, rhs: symbols(item) });
        return [{ nt }];
      }
      case "rep": {
        const one = symbols(e.item);
        let unit: Sym;
        if (one.length === 1) unit = one[0]!;
        else {
          const nt = newNt("(item)");
          prods.push({ lhs: nt, rhs: one });
          unit = { nt };
        }
        const out: Sym[] = Array.from({ length: Math.min(e.min, 10_000) }, () => unit);
        if (e.max >= UNBOUNDED) {
          const star = newNt("(star)");
          prods.push({ lhs: star, rhs: [] }, { lhs: star, rhs: [unit, { nt: star }] });
          out.push({ nt: star });
        } else if (e.max > e.min) {
          // opt_k -> ε | unit opt_{k-1}: right-nested, so k optional copies cost k rules.
          let prev: number | undefined;
          for (let k = 1; k <= e.max - e.min; k++) {
            const nt = newNt("(upto)");
            prods.push({ lhs: nt, rhs: [] }, { lhs: nt, rhs: prev === undefined ? [unit] : [unit, { nt: prev }] });
            prev = nt;
          }
          out.push({ nt: prev! });
        }
        return out;
      }
      default:
        throw new GrammargenError("lexical expression reached the non-lexical path", [], "ECHECK");
    }
  };
  for (const r of g.rules) if (!r.terminal) prods.push({ lhs: ruleNt.get(r.name)!, rhs: symbols(r.expr) });

  let startNt: number;
  const startRule = rules.get(g.start)!;
  if (startRule.terminal) {
    startNt = newNt("(start)");
    prods.push({ lhs: startNt, rhs: [{ scan: { kind: "ref", name: g.start } }] });
  } else startNt = ruleNt.get(g.start)!;

  const byLhs: number[][] = ntNames.map(() => []);
  prods.forEach((p, i) => byLhs[p.lhs]!.push(i));
  const nullable = ntNames.map(() => false);
  const symNullable = (s: Sym): boolean => ("nt" in s ? nullable[s.nt]! : matchesEmpty(s.scan, rules));
  for (let changed = true; changed; ) {
    changed = false;
    for (const p of prods) if (!nullable[p.lhs] && p.rhs.every(symNullable)) nullable[p.lhs] = changed = true;
  }
  const offsets: number[] = [];
  let off = 0;
  for (const p of prods) {
    offsets.push(off);
    off += p.rhs.length + 1;
  }
  return { prods, byLhs, nullable, offsets, startNt, rules, ntNames };
}

export interface Recognition {
  accepted: boolean;
  reason?: string;
}

const terminalLabel = (r: Rule): string => r.name;

export function recognize(g: Grammar, input: string): Recognition {
  let c = cache.get(g);
  if (!c) cache.set(g, (c = compile(g)));
  const cps = [...input].map((ch) => ch.codePointAt(0)!);
  const n = cps.length;
  const matcher = new Matcher(cps, c.rules, terminalLabel);

  // Items are [prod, dot, origin]; per-chart keys dedupe them.
  type Item = [number, number, number];
  const charts: Item[][] = Array.from({ length: n + 1 }, () => []);
  const seen: Set<number>[] = Array.from({ length: n + 1 }, () => new Set());
  const waiting: Map<number, Item[]>[] = Array.from({ length: n + 1 }, () => new Map());
  const add = (at: number, prod: number, dot: number, origin: number) => {
    const key = (c!.offsets[prod]! + dot) * (n + 1) + origin;
    if (seen[at]!.has(key)) return;
    seen[at]!.add(key);
    const item: Item = [prod, dot, origin];
    charts[at]!.push(item);
    const sym = c!.prods[prod]!.rhs[dot];
    if (sym && "nt" in sym) {
      const w = waiting[at]!.get(sym.nt);
      if (w) w.push(item);
      else waiting[at]!.set(sym.nt, [item]);
    }
  };
  let accepted = false;
  for (const p of c.byLhs[c.startNt]!) add(0, p, 0, 0);
  let furthest = 0;
  for (let i = 0; i <= n; i++) {
    const chart = charts[i]!;
    if (chart.length) furthest = i;
    for (let j = 0; j < chart.length; j++) {
      const [prod, dot, origin] = chart[j]!;
      const rhs = c.prods[prod]!.rhs;
      const sym = rhs[dot];
      if (!sym) {
        const lhs = c.prods[prod]!.lhs;
        if (lhs === c.startNt && origin === 0 && i === n) accepted = true;
        for (const [wp, wd, wo] of waiting[origin]!.get(lhs) ?? []) add(i, wp, wd + 1, wo);
        continue;
      }
      if ("nt" in sym) {
        for (const p of c.byLhs[sym.nt]!) add(i, p, 0, i);
        if (c.nullable[sym.nt]) add(i, prod, dot + 1, origin);
      } else for (const e of matcher.ends(sym.scan, i)) add(e, prod, dot + 1, origin);
    }
  }
  if (accepted) return { accepted: true };
  return {
    accepted: false,
    reason: explain(cps, Math.max(furthest, matcher.failure.pos), matcher.failure.pos >= furthest ? matcher.failure.expected : new Set()),
  };
}

function explain(cps: number[], pos: number, expected: Set<string>): string {
  const n = cps.length;
  const list = [...expected];
  const exp = list.length
    ? `; expected ${list.length > 8 ? `one of ${list.slice(0, 8).join(", ")}, ...` : list.length > 1 ? `one of ${list.join(", ")}` : list[0]}`
    : "";
  if (pos >= n) return `input ended early at column ${n + 1}${exp}`;
  const text = String.fromCodePoint(...cps);
  const near = String.fromCodePoint(...cps.slice(pos, pos + 20));
  const wordStart = text.lastIndexOf(" ", [...text].slice(0, pos).join("").length - 1) + 1;
  const word = text.slice(wordStart).split(" ")[0];
  return `rejected at column ${pos + 1} (in word ${JSON.stringify(word)}, at ${JSON.stringify(near)})${exp}`;
}
