// Rule names are shared by both dialects, so they are restricted to what both can spell:
// Lark wants [a-z_][a-z0-9_]* for rules (uppercased for terminals), GBNF wants [a-zA-Z0-9-].
import { GrammargenError } from "../diagnostics.js";
import type { Expr, Grammar } from "./ast.js";

const NAME = /^[a-z][a-z0-9_]*$/;

export function checkRuleName(name: string): void {
  if (!NAME.test(name)) throw new GrammargenError(`rule name ${JSON.stringify(name)} must match [a-z][a-z0-9_]*`, [], "EBADNAME");
}

/** Turns arbitrary text (a command name, a path) into a usable rule-name fragment. */
export function sanitizeName(text: string): string {
  let s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (s === "") s = "cmd";
  if (!/^[a-z]/.test(s)) s = `c_${s}`;
  return s;
}

/** Every rule name an expression refers to. */
export function refsOf(e: Expr, out: Set<string> = new Set()): Set<string> {
  // Called for every rule of every composed grammar, so a plain recursion rather than exprNodes.
  if (e.kind === "ref") out.add(e.name);
  else if (e.kind === "seq" || e.kind === "alt") for (const i of e.items) refsOf(i, out);
  else if (e.kind === "rep") refsOf(e.item, out);
  return out;
}

/** Checks that every reference resolves and names are unique; throws a typed error listing all problems. */
export function validateGrammar(g: Grammar): void {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const r of g.rules) {
    if (!NAME.test(r.name)) problems.push(`bad rule name ${JSON.stringify(r.name)}`);
    if (names.has(r.name)) problems.push(`duplicate rule ${r.name}`);
    names.add(r.name);
  }
  if (!names.has(g.start)) problems.push(`start rule ${g.start} is not defined`);
  for (const r of g.rules) for (const n of refsOf(r.expr)) if (!names.has(n)) problems.push(`rule ${r.name} refers to undefined ${n}`);
  const byName = new Map(g.rules.map((r) => [r.name, r]));
  for (const r of g.rules) {
    if (!r.terminal) continue;
    for (const n of refsOf(r.expr)) if (byName.get(n) && !byName.get(n)!.terminal) problems.push(`terminal ${r.name} refers to non-terminal ${n}`);
  }
  if (problems.length)
    throw new GrammargenError(
      `invalid grammar: ${problems.join("; ")}`,
      problems.map((message) => ({ severity: "error" as const, stage: "emit" as const, message })),
      "EBADGRAMMAR",
    );
}

/** Unbounded repetition marker: readers of hand-written grammars use it for * and +. */
export const UNBOUNDED = Number.MAX_SAFE_INTEGER;
