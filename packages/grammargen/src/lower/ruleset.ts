// A small rule collector for the style-specific lowerings (find, tar, dd): command rules
// carry the command's prefix; value terminals are the shared, unprefixed ones of terminals.ts.
import { alt, lit, ref, rule, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { GrammargenError } from "../diagnostics.js";
import type { ValueType } from "../ir.js";
import { terminalRule, valueTerminalExpr } from "./terminals.js";

export class RuleSet {
  readonly rules: Rule[] = [];
  private readonly names = new Set<string>();
  private readonly terminals = new Set<string>();
  private enums = 0;

  constructor(readonly prefix: string) {}

  add(name: string, expr: Expr, terminal = false, comment?: string): Expr {
    if (this.names.has(name)) throw new GrammargenError(`rule ${name} defined twice while lowering`, [], "ELOWER");
    this.names.add(name);
    this.rules.push(rule(name, expr, terminal, comment));
    return ref(name);
  }

  t(name: string): Expr {
    this.terminals.add(name);
    return ref(name);
  }

  get sp(): Expr {
    return this.t("sp");
  }

  /** A value word of this type: a shared terminal, or a rule of enum literals. */
  value(type: ValueType, asOperand = false): Expr {
    if (type.kind !== "enum") return valueTerminalExpr(type, asOperand, (n) => this.t(n));
    const choices = [...new Set(type.choices.filter(Boolean))].map(shellLiteral);
    if (!choices.length) return this.t("word");
    this.enums++;
    return this.add(`${this.prefix}_enum${this.enums}`, alt(...choices.map(lit)));
  }

  grammar(start: string): Grammar {
    const rules = [...this.rules];
    const i = rules.findIndex((r) => r.name === start);
    if (i > 0) rules.unshift(...rules.splice(i, 1));
    return { start, rules: [...rules, ...[...this.terminals].sort().map(terminalRule)] };
  }
}

/** Enum choices a shell would split or interpret are offered quoted. */
export function shellLiteral(choice: string): string {
  return /^[^\s'"\\|&;<>()`$]+$/.test(choice) ? choice : `'${choice.replace(/'/g, "")}'`;
}

/** Merges grammars that share value terminals (identical by construction) into one rule list. */
export function mergeGrammars(start: string, startExpr: Expr, parts: Grammar[]): Grammar {
  const rules: Rule[] = [rule(start, startExpr)];
  const seen = new Set([start]);
  for (const g of parts) {
    for (const r of g.rules) {
      if (seen.has(r.name)) continue;
      seen.add(r.name);
      rules.push(r);
    }
  }
  return { start, rules };
}
