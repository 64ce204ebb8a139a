// Style detection from the text alone. Each detector scores how much the text looks like its
// style; the best score of at least 3 wins, otherwise the text is "generic".
// To add a style (#3: busybox, openssl, ...): append a detector here, and if the generic
// entry parser cannot read it, register a parser in parse/styles.ts.
import type { HelpStyle } from "../ir.js";

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
    score: (t) =>
      2 * count(t, /^usage: /m) +
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
