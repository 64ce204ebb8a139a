// Options without a dash (BSD syntax), as procps ps lists them beside its dashed ones:
//   "  a                   all with tty, including other users"
//   " -p, p, --pid <PID>   process id"
// Entries are read from the option table's name column only. A program qualifies when it
// lists several dashless letters and at least one entry spells the same option both ways,
// which ordinary help texts (a lone "  x  ..." in a table of examples) never do.
import type { Extension } from "../ir.js";

/** A name column: dashed and dashless names separated by commas, then an optional metavar. */
const ENTRY = /^ {1,4}((?:-{1,2}[\w-]+|[A-Za-z])(?:, {0,4}(?:-{1,2}[\w-]+|[A-Za-z]))*)(?:[ =](<[^>]+>|[A-Z][A-Z_]+))?(?: {2,}\S|$)/;
const MIN_LETTERS = 4;

export function readBsdLetters(text: string): Extract<Extension, { kind: "bsd-letters" }> | undefined {
  const flags = new Set<string>();
  const valued = new Set<string>();
  let mixed = false;
  for (const line of text.split("\n")) {
    const m = ENTRY.exec(line);
    if (!m) continue;
    const names = m[1]!.split(/, */);
    const letters = names.filter((n) => /^[A-Za-z]$/.test(n));
    if (!letters.length) continue;
    if (letters.length < names.length) mixed = true;
    for (const l of letters) (m[2] ? valued : flags).add(l);
  }
  for (const l of valued) flags.delete(l);
  if (!mixed || flags.size + valued.size < MIN_LETTERS) return undefined;
  return { kind: "bsd-letters", flags: [...flags].sort(), valued: [...valued].sort() };
}

/**
 * The help text with its dashless letters taken out of the name column, each line keeping
 * its length (so source spans stay on their line): an entry of letters only becomes a blank
 * line instead of a continuation of the entry above, and `-p, p, --pid <PID>` reads as
 * `-p, --pid <PID>`.
 */
export function withoutBsdLetters(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const m = ENTRY.exec(line);
      if (!m) return line;
      const names = m[1]!.split(/, */);
      if (!names.some((n) => /^[A-Za-z]$/.test(n))) return line;
      if (names.every((n) => /^[A-Za-z]$/.test(n))) return " ".repeat(line.length);
      const at = line.indexOf(m[1]!);
      const dashed = names.filter((n) => !/^[A-Za-z]$/.test(n)).join(", ");
      // Trailing spaces keep the line's length.
      return line.slice(0, at) + dashed + line.slice(at + m[1]!.length) + " ".repeat(m[1]!.length - dashed.length);
    })
    .join("\n");
}
