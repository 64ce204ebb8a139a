// The verdicts a made-up program's help text gives, checked in all three forms a grammar takes:
// the lowered grammar, and its Lark and GBNF read back by the in-repo checker.
import { expect } from "vitest";
import { emitGbnf, emitLark, lowerCommand, parseGrammarText, parseHelp, recognize } from "../src/index.js";

/** Every command in `ok` is accepted and every one in `bad` refused by the grammar of `help` (program `name`). */
export const accepts = (help: string, ok: string[], bad: string[], name = "probe"): void => {
  const grammar = lowerCommand(parseHelp(help, { name: name.split(" ") }).spec);
  for (const g of [grammar, parseGrammarText(emitLark(grammar), "lark"), parseGrammarText(emitGbnf(grammar), "gbnf")]) {
    for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of bad) expect(recognize(g, c).accepted, c).toBe(false);
  }
};
