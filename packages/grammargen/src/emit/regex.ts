// Expr -> one regular expression in the syntax Python `re` and Rust `regex` share, for
// Lark terminals (llguidance lexes each uppercase terminal as exactly one regex).
import { GrammargenError } from "../diagnostics.js";
import type { Expr, Grammar, Rule } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";

const META = new Set([..."\\.^$|?*+()[]{}/"]);
const CLASS_META = new Set([..."\\]^-[/"]);

function escapeChar(c: number, inClass: boolean): string {
  if (c === 0x0a) return "\\n";
  if (c === 0x09) return "\\t";
  if (c === 0x0d) return "\\r";
  if (c < 0x20 || c === 0x7f) return `\\x${c.toString(16).padStart(2, "0")}`;
  const s = String.fromCodePoint(c);
  if ((inClass ? CLASS_META : META).has(s)) return `\\${s}`;
  if (s === " " && !inClass) return "[ ]";
  return s;
}

export function classToRegex(ranges: [number, number][], negated: boolean): string {
  if (ranges.length === 0) {
    if (negated) return "[\\s\\S]";
    throw new GrammargenError("empty character class cannot be emitted", [], "EEMIT");
  }
  const body = ranges
    .map(([a, b]) =>
      a === b ? escapeChar(a, true) : b === a + 1 ? escapeChar(a, true) + escapeChar(b, true) : `${escapeChar(a, true)}-${escapeChar(b, true)}`,
    )
    .join("");
  return `[${negated ? "^" : ""}${body}]`;
}

type Ctx = "top" | "seq" | "rep";

/** Regex for an expression; refs must resolve to terminal rules, which are inlined. */
export function exprToRegex(e: Expr, rules: Map<string, Rule>, ctx: Ctx = "top", depth = 0): string {
  if (depth > 64) throw new GrammargenError("terminal nesting too deep (recursive terminal?)", [], "EEMIT");
  switch (e.kind) {
    case "lit": {
      if (e.text === "") throw new GrammargenError("empty literal in a terminal", [], "EEMIT");
      const s = [...e.text].map((c) => escapeChar(c.codePointAt(0)!, false)).join("");
      return ctx === "rep" && [...e.text].length > 1 ? `(?:${s})` : s;
    }
    case "cls":
      return classToRegex(e.ranges, e.negated);
    case "ref": {
      const r = rules.get(e.name);
      if (!r) throw new GrammargenError(`terminal refers to undefined rule ${e.name}`, [], "EEMIT");
      if (!r.terminal) throw new GrammargenError(`terminal refers to non-terminal rule ${e.name}`, [], "EEMIT");
      const inner = exprToRegex(r.expr, rules, "top", depth + 1);
      return ctx === "top" ? inner : `(?:${inner})`;
    }
    case "seq": {
      const s = e.items.map((i) => exprToRegex(i, rules, "seq", depth)).join("");
      return ctx === "rep" ? `(?:${s})` : s;
    }
    case "alt": {
      const s = e.items.map((i) => exprToRegex(i, rules, "top", depth)).join("|");
      return ctx === "top" ? s : `(?:${s})`;
    }
    case "rep": {
      const a = exprToRegex(e.item, rules, "rep", depth);
      const q =
        e.max >= UNBOUNDED
          ? e.min === 0
            ? `${a}*`
            : e.min === 1
              ? `${a}+`
              : `${a}{${e.min},}`
          : e.min === 0 && e.max === 1
            ? `${a}?`
            : e.min === e.max
              ? `${a}{${e.min}}`
              : `${a}{${e.min},${e.max}}`;
      // A repetition repeated: [a-z]+ made optional is (?:[a-z]+)?, never the lazy [a-z]+?.
      return ctx === "rep" ? `(?:${q})` : q;
    }
    default: {
      const never: never = e;
      throw new GrammargenError(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

export const ruleMap = (g: Grammar): Map<string, Rule> => new Map(g.rules.map((r) => [r.name, r]));
