// Options a help text names by their start only: gcc's "Options starting with -g, -f, -m, -O,
// -W, or --param are automatically passed on to the various sub-processes". `gcc -O2 -Wall
// -fPIC` uses them all, and the summary lists none, so the spec records the prefixes (an
// `option-prefixes` extension) and the lowering takes each prefix with any text glued on.
import { withExtension } from "./extend.js";
import type { ParseResult } from "./help.js";
import { matchSpan } from "./text.js";

const NAME = /--?[A-Za-z][\w-]*/g;
const SAID = /\boptions\s+(?:starting|beginning)\s+with\s+(--?[A-Za-z][\w-]*(?:\s*,\s*(?:or\s+)?--?[A-Za-z][\w-]*|\s+or\s+--?[A-Za-z][\w-]*)*)\s*,?\s+are\b/i;

/** `result` with the option prefixes the text says it takes, when it says so. */
export function withPrefixedOptions(result: ParseResult, text: string): ParseResult {
  const said = SAID.exec(text);
  if (!said || result.spec.extensions?.some((e) => e.kind === "option-prefixes")) return result;
  const prefixes = [...new Set(said[1]!.match(NAME) ?? [])];
  return withExtension(
    result,
    result.spec,
    { kind: "option-prefixes", prefixes },
    `options starting with ${prefixes.join(", ")} are not listed one by one: any text after those prefixes is taken`,
    matchSpan(text, said),
  );
}
