// literalChoice factors a set of strings into a trie; it must keep exactly the language of
// the plain alternation, in the in-repo checker and in both real engines.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emitGbnf, emitLark, literalChoice, recognize, rule, type Grammar } from "../src/index.js";
import { gbnfLoads, larkCheck } from "./oracles.js";

const grammarOf = (choices: string[]): Grammar => ({ start: "start", rules: [rule("start", literalChoice(choices))] });
// Small alphabet, so that choices share prefixes and contain one another.
const word = fc.string({ unit: fc.constantFrom("a", "b", ".", "t", "x"), minLength: 1, maxLength: 6 });

describe("literalChoice", () => {
  it("accepts exactly the choices (checked with prefixes, extensions and neighbours)", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), fc.array(word, { maxLength: 12 }), (choices, probes) => {
        const g = grammarOf(choices);
        const set = new Set(choices);
        const candidates = [...choices, ...probes, ...choices.map((c) => c.slice(0, -1)), ...choices.map((c) => `${c}a`), ""];
        for (const s of candidates) expect(recognize(g, s).accepted, JSON.stringify({ choices, s })).toBe(set.has(s));
      }),
    );
  });

  it("shares prefixes: one branch per distinct first character", () => {
    const e = literalChoice(["report.txt", "report.csv", "readme.md", "data.json"]);
    expect(e.kind).toBe("alt");
    expect(e.kind === "alt" && e.items.length).toBe(2);
  });

  it("loads in llama.cpp and Python Lark, which agree with the checker", async () => {
    const choices = ["notes.txt", "notes.txt.bak", "notes", "n", "todo.md", "'my file.md'"];
    const g = grammarOf(choices);
    expect(await gbnfLoads(emitGbnf(g))).toBe(true);
    const probes = [...choices, "note", "notes.", "todo", "x"];
    const [lark] = larkCheck([{ grammar: emitLark(g), inputs: probes }]);
    expect(lark!.loaded, lark!.error).toBe(true);
    expect(lark!.accepted).toEqual(probes.map((p) => choices.includes(p)));
  });
});
