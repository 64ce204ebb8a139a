// A user's own grammar (`shellgen --grammar FILE`): any .gbnf or .lark file, for example
// one written by `grammargen`, constrains decoding instead of the pack.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseGrammarText, type Grammar } from "@shellgen/grammargen";
import { DecodeError, oneLine } from "./errors.js";
import { planFromGrammar } from "./plan-pack.js";
import type { GrammarPlanner } from "./plan.js";

export function fileGrammarPlanner(file: string): GrammarPlanner {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new DecodeError(`cannot read grammar ${file}: ${(err as NodeJS.ErrnoException).code ?? oneLine(err)}`, "EUSAGE");
  }
  const dialect = /\.lark$/i.test(file) ? "lark" : "gbnf";
  let g: Grammar;
  try {
    g = parseGrammarText(text, dialect);
  } catch (err) {
    throw new DecodeError(`grammar ${file} does not parse as ${dialect.toUpperCase()}: ${oneLine(err)}`, "EGRAMMAR");
  }
  const plan = planFromGrammar(g, [basename(file)], true, { [basename(file)]: "--grammar" });
  return { plans: () => [async () => plan] };
}
