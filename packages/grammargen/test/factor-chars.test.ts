// leftFactorChars splits literal-first alternatives on their first character; it must keep
// exactly the language of the grammar it is given.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alt, emitGbnf, leftFactorChars, lit, opt, recognize, ref, rule, seq, type Expr, type Grammar } from "../src/index.js";
import { gbnfLoads } from "./oracles.js";

// Small alphabet, so that alternatives share first characters and contain one another.
const text = fc.string({ unit: fc.constantFrom("|", "&", ";", "a", "b"), minLength: 1, maxLength: 3 });
const branch: fc.Arbitrary<Expr> = fc.oneof(
  text.map(lit),
  fc.tuple(text, text).map(([a, b]) => seq(lit(a), opt(lit(b)))),
  fc.tuple(text, fc.constantFrom("x", "y")).map(([a, r]) => seq(lit(a), ref(r))),
  fc.constantFrom<Expr>(ref("x"), seq(opt(lit("a")), lit("b"))),
);
const grammarOf = (branches: Expr[]): Grammar => ({
  start: "start",
  rules: [rule("start", seq(alt(...branches), opt(lit(";")))), rule("x", lit("a")), rule("y", alt(lit("&"), lit("|b")))],
});
const probe = fc.string({ unit: fc.constantFrom("|", "&", ";", "a", "b"), maxLength: 7 });

describe("leftFactorChars", () => {
  it("keeps the language (random alternations, probed with random strings and the branches' own spellings)", () => {
    fc.assert(
      fc.property(fc.array(branch, { minLength: 1, maxLength: 8 }), fc.array(probe, { maxLength: 30 }), (branches, probes) => {
        const g = grammarOf(branches);
        const f = leftFactorChars(g);
        const spelled = branches.flatMap((b) => (b.kind === "lit" ? [b.text, `${b.text};`] : []));
        for (const s of [...probes, ...spelled])
          expect(recognize(f, s).accepted, JSON.stringify({ s, g: emitGbnf(g), f: emitGbnf(f) })).toBe(recognize(g, s).accepted);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves one branch per first character, and llama.cpp loads the result", async () => {
    const g = grammarOf([lit("|"), seq(lit("||"), ref("x")), seq(lit("|&"), ref("y")), lit("&&"), lit("&"), ref("x")]);
    const start = leftFactorChars(g).rules[0]!.expr;
    const top = start.kind === "seq" ? start.items[0]! : start;
    expect(top.kind === "alt" && top.items.length).toBe(3);
    expect(await gbnfLoads(emitGbnf(leftFactorChars(g)))).toBe(true);
  });
});
