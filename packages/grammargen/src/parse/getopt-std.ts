// Perl's Getopt::Std answers --help for any script that uses it, with its own layout:
//   Usage: enc2xs [-OPTIONS [-MORE_OPTIONS]] [--] [PROGRAM_ARG1 ...]
//   The following single-character options are accepted:
//           With arguments: -M -o -f -n
//           Boolean (without arguments): -C -S -Q -q -O -v
// The two lists are the options; the usage line's "-OPTIONS" is a placeholder, not letters.
import type { OptionSpec } from "../ir.js";
import { matchSpan } from "./text.js";

const LIST = /^[ \t]*(With arguments|Boolean \(without arguments\)):((?:[ \t]+-[A-Za-z0-9?])+)[ \t]*$/gm;

/** The options of a Getopt::Std help text, or undefined when the text is not one. */
export function readGetoptStd(text: string): OptionSpec[] | undefined {
  if (!/^The following single-character options are accepted:\s*$/m.test(text)) return undefined;
  const out: OptionSpec[] = [];
  for (const m of text.matchAll(LIST)) {
    const valued = m[1] === "With arguments";
    for (const w of m[2]!.trim().split(/\s+/)) {
      const o: OptionSpec = {
        short: [w.slice(1)],
        long: [],
        arity: valued ? "required" : "none",
        repeatable: false,
        description: m[1]!,
        span: matchSpan(text, m),
      };
      if (valued) o.value = { type: { kind: "word" }, metavar: "ARG" };
      out.push(o);
    }
  }
  return out.length ? out : undefined;
}
