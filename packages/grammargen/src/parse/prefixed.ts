// Options a help text names by their start only: gcc's "Options starting with -g, -f, -m, -O,
// -W, or --param are automatically passed on to the various sub-processes". `gcc -O2 -Wall
// -fPIC` uses them all, and the summary lists none, so the spec records the prefixes (an
// `option-prefixes` extension) and the lowering takes each prefix with any text glued on.
import { withExtension } from "./extend.js";
import type { ParseResult } from "./help.js";
import { matchSpan } from "./text.js";

const NAME = /--?[A-Za-z][\w-]*/g;
const SAID = /\boptions\s+(?:starting|beginning)\s+with\s+(--?[A-Za-z][\w-]*(?:\s*,\s*(?:or\s+)?--?[A-Za-z][\w-]*|\s+or\s+--?[A-Za-z][\w-]*)*)\s*,?\s+are\b/i;

/**
 * An option entry that names a family by a placeholder glued to its name: dpkg's
 * "--force-<thing>[,...]", ctags' "--regex-<LANG>=...", "--extras-(<LANG>|all)=...". The part
 * before the placeholder is a prefix with any text after it.
 */
export function templatePrefix(entry: string): string | undefined {
  return /^\s*(--?[A-Za-z][\w-]*-)(?:<[\w-]+>|\(<[\w-]+>(?:\|[\w-]+)*\))/.exec(entry)?.[1];
}

/** `result` with the option prefixes the text says it takes, when it says so. */
export function withPrefixedOptions(result: ParseResult, text: string): ParseResult {
  const said = SAID.exec(text);
  if (!said) return result;
  const prefixes = [...new Set(said[1]!.match(NAME) ?? [])];
  // Prefixes already read from option templates (templatePrefix) are one extension with these.
  const known = result.spec.extensions?.find((e) => e.kind === "option-prefixes");
  const others = result.spec.extensions?.filter((e) => e !== known) ?? [];
  if (known) prefixes.unshift(...known.prefixes.filter((p) => !prefixes.includes(p)));
  return withExtension(
    result,
    { ...result.spec, extensions: others },
    { kind: "option-prefixes", prefixes },
    `options starting with ${prefixes.join(", ")} are not listed one by one: any text after those prefixes is taken`,
    matchSpan(text, said),
  );
}
