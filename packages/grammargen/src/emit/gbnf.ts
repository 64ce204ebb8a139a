// Grammar AST -> GBNF (llama.cpp). GBNF has no lexer, so terminal rules are plain rules and
// all whitespace is spelled out by the AST itself. Repeated items are parenthesised so
// llama.cpp turns them into one generated rule, which keeps rules x repetition small.
import { GrammargenError } from "../diagnostics.js";
import { exprNodes, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { UNBOUNDED, validateGrammar } from "../grammar/names.js";
import { mergeIdenticalRules, sharePieces } from "../grammar/share.js";
import { flattenLiteralChoices } from "../grammar/flatten.js";
import { ruleMap } from "./regex.js";

// XGrammar's EBNF lexer reads `true` and `false` as literals wherever they stand, so a rule
// of that name (the grammar of the `true` program) would not parse there.
const XGRAMMAR_WORDS = new Set(["true", "false"]);
export const gbnfName = (name: string): string => {
  const n = name.replace(/_/g, "-");
  return XGRAMMAR_WORDS.has(n) ? `${n}-cmd` : n;
};

function escapeCp(c: number, inClass: boolean): string {
  if (c === 0x0a) return "\\n";
  if (c === 0x09) return "\\t";
  if (c === 0x0d) return "\\r";
  if (c < 0x20 || c === 0x7f) return `\\x${c.toString(16).padStart(2, "0").toUpperCase()}`;
  const s = String.fromCodePoint(c);
  if (s === "\\" || (s === '"' && !inClass)) return `\\${s}`;
  // Brackets are plain characters in a string literal (XGrammar rejects "\[", llama.cpp takes
  // both); in a class they are hex escapes, which every GBNF reader decodes alike.
  if (inClass && (s === "-" || s === "^" || s === "[" || s === "]" || s === '"')) return `\\x${c.toString(16).toUpperCase()}`;
  return s;
}

function gbnfClass(ranges: [number, number][], negated: boolean): string {
  if (ranges.length === 0) {
    // Any character. Not a bare `.`, which XGrammar does not read.
    if (negated) return "[\\x00-\\U0010FFFF]";
    throw new GrammargenError("empty character class cannot be emitted", [], "EEMIT");
  }
  const body = ranges.map(([a, b]) => (a === b ? escapeCp(a, true) : `${escapeCp(a, true)}-${escapeCp(b, true)}`)).join("");
  return `[${negated ? "^" : ""}${body}]`;
}

/** Helper rules for repeated groups: llama.cpp multiplies the rules generated inside a
 * repeated group by the repeat count and refuses products >= 2000, while a repeated rule
 * reference counts once. Identical groups share one helper across the whole grammar: every
 * engine turns a `(...)*` group into a rule of its own anyway, and XGrammar compiles a token
 * mask per position of every rule, so each copy costs compile time. */
interface Hoist {
  owner: string;
  taken: Set<string>;
  extra: string[];
  /** Helper rule name by its body text. */
  byBody: Map<string, string>;
}

const hasRep = (e: Expr): boolean => [...exprNodes(e)].some((n) => n.kind === "rep");

function exprToGbnf(e: Expr, atomic: boolean, h: Hoist): string {
  switch (e.kind) {
    case "lit":
      if (e.text === "") return '""';
      return `"${[...e.text].map((c) => escapeCp(c.codePointAt(0)!, false)).join("")}"`;
    case "cls":
      return gbnfClass(e.ranges, e.negated);
    case "ref":
      return gbnfName(e.name);
    case "seq": {
      if (e.items.length === 0) return '""';
      const s = e.items.map((i) => exprToGbnf(i, i.kind === "alt", h)).join(" ");
      return atomic && e.items.length > 1 ? `(${s})` : s;
    }
    case "alt": {
      const s = e.items.map((i) => exprToGbnf(i, false, h)).join(" | ");
      return atomic ? `(${s})` : s;
    }
    case "rep": {
      const inner = exprToGbnf(e.item, false, h);
      let a: string;
      if (e.item.kind === "ref" || e.item.kind === "cls" || (e.item.kind === "lit" && [...e.item.text].length === 1)) a = inner;
      else if (hasRep(e.item) || e.item.kind === "alt") {
        let name = h.byBody.get(inner);
        if (!name) {
          name = `${h.owner}-x`;
          for (let i = 2; h.taken.has(name); i++) name = `${h.owner}-x${i}`;
          h.taken.add(name);
          h.byBody.set(inner, name);
          h.extra.push(`${name} ::= ${inner}`);
        }
        a = name;
      } else a = `(${inner})`;
      if (e.max >= UNBOUNDED) return e.min === 0 ? `${a}*` : e.min === 1 ? `${a}+` : `${a}{${e.min},}`;
      if (e.min === 0 && e.max === 1) return `${a}?`;
      if (e.min === e.max) return `${a}{${e.min}}`;
      return `${a}{${e.min},${e.max}}`;
    }
    default: {
      const never: never = e;
      throw new GrammargenError(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/**
 * `shareAll` writes every repeated group of alternatives once, as a rule (sharePieces' `all`),
 * and rules of equal bodies once (mergeIdenticalRules). For the pack's composed default
 * grammars, which XGrammar compiles once per engine: it cuts their compile time by about a
 * fifth (docs/results/2026-12-06-default-compile-shared-groups.md). Per-request grammars skip
 * it: numbering every node of a composed grammar costs more than the rest of emitting.
 * `flatLiterals` writes choices between literal words flat (flattenLiteralChoices), which
 * XGrammar compiles faster and llama.cpp samples with more parse stacks.
 */
export function emitGbnf(grammar: Grammar, opts: { shareAll?: boolean; flatLiterals?: boolean } = {}): string {
  validateGrammar(grammar);
  const source = opts.flatLiterals ? flattenLiteralChoices(grammar) : grammar;
  const g = opts.shareAll ? mergeIdenticalRules(sharePieces(source, { all: true })) : sharePieces(source);
  const rules = ruleMap(g);
  if (rules.has("root") && g.start !== "root") throw new GrammargenError('a rule named "root" must be the start rule in GBNF', [], "EEMIT");
  const lines: string[] = ["# Generated by grammargen. One invocation, no trailing newline."];
  if (g.start !== "root") lines.push(`root ::= ${gbnfName(g.start)}`);
  const taken = new Set(["root", ...g.rules.map((r) => gbnfName(r.name))]);
  const byBody = new Map<string, string>();
  for (const r of g.rules as Rule[]) {
    if (r.comment) lines.push(`# ${r.comment.replace(/\n/g, " ")}`);
    const h: Hoist = { owner: gbnfName(r.name), taken, extra: [], byBody };
    lines.push(`${gbnfName(r.name)} ::= ${exprToGbnf(r.expr, false, h)}`, ...h.extra);
  }
  return `${lines.join("\n")}\n`;
}
