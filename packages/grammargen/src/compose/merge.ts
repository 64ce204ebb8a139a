// Merges rules that define the same thing under different names. Composition lowers some
// programs more than once (a relaxed copy for xargs, a copy for inside a policy's wrapper),
// and those copies' option rules are identical except for their names. Every engine pays
// per rule position (XGrammar compiles a token mask for each; llama.cpp keeps a parse stack
// per live position), so one copy is kept.
//
// Rules are grouped by partition refinement: two rules stay together while their
// expressions are equal with every reference replaced by its group, so mutually recursive
// copies merge too. Names in `keep` are never merged away (each stays its own group).
import { exprId, mapExpr, ref, type Expr, type Grammar } from "../grammar/ast.js";

export function mergeIdenticalRules(g: Grammar, keep: Iterable<string> = []): Grammar {
  const pinned = new Set([g.start, ...keep]);
  const names = g.rules.map((r) => r.name);
  // Each body is written once as a shape: subtrees without references as their exprId, a
  // reference as a hole; a round only fills the holes with the current groups.
  const hasRef = new WeakMap<Expr, boolean>();
  const refs = (e: Expr): boolean => {
    let v = hasRef.get(e);
    if (v === undefined) {
      v = e.kind === "ref" || ((e.kind === "seq" || e.kind === "alt") && e.items.some(refs)) || (e.kind === "rep" && refs(e.item));
      hasRef.set(e, v);
    }
    return v;
  };
  const shape = (e: Expr): string => {
    if (!refs(e)) return `#${exprId(e)}`;
    if (e.kind === "ref") return `\u0001${e.name}\u0001`;
    if (e.kind === "rep") return `p${e.min},${e.max}(${shape(e.item)})`;
    return `${e.kind === "seq" ? "s" : "a"}(${(e as { items: Expr[] }).items.map(shape).join(" ")})`;
  };
  const templates = g.rules.map((r) => {
    const parts = shape(r.expr).split("\u0001");
    const pieces: string[] = [];
    const names: string[] = [];
    for (let i = 0; i < parts.length; i++) (i % 2 ? names : pieces).push(parts[i]!);
    return { head: `${pinned.has(r.name) ? r.name : ""}|${r.terminal}|`, pieces, refs: names };
  });
  let group = new Map(names.map((n) => [n, 0]));
  let count = 1;
  for (;;) {
    const keys = new Map<string, number>();
    const next = new Map<string, number>();
    for (const [i, r] of g.rules.entries()) {
      const t = templates[i]!;
      let key = t.head + t.pieces[0]!;
      // A group is written `&n`, apart from a subtree's `#id`: the two numberings overlap, and a
      // reference whose group number equalled a reference-free subtree's id merged two
      // different rules (which ones depended on what the process had composed before).
      for (let j = 0; j < t.refs.length; j++) key += `&${group.get(t.refs[j]!) ?? `?${t.refs[j]}`}${t.pieces[j + 1]!}`;
      if (!keys.has(key)) keys.set(key, keys.size);
      next.set(r.name, keys.get(key)!);
    }
    group = next;
    if (keys.size === count) break;
    count = keys.size;
  }
  const chosen = new Map<number, string>();
  for (const n of names) if (!chosen.has(group.get(n)!) || pinned.has(n)) chosen.set(group.get(n)!, n);
  const rename = (n: string): string => chosen.get(group.get(n)!) ?? n;
  return {
    start: g.start,
    rules: g.rules.filter((r) => rename(r.name) === r.name).map((r) => ({ ...r, expr: mapExpr(r.expr, (e) => (e.kind === "ref" ? ref(rename(e.name)) : e)) })),
  };
}
