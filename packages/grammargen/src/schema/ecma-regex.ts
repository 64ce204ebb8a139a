// A JSON Schema `pattern` is an ECMAScript regular expression, and validators compile it
// with the `u` flag (ajv's default): \s is Unicode white space (U+00A0, U+2003, U+FEFF), `.`
// is anything but \n, \r, U+2028 and U+2029. regexpp (through refa) parses it as an engine
// would and refa resolves every escape and class to its exact set of code points, so the
// grammar means what the validator means.
import { JS } from "refa";
import { GrammargenError } from "../diagnostics.js";
import { alt, lit, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";

type Node = JS.ParseResult["expression"];
type Element = Node["alternatives"][number]["elements"][number];

/** The pattern's body (anchors already taken off) as a grammar expression over decoded text. */
export function ecmaRegexExpr(source: string, pattern = source): Expr {
  let parsed: JS.ParseResult;
  try {
    parsed = JS.Parser.fromLiteral({ source, flags: "u" }).parse({ backreferences: "throw", assertions: "throw", simplify: false });
  } catch (e) {
    const why = (e as Error).message.replace(/^Invalid regular expression: /, "");
    throw new GrammargenError(`pattern ${JSON.stringify(pattern)}: ${why}`, [], "ESCHEMA");
  }
  return alternatives(parsed.expression.alternatives);
}

function alternatives(alts: Node["alternatives"]): Expr {
  return alt(...alts.map((c) => seq(...c.elements.map(element))));
}

function element(e: Element): Expr {
  switch (e.type) {
    case "CharacterClass": {
      const ranges = e.characters.ranges.map((r): [number, number] => [r.min, r.max]);
      if (ranges.length === 1 && ranges[0]![0] === ranges[0]![1]) return lit(String.fromCodePoint(ranges[0]![0]));
      return { kind: "cls", ranges, negated: false };
    }
    case "Quantifier":
      return rep(alternatives(e.alternatives), e.min, e.max === Number.POSITIVE_INFINITY ? UNBOUNDED : e.max);
    case "Alternation":
      return alternatives(e.alternatives);
    default:
      // Assertions and backreferences are refused by the parser's options above.
      throw new GrammargenError(`pattern element ${e.type} is not supported`, [], "ESCHEMA");
  }
}
