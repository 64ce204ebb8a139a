// Rule names are shared by both dialects, so they are restricted to what both can spell:
// Lark wants [a-z_][a-z0-9_]* for rules (uppercased for terminals), GBNF wants [a-zA-Z0-9-].
import { GrammargenError } from "../diagnostics.js";
import type { Expr, Grammar, Rule } from "./ast.js";

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

/** Calls `f` with each rule name an expression refers to, as often as it does. */
export function forEachRef(e: Expr, f: (name: string) => void): void {
  if (e.kind === "ref") f(e.name);
  else if (e.kind === "seq" || e.kind === "alt") for (const i of e.items) forEachRef(i, f);
  else if (e.kind === "rep") forEachRef(e.item, f);
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
  // Runs on every composed and every recognized grammar: one walk, no per-rule sets.
  const problems = new Set<string>();
  const byName = new Map<string, Rule>();
  for (const r of g.rules) {
    if (!NAME.test(r.name)) problems.add(`bad rule name ${JSON.stringify(r.name)}`);
    if (byName.has(r.name)) problems.add(`duplicate rule ${r.name}`);
    else byName.set(r.name, r);
  }
  if (!byName.has(g.start)) problems.add(`start rule ${g.start} is not defined`);
  for (const r of g.rules)
    forEachRef(r.expr, (n) => {
      const target = byName.get(n);
      if (!target) problems.add(`rule ${r.name} refers to undefined ${n}`);
      else if (r.terminal && !target.terminal) problems.add(`terminal ${r.name} refers to non-terminal ${n}`);
    });
  if (problems.size)
    throw new GrammargenError(
      `invalid grammar: ${[...problems].join("; ")}`,
      [...problems].map((message) => ({ severity: "error" as const, stage: "emit" as const, message })),
      "EBADGRAMMAR",
    );
}

/** Unbounded repetition marker: readers of hand-written grammars use it for * and +. */
export const UNBOUNDED = Number.MAX_SAFE_INTEGER;
