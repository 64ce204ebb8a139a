// JSON Schema `pattern` (ECMAScript, unanchored search) -> a character-level grammar
// expression over the text as it is written: inside a JSON string (escaped as
// JSON.stringify writes it) or inside a single-quoted shell word (no quote inside).
import { alt, cls, complementRanges, lit, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { GrammargenError } from "../diagnostics.js";
import { ecmaRegexExpr } from "./ecma-regex.js";

export const patternJson = (pattern: string): Expr => patternWith(pattern, jsonEncoded);

/** The pattern as the body of a '...' shell word: the forbidden characters cannot appear. */
export const patternBody = (pattern: string, forbidden: string): Expr =>
  patternWith(pattern, (e) => without(e, new Set([...forbidden].map((c) => c.codePointAt(0)!)), pattern));

function without(e: Expr, forbidden: Set<number>, pattern: string): Expr {
  switch (e.kind) {
    case "lit":
      if ([...e.text].some((c) => forbidden.has(c.codePointAt(0)!)))
        throw new GrammargenError(`pattern ${JSON.stringify(pattern)} needs a character that cannot appear in a quoted command-line value`, [], "ESCHEMA");
      return e;
    case "cls": {
      const out: [number, number][] = [];
      for (const [a, b] of positive(e)) {
        let lo = a;
        for (const f of [...forbidden].sort((x, y) => x - y)) {
          if (f < lo || f > b) continue;
          if (f > lo) out.push([lo, f - 1]);
          lo = f + 1;
        }
        if (lo <= b) out.push([lo, b]);
      }
      if (!out.length)
        throw new GrammargenError(
          `pattern ${JSON.stringify(pattern)} has a class of characters that cannot appear in a quoted command-line value`,
          [],
          "ESCHEMA",
        );
      return { kind: "cls", ranges: out, negated: false };
    }
    case "seq":
    case "alt":
      return { kind: e.kind, items: e.items.map((i) => without(i, forbidden, pattern)) };
    case "rep":
      return { ...e, item: without(e.item, forbidden, pattern) };
    case "ref":
      return e;
  }
}

/**
 * A JSON Schema `pattern` (ECMAScript, unanchored search) as the JSON-encoded string body it
 * allows: anchors become the ends of the string, an unanchored end allows any characters,
 * and characters JSON.stringify escapes are offered in their escaped form.
 */
function patternWith(pattern: string, encode: (e: Expr) => Expr): Expr {
  let src = pattern;
  const anchoredStart = src.startsWith("^");
  if (anchoredStart) src = src.slice(1);
  const anchoredEnd = /(^|[^\\])(\\\\)*\$$/.test(src);
  if (anchoredEnd) src = src.slice(0, -1);
  if ((anchoredStart || anchoredEnd) && topLevelBar(src)) {
    throw new GrammargenError(`pattern ${JSON.stringify(pattern)}: wrap alternatives in a group, e.g. ^(a|b)$`, [], "ESCHEMA");
  }
  const body = encode(ecmaRegexExpr(src, pattern));
  // Outside the anchors the search does not look: any characters at all, newlines included.
  const anything = rep(encode({ kind: "cls", ranges: [], negated: true }), 0, UNBOUNDED);
  return seq(...(anchoredStart ? [] : [anything]), body, ...(anchoredEnd ? [] : [anything]));
}

function topLevelBar(src: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}

const SHORT_ESCAPES: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r", 34: '\\"', 92: "\\\\" };
const encodeChar = (c: number): string => SHORT_ESCAPES[c] ?? (c < 0x20 ? `\\u${c.toString(16).padStart(4, "0")}` : String.fromCodePoint(c));

function positive(e: Extract<Expr, { kind: "cls" }>): [number, number][] {
  return e.negated ? complementRanges(e.ranges) : [...e.ranges].sort((a, b) => a[0] - b[0]);
}

/** Rewrites a character-level expression over decoded text into one over JSON.stringify text. */
function jsonEncoded(e: Expr): Expr {
  switch (e.kind) {
    case "lit":
      return lit([...e.text].map((ch) => encodeChar(ch.codePointAt(0)!)).join(""));
    case "cls": {
      const ranges = positive(e);
      const plain: [number, number][] = [];
      const escaped: string[] = [];
      for (const [a, b] of ranges) {
        let lo = a;
        for (let c = a; c <= b && c <= 0x5c; c++) {
          if (c < 0x20 || c === 34 || c === 92) {
            if (c > lo) plain.push([lo, c - 1]);
            escaped.push(encodeChar(c));
            lo = c + 1;
          }
        }
        if (lo <= b) plain.push([lo, b]);
      }
      const items: Expr[] = [];
      if (plain.length) items.push({ kind: "cls", ranges: plain, negated: false });
      items.push(...escaped.map(lit));
      if (!items.length) throw new GrammargenError("pattern has an empty character class", [], "ESCHEMA");
      return alt(...items);
    }
    case "seq":
    case "alt":
      return { kind: e.kind, items: e.items.map(jsonEncoded) };
    case "rep":
      return { ...e, item: jsonEncoded(e.item) };
    case "ref":
      return e;
  }
}
