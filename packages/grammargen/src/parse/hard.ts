// The non-getopt help styles (#3), registered with parseHelp through styles.ts. Order matters:
// the first detector that claims a text wins, so the most specific banners come first.
import { isBusybox, parseBusybox } from "./busybox.js";
import { parseBsd } from "./bsd.js";
import { parseCurl } from "./curl.js";
import { parseDd } from "./dd.js";
import { parseFind } from "./find.js";
import { isManPage, parseGit } from "./git.js";
import { parseOpenssl } from "./openssl.js";
import { parseTar } from "./tar.js";
import type { StyleEntry } from "./styles.js";

export const HARD_STYLES: StyleEntry[] = [
  { style: "busybox", detect: isBusybox, parse: parseBusybox },
  { style: "git", detect: (t) => /^usage: git [\w-]+/m.test(t) || (isManPage(t) && /^GIT[\w-]*\(1\)\s+Git Manual/m.test(t)), parse: parseGit },
  { style: "openssl", detect: (t) => /^ -help\s+Display this summary/m.test(t), parse: parseOpenssl },
  { style: "find", detect: (t) => /^Usage: \S*find .*\[expression\]/m.test(t) && /^(Tests|Actions)\b.*:\s*$/m.test(t), parse: parseFind },
  { style: "tar", detect: (t) => /^Usage: \S*tar \[OPTION\.\.\.\]/m.test(t) && /-x, --extract/.test(t), parse: parseTar },
  { style: "dd", detect: (t) => /^Usage: \S*dd \[OPERAND\]/m.test(t), parse: parseDd },
  { style: "curl", detect: (t) => /^Usage: curl \[options\.\.\.\] <url>/m.test(t), parse: parseCurl },
  // BSD/macOS: a usage line with a bracketed flag cluster and no long options anywhere.
  { style: "bsd", detect: (t) => /^\s*usage: [\w.-]+ \[-[A-Za-z0-9]/im.test(t) && !/^\s+--[a-z]/m.test(t) && !/^\s+-[a-z]{2,}\s+\S/m.test(t), parse: parseBsd },
];
