// Choices between literal words written flat, the same language.
//
// literalChoice factors option names as a trie ("--a" ("ll" | "lmost-all" | "uthor")), which
// keeps llama.cpp's sampler to one parse stack per diverging branch. XGrammar pays the other
// way: every parenthesised group becomes a rule of its own, and the composed default grammar's
// option tries made half its compile time. Written flat, the default grammar compiled about a
// fifth faster at a 2k vocabulary and 7-10% faster at Qwen2's, with a slightly cheaper token
// mask (docs/results/2026-12-06-summary-7.md). The decoder does not sample these files as
// written: it left-factors what it samples (forDecoding), so llama.cpp's cost there is unchanged.
import { alt, type Expr, type Grammar, lit, mapExpr } from "./ast.js";

/** Past this many words a choice stays as it is. */
const MAX_WORDS = 4096;

/**
 * The words a choice of literals spells (literals, sequences, choices and optional parts of
 * them), in order; undefined when it holds anything else or more than MAX_WORDS.
 */
export function literalWords(e: Expr): string[] | undefined {
  switch (e.kind) {
    case "lit":
      return [e.text];
    case "alt": {
      const out: string[] = [];
      for (const i of e.items) {
        const w = literalWords(i);
        if (!w || out.length + w.length > MAX_WORDS) return undefined;
        out.push(...w);
      }
      return out;
    }
    case "seq": {
      let out = [""];
      for (const i of e.items) {
        const w = literalWords(i);
        if (!w || out.length * w.length > MAX_WORDS) return undefined;
        out = out.flatMap((a) => w.map((b) => a + b));
      }
      return out;
    }
    case "rep": {
      if (e.min !== 0 || e.max !== 1) return undefined;
      const w = literalWords(e.item);
      return w && ["", ...w];
    }
    default:
      return undefined;
  }
}

/**
 * `g` with every choice's items that spell literal words only written as those words, each a
 * choice of its own: `"ver" ("sion" | "bose") | "quiet" | "level" X` becomes
 * `"version" | "verbose" | "quiet" | "level" X`. An item that may spell nothing stays.
 */
export function flattenLiteralChoices(g: Grammar): Grammar {
  const flat = (e: Expr): Expr => {
    if (e.kind !== "alt" || e.items.every((i) => i.kind === "lit")) return e;
    const items: Expr[] = [];
    const seen = new Set<string>();
    let changed = false;
    for (const item of e.items) {
      const words = item.kind === "lit" ? [item.text] : literalWords(item);
      if (!words || words.includes("")) {
        items.push(item);
        continue;
      }
      if (item.kind !== "lit") changed = true;
      for (const w of words) if (!seen.has(w)) seen.add(w), items.push(lit(w));
    }
    return changed ? alt(...items) : e;
  };
  let changed = false;
  const rules = g.rules.map((r) => {
    const expr = mapExpr(r.expr, flat);
    if (expr === r.expr) return r;
    changed = true;
    return { ...r, expr };
  });
  return changed ? { ...g, rules } : g;
}
