// Instances "near" a schema, for the grammar-vs-ajv agreement test: values built from the
// schema's Shape (mostly valid), then mutated the ways tool calls go wrong (a missing
// required key, an unknown key, a wrong type, a string or array out of bounds, a value
// outside an enum, a string that breaks the pattern).
import fc from "fast-check";
import type { Expr } from "../src/grammar/ast.js";
import { ecmaRegexExpr } from "../src/schema/ecma-regex.js";
import type { Shape } from "../src/schema/shape.js";

// Whole code points only: tool calls carry no lone surrogates. The Unicode spaces, \r, the
// line separator and an Arabic-Indic digit are where ECMAScript's \s, `.` and \d differ from
// ASCII readings.
const CHARS = fc.constantFrom(...Array.from('abcXYZ019 -_./:@"\\\n\té€😀\r\u00a0\u2003\ufeff\u2028\u0661'));
const text = (min: number, max: number) => fc.array(CHARS, { minLength: min, maxLength: max }).map((a) => a.join(""));

/** A random string the (decoded-level) regex expression accepts. */
function sampleExpr(e: Expr, rnd: () => number): string {
  switch (e.kind) {
    case "lit":
      return e.text;
    case "cls": {
      if (e.negated) {
        const pool = [..."aZ09 -_.:/@"].filter((c) => !e.ranges.some(([a, b]) => c.codePointAt(0)! >= a && c.codePointAt(0)! <= b));
        return pool[Math.floor(rnd() * pool.length)] ?? "a";
      }
      const [a, b] = e.ranges[Math.floor(rnd() * e.ranges.length)]!;
      const hi = Math.min(b, a + 60);
      return String.fromCodePoint(a + Math.floor(rnd() * (hi - a + 1)));
    }
    case "seq":
      return e.items.map((i) => sampleExpr(i, rnd)).join("");
    case "alt":
      return sampleExpr(e.items[Math.floor(rnd() * e.items.length)]!, rnd);
    case "rep": {
      const max = Math.min(e.max, e.min + 6);
      const n = e.min + Math.floor(rnd() * (max - e.min + 1));
      return Array.from({ length: n }, () => sampleExpr(e.item, rnd)).join("");
    }
    case "ref":
      return "";
  }
}

function patternString(pattern: string): fc.Arbitrary<string> {
  let src = pattern;
  const start = src.startsWith("^");
  if (start) src = src.slice(1);
  const end = src.endsWith("$");
  if (end) src = src.slice(0, -1);
  const expr = ecmaRegexExpr(src);
  const matching = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => {
    let s = seed || 1;
    const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    return (start ? "" : rnd() < 0.3 ? "x " : "") + sampleExpr(expr, rnd) + (end ? "" : rnd() < 0.3 ? " y" : "");
  });
  // Near misses: a matching string with one character changed, dropped or added.
  const mutated = fc.tuple(matching, fc.nat(), CHARS, fc.constantFrom("replace", "drop", "add")).map(([s, i, c, how]) => {
    const cs = [...s];
    const k = cs.length ? i % cs.length : 0;
    if (how === "replace" && cs.length) cs[k] = c;
    else if (how === "drop") cs.splice(k, 1);
    else cs.splice(k, 0, c);
    return cs.join("");
  });
  return fc.oneof({ arbitrary: matching, weight: 3 }, { arbitrary: mutated, weight: 2 }, { arbitrary: text(0, 8), weight: 1 });
}

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -100, max: 100 }),
  text(0, 4),
  fc.constant([]),
  fc.constant({}),
);

export function near(shape: Shape, depth = 0): fc.Arbitrary<unknown> {
  const valid = build(shape, depth);
  return fc.oneof({ arbitrary: valid, weight: 14 }, { arbitrary: wrongType, weight: 1 });
}

function build(shape: Shape, depth: number): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case "any":
      return depth > 2 ? fc.oneof(fc.integer(), text(0, 4), fc.boolean(), fc.constant(null)) : fc.jsonValue({ maxDepth: 2 });
    case "never":
      return wrongType;
    case "literal": {
      const picks = fc.constantFrom(...shape.values);
      const others = fc.oneof(
        fc.constantFrom("other", "", 0, 99, true, null),
        picks.map((v) => (typeof v === "string" ? v.toUpperCase() + "x" : typeof v === "number" ? v + 1 : v)),
      );
      return fc.oneof({ arbitrary: picks, weight: 10 }, { arbitrary: others, weight: 1 });
    }
    case "string": {
      if (shape.pattern !== undefined) return patternString(shape.pattern);
      const max = shape.max ?? shape.min + 12;
      return fc.oneof(
        { arbitrary: text(shape.min, Math.min(max, shape.min + 12)), weight: 12 },
        { arbitrary: text(Math.max(0, shape.min - 2), shape.min + 1), weight: 1 },
        // Long bounds are probed with short strings too; the exact edge is checked where it is cheap.
        { arbitrary: max <= 64 ? text(Math.max(0, max - 1), max + 2) : text(shape.min, shape.min + 12), weight: 1 },
      );
    }
    case "integer":
      return fc.oneof({ arbitrary: fc.integer({ min: -1000, max: 100000 }), weight: 10 }, { arbitrary: fc.constantFrom(0.5, -2.25, 1e21, 3), weight: 1 });
    case "number":
      return fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "boolean":
      return fc.oneof({ arbitrary: fc.boolean(), weight: 10 }, { arbitrary: fc.constantFrom("true", 1, null), weight: 1 });
    case "null":
      return fc.oneof({ arbitrary: fc.constant(null), weight: 10 }, { arbitrary: fc.constantFrom("null", 0, false), weight: 1 });
    case "union":
      return fc.oneof(...shape.items.map((s) => build(s, depth + 1)));
    case "array": {
      const max = shape.max ?? shape.min + 4;
      const item = near(shape.items, depth + 1);
      return fc.oneof(
        { arbitrary: fc.array(item, { minLength: shape.min, maxLength: Math.min(max, shape.min + 4) }), weight: 10 },
        { arbitrary: fc.array(item, { minLength: Math.max(0, shape.min - 1), maxLength: Math.max(0, shape.min - 1) }), weight: 1 },
        { arbitrary: fc.array(item, { minLength: max + 1, maxLength: max + 2 }), weight: 1 },
      );
    }
    case "object": {
      if (shape.open) return fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 3 })), { maxKeys: 3 });
      const entries = shape.props.map((p) =>
        fc.tuple(fc.constant(p.key), near(p.shape, depth + 1), fc.integer({ min: 0, max: 99 })).map(([k, v, roll]) => {
          // Required keys are nearly always present, optional ones about half the time.
          const present = p.required ? roll >= 1 : roll < 50;
          return present ? ([[k, v]] as [string, unknown][]) : [];
        }),
      );
      return fc.tuple(fc.tuple(...entries), fc.integer({ min: 0, max: 99 }), text(1, 5)).map(([parts, roll, extra]) => {
        const obj: Record<string, unknown> = {};
        for (const part of parts) for (const [k, v] of part) obj[k] = v;
        if (roll < 2) obj[extra] = 1;
        return obj;
      });
    }
  }
}

/** How an instance is written: compact, or pretty-printed (whitespace between tokens). */
export const spelling = (value: unknown, roll: number): string => (roll % 5 === 0 ? JSON.stringify(value, null, 2) : JSON.stringify(value));
