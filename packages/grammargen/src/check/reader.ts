import type { Grammar } from "../grammar/ast.js";
import { GrammargenError } from "../diagnostics.js";
import { parseGbnf } from "./gbnf-reader.js";
import { parseLark } from "./lark-reader.js";

/** The checker's reader: grammar file text in either dialect -> the shared grammar AST. */
export function parseGrammarText(text: string, dialect: "lark" | "gbnf"): Grammar {
  if (dialect === "lark") return parseLark(text);
  if (dialect === "gbnf") return parseGbnf(text);
  throw new GrammargenError(`unknown grammar dialect ${JSON.stringify(dialect)}`, [], "EUSAGE");
}

export function dialectOf(file: string): "lark" | "gbnf" {
  if (file.endsWith(".lark")) return "lark";
  if (file.endsWith(".gbnf")) return "gbnf";
  throw new GrammargenError(`cannot tell the grammar dialect of ${file}: use a .lark or .gbnf file`, [], "EUSAGE");
}
