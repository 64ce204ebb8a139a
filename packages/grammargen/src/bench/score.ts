// Scores the parser and the grammars against the corpus: option recall and precision
// against the golden IR, and how many hand-checked invocations each grammar classifies right.
import { recognize } from "../check/recognize.js";
import type { CommandSpec, OptionSpec } from "../ir.js";
import { lowerCommand } from "../lower/command.js";
import { parseHelp } from "../parse/help.js";
import { entryName, styleFor, type CorpusEntry } from "./corpus.js";

export interface EntryScore {
  name: string;
  style: string;
  goldenOptions: number;
  parsedOptions: number;
  matchedOptions: number;
  valid: number;
  validAccepted: number;
  invalid: number;
  invalidRejected: number;
  misses: string[];
}

/** An option's identity: its spellings and arity (value types are compared separately in tests). */
const optionKey = (o: OptionSpec): string =>
  `${[...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)].sort().join(",")}:${o.arity}`;

function allOptions(spec: CommandSpec): OptionSpec[] {
  return [...spec.options, ...(spec.globalOptions ?? []), ...spec.subcommands.flatMap(allOptions)];
}

export function scoreEntry(e: CorpusEntry): EntryScore {
  const { spec } = parseHelp(e.help, { name: entryName(e), style: styleFor(e) });
  const golden = new Set((e.ir ? allOptions(e.ir) : []).map(optionKey));
  const parsed = new Set(allOptions(spec).map(optionKey));
  const matched = [...parsed].filter((k) => golden.has(k)).length;
  const g = lowerCommand(spec);
  const s: EntryScore = {
    name: e.name,
    style: e.ir?.style ?? e.meta.style,
    goldenOptions: golden.size,
    parsedOptions: parsed.size,
    matchedOptions: matched,
    valid: 0,
    validAccepted: 0,
    invalid: 0,
    invalidRejected: 0,
    misses: [],
  };
  for (const v of e.invocations?.valid ?? []) {
    s.valid++;
    if (recognize(g, v).accepted) s.validAccepted++;
    else s.misses.push(`valid rejected: ${v}`);
  }
  for (const v of e.invocations?.invalid ?? []) {
    s.invalid++;
    if (!recognize(g, v).accepted) s.invalidRejected++;
    else s.misses.push(`invalid accepted: ${v}`);
  }
  return s;
}
