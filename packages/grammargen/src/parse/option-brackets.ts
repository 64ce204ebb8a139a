// An options heading whose body is not a table but usage-style bracket groups, wrapped over
// lines with no descriptions (npm 7+'s "Options:\n[--json] [-g|--global] [--editor <editor>]",
// dialog's "Common options:\n  [--ascii-lines] [--aspect <ratio>] ..."). Each group is one
// option's spellings, joined by "|", and its value; a group nested at its end that repeats the
// option ("[--omit <x> [--omit <x> ...]]") makes it repeatable.
import type { OptionSpec } from "../ir.js";
import { optionsFromSpellings, readSpelling, type Spelling } from "./optionhead.js";
import type { Line } from "./text.js";

const HEADING = /^[ \t]*(?:[A-Za-z]+[ \t]+)?options?:[ \t]*$/i;

/** Top-level groups of `s` ("[a [b]] [c]" -> "[a [b]]", "[c]"), or undefined when anything else stands between them. */
function groupsOf(s: string): { text: string; at: number }[] | undefined {
  const out: { text: string; at: number }[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (depth === 0) {
      if (c === " " || c === "\t" || c === "\n") continue;
      if (c !== "[") return undefined;
      start = i;
    }
    if (c === "[") depth++;
    else if (c === "]" && --depth === 0) out.push({ text: s.slice(start, i + 1), at: start });
  }
  return depth === 0 ? out : undefined;
}

/** Words at the top level of a group's inside, keeping <..> and [..] whole. */
function wordsOf(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const c of s) {
    if ((c === " " || c === "\t" || c === "\n") && depth === 0) {
      if (cur) out.push(cur);
      cur = "";
      continue;
    }
    if (c === "[" || c === "<") depth++;
    else if ((c === "]" || c === ">") && depth > 0) depth--;
    cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

/** One group's options ("[-L|--location <global|user|project>]"); none when it is not an option's. */
function optionsOfGroup(group: string, span: OptionSpec["span"]): OptionSpec[] {
  const [head, ...rest] = wordsOf(group.slice(1, -1).trim());
  if (!head || !/^-/.test(head)) return [];
  const pieces = head.split("|");
  // "[-abc]" alone: letters clustered after one dash, each a flag.
  if (pieces.length === 1 && /^-[A-Za-z0-9]{2,}$/.test(head) && rest.length === 0)
    return [...head.slice(1)].flatMap((c) => optionsFromSpellings([{ kind: "short", name: c, arity: "none" }], "", span));
  // Beside another spelling, a word after one dash is one spelling ("-ws|--workspaces"), not letters.
  const spellings = pieces.map((p) => readSpelling(p, p.length > 2 && !p.startsWith("--") && !/[=<[]/.test(p)));
  if (spellings.some((sp) => sp === undefined)) return [];
  const sps = spellings as Spelling[];
  // "[--omit <x> [--omit <x> ...]]": the nested group repeats the option.
  const tail = rest.length > 0 && /^\[/.test(rest.at(-1)!) ? rest.at(-1)!.slice(1).trimStart() : "";
  const again = tail !== "" && [head, ...pieces].some((p) => tail.startsWith(`${p} `) || tail.startsWith(`${p}]`) || tail.startsWith(`${p}|`));
  const values = again ? rest.slice(0, -1) : rest;
  const value = values[0];
  const last = sps.length - 1;
  if (value && sps[last]!.arity === "none") {
    const optional = /^\[[^\s[\]]+\]$/.test(value);
    sps[last] = { ...sps[last]!, arity: optional ? "optional" : "required", metavar: optional ? value.slice(1, -1) : value };
  }
  const valued = sps.some((sp) => sp.arity !== "none");
  // Flags: each long spelling is an option of its own ("[-S|--save|--no-save|--save-dev]"),
  // the spellings without two dashes going with the first; a value is every spelling's.
  const sets: Spelling[][] = [];
  if (valued) sets.push(sps);
  else {
    const longs = sps.filter((sp) => sp.kind === "long");
    const others = sps.filter((sp) => sp.kind !== "long");
    if (!longs.length) sets.push(others);
    else for (const [k, l] of longs.entries()) sets.push(k === 0 ? [...others, l] : [l]);
  }
  return sets.flatMap((set) =>
    optionsFromSpellings(set, "", span).map((o) => {
      if (again) o.repeatable = true;
      // dialog's "[--begin <y> <x>]": each further placeholder is one more value.
      if (valued && values.length > 1 && values.every((v) => /^<[^<>]+>$/.test(v))) o.valueCount = values.length;
      return o;
    }),
  );
}

/**
 * The options that every options heading's body of bracket groups names. The body is the lines
 * after the heading that start with "[", and every word on them must be in a group: a line with
 * a description after its group is a table's row, which the table reader reads.
 */
export function bracketOptions(lines: readonly Line[]): OptionSpec[] {
  const out: OptionSpec[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!HEADING.test(lines[i]!.text)) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.blank && lines[j]!.text.slice(lines[j]!.start).startsWith("[")) j++;
    if (j === i + 1) continue;
    const body = lines.slice(i + 1, j);
    const offset = body[0]!.offset;
    const groups = groupsOf(body.map((l) => l.text).join("\n"));
    if (!groups?.length) continue;
    for (const g of groups) {
      const start = offset + g.at;
      const line = body.filter((l) => l.offset <= start).at(-1)!;
      out.push(...optionsOfGroup(g.text, { start, end: start + g.text.length, line: line.no }));
    }
    i = j - 1;
  }
  return out;
}
