// Prose that says operands may be left off, whatever the usage line writes: "If no arguments
// are supplied, then npm packs the current package folder" (every operand), "If no "command" is
// provided, it will list the available scripts", "if no FILE is given" (that operand). A man
// page says it of the operands its help text's usage writes as required (npm's `npm pack
// <package-spec>`), so a merge applies one text's word to the other's operands. GNU's "With no
// FILE" is read where the help text's operands are (help.ts). "The command argument is mandatory
// unless -C, -L, or -s is specified" names the options that stand in for an operand.
import type { PositionalSpec } from "../ir.js";

export interface LeftOff {
  /** Every operand may be left off. */
  all: boolean;
  /** The operands by name (lower case, no brackets) that may be. */
  names: string[];
  /** Operands (by name, as names) that the listed option spellings make unnecessary. */
  unless: { name: string; by: string[] }[];
}

const VERB = "(?:supplied|given|provided|specified|passed)";
const ALL = new RegExp(`\\b(?:if|when) no (?:positional )?(?:arguments|args|operands) (?:are )?${VERB}\\b`, "i");
// go tool's "With no arguments it prints the list of known tools", toybox's 'With no arguments,
// "toybox" shows available COMMAND names': what the command does when given none. Not "the
// command prints" under one of several commands (ocamlfind's printconf).
const DOES = /\b(?:with no|without(?: any)?) (?:arguments|args|operands),? (?:(?:it|["'`][\w.-]+["'`]) )?(?:prints|shows|lists|displays|outputs|reports)\b/i;
const ONE = new RegExp(`\\b(?:if|when) no (?:&quot;|["'\`])?<?([A-Za-z][\\w-]*)>?(?:&quot;|["'\`])? (?:is|are) ${VERB}\\b`, "gi");

// doas' "The command argument is mandatory unless -C, -L, or -s is specified", mkfs.xfs'
// "<devicename> is required unless -d name=xxx is given": the operand, then the options.
const OPT = "-{1,2}[A-Za-z0-9?][\\w-]*(?:[ =][\\w=.-]+)?";
const UNLESS = new RegExp(
  `(?:^|[\\s.])<?([A-Za-z][\\w-]*)>?(?: (?:argument|operand|parameter))? is (?:mandatory|required|needed) unless (${OPT}(?:(?:,| or|, or) ${OPT})*) (?:is|are) ${VERB.replace(")", "|used)")}\\b`,
  "g",
);

// util-linux more's "A file perusal filter for CRT viewing.", colrm's "Filter out the specified
// columns.": a program whose summary calls it a filter reads standard input, so its file
// operands may be left off (`ls -l | more`). Only the summary, the first paragraph of prose:
// option rows and command lists say "filter" of what an option or a command does.
const FILTER_SUMMARY = /^(?:(?:an?|the) (?:[\w-]+ ){0,3}filter\b|filters? (?!by\b|for\b))/i;
const FILE_NAMES = ["file", "files", "filename", "filenames", "input", "inputfile", "infile"];

/** The text's first paragraph of prose: not its usage, not an option row, not a bracketed form. */
function summaryOf(text: string): string | undefined {
  for (const para of text.split(/\n[ \t]*\n/)) {
    const t = para.trim();
    if (!t || /^usage\b/i.test(t) || /^[-+[<]/.test(t)) continue;
    return t.replace(/\s+/g, " ");
  }
  return undefined;
}

/** What `text` says may be left off; undefined when it says nothing. */
export function leftOffIn(text: string): LeftOff | undefined {
  const prose = text.replace(/\s+/g, " ");
  const all = ALL.test(prose) || DOES.test(prose);
  const filter = FILTER_SUMMARY.test(summaryOf(text) ?? "");
  const names = [...new Set([...[...text.matchAll(ONE)].map((m) => m[1]!.toLowerCase()), ...(filter ? FILE_NAMES : [])])].filter(
    (n) => !/^(arguments?|args|operands?)$/.test(n),
  );
  const unless = [...prose.matchAll(UNLESS)].map((m) => ({
    name: m[1]!.toLowerCase(),
    by: [...m[2]!.matchAll(/(?:^|[ ,])(-{1,2}[A-Za-z0-9?][\w-]*)/g)].map((x) => x[1]!),
  }));
  return all || names.length || unless.length ? { all, names, unless } : undefined;
}

const bare = (name: string) => name.replace(/^<|>$/g, "").toLowerCase();

/** The operands of `positionals` that `said` names (or all), made optional; the same array when none changes. */
export function withLeftOff(positionals: PositionalSpec[], said: LeftOff | undefined): PositionalSpec[] {
  if (!said) return positionals;
  const named = (p: PositionalSpec) => said.all || said.names.some((n) => n === bare(p.name) || `${bare(p.name)}s` === n);
  const by = (p: PositionalSpec) => said.unless.filter((u) => u.name === bare(p.name)).flatMap((u) => u.by);
  const fresh = (p: PositionalSpec) => by(p).filter((w) => !p.suppliedBy?.includes(w));
  if (!positionals.some((p) => p.min > 0 && (named(p) || fresh(p).length))) return positionals;
  return positionals.map((p) =>
    p.min > 0 && named(p) ? { ...p, min: 0 } : p.min > 0 && fresh(p).length ? { ...p, suppliedBy: [...(p.suppliedBy ?? []), ...fresh(p)] } : p,
  );
}
