// Go's flag package prints each option as "  -name type" with its description on the next line
// after four spaces and a tab ("    \tHTTP service address"), and parses more than it prints: a
// name takes one dash or two, and a value the next word or glued on with "=" (`godoc
// -http=:6060`, `duf --sort size`); a boolean also takes a truth value glued on with "="
// (`-debug=false`), one of those strconv.ParseBool reads. The layout says which parser reads the
// words, so the spec spells its options as that parser takes them.
import { enumOf, type OptionSpec } from "../ir.js";
import type { ParseResult } from "./help.js";
import { matchSpan } from "./text.js";

/** The words Go's strconv.ParseBool reads, which a boolean flag takes after "=". */
const TRUTH_VALUES = ["true", "false", "1", "0", "t", "f", "T", "F", "TRUE", "FALSE", "True", "False"];

const ENTRY = /^ {2}-[\w.-]+(?: [\w.]+)?\n {4}\t\S/gm;

/** `result` with Go's flag spellings, when the text is laid out as Go's flag package prints it. */
export function withGoFlagSpellings(result: ParseResult, text: string): ParseResult {
  // Two entries in that layout, and no option written with two dashes anywhere at the margin.
  if ((text.match(ENTRY) ?? []).length < 2 || /^\s+--[A-Za-z]/m.test(text)) return result;
  // The diagnostic points at the first entry in that layout.
  const first = new RegExp(ENTRY.source, "m").exec(text)!;
  const options = result.spec.options.map((o): OptionSpec => {
    // A one-letter name is a name like any other: `-v=false`, and no clusters (`-vx` is one name).
    const names = [...o.short, ...(o.dashLong ?? [])];
    if (names.length === 0) return o;
    const spelled: OptionSpec = { ...o, short: [], dashLong: names, long: [...new Set([...o.long, ...names])] };
    if (o.arity === "none") Object.assign(spelled, { arity: "optional", joiner: "=", value: { type: enumOf(TRUTH_VALUES) } });
    else if (!o.joiner) Object.assign(spelled, { joiner: "=", valueApart: true });
    return spelled;
  });
  return {
    spec: { ...result.spec, options },
    diagnostics: [
      ...result.diagnostics,
      {
        severity: "warning",
        stage: "parse",
        message: "Go's flag layout: each option also takes two dashes, its value after '=' or as the next word, and a flag 'true' or 'false' after '='",
        span: matchSpan(text, first),
      },
    ],
  };
}
