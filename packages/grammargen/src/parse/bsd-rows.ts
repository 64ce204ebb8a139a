// Option rows a BSD-style usage line leaves out. A usage line is a summary: visudo's
// "usage: visudo [-chqsV] [[-f] sudoers ]" sits over a table that also lists
// "-I, --no-includes", nc's over a "Command Summary" that also has "-b  Allow broadcast", and
// many a "Usage: probe [-q] [-o FILE] NAME" over rows ending in "-h, --help  show help". A
// row is an option when its table also describes an option the usage names (the text's own
// option list, not a table of keys pressed at run time or of examples), or when it spells a
// long option ("-h, --help"), which neither of those writes.
import type { OptionSpec } from "../ir.js";
import { type Line, lineSpan, linesOf, optionsFromSpellings, readSpelling, type Spelling, splitHead, typeFromMetavar } from "./optionhead.js";

// One spelling and at most one value: "-o FILE", "-o<file>", "-x addr[:port]", "--color=TYPE".
// A bare word glued to a letter ("-SIGNAL") is no head: its letters are not one option's.
const SPELL = String.raw`(?:-[A-Za-z0-9?@#]|--[A-Za-z0-9][\w-]*)(?:<[^<>\s]+>|\[[^\]\s]+\]|[= ](?:<[^<>]+>|\[[^\]\s]+\]|[A-Za-z][\w:.-]*(?:\[[^\]\s]+\])?))?`;
// Indented no deeper than a table's margin; the head, then a tab, two spaces, " - ", " : " or
// a colon glued to it ("-a: do all"), and the description; or the head alone over its
// description on a deeper line.
const ROW = new RegExp(String.raw`^([ \t]{0,8})(${SPELL}(?:, ?${SPELL}| (?=--)${SPELL})*)(?:(?:\t+| {2,}| +- +| *: +)(\S.*))?$`);

interface Row {
  line: Line;
  block: number;
  spellings: Spelling[];
  description: string;
}

const indentOf = (t: string) => t.length - t.trimStart().length;

function optionRows(text: string): Row[] {
  const lines = linesOf(text);
  const rows: Row[] = [];
  let block = 0;
  lines.forEach((l, i) => {
    if (!l.text.trim()) {
      block++;
      return;
    }
    if (/^\s*(usage|or)\s*:/i.test(l.text)) return;
    const m = ROW.exec(l.text);
    if (!m) return;
    const next = lines[i + 1]?.text ?? "";
    if (m[3] === undefined && !(next.trim() && indentOf(next) > indentOf(l.text) + 4)) return;
    const spellings = splitHead(m[2]!).map((s) => readSpelling(s));
    if (!spellings.length || spellings.some((s) => s === undefined)) return;
    rows.push({ line: l, block, spellings: spellings as Spelling[], description: (m[3] ?? next).trim() });
  });
  return rows;
}

/** The options of the rows that name none of `known`'s spellings, where the rows are options. */
export function rowsBeyondUsage(text: string, known: readonly OptionSpec[]): OptionSpec[] {
  const names = (sp: Spelling) => (sp.kind === "short" ? known.some((o) => o.short.includes(sp.name)) : known.some((o) => o.long.includes(sp.name)));
  const rows = optionRows(text);
  const tables = new Set(rows.filter((r) => r.spellings.some(names)).map((r) => r.block));
  const out: OptionSpec[] = [];
  for (const r of rows) {
    if (r.spellings.some(names)) continue;
    if (!tables.has(r.block) && !r.spellings.some((s) => s.kind === "long")) continue;
    out.push(...optionsFromSpellings(r.spellings, r.description, lineSpan(r.line)));
  }
  return out;
}

/**
 * graphml2gv's "[-gd?]" over "-g<name>  : use <name> as template": a letter the usage names
 * only in a bundle of flags takes the value its row shows (`named` says whether the usage
 * names the letter on its own, where the usage's reading stands).
 */
export function giveRowValues(text: string, options: OptionSpec[], named: (letter: string) => boolean): void {
  for (const r of optionRows(text)) {
    const valued = r.spellings.find((s) => s.arity === "required" && s.metavar);
    if (!valued) continue;
    for (const sp of r.spellings) {
      if (sp.kind !== "short" || named(sp.name)) continue;
      const o = options.find((x) => x.short.includes(sp.name));
      if (o?.arity !== "none") continue;
      o.arity = "required";
      o.value = { metavar: valued.metavar!, type: typeFromMetavar(valued.metavar) };
    }
  }
}
