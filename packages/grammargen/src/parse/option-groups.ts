// A usage placeholder a heading of options names stands for one of them, not an operand:
// mkvpropedit's "<file> <actions>" over "Actions for handling properties:" and "-e, --edit ...",
// cpulimit's "TARGET" over "TARGET must be exactly one of these:".
import type { Line } from "./text.js";

const singular = (w: string): string => w.toLowerCase().replace(/(?<=[a-z]{3})s$/, "");

/** Whether a heading in `lines` names `operand` (its first word, plural or not) and lists options under it. */
export function namesOptionGroup(operand: string, lines: Line[]): boolean {
  const name = operand.replace(/^<|>$/g, "");
  if (!/^[A-Za-z][\w-]*$/.test(name)) return false;
  // flex's "[FILE]..." over "Files:" and "-o, --outfile=FILE": options that name files are
  // grouped under such a heading; the files the program reads are still its operands.
  if (/^(files?|dirs?|directory|directories|paths?)$/i.test(name)) return false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.blank || l.indent > 4) continue;
    const content = l.text.slice(l.start).trimEnd();
    // Or a man page's section title in capitals.
    // Not "FILE MATCHING AND SELECTION:" or "Package Index Options:", kinds of options named
    // after what they act on: the name stands alone, or a clause about it follows.
    const heading =
      /^([A-Za-z][\w-]*)(?:\s+(?:for|must|is|are|can|may|include)\b[^.;:]*)?:$/.exec(content) ?? (l.indent === 0 ? /^([A-Z][A-Z-]+)$/.exec(content) : null);
    if (!heading || singular(heading[1]!) !== singular(name)) continue;
    const next = lines.slice(i + 1).find((x) => !x.blank);
    if (next && next.indent > l.indent && /^-{1,2}[A-Za-z0-9?]/.test(next.text.slice(next.start))) return true;
  }
  return false;
}

/**
 * The line numbers of the rows under the heading that names `word` (plural or not), up to the
 * next line at the heading's indent: prlimit's "Resources:" over "-n, --nofile ...".
 */
export function groupLines(word: string, lines: Line[]): { from: number; to: number } | undefined {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.blank || l.indent > 4) continue;
    const heading = /^([A-Za-z][\w-]*):$/.exec(l.text.slice(l.start).trimEnd());
    if (!heading || singular(heading[1]!) !== singular(word)) continue;
    let to = l.no;
    for (const x of lines.slice(i + 1)) {
      if (!x.blank && x.indent <= l.indent) break;
      to = x.no;
    }
    return to > l.no ? { from: l.no, to } : undefined;
  }
  return undefined;
}
