// Rows of a commands table that are not one name and a description: a group's heading, a
// command of two words, a command shown with lower-case operand names. What a row is can
// depend on the rest of its table, so such rows wait until the table is read (settleRows).
import type { NamedEntry } from "./entries.js";

/**
 * puppet's "  Common:" and alr's "   General" above the commands they group: one word ending in a
 * colon, or one capitalised word, with no description. A command always has one.
 */
export const isGroupHeading = (head: string, described: boolean): boolean => !described && /^(?:[A-Za-z][\w-]*:|[A-Z][a-z]+)$/.test(head.trim());

/** wpctl's "set-mute ID 1|0|toggle": literal choices joined by bars are syntax, not prose. */
export const withoutChoices = (args: string): string => args.replace(/(?<![^\s[<{])[\w.%+-]+(?:\|[\w.%+-]+)+(?![^\s\]>}])/g, "");

/** An operand written in lower case: a word, a list of them ("dpyname..."), or bracketed syntax. */
const OPERAND = /^(?:[a-z][\w-]*(?:\.\.\.)?|\[[^\]\s]*\](?:\.\.\.)?|<[^>\s]+>(?:\.\.\.)?|[\w.%+-]+(?:\|[\w.%+-]+)+)$/;

/** A row waiting for its table (a count of headings), and its description's column. */
export interface PendingRow {
  words: string[];
  entry: NamedEntry;
  table: number;
  column: number;
  /** The column where the row's head ends. */
  headEnd?: number;
}

/** Words of prose, never an operand's name ("see the manual for more  Or ask"). */
const PROSE = /^(?:a|an|the|and|or|of|to|for|in|on|at|by|with|from|into|more|all|any|this|that|is|are|be|it|its|you|your|see|not|no)$/;

/** A head of two to five words, each a possible operand after a lower-case name, or undefined. */
export const rowWords = (head: string): string[] | undefined => {
  const words = head.trim().split(/ +/);
  const operands = words.slice(1);
  return words.length >= 2 &&
    words.length <= 5 &&
    /^[a-z][\w-]*$/.test(words[0]!) &&
    operands.every((w) => OPERAND.test(w)) &&
    !words.some((w) => PROSE.test(w))
    ? words
    : undefined;
};

/**
 * The pending rows that are commands: etcdctl's "snapshot save", "snapshot restore" (a first word
 * that starts two or more rows is a group), and xauth's "add dpyname protoname hexkey   add
 * entry" (its description starts in the column of a one-name row of the same table).
 */
export function settleRows(pending: PendingRow[], commands: NamedEntry[], columns: Map<number, Set<number>>): NamedEntry[] {
  const out: NamedEntry[] = [];
  const groups = new Map<string, PendingRow[]>();
  for (const p of pending)
    if (p.words.length === 2 && /^[a-z][\w-]*$/.test(p.words[1]!)) (groups.get(p.words[0]!) ?? groups.set(p.words[0]!, []).get(p.words[0]!)!).push(p);
  const grouped = new Set<PendingRow>();
  for (const [name, rows] of groups) {
    if (rows.length < 2) continue;
    const known = commands.find((c) => c.name === name);
    const entry = known ?? { name, aliases: [], description: "", span: rows[0]!.entry.span, commands: [] };
    entry.commands = [...new Set([...(entry.commands ?? []), ...rows.map((r) => r.words[1]!)])];
    if (!known) out.push(entry);
    for (const r of rows) grouped.add(r);
  }
  const taken = new Set([...commands, ...out].map((c) => c.name));
  for (const p of pending) {
    // xauth's "generate dpyname protoname [options]  use server ...": a head too long for the
    // table's column pushes its description right of it.
    const cols = [...(columns.get(p.table) ?? [])];
    const pushed = cols.length > 0 && p.headEnd !== undefined && cols.every((c) => p.headEnd! >= c - 1 && p.column > c);
    if (grouped.has(p) || taken.has(p.words[0]!) || !(columns.get(p.table)?.has(p.column) || pushed)) continue;
    p.entry.name = p.words[0]!;
    out.push(p.entry);
    taken.add(p.entry.name);
  }
  return out;
}
