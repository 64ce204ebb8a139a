// Left-factors alternatives: `A B | A C` becomes `A (B | C)`. Same language, but llama.cpp's
// sampler keeps one parse stack per live alternative and re-checks every candidate token
// against each, so two branches that share a long prefix (a command's plain form and its
// `... -- WORDS` form both start with the name, the options and the operands) double the
// stacks, and the sampling time, on every token of that prefix.
import { alt, exprId, lit, mapExpr, opt, seq, type Expr, type Grammar } from "../grammar/ast.js";

/** A sequence's items with nested sequences flattened (lowerings build seq(seq(name, opts), ...)). */
export const itemsOf = (e: Expr): Expr[] => (e.kind === "seq" ? e.items.flatMap(itemsOf) : [e]);
const key = exprId;

function factorAlt(items: Expr[]): Expr {
  const groups = new Map<number, Expr[][]>();
  for (const i of items) {
    const parts = itemsOf(i);
    const k = parts.length ? key(parts[0]!) : -1;
    groups.set(k, [...(groups.get(k) ?? []), parts]);
  }
  if (groups.size === items.length) return alt(...items);
  const out: Expr[] = [];
  for (const members of groups.values()) {
    if (members.length === 1 || members.some((m) => m.length === 0)) {
      out.push(...members.map((m) => seq(...m)));
      continue;
    }
    let n = 1;
    while (members.every((m) => m.length > n && key(m[n]!) === key(members[0]![n]!))) n++;
    const rests = members.map((m) => m.slice(n));
    const nonEmpty = rests.filter((r) => r.length > 0);
    const tail = nonEmpty.length ? factorAlt(nonEmpty.map((r) => seq(...r))) : undefined;
    const prefix = members[0]!.slice(0, n);
    out.push(seq(...prefix, ...(tail ? [nonEmpty.length < rests.length ? opt(tail) : tail] : [])));
  }
  return alt(...out);
}

export function leftFactor(g: Grammar, only: (name: string) => boolean = () => true): Grammar {
  return { ...g, rules: g.rules.map((r) => (only(r.name) ? { ...r, expr: mapExpr(r.expr, (e) => (e.kind === "alt" ? factorAlt(e.items) : e)) } : r)) };
}

/** A literal-first alternative as its first character and the rest of the sequence. */
function splitFirstChar(parts: Expr[]): [string, Expr[]] | undefined {
  const head = parts[0];
  if (head?.kind !== "lit" || head.text === "") return undefined;
  const c = String.fromCodePoint(head.text.codePointAt(0)!);
  const rest = head.text.slice(c.length);
  return [c, rest ? [lit(rest), ...parts.slice(1)] : parts.slice(1)];
}

function factorCharAlt(items: Expr[]): Expr {
  const groups = new Map<string, Expr[][]>();
  for (const i of items) {
    const split = splitFirstChar(itemsOf(i));
    if (split) groups.set(split[0], [...(groups.get(split[0]) ?? []), split[1]]);
  }
  if (![...groups.values()].some((g) => g.length > 1)) return alt(...items);
  const out: Expr[] = [];
  const done = new Set<string>();
  for (const i of items) {
    const split = splitFirstChar(itemsOf(i));
    const rests = split ? groups.get(split[0])! : [];
    if (!split || rests.length === 1) {
      out.push(i);
      continue;
    }
    if (done.has(split[0])) continue;
    done.add(split[0]);
    const nonEmpty = rests.filter((r) => r.length > 0).map((r) => seq(...r));
    const tail = nonEmpty.length ? factorCharAlt(nonEmpty) : undefined;
    out.push(tail ? seq(lit(split[0]), nonEmpty.length < rests.length ? opt(tail) : tail) : lit(split[0]));
  }
  return alt(...out);
}

/**
 * Left-factors alternatives on their first character: `"|" A | "||" B | "|&" C` becomes
 * `"|" (A | "|" B | "&" C)`. Same language. llama.cpp's sampler, checking a candidate token,
 * advances every live parse stack past its top character whether the token matched there or
 * not, so alternatives that start with the same character (the list and pipe operators, a
 * program's `-x` and `--long` options, grounded names) each cost a full advance on every
 * token at that position; factored, they cost one.
 */
export function leftFactorChars(g: Grammar): Grammar {
  return { ...g, rules: g.rules.map((r) => ({ ...r, expr: mapExpr(r.expr, (e) => (e.kind === "alt" ? factorCharAlt(e.items) : e)) })) };
}
