// The in-repo checker: chevrotain readers for both dialects and the Earley recogniser.
import { describe, expect, it } from "vitest";
import {
  alt,
  cls,
  emitGbnf,
  emitLark,
  GrammargenError,
  lit,
  opt,
  parseGrammarText,
  recognize,
  ref,
  rep,
  rule,
  seq,
  UNBOUNDED,
  type Grammar,
} from "../src/index.js";

const accepts = (g: Grammar, s: string) => recognize(g, s).accepted;

describe("recognize", () => {
  it("handles recursion, left recursion and nullable rules", () => {
    // expr -> expr "+" term | term ; term -> "(" expr ")" | [0-9] | "" (nullable)
    const g: Grammar = {
      start: "expr",
      rules: [
        rule("expr", alt(seq(ref("expr"), lit("+"), ref("term")), ref("term"))),
        rule("term", alt(seq(lit("("), ref("expr"), lit(")")), cls("0-9"), lit(""))),
      ],
    };
    for (const s of ["1", "1+2", "(1+2)+3", "((1))", "", "+", "1++2"]) expect(accepts(g, s), s).toBe(true);
    for (const s of ["(1", "1)", "a", "12"]) expect(accepts(g, s), s).toBe(false);
  });

  it("counts bounded repetition exactly", () => {
    const g: Grammar = { start: "s", rules: [rule("s", seq(rep(lit("ab"), 2, 3), rep(cls("x"), 0, 2)))] };
    expect(["abab", "ababab", "ababx", "abababxx"].map((s) => accepts(g, s))).toEqual([true, true, true, true]);
    expect(["ab", "abababab", "ababxxx"].map((s) => accepts(g, s))).toEqual([false, false, false]);
  });

  it("says where a string failed and what was expected", () => {
    const g: Grammar = {
      start: "s",
      rules: [rule("s", seq(lit("ls"), opt(seq(lit(" "), ref("flag"))))), rule("flag", seq(lit("-"), rep(cls("al"), 1, 4)), true)],
    };
    const r = recognize(g, "ls -x");
    expect(r.accepted).toBe(false);
    expect(r.reason).toMatch(/column 5/);
    expect(r.reason).toMatch(/flag/);
    expect(recognize(g, "ls -").reason).toMatch(/ended early/);
  });

  it("works on code points, not UTF-16 units", () => {
    const g: Grammar = { start: "s", rules: [rule("s", rep(cls("\u{1F600}-\u{1F64F}"), 1, 2))] };
    expect(accepts(g, "😀😃")).toBe(true);
    expect(accepts(g, "😀😃😄")).toBe(false);
  });
});

describe("parseGrammarText", () => {
  it("reads hand-written Lark with the common operators", () => {
    const g = parseGrammarText(
      `// comment
start: cmd
?cmd: "echo" (_SP WORD)* -> echo
    | "true"
_SP: " "+
WORD: /[a-z]+/i
      | "'" /[^']*/ "'"
opt_test: ["x"] "y"~2..3 "a".."c"`,
      "lark",
    );
    expect(accepts(g, "echo Hello  world")).toBe(true);
    expect(accepts(g, "echo 'a b'")).toBe(true);
    expect(accepts(g, "true")).toBe(true);
    expect(accepts(g, "echo 1")).toBe(false);
  });

  it("reads hand-written GBNF with escapes, classes and repetition", () => {
    const g = parseGrammarText(
      `# comment
root ::= "say" ws word (ws word){0,3}
ws ::= [ \\t]+
word ::= [^ \\t\\n"\\x2D]+ | "\\"" [^"]* "\\""`,
      "gbnf",
    );
    expect(accepts(g, "say hi")).toBe(true);
    expect(accepts(g, 'say "a b" c')).toBe(true);
    expect(accepts(g, "say a b c d e")).toBe(false);
    expect(accepts(g, "say -x")).toBe(false);
  });

  it("round-trips emitted grammars in both dialects", () => {
    const g: Grammar = {
      start: "cmd",
      rules: [
        rule("cmd", seq(lit('say "hi"\\'), rep(seq(ref("sp"), ref("w")), 0, 60), opt(lit("/")))),
        rule("sp", rep(lit(" "), 1, 4), true),
        rule("w", rep(cls("-a-z[]^\\"), 1, 5), true),
      ],
    };
    for (const dialect of ["lark", "gbnf"] as const) {
      const text = dialect === "lark" ? emitLark(g) : emitGbnf(g);
      const back = parseGrammarText(text, dialect);
      for (const s of ['say "hi"\\ a-b [^]\\/', 'say "hi"\\', 'say "hi"\\  x']) expect(accepts(back, s), `${dialect}: ${s}`).toBe(accepts(g, s));
      expect(accepts(back, 'say "hi" x')).toBe(false);
    }
  });

  it("rejects what it cannot read with a typed error", () => {
    expect(() => parseGrammarText("start: x\n%import common.WS", "lark")).toThrow(GrammargenError);
    expect(() => parseGrammarText("start: /(?=x)/", "lark")).toThrow(GrammargenError);
    expect(() => parseGrammarText("root ::= (", "gbnf")).toThrow(GrammargenError);
    expect(() => parseGrammarText("root ::= missing", "gbnf")).toThrow(GrammargenError);
    expect(() => parseGrammarText('x ::= "a"', "gbnf")).toThrow(/no root/);
  });

  it("treats * and + as unbounded", () => {
    const g = parseGrammarText('root ::= "a"* "b"+', "gbnf");
    expect(g.rules[0]!.expr).toMatchObject({
      kind: "seq",
      items: [
        { kind: "rep", max: UNBOUNDED },
        { kind: "rep", min: 1, max: UNBOUNDED },
      ],
    });
    expect(accepts(g, `${"a".repeat(3000)}b`)).toBe(true);
  });
});
