// Grammar AST -> Lark text. Rules stay rules (Earley in Python Lark and llguidance);
// terminal rules become one uppercase regex each. Repetition uses `~ m..n`, which both
// Python Lark and llguidance accept.
import { GrammargenError } from "../diagnostics.js";
import type { Expr, Grammar, Rule } from "../grammar/ast.js";
import { UNBOUNDED, validateGrammar } from "../grammar/names.js";
import { liftRepetitions } from "../grammar/repeats.js";
import { classToRegex, exprToRegex, ruleMap } from "./regex.js";

export const larkName = (r: Rule): string => (r.terminal ? r.name.toUpperCase() : r.name);

function larkString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/**
 * Python Lark expands `x ~ m..n` into every count when n < 50 (above that it builds helper
 * rules itself), and its grammar analysis then takes seconds to minutes for a compound,
 * nullable x. Such repetitions become a chain of helper rules instead, `_o_upto_k: (x _o_upto_k-1)?`:
 * the same language, unambiguous, linear in size.
 */
interface Chains {
  owner: string;
  taken: Set<string>;
  extra: string[];
}

const NAIVE_LIMIT = 50;
type Rep = Extract<Expr, { kind: "rep" }>;
const needsChain = (e: Rep): boolean => e.max < NAIVE_LIMIT && e.max - e.min > 8 && !(e.item.kind === "ref" || e.item.kind === "lit" || e.item.kind === "cls");

function chain(e: Rep, rules: Map<string, Rule>, c: Chains): string {
  const item = exprToLark(e.item, rules, true, c);
  let base = `_${c.owner}_upto`;
  for (let i = 2; c.taken.has(`${base}_1`); i++) base = `_${c.owner}_upto${i}`;
  let prev = "";
  for (let k = 1; k <= e.max - e.min; k++) {
    const name = `${base}_${k}`;
    c.taken.add(name);
    c.extra.push(`${name}: (${item}${prev ? ` ${prev}` : ""})?`);
    prev = name;
  }
  return e.min > 0 ? `${item} ~ ${e.min} ${prev}` : prev;
}

function exprToLark(e: Expr, rules: Map<string, Rule>, atomic: boolean, c: Chains): string {
  switch (e.kind) {
    case "lit":
      if (e.text === "") throw new GrammargenError("empty literal cannot be emitted in Lark", [], "EEMIT");
      return larkString(e.text);
    case "cls":
      return `/${classToRegex(e.ranges, e.negated)}/`;
    case "ref": {
      const r = rules.get(e.name);
      if (!r) throw new GrammargenError(`undefined rule ${e.name}`, [], "EEMIT");
      return larkName(r);
    }
    case "seq": {
      if (e.items.length === 0) throw new GrammargenError("empty sequence cannot be emitted in Lark", [], "EEMIT");
      const s = e.items.map((i) => exprToLark(i, rules, i.kind === "alt", c)).join(" ");
      return atomic && e.items.length > 1 ? `(${s})` : s;
    }
    case "alt": {
      const s = e.items.map((i) => exprToLark(i, rules, false, c)).join(" | ");
      return atomic ? `(${s})` : s;
    }
    case "rep": {
      if (needsChain(e)) {
        const s = chain(e, rules, c);
        return atomic && e.min > 0 ? `(${s})` : s;
      }
      const a = exprToLark(e.item, rules, true, c);
      if (e.max >= UNBOUNDED) return e.min === 0 ? `${a}*` : e.min === 1 ? `${a}+` : `${a} ~ ${e.min} ${a}*`;
      if (e.min === 0 && e.max === 1) return `${a}?`;
      if (e.min === e.max) return `${a} ~ ${e.min}`;
      return `${a} ~ ${e.min}..${e.max}`;
    }
    default: {
      const never: never = e;
      throw new GrammargenError(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

const isCompoundOptional = (i: Expr): boolean =>
  i.kind === "rep" && i.min === 0 && i.max === 1 && !(i.item.kind === "ref" || i.item.kind === "lit" || i.item.kind === "cls");

/** Repetitions inside a sequence are parenthesised so `~` visibly binds to its own item. */
function ruleBody(e: Expr, rules: Map<string, Rule>, c: Chains): string {
  if (e.kind === "seq" && e.items.filter(isCompoundOptional).length > 3) {
    // Lark multiplies out every `x?` in an expansion (2^k alternatives); past a few, each gets its own rule.
    const items = e.items.map((i) => {
      if (!isCompoundOptional(i)) return i;
      let name = `_${c.owner}_opt`;
      for (let k = 2; c.taken.has(name); k++) name = `_${c.owner}_opt${k}`;
      c.taken.add(name);
      c.extra.push(`${name}: ${exprToLark(i, rules, false, c)}`);
      return { kind: "lit", text: `\u0000${name}` } as Expr;
    });
    return items
      .map((i) =>
        i.kind === "lit" && i.text.startsWith("\u0000")
          ? i.text.slice(1)
          : i.kind === "rep" && !(i.min === 0 && i.max === 1)
            ? `(${exprToLark(i, rules, false, c)})`
            : exprToLark(i, rules, i.kind === "alt", c),
      )
      .join(" ");
  }
  if (e.kind === "seq")
    return e.items
      .map((i) => (i.kind === "rep" && !(i.min === 0 && i.max === 1) ? `(${exprToLark(i, rules, false, c)})` : exprToLark(i, rules, i.kind === "alt", c)))
      .join(" ");
  if (e.kind === "alt") return e.items.map((i) => ruleBody(i, rules, c)).join("\n    | ");
  return exprToLark(e, rules, false, c);
}

export function emitLark(input: Grammar): string {
  validateGrammar(input);
  // Python Lark expands bounded repetitions into alternatives (minutes to load a composed
  // grammar), so the Lark output gets them lifted into small rules. GBNF keeps the plain
  // x{m,n}: llama.cpp nests it deterministically, while the lifted form's alternatives share
  // prefixes and keep extra parse stacks alive on every token.
  const g = liftRepetitions(input);
  const rules = ruleMap(g);
  const lines: string[] = ["// Generated by grammargen. One invocation, no trailing newline."];
  const startRule = rules.get(g.start)!;
  if (startRule.terminal) throw new GrammargenError("the start rule must not be a terminal", [], "EEMIT");
  if (g.start !== "start") {
    if (rules.has("start")) throw new GrammargenError('a rule named "start" must be the start rule in Lark', [], "EEMIT");
    lines.push(`start: ${g.start}`);
  }
  const taken = new Set<string>();
  for (const r of g.rules) {
    if (r.comment) lines.push(`// ${r.comment.replace(/\n/g, " ")}`);
    if (r.terminal) lines.push(`${larkName(r)}: /${exprToRegex(r.expr, rules)}/`);
    else {
      const c: Chains = { owner: r.name, taken, extra: [] };
      lines.push(`${r.name}: ${ruleBody(r.expr, rules, c)}`, ...c.extra);
    }
  }
  return `${lines.join("\n")}\n`;
}
