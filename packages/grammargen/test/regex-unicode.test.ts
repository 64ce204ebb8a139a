// Regular expressions mean what their engine means, on any character:
// - a JSON Schema `pattern` is ECMAScript with the `u` flag (ajv's default), so the schema
//   grammar accepts exactly the strings ajv accepts (\s takes U+00A0, U+2003 and U+FEFF; `.`
//   refuses \r and U+2028);
// - a Lark `/.../` terminal is read by Python's `re`, so the in-repo checker accepts exactly
//   what Python Lark accepts (\s takes U+00A0, \d takes U+0661).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { emitLark } from "../src/emit/lark.js";
import { cls, lit, opt, ref, rep, rule, seq, type Expr, type Grammar } from "../src/grammar/ast.js";
import { UNBOUNDED } from "../src/grammar/names.js";
import { parseGrammarText } from "../src/check/reader.js";
import { compileSchema, fromSchema } from "../src/schema/index.js";
import { larkCheck } from "./oracles.js";

// ASCII look-alikes and the characters where Unicode readings differ.
const POOL = [..."aZ_9 -.\t\n\r\u000b\u001c\u0085\u00a0\u1680\u2003\u2028\u2029\u202f\u3000\ufeff\u0661\u06f5\u0967\u00b2\u00e9\u00df\u0301\u4e2d😀"];
const text = fc.array(fc.constantFrom(...POOL), { minLength: 0, maxLength: 4 }).map((a) => a.join(""));

const PATTERNS = ["^a\\sb$", "^a.b$", "^\\d+$", "^\\w+$", "^[\\s\\d]+$", "^[^\\s]+$", "^\\S\\D\\W$", "^[^\\w.]*$", "^x.*y$", "^(\\s|\\d)*$"];

describe("JSON Schema patterns agree with ajv on Unicode text", () => {
  it.each(PATTERNS)("%s", (pattern) => {
    const schema = { type: "object", properties: { v: { type: "string", pattern } }, required: ["v"], additionalProperties: false };
    const { grammar } = fromSchema(schema, { as: "json" });
    const validate = compileSchema(schema);
    fc.assert(
      fc.property(text, (s) => {
        const doc = JSON.stringify({ v: s });
        expect(recognize(grammar, doc).accepted).toBe(validate(JSON.parse(doc)) as boolean);
      }),
      { numRuns: 400 },
    );
  });

  it("the characters the issue names are decided as ajv decides them", () => {
    const verdict = (pattern: string, s: string) => {
      const schema = { type: "object", properties: { v: { type: "string", pattern } }, required: ["v"] };
      return recognize(fromSchema(schema, { as: "json" }).grammar, JSON.stringify({ v: s })).accepted;
    };
    for (const c of ["\u00a0", "\u2003", "\ufeff"]) expect(verdict("^a\\sb$", `a${c}b`)).toBe(true);
    for (const c of ["\r", "\u2028"]) expect(verdict("^a.b$", `a${c}b`)).toBe(false);
  });
});

describe("Lark regex terminals agree with Python Lark on Unicode text", () => {
  const TERMINALS = ["/a\\sb/", "/x\\dy/", "/\\w+/", "/[\\s\\d]+/", "/[^\\W\\d]+/", "/\\S\\D/", "/(\\s|-)+/", "/./"];
  it("accepts and refuses the same strings", () => {
    const samples = fc.sample(fc.tuple(fc.constantFrom(...TERMINALS), text), { numRuns: 3000 });
    const byTerminal = new Map<string, string[]>();
    for (const [t, s] of samples) byTerminal.set(t, [...(byTerminal.get(t) ?? []), s]);
    // The two cases, always.
    byTerminal.get("/a\\sb/")?.push("a\u00a0b");
    byTerminal.get("/x\\dy/")?.push("x\u0661y");
    const jobs = [...byTerminal].map(([t, inputs]) => ({ grammar: `start: T\nT: ${t}\n`, inputs }));
    const python = larkCheck(jobs);
    const disagree: string[] = [];
    let accepted = 0;
    jobs.forEach((job, k) => {
      expect(python[k]!.loaded, python[k]!.error).toBe(true);
      const g = parseGrammarText(job.grammar, "lark");
      job.inputs.forEach((s, i) => {
        const want = python[k]!.accepted[i]!;
        if (want) accepted++;
        if (recognize(g, s).accepted !== want)
          disagree.push(`${job.grammar.split("\n")[1]} on ${JSON.stringify(s)}: Python Lark ${want ? "accepts" : "refuses"}`);
      });
    });
    expect(disagree.slice(0, 10)).toEqual([]);
    expect(accepted).toBeGreaterThan(100);
    expect(python[0]!.accepted.length + python[1]!.accepted.length).toBeGreaterThan(100);
  }, 120_000);
});

describe("a repetition repeated inside a terminal", () => {
  it("is emitted as a group, not a lazy or doubled quantifier, and Python Lark agrees with the checker", () => {
    const letters = cls("a-c");
    const terminals: [string, Expr][] = [
      ["optional run", seq(opt(rep(letters, 1, UNBOUNDED)), lit("x"), opt(rep(letters, 1, UNBOUNDED)))],
      ["counted runs", rep(rep(letters, 2, 2), 1, 3)],
      ["run of runs", seq(lit("y"), rep(rep(letters, 1, 2), 0, UNBOUNDED))],
    ];
    const inputs = ["x", "ax", "xa", "abcxcba", "aaxb", "yy", "y", "ya", "yabcabc", "ab", "abab", "ababab", "abababab", "a", "xx"];
    const jobs = terminals.map(([name, expr]) => {
      const g: Grammar = { start: "start", rules: [rule("start", ref("term")), rule("term", expr, true, name)] };
      return { grammar: emitLark(g), inputs, g };
    });
    const python = larkCheck(jobs);
    jobs.forEach((job, k) => {
      expect(python[k]!.loaded, python[k]!.error).toBe(true);
      expect(job.grammar).not.toMatch(/[+*}]\?/);
      for (const [i, s] of inputs.entries()) expect(recognize(job.g, s).accepted, `${terminals[k]![0]}: ${s}`).toBe(python[k]!.accepted[i]);
    });
    expect(python[0]!.accepted.filter(Boolean).length).toBe(5);
  }, 120_000);
});
