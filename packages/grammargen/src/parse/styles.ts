// The help styles, in one place: the non-getopt styles with their own detector and parser,
// then the scoring detectors of the getopt-like styles that parseHelp's generic entry
// reader handles (GNU, cobra, argparse, click, clap; "generic" when nothing scores).
// To add a style: a getopt-like style needs only a scoring detector in DETECTORS; a style
// the generic reader cannot read gets a `{ style, detect, parse }` row in NON_GETOPT_STYLES.
import type { Diagnostic } from "../diagnostics.js";
import type { CommandSpec, HelpStyle } from "../ir.js";
import { isBusybox, parseBusybox } from "./busybox.js";
import { parseBsd } from "./bsd.js";
import { parseCurl } from "./curl.js";
import { parseDd } from "./dd.js";
import { parseFind } from "./find.js";
import { isManPage, parseGit } from "./git.js";
import { parseOpenssl } from "./openssl.js";
import { parseTar } from "./tar.js";

export type StyleParse = (text: string, opts: { name: string[] }) => { spec: CommandSpec; diagnostics: Diagnostic[] };

export interface StyleEntry {
  style: HelpStyle;
  /** Claims a text before the scoring detectors run (a BusyBox banner, git's usage line). */
  detect?: (text: string) => boolean;
  parse: StyleParse;
  /** The parser also reads the program's rendered man page (parseManPage hands the page to it). */
  manPage?: boolean;
}

// net-snmp's "  -h, --help\t\tdisplay ...": a run of tabs before the description; a value
// glued on ("-c<n>   : cycle", "-g[f]<h,w>"), a lone " - " between head and text ("-a - text").
const TABLE_ROW = /^[ \t]+-([A-Za-z0-9])(?:, --[\w-]+|\/-[A-Za-z0-9])*(?:<[^<>\s]+>|\[[^[\]\s]+\])*(?: [^\s,]+)?(?:\t+| {2,}| - )\S/;

/**
 * An option table under the usage line that lists letters the usage line does not show: bzip3's
 * usage shows -e/-z/-d/-t/-c/-h/-V and its table -f, -k, -v and -B too; fpsync's "[-p]
 * [OPTIONS...]" stands for a table of fifteen. The usage line is a summary there, not the one
 * source of the options, so the getopt reader, which reads the table and the usage, reads the text.
 */
function tableListsMore(t: string): boolean {
  const lines = t.split("\n");
  // The usage line and its indented continuation lines, up to the first table row: a table
  // printed right under the usage, with no blank line between, is no part of it (graphviz's).
  const usage: string[] = [];
  lines.forEach((l, i) => {
    if (!/^\s*usage:/i.test(l)) return;
    usage.push(l);
    for (let k = i + 1; k < lines.length && /^[ \t]+\S/.test(lines[k]!) && !TABLE_ROW.test(lines[k]!); k++) usage.push(lines[k]!);
  });
  const shown = new Set(usage.flatMap((l) => [...l.matchAll(/(?<![\w-])-([A-Za-z0-9]+)/g)]).flatMap((m) => [...m[1]!]));
  const rows = lines.map((l) => TABLE_ROW.exec(l)).filter((m) => m !== null);
  return rows.length >= 3 && rows.filter((m) => !shown.has(m[1]!)).length >= 2;
}

// Order matters: the first detector that claims a text wins, so the most specific banners come first.
export const NON_GETOPT_STYLES: StyleEntry[] = [
  { style: "busybox", detect: isBusybox, parse: parseBusybox },
  { style: "git", detect: (t) => /^usage: git [\w-]+/m.test(t) || (isManPage(t) && /^GIT[\w-]*\(1\)\s+Git Manual/m.test(t)), parse: parseGit },
  { style: "openssl", detect: (t) => /^ -help\s+Display this summary/m.test(t), parse: parseOpenssl },
  {
    style: "find",
    // Its --help, or its man page (a SYNOPSIS form ending in "[expression]", TESTS and ACTIONS sections).
    detect: (t) =>
      (/^Usage: \S*find .*\[expression\]/m.test(t) && /^(Tests|Actions)\b.*:\s*$/m.test(t)) ||
      (/^SYNOPSIS\s*\n\s+\S*find (\[-\w+\] )+[^\n]*\n?\s*(.*\s)?\[expression\]/m.test(t) && /^ {0,3}TESTS\s*$/m.test(t) && /^ {0,3}ACTIONS\s*$/m.test(t)),
    parse: parseFind,
    manPage: true,
  },
  { style: "tar", detect: (t) => /^Usage: \S*tar \[OPTION\.\.\.\]/m.test(t) && /-x, --extract/.test(t), parse: parseTar },
  { style: "dd", detect: (t) => /^Usage: \S*dd \[OPERAND\]/m.test(t), parse: parseDd },
  { style: "curl", detect: (t) => /^Usage: curl \[options\.\.\.\] <url>/m.test(t), parse: parseCurl },
  // BSD/macOS: a usage line with a bracketed flag cluster and no long options anywhere. Not
  // a usage line that stands for its options with "[-opts]" above an option table (unzip):
  // the table, not the usage line, says which options exist there.
  {
    style: "bsd",
    detect: (t) =>
      /^\s*usage: [\w./-]+ \[-[A-Za-z0-9]/im.test(t) &&
      !/^\s+--[a-z]/m.test(t) &&
      // argparse's own line and its subparsers' "{add,rm,...}": a small argparse program with
      // subcommands ("usage: gita [-h] [-v] {add,rm,...} ...") is argparse's.
      !(/^\s+-h, --help\s+show this help message and exit/m.test(t) && /^usage: [^\n]*(\n {2,}[^\n]*)*\{[\w-]+,/m.test(t)) &&
      !/^\s+-[a-z]{2,}\s+\S/m.test(t) &&
      // ICU's tools write their table as "-v or --verbose   text".
      !(
        /^\s*usage: [\w./-]+ .*\[-(opts|options|flags|switches)\b/im.test(t) && (t.match(/^\s+-[A-Za-z0-9@?](\s{2,}\S| or --?[A-Za-z?])/gm)?.length ?? 0) >= 3
      ) &&
      !tableListsMore(t),
    parse: parseBsd,
  },
];

/** The registered parser for a style, if any. */
export function styleParser(style: HelpStyle): StyleParse | undefined {
  return NON_GETOPT_STYLES.find((s) => s.style === style)?.parse;
}

/** The registered parser for a man page a style's detector claims, if any (find's page). */
export function manPageParser(text: string): StyleParse | undefined {
  const s = NON_GETOPT_STYLES.find((x) => x.manPage && x.detect?.(text));
  return s?.parse;
}

/** A style claimed by a registered detector, checked before the scoring detectors. */
export function claimedStyle(text: string): HelpStyle | undefined {
  return NON_GETOPT_STYLES.find((s) => s.detect?.(text))?.style;
}

// Each scoring detector says how much the text looks like its style; the best score of at
// least 3 wins, otherwise the text is "generic".
export interface StyleDetector {
  style: HelpStyle;
  score(text: string): number;
}

const count = (text: string, re: RegExp): number => (re.test(text) ? 1 : 0);

export const DETECTORS: StyleDetector[] = [
  {
    style: "gnu",
    score: (t) =>
      3 * count(t, /^Usage: \S+ (\[OPTION\]|\[OPTIONS?\]\.\.\.)/m) +
      3 * count(t, /--help\s+display this help and exit/) +
      3 * count(t, /Mandatory arguments to long options are mandatory/) +
      count(t, /^\s+(-\w, )?--[\w-]+=[A-Z]/m) +
      count(t, /--[\w-]+\[=[A-Z]+\]/) +
      count(t, /GNU|coreutils/),
  },
  {
    style: "cobra",
    score: (t) =>
      3 * count(t, /^Flags:\s*$/m) +
      3 * count(t, /^Available Commands:\s*$/m) +
      3 * count(t, /^Global Flags:\s*$/m) +
      3 * count(t, /Use "[^"]+ \[command\] --help"/) +
      2 * count(t, /^\s+(-\w, )?--[\w-]+ (string|int|duration|strings|stringArray|uint|float\d+|int\d+)\s{2,}/m) +
      2 * count(t, /^\s+-h, --help\s+help for \S+/m),
  },
  {
    style: "argparse",
    // argparse always prints "usage: " in lower case; an "options:" heading alone is anyone's
    // (ICU's genbrk: "Usage: genbrk ... options:" lists -x or --long pairs argparse never prints).
    score: (t) =>
      !/^usage: /m.test(t)
        ? 0
        : 2 * count(t, /^usage: /m) +
          3 * count(t, /^(options|optional arguments|positional arguments):\s*$/m) +
          count(t, /^usage: \S+ \[-h\]/m) +
          count(t, /^\s+-h, --help\s+show this help message and exit/m),
  },
  {
    style: "click",
    score: (t) =>
      count(t, /^Usage: \S+.* \[OPTIONS\]/m) +
      3 * count(t, /^\s+(-\w, )?--[\w-]+ \/ (-\w, )?--[\w-]+/m) +
      4 * count(t, /^\s+--help\s+Show this message and exit\./m),
  },
  {
    style: "clap",
    score: (t) =>
      2 * count(t, /^USAGE:\s*$/m) +
      2 * count(t, /^(ARGS|FLAGS|OPTIONS|SUBCOMMANDS):\s*$/m) +
      2 * count(t, /^Arguments:\s*$/m) +
      3 * count(t, /^\s+-h, --help\s+Print help( information)?/m) +
      2 * count(t, /\[possible values: /) +
      count(t, /^\s+(-\w, )?--[\w-]+ <[\w-]+>/m) +
      2 * count(t, /^\s+-V, --version\s+Print version( information)?/m),
  },
];

export function detectStyle(text: string): HelpStyle {
  let best: HelpStyle = "generic";
  let bestScore = 2;
  for (const d of DETECTORS) {
    const s = d.score(text);
    if (s > bestScore) {
      best = d.style;
      bestScore = s;
    }
  }
  return best;
}
