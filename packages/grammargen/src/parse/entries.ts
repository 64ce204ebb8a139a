// Walks help lines into sections and entries: option entries (head + description, with
// continuation lines), subcommand entries in command sections, and positional descriptions.
import type { Span } from "../ir.js";
import { splitColumns, type ColumnLine } from "./columns.js";
import { isGroupHeading, rowWords, settleRows, withoutChoices, type PendingRow } from "./command-rows.js";
import { parseHead, type Head, type Spelling } from "./head.js";
import { spanOf, type Line } from "./text.js";

export type SectionKind = "options" | "commands" | "positionals" | "other";

export interface OptionEntry {
  head: Head;
  headText: string;
  description: string;
  span: Span;
  section: string;
}

export interface NamedEntry {
  name: string;
  aliases: string[];
  description: string;
  span: Span;
  /** A group's own commands (etcdctl's "snapshot" of "snapshot save", "snapshot restore"). */
  commands?: string[];
}

export interface Entries {
  options: OptionEntry[];
  commands: NamedEntry[];
  positionals: NamedEntry[];
  /** Lines that start with '-' where an option was expected but no spelling could be read. */
  unreadable: Span[];
  /** A commands section's "..." entry (cargo's "...  See all commands with --list"): the list is not complete. */
  moreCommands?: Span;
}

/** Sections that are about something else than options, whatever lines they hold. */
const NOT_OPTIONS = /additional help topics|examples?|environment|exit status|see also|learn more|feedback|help topics/;

/** A command name with the part that may be left off in brackets: "d[evice]" (not ar's modifier letters, "m[ab]"). */
const ABBREVIATED = /^([a-z][\w-]*)\[([a-z][\w-]{2,})\]$/;

/** "d[evice]": device, then each shorter spelling down to d. */
function abbreviations(kept: string, optional: string): string[] {
  const full = kept + optional;
  return [full, ...Array.from({ length: optional.length }, (_, k) => full.slice(0, full.length - 1 - k))];
}

export function sectionKind(title: string): SectionKind {
  const t = title.toLowerCase();
  // "Options (and corresponding environment variables)" (python3) is about options.
  if (/^((global|common|general|other|main|basic|advanced) )?(options|flags|switches)\b/.test(t)) return "options";
  // systemctl's "Environment Commands:" lists commands, whatever they are about.
  if (NOT_OPTIONS.test(t) && !/\bcommands$/.test(t)) return "other";
  // tsc's "COMMAND LINE FLAGS", "Other command line options:": the last word says what is listed.
  if (/\b(options|flags|switches)$/.test(t) && !/\band\b/.test(t)) return "options";
  // cryptsetup's "<action> is one of:" names the usage's placeholder for its commands, whatever
  // it calls them.
  if (/^(where )?<[a-z-]+> is one of$/.test(t)) return "commands";
  // Azure CLI lists the command groups under a name ("Subgroups:") before its "Commands:".
  // xmlstarlet's "where <command> is one of:".
  if (/(^|[\s<])(sub)?commands?\b|^available commands|^core commands|^(sub)?groups$/.test(t)) return "commands";
  if (/^(positional arguments|arguments|args|positionals?)$/.test(t)) return "positionals";
  if (/options|flags|optional arguments|switches/.test(t)) return "options";
  return "other";
}

/** A heading: unindented (or barely indented) text ending in ':' or an all-caps title (gh's "FLAGS"). */
function headingOf(l: Line): string | undefined {
  if (l.blank || l.indent > 1) return undefined;
  const t = l.text.trim();
  if (t.startsWith("-") || /^usage\s*:/i.test(t)) return undefined;
  const m = /^([A-Za-z][\w ()/,'`-]{0,60}):\s*$/.exec(t);
  if (m) return m[1]!;
  // xmlstarlet's "where <command> is one of:", cryptsetup's "<action> is one of:".
  if (/^(where )?<[a-z-]+> is one of:\s*$/i.test(t)) return t.slice(0, -1);
  if (/^[A-Z][A-Z ]{2,40}$/.test(t)) return t;
  // rsync writes "Options" alone on its line, with no colon.
  if (/^((global|common|other|general) )?(options|flags|arguments|commands)$/i.test(t)) return t;
  return undefined;
}

/** Splits an entry line into head and description at the first run of 2+ spaces (or a tab) outside brackets. */
export function splitEntry(text: string, from: number): { head: string; descFrom: number } {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    // tput's "-S <<  read commands from standard input": a "<" before no name opens nothing.
    if (c === "[" || c === "{" || (c === "<" && /[\w.$-]/.test(text[i + 1] ?? ""))) depth++;
    else if ((c === "]" || c === ">" || c === "}") && depth > 0) depth--;
    else if (depth === 0 && (c === "\t" || (c === " " && text[i + 1] === " "))) {
      let j = i;
      while (j < text.length && (text[j] === " " || text[j] === "\t")) j++;
      const head = text.slice(from, i);
      // "-V,  --version" (wget), "-c  --format=FORMAT" (stat) and "-f FORMAT   --format=FORMAT"
      // (shellcheck, patch): the head goes on.
      // Letters listed first go on too (pandoc's "-f FORMAT, -r FORMAT  --from=FORMAT, --read=FORMAT").
      if (/^--?[A-Za-z]/.test(text.slice(j)) && (head.endsWith(",") || /^-[\w?](\[[^\]\s]*\]| \S+)?(, -[\w?](\[[^\]\s]*\]| \S+)?)*$/.test(head.trim()))) {
        i = j - 1;
        continue;
      }
      // axel's "--max-speed=x\t\t-s x\tSpecify ...": a long spelling, then its letter in a
      // column of its own, then the description (or the line's end: "--list  -L [chain [rulenum]]"
      // over its description, the letter's values any words up to a gap).
      if (
        /^--[\w-]+(=[^\s[\]]+|\[=[^\s[\]]+\])?$/.test(head.trim()) &&
        /^-[A-Za-z0-9](\[[^\s[\]]+\]| \[?[^\s[\]]+\]?)?(\t| {2})|^-[A-Za-z0-9](?: [^\s-](?:(?! {2})[^\t])*)?$/.test(text.slice(j).trimEnd())
      ) {
        i = j - 1;
        continue;
      }
      // hydra's "-p PASS  or -P FILE  try ...", openocd's "--help       | -h\tdisplay": another
      // spelling joined by "or" or a bar after the gap.
      // astyle's "--style=java  OR  --style=attach  OR  -A2" and xrandr's "-q        or --query",
      // the description on the lines below: the row ends after the last spelling.
      const joined = /^(or|OR|\|) +(?=(?:-[\w?]#|--?[\w?-]+(?:=[^\s|]+)?)( [^\s|]+)?((\t| {2})\s*[A-Za-z]|\s*$| +(or|OR) ))/.exec(text.slice(j));
      if (joined && /^--?[\w?]/.test(head.trim())) {
        i = j + joined[0].length - 1;
        continue;
      }
      return { head, descFrom: j < text.length ? j : text.length };
    }
  }
  return { head: text.slice(from), descFrom: text.length };
}

// Boost.Program_options writes a letter's long name in spaced brackets after it: schroot's
// "-c [ --chroot ] arg", "-h [ --help ]", svn's "-q [--quiet]". The bracket holds a second
// spelling, not an optional value.
// lsar's "-password (-p) <string>", kotlin's "-classpath (-cp) <path>", alr's "-f (--force)": the
// parenthesis right after the first spelling holds another spelling, not a value.
// pdfjam's "--version (or -V)" says so in words; mmdblookup's "--help (-h -?)" names two.
const PAREN_ALIAS = /^(\s*-{1,2}[A-Za-z0-9][\w-]*) \((?:or )?(-{1,2}[A-Za-z0-9?][\w-]*(?: -{1,2}[A-Za-z0-9?][\w-]*)*)\)(?=\s|$)/;
const headOf = (head: string): Head | undefined =>
  parseHead(
    head
      .replace(/\b(INTEGER|FLOAT) RANGE\b/g, "$1_RANGE")
      // mupdf's "-p -<tab>password": a lone dash before the gap stands for the value.
      .replace(/^(\s*-[A-Za-z0-9?]) -$/, "$1 <value>")
      .replace(/^(\s*-[A-Za-z0-9?]) \[ ?(--[A-Za-z0-9][\w-]*) ?\](?=\s|$)/, "$1, $2")
      .replace(PAREN_ALIAS, (_, first: string, others: string) => `${first}, ${others.split(" ").join(", ")}`)
      // nix's "--file / -f path", "--deriver; -d": two spellings.
      .replace(/^(\s*--?[A-Za-z0-9][\w-]*) \/ (?=-)|^(\s*--[A-Za-z0-9][\w-]*); (?=-\w\b)/, "$1$2, ")
      // Thor's "-d, [--database=DATABASE]", "[--skip-git], [--no-skip-git]": each long spelling
      // in brackets of its own (the option may be left out), a value inside them.
      .replace(/(^\s*|,\s*)\[(--[A-Za-z0-9][\w-]*(?:=[^\]\s]+)?)\](?=,|\s|$)/g, "$1$2"),
  );

/**
 * vulkaninfo's "[-h, --help]  Print this help", virsh's "[--pool] <string>  pool name or uuid":
 * an entry whose spellings stand in brackets (any option may be left out), a long one among
 * them, and a description after a gap. Read with the brackets as blanks, so a value after the
 * bracket is the option's. A usage line's continuation ("[-a] [--bcd]") has no such gap.
 */
function unbracketed(l: ColumnLine): ColumnLine {
  // Thor writes its descriptions after "# " and brackets each spelling ("[--api], [--no-api]").
  // So do ss-local's "[-a <user>]  Run as another user" and varnishlog's "[-a]  Append": one
  // spelling, its value inside the brackets.
  const m =
    /^\[((?:-[\w?][^[\]\s]*[, |]+)*--[A-Za-z][^[\]]*|-[\w?][^[\]\s]*(?: (?:<[^<>\s]+>|[A-Z][A-Z0-9_]*))?)\](?:, \[--[A-Za-z][^[\]\s]*\])*(?: <[^<>\s]+>)?(?:\t| {2})\s*[A-Za-z#]/.exec(
      l.text.slice(l.start),
    );
  if (!m) return l;
  const at = l.start;
  return { ...l, text: `${l.text.slice(0, at)} ${m[1]} ${l.text.slice(at + m[1]!.length + 2)}`, start: at + 1, indent: l.indent + 1 };
}

function negatable(l: ColumnLine): ColumnLine {
  // stty's "[-]echo       echo input characters" and "* [-]drain  wait for transmission ..."
  // (its mark for a non-POSIX setting): a setting a leading dash turns off. The bare word is
  // an operand the usage already takes; the dashed one reads as an option of one dash, as
  // stty's "-cbreak  same as icanon" rows do.
  const m = /^(?:\* +)?\[-\](?=[a-z][\w-]*(?:\t| {2,}|$))/.exec(l.text.slice(l.start));
  if (!m) return l;
  const at = l.start;
  const shift = m[0].length - 1;
  return { ...l, text: `${l.text.slice(0, at)}${" ".repeat(shift)}-${l.text.slice(at + m[0].length)}`, start: at + shift, indent: l.indent + shift };
}

// A value written in a column of its own between the names and the description: iperf's
// "-p, --port      #        client/server port", "-c, --client    <host>   run in client mode",
// "-f, --format   [kmgtKMGT] format ...", transmission's "-t --tracker   <url>   Add a tracker",
// airodump-ng's "--bssid     <bssid>   : Filter APs". Only a token no prose starts with: '#',
// a closed <...> (spaces allowed: ausearch's "<Comm name>"), or [...] / {...} without spaces,
// but not a bracketed title word ("[Deprecated] : The path").
// dialog's "--msgbox       <text> <height> <width>": several values in the column, one space
// apart, with nothing after them on the line.
const VALUE_COLUMN = /^(<[^<>\n]+>(?: <[^<>\n]+>)+(?=[ \t]*$)|#\S*|<[^<>\n]+>\S*|\[[^\]\s]+\]\S*|\{[^}\s]+\}\S*)(?:[ \t]*:[ \t]+|[ \t]+|$)/;

function valueColumn(text: string, from: number, head: string, descFrom: number, parsed: Head): { head: string; descFrom: number; parsed: Head } | undefined {
  if (parsed.spellings.some((s) => s.value)) return undefined;
  // Thor's "# Skip namespace": one space after the '#' starts a description, not iperf's "#" column.
  if (/^# \S/.test(text.slice(descFrom))) return undefined;
  const m = VALUE_COLUMN.exec(text.slice(descFrom));
  if (!m || /^\[[A-Z][a-z]+\]$/.test(m[1]!)) return undefined;
  const joined = `${head.trimEnd()} ${m[1]!.replace(/^<([^<>]*)>/, (_, inner: string) => `<${inner.trim().replace(/\s+/g, "_")}>`)}`;
  const withValue = headOf(joined);
  const last = withValue?.spellings[withValue.spellings.length - 1];
  if (!withValue || !last?.value || withValue.spellings.length !== parsed.spellings.length) return undefined;
  return { head: text.slice(from, descFrom + m[1]!.length), descFrom: descFrom + m[0].length, parsed: withValue };
}

/**
 * An option line's head, its parsed spellings and where its description starts. When the
 * usual split (two spaces) gives no readable head, two other separators are tried: a dash
 * between single spaces (LLVM's "--allow-empty - Allow ...", binutils' "--target=BFDNAME -
 * specify ...") and a colon after the head ("-n: Show ...", lz4's "-D FILE: use FILE ...", absl's "--api: ...").
 */
function readOptionHead(text: string, from: number, column?: number): { head: string; descFrom: number; parsed: Head | undefined } {
  const split = splitEntry(text, from);
  // shntool's "-f file read split point data" among "-c num  start counting ...": a head with
  // its value reaches the column the other rows' descriptions start at, one space before it.
  const reaching =
    column !== undefined &&
    column < split.descFrom &&
    text[column - 1] === " " &&
    text[column - 2] !== " " &&
    /^[A-Za-z(]/.test(text.slice(column)) &&
    !/^(?:or|and)\b/.test(text.slice(column))
      ? /^-{1,2}[\w?][\w-]*[ =](?:<[^<>\s]+>|\[[^\]\s]+\]|(?!(?:or|and|to|the|a|an|no|not|all|any|only|do)$)[a-z][\w.-]*|[A-Z][A-Z0-9_]*)$/.exec(
          text.slice(from, column - 1),
        )
      : null;
  const reachingHead = reaching ? headOf(reaching[0]) : undefined;
  if (reaching && reachingHead) return { head: reaching[0], descFrom: column!, parsed: reachingHead };
  // less's "-F  ........  --quit-if-one-screen", "-n  -N  ....  --line-numbers  --LINE-NUMBERS":
  // short spellings, a run of dots, long ones, and nothing more on the line (the description is
  // below it): one head, its spellings set apart by gaps.
  const spelled = /^(-[^\s.-].*?) +\.+ +(--[^\s.-]\S*(?: +--[^\s.-]\S*)*)\s*$/.exec(text.slice(from));
  const spelledHead = spelled ? headOf(`${spelled[1]!.replace(/ {2,}/g, ", ")}, ${spelled[2]!.replace(/ +/g, ", ")}`) : undefined;
  if (spelled && spelledHead) return { head: text.slice(from).trimEnd(), descFrom: text.length, parsed: spelledHead };
  // webp's "-mt .......... use multi-threading", "-crop <x> <y> <w> <h> ... crop output",
  // "-incremental . use ...": a run of dots between single spaces leads from the head to the
  // description (a repeat marker is followed by the usual wider gap; xz's "-0 ... -9" by a spelling).
  const leader = /^(-\S.*?) \.+ (?=[^\s-])/.exec(text.slice(from));
  // Not inside a bracket: iostat's "-j { ID | LABEL | PATH | UUID | ... }".
  const open = (h: string) => (h.match(/[[<{(]/g)?.length ?? 0) - (h.match(/[\]>})]/g)?.length ?? 0);
  const leaderHead = leader && from + leader[1]!.length < split.descFrom && open(leader[1]!) === 0 ? headOf(leader[1]!) : undefined;
  if (leader && leaderHead) return { head: leader[1]!, descFrom: from + leader[0].length, parsed: leaderHead };
  // pflag's "--dry-run='none': Must ...": a default, a colon (not "--p=[x]: "). Newer kubectl
  // ends the line at the colon ("    --force=false:"), the description on the lines below.
  const defaulted = /^(-{1,2}[\w?][\w.-]*(?:, --?[\w?][\w.-]*)*=(?:\[\]|(?!\[)\S*?)):(?:[ \t]+(?=\S)|[ \t]*$)/.exec(text.slice(from));
  // One value ("'^a$,^b$'"); a boolean's kept.
  const defaultedHead = defaulted ? headOf(defaulted[1]!.replace(/=(?!(?:true|false)$).*$/, "=VALUE")) : undefined;
  if (defaulted && defaultedHead) return { head: defaulted[1]!, descFrom: from + defaulted[0].length, parsed: defaultedHead };
  // wpa_supplicant's "-b = optional bridge interface name": " = " leads to the description.
  const equals = /^(-{1,2}[A-Za-z0-9?][\w-]*) = (?=[A-Za-z(][\w'(-]* [A-Za-z(])/.exec(text.slice(from));
  const equalsHead = equals ? headOf(equals[1]!) : undefined;
  if (equals && equalsHead) return { head: equals[1]!, descFrom: from + equals[0].length, parsed: equalsHead };
  const parsed = headOf(split.head);
  // LLVM pads the head and then writes "- " before the description.
  const dash = /^[-\u2013] +(?=\S)/.exec(text.slice(split.descFrom));
  if (parsed && split.descFrom >= text.length) {
    // One space before a lower-case description, no second space anywhere (lsof's "-s list file
    // size", "-i select IPv[46] files", lvmdump's "-m gather LVM metadata from the PVs").
    const prose = /^(-{1,2}[^\s,]+) (?=[a-z][a-z'-]* (?:[a-z(]|[A-Z][A-Za-z]*[a-z]|[A-Z][A-Z0-9]+ [a-z]))/.exec(text.slice(from));
    const head = prose ? headOf(prose[1]!) : undefined;
    if (prose && head) return { head: prose[1]!, descFrom: from + prose[0].length, parsed: head };
    // flite's "-f TEXTFILE Explicitly set input", lvmdump's "-d <directory> dump into ...",
    // firefox's "--new-window <url> Open <url> in a new window.".
    const valued = /^(-{1,2}[^\s,=]+[ =](?:<?[A-Z][A-Z0-9_]*>?|<[a-z][\w-]*>)) (?=[A-Za-z][a-z]+ [a-z<])/.exec(text.slice(from));
    const valuedHead = valued ? headOf(valued[1]!) : undefined;
    if (valued && valuedHead) return { head: valued[1]!, descFrom: from + valued[0].length, parsed: valuedHead };
  }
  // Mercurial's "-B --bookmark BOOKMARK [+] bookmark to push": the repeat marker fills the head's
  // column, so one space leads to the description.
  const marker = parsed && split.descFrom >= text.length ? /^(-\S.*? \[\+\]) (?=\S)/.exec(text.slice(from)) : null;
  const markerHead = marker ? headOf(marker[1]!) : undefined;
  if (marker && markerHead) return { head: marker[1]!, descFrom: from + marker[0].length, parsed: markerHead };
  // 7-Zip's "-o{Directory} : set Output directory": one space each side of a colon, no wider gap;
  // "-h, --help=[man|no-man]: Display ...": the colon glued to the head's last value (not to a
  // default written as the value: kubectl's "--all=false: Select ...", "--dry-run='none': ...").
  // Spellings and values only: no sentence ("-z a|b Compression. Default: none"), no quote.
  const glued = /^(-[^():'"]*?[^\s():'"]): +(?=\S)/.exec(text.slice(from));
  const byDefault = glued && /=('[^']*'|"[^"]*"|true|false|\[\]|-?[0-9][\w.]*)$/.test(glued[1]!);
  const prosy = glued && (open(glued[1]!) !== 0 || /\. | [A-Z][a-z]+(-[a-z]+)*(?= |$)/.test(glued[1]!));
  const gluedOk = glued && !byDefault && !prosy ? glued : null;
  const colon =
    parsed && split.descFrom >= text.length
      ? (/^(-\S.*?) +: +(?=\S)/.exec(text.slice(from)) ?? gluedOk)
      : gluedOk && from + gluedOk[0].length <= split.descFrom
        ? gluedOk
        : null;
  const colonHead = colon ? headOf(colon[1]!) : undefined;
  if (colon && colonHead) return { head: colon[1]!, descFrom: from + colon[0].length, parsed: colonHead };
  if (parsed) {
    const column = valueColumn(text, from, split.head, split.descFrom, parsed);
    if (column) return column;
    return { ...split, descFrom: split.descFrom + (dash?.[0].length ?? 0), parsed };
  }
  const line = text.slice(from);
  // supervisord's "-c/--configuration FILENAME -- configuration file path": two dashes too.
  for (const sep of [/^(\S.*?) +(?:[-\u2013]|--) +(?=\S)/, /^(-\S.*?):(?:[ \t]+|$)/]) {
    const m = sep.exec(line);
    const head = m ? headOf(m[1]!) : undefined;
    if (m && head) return { head: m[1]!, descFrom: from + m[0].length, parsed: head };
  }
  return { ...split, parsed: undefined };
}

/**
 * A definition list's term: spellings and values alone, or followed by a sentence that starts
 * with a capital (arp-scan's "--interval=<x> or -i <x> Set minimum packet interval to <x>."),
 * not prose that names options (stat's "--terse --file-system is equivalent to the following FORMAT:").
 */
function termLine(content: string): boolean {
  const words = content.replace(/<[^>]*>|\[[^\]]*\]|\{[^}]*\}/g, " ").split(/[\s,|]+/);
  const first = words.find((w) => w !== "" && w !== "or" && !/^[-+]/.test(w) && !/^[A-Z][A-Z0-9_]*$/.test(w));
  return first === undefined || /^[A-Z][a-z]/.test(first);
}

/** `program`: the command's own name, which a commands section may show with its arguments ("kubectl [flags]"). */
export function readEntries(lines: Line[], program = ""): Entries {
  const out: Entries = { options: [], commands: [], positionals: [], unreadable: [] };
  let section = "";
  let kind: SectionKind = "options";
  let current: { desc: string[]; indent: number; descCol?: number; longCol?: number; set: (d: string) => void } | undefined;
  /** Where the current commands section's descriptions start, from its last entry that shows it. */
  let commandCol: number | undefined;
  // Rows that wait for their whole table (command-rows.ts): the table they are in, and the
  // description columns of each table's one-name rows.
  let table = 0;
  const pending: PendingRow[] = [];
  const columns = new Map<number, Set<number>>();
  /** The indent of the current table's commands, and of a list nested under one of them. */
  let commandIndent: number | undefined;
  let nested: number | undefined;
  /** The row above was a list of names that left off after a comma. */
  let listGoesOn = false;
  /** Lines with a deeper line right below them. */
  const deeperBelow = new Set(
    lines.filter((l, k) => !l.blank && lines[k + 1] !== undefined && !lines[k + 1]!.blank && lines[k + 1]!.indent > l.indent).map((l) => l.no),
  );
  /** The line before, when it was prose (no entry, no heading). */
  let prose: Line | undefined;
  const finish = () => {
    if (current) current.set(current.desc.join(" ").replace(/\s+/g, " ").trim());
    current = undefined;
  };
  const rows = splitColumns(lines, (text, from) => splitEntry(text, from).descFrom);
  // The column each indentation's option rows start their descriptions at, where three or more
  // rows agree (after a gap): a longer head may reach it with one space.
  const descColumn = new Map<number, number>();
  {
    const votes = new Map<number, Map<number, number>>();
    for (const r of rows) {
      if (r.blank || !/^-{1,2}[\w?]/.test(r.text.slice(r.start))) continue;
      const at = splitEntry(r.text, r.start).descFrom;
      if (at >= r.text.length) continue;
      const byIndent = votes.get(r.indent) ?? votes.set(r.indent, new Map()).get(r.indent)!;
      byIndent.set(at, (byIndent.get(at) ?? 0) + 1);
    }
    for (const [indent, cols] of votes) {
      const [at, n] = [...cols].sort((a, b) => b[1] - a[1])[0]!;
      if (n >= 3) descColumn.set(indent, at);
    }
  }
  /** The indent of a commands heading set in from the margin, while its rows go on. */
  let setIn: number | undefined;
  let marginForms = false;
  for (let r = 0; r < rows.length; r++) {
    const read = rows[r]!;
    if (read.blank) continue;
    // A bulleted option (nix's "o --file / -f path"): the bullet is no part of it. Nor is a
    // negation mark before the spellings ("[!] --protocol -p proto": the test may be negated).
    const bullet = /^(?:o|\u00b7|\u2022|\[!\]|!) +(?=--?[A-Za-z0-9])/.exec(read.text.slice(read.start));
    const l = bullet ? { ...read, start: read.start + bullet[0].length } : negatable(unbracketed(read));
    // direnv's "allow [PATH_TO_RC]:" at the margin of a commands list, its description on the
    // deeper lines below: a command's form and a colon. Once one has arguments, "prune:" too.
    const form = kind === "commands" && l.indent === 0 ? /^([a-z][\w-]*)((?: +(?:[[<]\S*|[A-Z][A-Z0-9_]+))*):$/.exec(l.text.trim()) : null;
    if (form && (marginForms || form[2]) && rows[r + 1] && !rows[r + 1]!.blank) {
      finish();
      marginForms = true;
      const entry: NamedEntry = { name: form[1]!, aliases: [], description: "", span: spanOf(l, l.start, l.start + form[1]!.length) };
      out.commands.push(entry);
      current = { desc: [], indent: 0, set: (d) => (entry.description = d) };
      continue;
    }
    // dub's and direnv's "Available commands" over a ruler of "=" or "-": a heading; set in, a
    // group's title within the list ("  Package creation").
    const ruled = /^\s*([-=])\1{2,}\s*$/.test(rows[r + 1]?.text ?? "") && /^[A-Z][\w ,()'/-]*$/.test(l.text.trim());
    if (ruled && l.indent > 1 && kind === "commands") {
      finish();
      r++;
      continue;
    }
    let heading = headingOf(l) ?? (ruled && l.indent <= 1 ? l.text.trim() : undefined);
    if (heading !== undefined && ruled) r++;
    // perlbrew's POD text: "    Commands:" under SYNOPSIS, its rows deeper. The list ends at a
    // line as far in as the heading ("    Generic command options:").
    if (heading === undefined && setIn !== undefined && l.indent <= setIn) {
      setIn = undefined;
      if (/^[A-Za-z][\w ()/,'`-]{0,60}:$/.test(l.text.trim())) heading = l.text.trim().slice(0, -1);
      else kind = "other";
    }
    if (heading === undefined && l.indent > 1 && /^(?:available |sub)?commands(?: are)?:$/i.test(l.text.trim())) {
      const next = rows.slice(r + 1).find((x) => !x.blank);
      if (next && next.indent > l.indent) {
        setIn = l.indent;
        heading = l.text.trim().slice(0, -1);
      }
    }
    if (heading !== undefined) {
      finish();
      commandCol = undefined;
      commandIndent = nested = undefined;
      table++;
      section = heading;
      const prev = kind;
      kind = sectionKind(heading);
      // adb's "general commands:", then "networking:", "file transfer:", "shell:": a heading
      // that names no kind, after a list of commands, is more of the list.
      if (
        prev === "commands" &&
        kind === "other" &&
        /^[a-z][^A-Z]*:\s*$/.test(l.text.trim()) &&
        !NOT_OPTIONS.test(heading.toLowerCase().replace(/\([^)]*\)/g, ""))
      )
        kind = "commands";
      // Older cargo: "Some common cargo commands are (see all commands with --list):", the
      // heading's own word for the "..." entry newer ones print: the list is not complete.
      if (kind === "commands" && /\bsee all (sub)?commands\b/i.test(heading)) out.moreCommands ??= spanOf(l, l.start, l.start + l.text.trim().length);
      continue;
    }
    const content = l.text.slice(l.start);
    // "-<signal>, -s, --signal <signal>" (kill): a value written as the option itself.
    // "-, -l, --login" (su): a lone dash, then the option's spellings.
    const startsOption =
      /^-{1,2}[\w?#@![.]/.test(content) ||
      /^\+\w/.test(content) ||
      /^\+\|-\w/.test(content) ||
      /^-<[A-Za-z][\w-]*>(?=[\s,]|$)/.test(content) ||
      /^-,[ \t]*-{1,2}\w/.test(content);
    // Continuation: deeper than the entry it belongs to and not a new option at entry depth
    // (a description line may itself start with an option name, as ripgrep's do).
    // Haskell GetOpt's table (pandoc): letters in one column, long names in the next, often no
    // description; a row with no letter starts at the long names' column, under an entry with
    // no description yet. It is an entry of its own.
    const longRow = startsOption && current?.longCol === l.indent && current.desc.every((d) => !d.trim());
    if (
      current &&
      !l.column &&
      !longRow &&
      l.indent > current.indent &&
      (!startsOption || (current.descCol !== undefined ? l.indent >= current.descCol : l.indent > current.indent + 4))
    ) {
      current.descCol ??= l.indent;
      current.desc.push(content);
      continue;
    }
    if (/^usage\s*:/i.test(content) || /^\s*or:\s/.test(l.text)) {
      finish();
      continue;
    }
    // pciutils' "Basic display modes:" and "Selection of devices:" list options at the margin
    // ("-t\t\tShow bus tree") under titles that do not say so: a line whose head is set apart
    // from a description column (a tab or two spaces) is an option there too. One space or a
    // colon is prose ("-f cd (16 bit little endian)" under "The format shortcuts are:").
    const margin = startsOption && l.indent === 0 && !NOT_OPTIONS.test(section.toLowerCase()) ? splitEntry(l.text, l.start) : undefined;
    // pyftsubset's "--gids=<NNN>[,<NNN>...]" alone at the margin over its indented description,
    // under a title that names no option list: a definition list's term, an entry too. So is
    // a term under "Commands:" (mono's "-i <assembly_path>" over a tab-indented description):
    // a command spelled as an option, as gpg's are.
    const marginEntry =
      margin &&
      headOf(margin.head) !== undefined &&
      ((kind === "other" && margin.descFrom < l.text.length) || (margin.descFrom >= l.text.length && !l.column && deeperBelow.has(l.no) && termLine(content)));
    // pyftsubset's "At least one glyph or one of --gids, --gids-file, --glyphs, --glyphs-file,"
    // over "--text, --text-file, --unicodes, or --unicodes-file, must be specified.": a line
    // right under prose at its margin that left off after a comma or a joining word goes on
    // with the sentence, whatever word it starts with.
    const sentence =
      startsOption &&
      prose !== undefined &&
      prose.no === l.no - 1 &&
      prose.indent === l.indent &&
      /(,|\b(or|and|of|the|with|by|to|use|see))$/.test(prose.text.trimEnd());
    prose = undefined;
    if (sentence) {
      finish();
      prose = l;
      continue;
    }
    if (startsOption && (l.indent > 0 || kind === "options" || marginEntry)) {
      finish();
      let { head, descFrom, parsed } = readOptionHead(l.text, l.start, descColumn.get(l.indent));
      // size's "-o|-d|-x  --radix={8|10|16}": flags, and the long after the gap takes the value.
      const also: OptionEntry[] = [];
      if (parsed && /^-[\w?](?:\|-[\w?])+$/.test(head.trim()) && /^--[A-Za-z]/.test(l.text.slice(descFrom))) {
        const long = readOptionHead(l.text, descFrom);
        if (long.parsed?.spellings.every((sp) => sp.kind === "long")) {
          also.push({ head: long.parsed, headText: long.head, description: "", span: spanOf(l, descFrom, descFrom + long.head.length), section });
          descFrom = long.descFrom;
        }
      }
      if (!parsed) {
        out.unreadable.push(spanOf(l, l.start, l.text.length));
        // Its description lines still belong to it, not to the next entry.
        current = { desc: [], indent: l.indent, set: () => undefined };
        continue;
      }
      const entry: OptionEntry = { head: parsed, headText: head, description: "", span: spanOf(l, l.start, l.start + head.length), section };
      out.options.push(entry, ...also);
      // Where the head's long spelling starts, when it stands after a gap ("-o FILE    --output=FILE").
      const long = /^(-[^-\s].*?\s{2,})--[A-Za-z]/.exec(head);
      current = {
        desc: [l.text.slice(descFrom)],
        indent: l.indent,
        descCol: descFrom < l.text.length ? l.indent + descFrom - l.start : undefined,
        ...(long ? { longCol: l.indent + long[1]!.length } : {}),
        set: (d) => {
          for (const e of [entry, ...also]) e.description = d;
        },
      };
      continue;
    }
    // yadm's "Any Git command or alias can be used as a <command>", scrapy's "[ more ]  More
    // commands available when run from project directory": the list is not complete.
    if (kind === "commands" && /^any\b.*\bcommands?\b.*\b(can|may) be (used|given)\b/i.test(content)) out.moreCommands ??= spanOf(l, l.start, l.text.length);
    if (kind === "commands" && /\bmore commands (are )?available\b/i.test(content)) {
      out.moreCommands ??= spanOf(l, l.start, l.text.length);
      continue;
    }
    // quilt's "Commands are:" as names in columns, with no descriptions ("add  files  import").
    if (kind === "commands" && l.indent > 0 && /^[a-z][\w-]*(?:(?:\t+| {2,})[a-z][\w-]*){2,}\s*$/.test(content)) {
      finish();
      for (const m of content.matchAll(/[a-z][\w-]*/g))
        if (m[0] !== program)
          out.commands.push({ name: m[0], aliases: [], description: "", span: spanOf(l, l.start + m.index, l.start + m.index + m[0].length) });
      continue;
    }
    // nmcli's "OBJECT" section of "g[eneral]   NetworkManager's general status": rows whose
    // names show how far they may be cut are commands, whatever the heading.
    if (kind === "other" && l.indent > 0) {
      const { head, descFrom } = splitEntry(l.text, l.start);
      if (descFrom < l.text.length && ABBREVIATED.test(head.trim())) kind = "commands";
    }
    if ((kind === "commands" || kind === "positionals") && l.indent > 0) {
      finish();
      if (nested !== undefined && l.indent > nested) continue;
      nested = undefined;
      let { head, descFrom } = splitEntry(l.text, l.start);
      // A man page's bulleted list of commands (aws's "o describe-instances"): the bullet is no
      // part of the name, and a name broken at a hyphen at the line's end goes on in the next
      // row ("...-associa-", "tions"). Whether the hyphen is the name's or the break's the text
      // cannot say: the name without it, the other spelling as an alias.
      const bullet = kind === "commands" ? /^(?:o|\u2022|\*) +(?=[a-z0-9])/.exec(head) : null;
      let broken: string | undefined;
      if (bullet) {
        head = head.slice(bullet[0].length);
        const next = rows.slice(r + 1).find((x) => !x.blank);
        if (head.endsWith("-") && next && next.indent > l.indent && /^[a-z0-9][\w-]*$/.test(next.text.trim())) {
          broken = head + next.text.trim();
          head = head.slice(0, -1) + next.text.trim();
        }
      }
      if (kind === "commands" && /^(\.\.\.|\u2026)$/.test(head.trim())) {
        out.moreCommands = spanOf(l, l.start, l.start + head.length);
        continue;
      }
      // aspell's "-c|check <file>", "[dump] config", "dump|create|merge master|personal|repl":
      // rows of spellings joined by bars, options among them, or optional words are commands this
      // reading cannot name one by one; the list it keeps is not complete.
      if (kind === "commands" && /^(?:-\S*\||\[[a-z][\w-]*\] |[a-z][\w-]*\|[a-z])/.test(head.trim()))
        out.moreCommands ??= spanOf(l, l.start, l.start + head.length);
      // apt-get and others write "update - Retrieve new lists of packages": one space, a dash;
      // Azure CLI's "create : Create a new resource group" a colon, when the name fills its column.
      // cryptsetup's "open <device> [--type <type>] [<name>] - open device as <name>": the
      // command's arguments before the dash.
      const dashed =
        kind === "commands"
          ? (/^([a-z0-9][\w.:-]*?) +[-\u2013:] +(?=\S)/i.exec(head) ??
            /^([a-z0-9][\w.:-]*(?: +(?:<[^<>]+>|\[[^[\]]*(?:\[[^[\]]*\][^[\]]*)*\]|\{[^{}]*\})(?:\.\.\.)?)+) +[-\u2013] +(?=\S)/i.exec(head))
          : null;
      if (dashed) {
        descFrom = l.start + dashed[0].length;
        head = dashed[1]!;
      }
      // systemctl's "set-property UNIT PROPERTY=VALUE... Sets one or more properties": a command
      // as wide as its column leaves one space before a description that starts where the
      // section's other descriptions start.
      const col = commandCol;
      if (
        kind === "commands" &&
        !dashed &&
        col !== undefined &&
        descFrom >= l.text.length &&
        l.start + head.length > col &&
        l.text[col - 1] === " " &&
        /\S/.test(l.text[col]!)
      ) {
        head = l.text.slice(l.start, col - 1).trimEnd();
        descFrom = col;
      }
      // "a  add     Append files": a letter, then the name it stands for in a column of its own.
      const spelled = kind === "commands" ? /^([a-z][\w-]+)(?:\t| {2})\s*(?=\S)/.exec(l.text.slice(descFrom)) : null;
      if (spelled && /^[a-z]$/.test(head.trim()) && spelled[1]!.includes(head.trim())) {
        head = `${spelled[1]}, ${head.trim()}`;
        descFrom += spelled[0].length;
      }
      // "c[onnection]": the command connection, which may be cut down to "c".
      const cut = kind === "commands" ? ABBREVIATED.exec(head.trim()) : null;
      if (cut) head = abbreviations(cut[1]!, cut[2]!).join(", ");
      // mpc's "mpc add <uri>": each command shown as it is called, after the program's name.
      if (kind === "commands" && program && head.startsWith(`${program} `)) head = head.slice(program.length + 1).trimStart();
      else if (kind === "commands" && head.trim() === program) continue;
      if (kind === "commands" && descFrom >= l.text.length && /:$/.test(head.trim())) {
        // xauth's "    options are:" under its "generate" row, at the rows' indent: the deeper
        // rows after it are that command's list, not commands.
        if (commandIndent !== undefined && l.indent >= commandIndent) {
          nested = l.indent;
          continue;
        }
      }
      if (kind === "commands" && isGroupHeading(head, descFrom < l.text.length)) continue;
      // svn's "blame (praise, annotate, ann)": the aliases in parentheses after the name.
      const paren = kind === "commands" ? /^([a-z0-9][\w.:-]*) \((?:or )?([\w?.-]+(?:, [\w?.-]+)*)\)$/i.exec(head.trim()) : null;
      const names = paren
        ? [paren[1]!, ...paren[2]!.split(", ")]
        : head
            .split(/,\s*|\s+\|\s+/)
            .map((n) => n.trim().replace(/:$/, ""))
            // docker's "compose*    Docker Compose": a mark after the name (a plugin's command).
            .map((n) => (kind === "commands" ? n.replace(/(?<=\w)\*$/, "") : n))
            .filter((n) => n !== "");
      // npm's "All commands:" over "access, adduser, audit, bugs, cache, ci, completion," wrapped
      // over lines with no descriptions: each name is a command. Spellings of one command
      // ("list, ls   List things") stand on one row, with a description.
      const wraps = /,\s*$/.test(head);
      const nameList: boolean = kind === "commands" && descFrom >= l.text.length && names.length > 2 && (wraps || listGoesOn);
      listGoesOn = nameList && wraps;
      if (nameList && names.every((n) => /^[a-z0-9][\w.:-]*$/i.test(n))) {
        for (const n of names) {
          const at = l.text.indexOf(n, l.start);
          out.commands.push({ name: n, aliases: [], description: "", span: spanOf(l, at, at + n.length) });
        }
        commandIndent ??= l.indent;
        current = undefined;
        continue;
      }
      // systemctl's "start UNIT...", "status [PATTERN...|PID...]": the command's own arguments after its name.
      // The arguments are syntax only (metavars in capitals, <...>, [...], {...}), never prose.
      // s3cmd's "mb s3://BUCKET": a URL whose parts are metavars is syntax too.
      // amixer's "sset sID P": a placeholder in camel case is syntax as well.
      const withArgs = kind === "commands" ? /^([a-z0-9][\w.:-]*) +((?:[A-Z<[{]|[a-z]+[A-Z]\w*(?= |$)|[a-z][\w+.-]*:\/\/).*)$/.exec(names[0] ?? "") : null;
      const argsOnly = withArgs && !/[a-z]{2,}/.test(withoutChoices(withArgs[2]!).replace(/<[^>]*>|\[[^\]]*\]|\{[^}]*\}/g, ""));
      // qemu-img's "amend [--object objectdef] [-p] -o options filename" with no description:
      // a whole line that goes on with an option group after the name is the command's form.
      const form = kind === "commands" && descFrom >= l.text.length ? /^([a-z0-9][\w.:-]*) +[[(]-/.exec(head.trim()) : null;
      const first = withArgs && argsOnly && withArgs[1] !== program ? withArgs[1]! : form && form[1] !== program ? form[1]! : (names[0] ?? "");
      const ok = kind === "commands" ? /^[a-z0-9][\w.:-]*$/i.test(first) && !/\s/.test(first) : first !== "";
      if (ok) {
        const entry: NamedEntry = {
          name: first,
          // xmlstarlet's "ed    (or edit)      - Edit/Update XML document(s)": the alias after "or".
          aliases: [...names.slice(1), broken ?? "", ...(kind === "commands" ? [/^\(or ([a-z][\w-]*)\)/.exec(l.text.slice(descFrom))?.[1] ?? ""] : [])].filter(
            (n) => /^[\w.-]+$/.test(n),
          ),
          description: "",
          span: spanOf(l, l.start, l.start + head.length),
        };
        (kind === "commands" ? out.commands : out.positionals).push(entry);
        if (kind === "commands" && descFrom < l.text.length) {
          commandCol = descFrom;
          (columns.get(table) ?? columns.set(table, new Set()).get(table)!).add(descFrom);
        }
        if (kind === "commands") commandIndent ??= l.indent;
        current = { desc: [l.text.slice(descFrom)], indent: l.indent, set: (d) => (entry.description = d) };
        continue;
      }
      // Not a row deeper than the table's: a description's own line ("the first  bytes").
      const words = kind === "commands" && descFrom < l.text.length && l.indent <= (commandIndent ?? l.indent) ? rowWords(head) : undefined;
      if (words) {
        const entry: NamedEntry = { name: words.join(" "), aliases: [], description: "", span: spanOf(l, l.start, l.start + head.length) };
        pending.push({ words, entry, table, column: descFrom, headEnd: l.start + head.trimEnd().length });
        current = { desc: [l.text.slice(descFrom)], indent: l.indent, set: (d) => (entry.description = d) };
        continue;
      }
    }
    finish();
    prose = l;
  }
  finish();
  if (pending.length) {
    out.commands.push(...settleRows(pending, out.commands, columns));
    out.commands.sort((a, b) => a.span.start - b.span.start);
  }
  gluedCapitals(out.options);
  sharedParenAliases(out.options);
  return out;
}

/**
 * screen's "-d (-r)  Detach ... (and reattach here)" beside "-D (-r)" and "-r [session]": a
 * spelling in parentheses that another entry names too goes with that option, not this one.
 */
function sharedParenAliases(options: OptionEntry[]): void {
  const key = (sp: Spelling) => `${sp.kind}:${sp.name}`;
  const count = new Map<string, number>();
  for (const e of options) for (const k of new Set(e.head.spellings.map(key))) count.set(k, (count.get(k) ?? 0) + 1);
  for (const e of options) {
    const alias = PAREN_ALIAS.exec(e.headText)?.[2];
    if (!alias) continue;
    const shared = e.head.spellings.find((sp) => (sp.kind === "long" ? "--" : "-") + sp.name === alias && (count.get(key(sp)) ?? 0) > 1);
    if (shared && e.head.spellings.length > 1) e.head.spellings = e.head.spellings.filter((sp) => sp !== shared);
  }
}

/** `-rREV`: a letter, then a metavar in capitals glued on. */
const GLUED_CAPITALS = /^([a-z])([A-Z][A-Z0-9_]+)$/;

/**
 * RCS's "-rREV", "-kSUBST", "-xSUFF", "-zZONE": a lower-case letter with its value glued on in
 * capitals reads at first as one single-dash name. It is a letter and its value where the text
 * writes two or more letters so, or the description names the capitals (one such head alone,
 * ocamlopt's "-fPIC", Ghostscript's "-dNOPAUSE", is a name of its own).
 */
function gluedCapitals(options: OptionEntry[]): void {
  const glued = (sp: Spelling) => sp.kind === "dashLong" && !sp.value && GLUED_CAPITALS.test(sp.name);
  const letters = new Set(options.flatMap((e) => e.head.spellings.filter(glued).map((sp) => sp.name[0]!)));
  for (const e of options)
    for (const sp of e.head.spellings) {
      const m = glued(sp) ? GLUED_CAPITALS.exec(sp.name) : null;
      if (!m || (letters.size < 2 && !new RegExp(`\\b${m[2]}\\b`).test(e.description))) continue;
      sp.kind = "short";
      sp.name = m[1]!;
      sp.value = { metavar: m[2]!, attach: "eq" };
    }
}
