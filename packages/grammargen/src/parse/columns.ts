// Option tables printed in two columns (zip, unzip, zipinfo, infocmp):
//   -p  extract files to pipe, no messages     -l  list files (short format)
// A run of option lines in which at least three start another option at the same column
// is split at every such column (lsof prints three), so each part reads as its own entry.
// Where the left description is long, zip leaves a single space before the second option
// ("(-FF try harder) -D   do not ..."); such a line is split too once the column is
// established by the others.
import type { Line } from "./text.js";

/** A line that is the right half of a two-column row: always a new entry, never a continuation. */
export interface ColumnLine extends Line {
  column?: true;
}

// lsof's "+|-w" and "+c w" start options too.
const OPTION_AT = /^(?:-{1,2}|\+\|-|\+)[A-Za-z0-9@?#][\w-]*/;
const MIN_ROWS = 3;

const startsOption = (l: Line): boolean => !l.blank && OPTION_AT.test(l.text.slice(l.start));

/** Where an entry's description starts: `splitEntry` of entries.ts, passed in to keep the imports one-way. */
export type DescriptionStart = (text: string, from: number) => number;

/** Columns (string offsets) where this line starts another option after `gap` or more spaces. */
function secondStarts(l: Line, gap: number, descStart: DescriptionStart): number[] {
  const out: number[] = [];
  const t = l.text;
  // Only inside the description: "-V,  --version" is one head, not two columns.
  const from = descStart(t, l.start);
  if (from >= t.length) return out;
  for (let q = from; q < t.length; q++) {
    if ((t[q] !== "-" && t[q] !== "+") || t[q - 1] !== " ") continue;
    let spaces = 0;
    while (q - 1 - spaces >= 0 && t[q - 1 - spaces] === " ") spaces++;
    if (spaces >= gap && OPTION_AT.test(t.slice(q))) out.push(q);
  }
  return out;
}

/** The lines with every two-column row split in two; other lines unchanged. */
export function splitColumns(lines: Line[], descStart: DescriptionStart): ColumnLine[] {
  const out: ColumnLine[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!startsOption(lines[i]!) || lines[i]!.text.includes("\t")) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    // A block: consecutive option lines at one indentation (wrapped descriptions end it).
    let j = i;
    while (j < lines.length && startsOption(lines[j]!) && lines[j]!.indent === lines[i]!.indent && !lines[j]!.text.includes("\t")) j++;
    const block = lines.slice(i, j);
    const votes = new Map<number, number>();
    for (const l of block) for (const q of secondStarts(l, 2, descStart)) votes.set(q, (votes.get(q) ?? 0) + 1);
    // lsof prints three columns: every column that three rows agree on.
    const columns = [...votes].filter(([, n]) => n >= MIN_ROWS).map(([q]) => q);
    for (const l of block) {
      const cuts = secondStarts(l, 1, descStart).filter((q) => columns.includes(q));
      if (cuts.length === 0) {
        out.push(l);
        continue;
      }
      const ends = [...cuts, l.text.length];
      out.push({ ...l, text: l.text.slice(0, cuts[0]).trimEnd() });
      cuts.forEach((q, k) => out.push({ ...l, text: l.text.slice(0, ends[k + 1]).trimEnd(), start: q, indent: l.indent + (q - l.start), column: true }));
    }
    i = j;
  }
  return out;
}
