// dd's `key=value` operands: the generic lowering places them like any operand (interleaved
// with options, `--` respected); this swaps the free `kv` operand for the keys the help names,
// each with its own value type, comma lists for symbol lists (conv=notrunc,sync).
import { alt, lit, mapExpr, ref, rep, seq, type Expr, type Grammar } from "../grammar/ast.js";
import type { CommandSpec, ValueType } from "../ir.js";
import { RuleSet } from "./ruleset.js";

export function lowerDd(
  spec: CommandSpec,
  keys: { key: string; type: ValueType; list?: boolean }[],
  prefix: string,
  lowerPlain: (spec: CommandSpec, prefix: string) => Grammar,
): Grammar {
  // No key named: nothing to swap in (an empty choice would match nothing, and GBNF cannot spell it).
  if (keys.length === 0) return lowerPlain({ ...spec, extensions: (spec.extensions ?? []).filter((x) => x.kind !== "dd-operands") }, prefix);
  const plain: CommandSpec = {
    ...spec,
    extensions: [],
    positionals: [{ name: "OPERAND", type: { kind: "keyvalue" }, min: 0, max: Math.min(16, keys.length * 2) }],
  };
  const g = lowerPlain(plain, prefix);
  const R = new RuleSet(`${prefix}_dd`);
  const forms = keys.map(({ key, type, list }) => {
    const v = R.value(type);
    return seq(lit(`${key}=`), list && type.kind === "enum" ? seq(v, rep(seq(lit(","), v), 0, Math.max(0, type.choices.length - 1))) : v);
  });
  const operand = R.add(`${prefix}_dd_operand`, alt(...forms), false, "key=value operands");
  const swap = (e: Expr): Expr => mapExpr(e, (x) => (x.kind === "ref" && x.name === "kv" ? operand : x));
  const rules = g.rules.filter((r) => r.name !== "kv").map((r) => (r.terminal ? r : { ...r, expr: swap(r.expr) }));
  const extra = R.grammar(`${prefix}_dd_operand`).rules.filter((r) => !rules.some((x) => x.name === r.name));
  void ref;
  return { start: g.start, rules: [...rules, ...extra] };
}
