// A non-recursive grammar as one JavaScript RegExp: every rule inlined into the start rule.
// The schema tests use it to push many instances through the same grammar AST quickly,
// and check a share of them against the Earley checker too.
import type { Grammar } from "../grammar/ast.js";
import { refsOf } from "../grammar/names.js";
import { exprToRegex } from "../emit/regex.js";

export function grammarRegExp(g: Grammar): RegExp | undefined {
  const rules = new Map(g.rules.map((r) => [r.name, { ...r, terminal: true }]));
  // Recursion cannot be inlined.
  const visiting = new Set<string>();
  const done = new Set<string>();
  const cyclic = (name: string): boolean => {
    if (done.has(name)) return false;
    if (visiting.has(name)) return true;
    visiting.add(name);
    const r = rules.get(name);
    const hit = r ? [...refsOf(r.expr)].some(cyclic) : false;
    visiting.delete(name);
    done.add(name);
    return hit;
  };
  if (cyclic(g.start)) return undefined;
  const start = rules.get(g.start)!;
  return new RegExp(`^(?:${exprToRegex(start.expr, rules)})$`, "u");
}
