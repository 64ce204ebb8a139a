// flattenLiteralChoices writes trie-factored literal choices flat for XGrammar; the language
// must not change, and what is not a choice of words (a value after an option name, an item
// that may be empty) must stay as it is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alt, emitGbnf, type Expr, type Grammar, lit, literalChoice, opt, parseGrammarText, recognize, ref, rule, seq } from "../src/index.js";
import { flattenLiteralChoices, literalWords } from "../src/grammar/flatten.js";
import { gbnfLoads } from "./oracles.js";

const word = fc.string({ unit: fc.constantFrom("a", "b", "-", "t"), minLength: 1, maxLength: 5 });

/** An option list as lowering writes it: plain names, and names followed by a value. */
const optionsGrammar = (plain: string[], valued: string[]): Grammar => ({
  start: "start",
  rules: [
    rule("start", seq(lit("--"), alt(literalChoice(plain), ...(valued.length ? [seq(literalChoice(valued), ref("value"))] : [])))),
    rule("value", seq(lit("="), alt(lit("1"), lit("22")))),
  ],
});

const nestedPureGroups = (e: Expr): number => {
  if (e.kind === "alt") return e.items.reduce((n, i) => n + (i.kind !== "lit" && literalWords(i)?.every((w) => w !== "") ? 1 : 0) + nestedPureGroups(i), 0);
  if (e.kind === "seq") return e.items.reduce((n, i) => n + nestedPureGroups(i), 0);
  if (e.kind === "rep") return nestedPureGroups(e.item);
  return 0;
};

describe("flattenLiteralChoices", () => {
  it("keeps the language of option lists and leaves no factored group of words", () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 10 }),
        fc.array(word, { maxLength: 6 }),
        fc.array(word, { maxLength: 8 }),
        (plain, valued, probes) => {
          const g = optionsGrammar(plain, valued);
          const f = flattenLiteralChoices(g);
          for (const r of f.rules) expect(nestedPureGroups(r.expr)).toBe(0);
          const inputs = [...plain, ...valued, ...probes].flatMap((w) => [`--${w}`, `--${w}=1`, `--${w}=22`, `--${w}a`, `--${w.slice(0, -1)}`]);
          for (const s of inputs) expect(recognize(f, s).accepted, s).toBe(recognize(g, s).accepted);
        },
      ),
    );
  });

  it("writes a factored choice as its words", () => {
    const g: Grammar = {
      start: "s",
      rules: [rule("s", seq(lit("--"), alt(seq(lit("ver"), alt(lit("sion"), lit("bose"))), lit("quiet"), seq(lit("level"), ref("v"))))), rule("v", lit("=1"))],
    };
    const f = flattenLiteralChoices(g);
    expect(f.rules[0]!.expr).toEqual(seq(lit("--"), alt(lit("version"), lit("verbose"), lit("quiet"), seq(lit("level"), ref("v")))));
  });

  it("leaves an item that may spell nothing, and grammars without such choices, as they are", () => {
    const maybe = alt(opt(alt(lit("a"), lit("b"))), seq(lit("c"), ref("x")));
    const g: Grammar = { start: "s", rules: [rule("s", maybe), rule("x", alt(lit("1"), lit("2")))] };
    expect(flattenLiteralChoices(g)).toBe(g);
  });

  it("emits GBNF that llama.cpp loads and the checker reads with the same verdicts", async () => {
    const g = optionsGrammar(["all", "almost-all", "author", "escape", "ignore", "ignore-backups"], ["block-size", "ignore-case"]);
    const flat = emitGbnf(g, { flatLiterals: true });
    expect(flat).not.toBe(emitGbnf(g));
    expect(await gbnfLoads(flat)).toBe(true);
    const back = parseGrammarText(flat, "gbnf");
    for (const s of ["--all", "--almost-all", "--al", "--ignore", "--ignore-case=1", "--ignore-case", "--block-size=22", "--author=1"])
      expect(recognize(back, s).accepted, s).toBe(recognize(g, s).accepted);
  });
});
