// The tree-sitter-bash gate: does a command parse as bash? Its error text is what the
// retry feeds back to the model, so it names the place and what went wrong.
import Parser from "tree-sitter";
import Bash from "tree-sitter-bash";

export interface ParseVerdict {
  parses: boolean;
  /** One line, e.g. "syntax error at 1:6 near `'oops`" or "missing `fi` at 1:22". */
  error?: string;
}

let parser: Parser | undefined;
function bashParser(): Parser {
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(Bash as unknown as Parser.Language);
  }
  return parser;
}

type Node = Parser.SyntaxNode;

const CLOSERS: Record<string, string> = { while: "done", until: "done", for: "done", select: "done", if: "fi", case: "esac", "{": "}", "(": ")" };

function firstProblem(node: Node): Node | undefined {
  if (node.type === "ERROR" || node.isMissing) return node;
  if (!node.hasError) return undefined;
  for (const child of node.children) {
    const found = firstProblem(child);
    if (found) return found;
  }
  return undefined;
}

export function parseBash(command: string): ParseVerdict {
  if (command.trim() === "") return { parses: false, error: "empty command" };
  const tree = bashParser().parse(command);
  const root = tree.rootNode;
  if (!root.hasError) return { parses: true };
  const bad = firstProblem(root) ?? root;
  const at = `${bad.startPosition.row + 1}:${bad.startPosition.column + 1}`;
  if (bad.isMissing) return { parses: false, error: `missing \`${bad.type}\` at ${at}` };
  if (bad.endIndex >= command.trimEnd().length) {
    const open = openQuote(command);
    if (open) return { parses: false, error: `unterminated ${open.quote} quote opened at ${open.at}` };
    const opener = /^\s*(while|until|for|if|case|select|\{|\()/.exec(command.slice(bad.startIndex))?.[1];
    const closer = opener ? CLOSERS[opener] : undefined;
    return { parses: false, error: closer ? `incomplete command at ${at}: \`${opener}\` is never closed by \`${closer}\`` : `incomplete command at ${at}: unexpected end of input` };
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
