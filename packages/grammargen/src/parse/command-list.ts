// A list of commands right under the usage, with no heading of its own:
//   GLib's g_option_context summary ("Usage:\n  fwupdmgr [OPTION…]\n\n  activate [DEVICE-ID|GUID]
//   Activate devices\n  get-devices   Get all devices ...");
//   mutool's tab-indented "usage: mutool <command> [options]\n\tclean\t-- rewrite pdf file".
// Each entry is a lower-case command word, maybe its own arguments (metavars, brackets), and a
// description set apart by a column gap or a tab and "--". A description may wrap onto deeper
// lines. The list ends at a line at the margin.
import type { NamedEntry } from "./entries.js";
import { isUsageHeading, spanOf, type Line } from "./text.js";

const ENTRY = /^([a-z][\w-]*)((?: +(?:[[<{A-Z][^\s]*))*)(?: {2,}|\t+(?:-- )?)(\S.*)$/;
// A command whose arguments fill its column, with the description on the lines below.
const BARE = /^([a-z][\w-]*)((?: +(?:[[<{A-Z][^\s]*))*)\s*$/;

/** mutool's "\tclean\t-- rewrite pdf file": a command and its description, set apart by a tab. */
export function isTabbedEntry(l: Line): boolean {
  const m = ENTRY.exec(l.text.slice(l.start));
  return m !== null && l.indent > 0 && /\t/.test(l.text.slice(l.start + m[1]!.length + m[2]!.length));
}

/** The commands listed under the usage line without a heading, or none (fewer than three). */
export function usageCommandList(lines: readonly Line[]): NamedEntry[] {
  const at = lines.findIndex((l) => isUsageHeading(l.text));
  if (at < 0) return [];
  // The usage forms: the heading's line and the lines up to a blank one, or up to the first
  // entry when the list follows the forms at once (mutool).
  let j = at + 1;
  const firstEntry = (k: number) => isTabbedEntry(lines[k]!);
  if (/^\s*usage\s*:?\s*$/i.test(lines[at]!.text)) while (j < lines.length && lines[j]!.blank) j++;
  while (j < lines.length && !lines[j]!.blank && !firstEntry(j)) j++;
  while (j < lines.length && lines[j]!.blank) j++;
  const out: NamedEntry[] = [];
  let indent = -1;
  for (; j < lines.length; j++) {
    const l = lines[j]!;
    if (l.blank || l.indent === 0) break;
    const content = l.text.slice(l.start);
    if (indent >= 0 && l.indent > indent) continue;
    const m = ENTRY.exec(content) ?? BARE.exec(content);
    if (!m || (indent >= 0 && l.indent !== indent)) break;
    // A bare entry's description is on the deeper line below it.
    if (m[3] === undefined && !(lines[j + 1] && !lines[j + 1]!.blank && lines[j + 1]!.indent > l.indent)) break;
    indent = l.indent;
    out.push({ name: m[1]!, aliases: [], description: m[3] ?? "", span: spanOf(l, l.start, l.start + m[1]!.length) });
  }
  return out.length >= 3 ? out : [];
}
