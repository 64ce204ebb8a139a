// Prose that says operands may be left off, whatever the usage line writes: "If no arguments
// are supplied, then npm packs the current package folder" (every operand), "If no "command" is
// provided, it will list the available scripts", "if no FILE is given" (that operand). A man
// page says it of the operands its help text's usage writes as required (npm's `npm pack
// <package-spec>`), so a merge applies one text's word to the other's operands. GNU's "With no
// FILE" is read where the help text's operands are (help.ts).
import type { PositionalSpec } from "../ir.js";

export interface LeftOff {
  /** Every operand may be left off. */
  all: boolean;
  /** The operands by name (lower case, no brackets) that may be. */
  names: string[];
}

const VERB = "(?:supplied|given|provided|specified|passed)";
const ALL = new RegExp(`\\b(?:if|when) no (?:positional )?(?:arguments|args|operands) (?:are )?${VERB}\\b`, "i");
const ONE = new RegExp(`\\b(?:if|when) no (?:&quot;|["'\`])?<?([A-Za-z][\\w-]*)>?(?:&quot;|["'\`])? (?:is|are) ${VERB}\\b`, "gi");

/** What `text` says may be left off; undefined when it says nothing. */
export function leftOffIn(text: string): LeftOff | undefined {
  const all = ALL.test(text);
  const names = [...new Set([...text.matchAll(ONE)].map((m) => m[1]!.toLowerCase()))].filter((n) => !/^(arguments?|args|operands?)$/.test(n));
  return all || names.length ? { all, names } : undefined;
}

const bare = (name: string) => name.replace(/^<|>$/g, "").toLowerCase();

/** The operands of `positionals` that `said` names (or all), made optional; the same array when none changes. */
export function withLeftOff(positionals: PositionalSpec[], said: LeftOff | undefined): PositionalSpec[] {
  if (!said) return positionals;
  const named = (p: PositionalSpec) => said.all || said.names.some((n) => n === bare(p.name) || `${bare(p.name)}s` === n);
  if (!positionals.some((p) => p.min > 0 && named(p))) return positionals;
  return positionals.map((p) => (p.min > 0 && named(p) ? { ...p, min: 0 } : p));
}
