// The one tree-sitter-bash parser of the project and its verdict on a command: does it
// parse, and if not, one line naming the place and what went wrong. That line is what
// constrained-retry feeds back to the model and what `learn` reports.
import { createRequire } from "node:module";
import type Parser from "tree-sitter";

export type Node = Parser.SyntaxNode;
export type Tree = Parser.Tree;

export interface ParseVerdict {
  parses: boolean;
  /** One line, e.g. "syntax error at 1:6 near `'oops`" or "missing `fi` at 1:22". */
  error?: string;
}

// Loaded on the first parse, not at import: the native module costs start-up time that
// `--help`, `explain`'s argv checks and the pack-only paths should not pay.
const require = createRequire(import.meta.url);
let parser: Parser | undefined;

function bashParser(): Parser {
  if (!parser) {
    const TreeSitter = require("tree-sitter") as typeof Parser;
    const p = new TreeSitter();
    p.setLanguage(require("tree-sitter-bash") as Parser.Language);
    parser = p;
  }
  return parser;
}

/** The tree-sitter-bash syntax tree of a source text. */
export function parseTree(source: string): Tree {
  return bashParser().parse(source);
}

/** The first ERROR or MISSING node, depth first, or undefined when the tree is clean. */
export function firstProblem(node: Node): Node | undefined {
  if (node.type === "ERROR" || node.isMissing) return node;
  if (!node.hasError) return undefined;
  for (const child of node.children) {
    const found = firstProblem(child);
    if (found) return found;
  }
  return undefined;
}

const CLOSERS: Record<string, string> = { while: "done", until: "done", for: "done", select: "done", if: "fi", case: "esac", "{": "}", "(": ")" };

/** Whether a command parses as bash, with one line on where and why not. */
export function bashVerdict(command: string): ParseVerdict {
  if (command.trim() === "") return { parses: false, error: "empty command" };
  const root = parseTree(command).rootNode;
  if (!root.hasError) return { parses: true };
  const bad = firstProblem(root) ?? root;
  const at = `${bad.startPosition.row + 1}:${bad.startPosition.column + 1}`;
  if (bad.isMissing) return { parses: false, error: `missing \`${bad.type}\` at ${at}` };
  if (bad.endIndex >= command.trimEnd().length) {
    const open = openQuote(command);
    if (open) return { parses: false, error: `unterminated ${open.quote} quote opened at ${open.at}` };
    const opener = /^\s*(while|until|for|if|case|select|\{|\()/.exec(command.slice(bad.startIndex))?.[1];
    const closer = opener ? CLOSERS[opener] : undefined;
    return {
      parses: false,
      error: closer ? `incomplete command at ${at}: \`${opener}\` is never closed by \`${closer}\`` : `incomplete command at ${at}: unexpected end of input`,
    };
  }
  const near = command.slice(bad.startIndex, Math.min(bad.endIndex, bad.startIndex + 24)).split("\n")[0] || "end of input";
  return { parses: false, error: `syntax error at ${at} near \`${near}\`` };
}

/** The quote left open at the end of the text, if any (bash quoting, simplified: no nesting in $()). */
function openQuote(text: string): { quote: string; at: string } | undefined {
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\" && quote !== "'") i++;
      else if (c === quote) quote = undefined;
    } else if (c === "\\") i++;
    else if (c === "'" || c === '"' || c === "`") {
      quote = c;
      start = i;
    }
  }
  if (!quote) return undefined;
  const before = text.slice(0, start).split("\n");
  return { quote, at: `${before.length}:${before[before.length - 1]!.length + 1}` };
}
