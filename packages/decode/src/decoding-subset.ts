// The decoding form of a composed grammar narrows a few spellings to the one a command is
// normally written in. Each change removes a parse position whose next step is the start of
// a whole new command, which llama.cpp's sampler pays for on every token: checking a
// candidate, it advances every live parse stack past its top character whether the token
// matched there or not, and a stack whose top is `|`, `;`, `&`, a newline or a backtick
// advances into every program name, keyword and construct that could start the next
// command. With a required space after an operator the same stack advances into one space.
// Measured with the stack emulation in the bench (`npm run bench:stacks`) and
// `npm run bench:decode`. Every command the subset accepts, the full grammar accepts too;
// generate() checks its output against the full grammar.
import { alt, itemsOf, mapExpr, seq, type Expr, type Grammar } from "@shellgen/grammargen";

/** Operators that join or end commands; in the decoding form a space follows each that leads to another command. */
const OPERATORS = new Set(["|", "|&", "||", "&&", ";", "&"]);

const isSp = (e: Expr | undefined): boolean => e?.kind === "ref" && e.name === "sp";
const isOptSp = (e: Expr | undefined): boolean => e?.kind === "rep" && e.min === 0 && e.max === 1 && isSp(e.item);
/**
 * An operator literal or a choice of them, also one written as a rule of its own (the pack's
 * default grammar writes each repeated choice once, as a rule). `bodies` holds the rules.
 */
const isOperatorIn =
  (bodies: ReadonlyMap<string, Expr>) =>
  (e: Expr | undefined, depth = 0): boolean => {
    if (e?.kind === "ref") return depth < 4 && isOperatorIn(bodies)(bodies.get(e.name), depth + 1);
    return (e?.kind === "lit" && OPERATORS.has(e.text)) || (e?.kind === "alt" && e.items.length > 0 && e.items.every((i) => isOperatorIn(bodies)(i, depth)));
  };
/** Starts with a newline that leads to another line, or with a backtick substitution. */
const startsNewCommandCostly = (e: Expr): boolean => {
  const head = itemsOf(e)[0];
  return (head?.kind === "ref" && head.name === "sh_nl") || (head?.kind === "lit" && head.text.startsWith("`"));
};

/** A repetition of further lines (`(sh_nl line)*`); one that must occur stays. */
const isOptionalLines = (e: Expr): boolean => e.kind === "rep" && e.min === 0 && startsNewCommandCostly(e.item);

const narrowIn =
  (isOperator: (e: Expr | undefined) => boolean) =>
  (e: Expr): Expr => {
    if (e.kind === "seq") {
      const items = e.items
        .map((item, i) => (isOptSp(item) && isOperator(e.items[i - 1]) ? { kind: "ref" as const, name: "sp" } : item))
        .filter((item, _, all) => !isOptionalLines(item) || all.length === 1);
      return items.length === e.items.length && items.every((x, i) => x === e.items[i]) ? e : seq(...items);
    }
    if (e.kind === "alt") {
      const kept = e.items.filter((i) => !startsNewCommandCostly(i));
      return kept.length > 0 && kept.length < e.items.length ? alt(...kept) : e;
    }
    return e;
  };

/**
 * The decoding subset of `g`: no newline between commands (`;`, `&&` and `|` join them; a
 * loop's or group's body may still open on a new line); `$(...)`, not backticks; a space after
 * an operator that another command follows (`a | b`, `a && b`, `a; b`). Grammars without
 * these constructs come back unchanged.
 */
export function decodingSubset(g: Grammar): Grammar {
  if (!g.rules.some((r) => r.name === "sp")) return g;
  const narrow = narrowIn(isOperatorIn(new Map(g.rules.map((r) => [r.name, r.expr]))));
  return { ...g, rules: g.rules.map((r) => ({ ...r, expr: mapExpr(r.expr, narrow) })) };
}
