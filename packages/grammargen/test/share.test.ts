// sharePieces writes each repeated piece of a grammar once, as a rule: the language must not
// change, and the GBNF that carries it must still load in llama.cpp and XGrammar.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  alt,
  cls,
  emitGbnf,
  lit,
  lowerCommand,
  opt,
  parseGrammarText,
  recognize,
  ref,
  rep,
  rule,
  seq,
  mergeIdenticalRules,
  sharePieces,
  type Expr,
  type Grammar,
} from "../src/index.js";
import { exprId } from "../src/grammar/ast.js";
import { mergeIdenticalRules as mergeComposedRules } from "../src/compose/merge.js";
import { validateGrammar } from "../src/grammar/names.js";
import { xgrammarParse } from "../src/emit/xgrammar.js";
import { invocationArb, specArb } from "./gen.js";
import { gbnfLoads } from "./oracles.js";

const UNIT = fc.constantFrom("a", "b", "\\", "'", " ", "\n");
// A small pool, so that the same pieces turn up in several places.
const ESC = seq(lit("\\"), cls("\n", true));
const leaves: Expr[] = [lit("a"), lit("\\"), lit("'"), cls("\n", true), cls("' ", true), cls("ab")];
const pieceOf = (leaf: fc.Arbitrary<Expr>): fc.Arbitrary<Expr> =>
  fc.letrec<{ e: Expr }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("e"), { minLength: 2, maxLength: 3 }).map((xs) => seq(...xs)),
      fc.array(tie("e"), { minLength: 2, maxLength: 3 }).map((xs) => alt(...xs)),
      fc.tuple(tie("e"), fc.constantFrom([0, 1], [0, 3], [1, 2])).map(([x, [a, b]]) => rep(x, a!, b!)),
      fc.constantFrom<Expr>(rep(cls("\n", true), 0, 4), ESC, alt(lit("'"), ESC)),
    ),
  })).e;
const piece = pieceOf(fc.constantFrom(...leaves, ref("t")));
// The terminal rule's pieces refer to nothing: a terminal may refer only to terminals.
const grammarArb: fc.Arbitrary<Grammar> = fc.tuple(piece, piece, piece, pieceOf(fc.constantFrom(...leaves))).map(([a, b, c, d]) => ({
  start: "s",
  rules: [rule("s", seq(a, opt(ref("u")), b)), rule("u", alt(c, a, d)), rule("t", alt(lit("b"), d), true)],
}));

/** How often `needle` stands in the text of `g`'s rules. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe("sharePieces", () => {
  it("keeps the language of random grammars whose pieces repeat", () => {
    let accepted = 0;
    fc.assert(
      fc.property(grammarArb, fc.array(fc.string({ unit: UNIT, maxLength: 8 }), { minLength: 10, maxLength: 25 }), (g, probes) => {
        const shared = sharePieces(g);
        const all = mergeIdenticalRules(sharePieces(g, { all: true }));
        validateGrammar(shared);
        validateGrammar(all);
        // What the GBNF says, read back: the path every engine takes.
        const viaText = parseGrammarText(emitGbnf(g), "gbnf");
        const allViaText = parseGrammarText(emitGbnf(g, { shareAll: true }), "gbnf");
        for (const s of probes) {
          const want = recognize(g, s).accepted;
          if (want) accepted++;
          expect(recognize(shared, s).accepted, JSON.stringify({ s, gbnf: emitGbnf(g) })).toBe(want);
          expect(recognize(viaText, s).accepted, JSON.stringify({ s, gbnf: emitGbnf(g) })).toBe(want);
          expect(recognize(all, s).accepted, JSON.stringify({ s, gbnf: emitGbnf(g, { shareAll: true }) })).toBe(want);
          expect(recognize(allViaText, s).accepted, JSON.stringify({ s, gbnf: emitGbnf(g, { shareAll: true }) })).toBe(want);
        }
      }),
      { numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  it("keeps the verdicts on invocations of random command specs, and on their near misses", () => {
    fc.assert(
      fc.property(
        specArb.chain((spec) => fc.tuple(fc.constant(spec), fc.array(invocationArb(spec), { minLength: 1, maxLength: 4 }))),
        fc.constantFrom("", " \\ x", " 'a b'", ' "a\\"b"', " -", " --"),
        ([spec, lines], tail) => {
          const g = lowerCommand(spec);
          const shared = sharePieces(g);
          for (const line of lines)
            for (const s of [line, line + tail, line.slice(0, -1)]) expect(recognize(shared, s).accepted, s).toBe(recognize(g, s).accepted);
        },
      ),
      { numRuns: 120 },
    );
  });

  it("spells the shell word's escape and quotes once in the pack's default grammar, which llama.cpp and XGrammar load", async () => {
    const text = readFileSync(join(import.meta.dirname, "../../../grammars/pack/default.gbnf"), "utf8");
    expect(occurrences(text, '"\\\\" [^\\n]')).toBe(1);
    expect(occurrences(text, "[^\\n]*")).toBe(1);
    expect(await gbnfLoads(text)).toBe(true);
    (await xgrammarParse(text)).dispose();
  });

  it("writes the pack's default grammars' repeated groups and twin rules once", () => {
    for (const name of ["default", "default-policy"]) {
      const text = readFileSync(join(import.meta.dirname, `../../../grammars/pack/${name}.gbnf`), "utf8");
      // An option's value after `=` or a space: 84 copies in the default grammar when each was spelled out.
      expect(occurrences(text, '"=" sh-word-s1 | sp sh-word-s1'), name).toBe(1);
      const bodies = text
        .split("\n")
        .filter((l) => l.includes(" ::= "))
        .map((l) => l.slice(l.indexOf(" ::= ")));
      expect(new Set(bodies).size, name).toBe(bodies.length);
    }
  });

  it("merges rules of equal bodies, also those equal only once their twins are merged, and keeps the start rule", () => {
    const g: Grammar = {
      start: "s",
      rules: [
        rule("s", alt(ref("a"), ref("b"), ref("c"), ref("d"))),
        rule("a", seq(lit("x"), ref("e"))),
        rule("b", seq(lit("x"), ref("f"))),
        rule("c", seq(lit("y"), ref("a"))),
        rule("d", seq(lit("y"), ref("b"))),
        rule("e", lit("z"), true),
        rule("f", lit("z"), true),
        rule("t", alt(ref("a"), ref("b"), ref("c"), ref("d"))),
      ],
    };
    const m = mergeIdenticalRules(g);
    expect(m.rules.map((r) => r.name)).toEqual(["s", "a", "c", "e"]);
    for (const s of ["xz", "yxz", "x", "yz", "xzz"]) expect(recognize(m, s).accepted, s).toBe(recognize(g, s).accepted);
    const noTwins: Grammar = { start: "s", rules: [rule("s", lit("a"))] };
    expect(mergeIdenticalRules(noTwins)).toBe(noTwins);
  });

  it("compose's merge never takes a reference for a reference-free rule whose number equals the referent's group", () => {
    // Rules are keyed by their shape: a reference-free subtree by its exprId, a reference by its
    // referent's group. b's literal gets id k; k literal rules before c make c's group k, so
    // `a ::= c` and `b ::= "only-b"` wrote the same key while the two numberings shared a prefix.
    const bLit = lit("only-b, never c");
    const k = exprId(bLit);
    expect(k, "the process has numbered too many expressions for this test to build").toBeLessThan(20_000);
    const fillers = Array.from({ length: k }, (_, i) => rule(`f${i}`, lit(`filler ${i} ${Math.random()}`)));
    const g: Grammar = {
      start: "s",
      rules: [
        ...fillers,
        rule("c", lit("only-c")),
        rule("s", alt(ref("a"), ref("b"), ...fillers.map((f) => ref(f.name)))),
        rule("a", ref("c")),
        rule("b", bLit),
      ],
    };
    const m = mergeComposedRules(g);
    for (const x of ["only-c", "only-b, never c"]) expect(recognize(m, x).accepted, x).toBe(true);
  });

  it("leaves a grammar without repeats as it is, and refers to a rule whose body a piece already is", () => {
    const g: Grammar = { start: "s", rules: [rule("s", seq(lit("x"), alt(lit("a"), lit("b")))), rule("w", rep(cls("a"), 1, 3))] };
    expect(sharePieces(g)).toBe(g);
    const h: Grammar = { start: "s", rules: [rule("s", alt(ESC, lit("a"))), rule("e", ESC, true)] };
    expect(emitGbnf(h)).toMatch(/^s ::= e \| "a"$/m);
  });
});
