// Words people use for the same shell intent, folded onto one term at index and query
// time so "erase", "wipe out" and "get rid of" all meet `rm` examples that say "delete".
// Groups are general command-line vocabulary, not tuned to particular queries.
const GROUPS: string[][] = [
  ["delete", "remove", "erase", "wipe", "purge", "rid", "discard", "drop", "unlink", "destroy", "clean", "cleanup"],
  ["show", "display", "print", "output", "view", "dump", "peek", "reveal", "see", "read", "cat"],
  ["list", "enumerate", "ls", "listing"],
  ["find", "locate", "search", "look", "seek", "hunt", "discover"],
  ["count", "number", "tally", "total", "sum", "many", "much"],
  ["copy", "duplicate", "clone", "replicate", "cp"],
  ["move", "relocate", "mv", "shift"],
  ["rename", "renaming"],
  ["compress", "zip", "pack", "shrink", "squash", "gzip"],
  ["extract", "unpack", "decompress", "uncompress", "unzip", "expand", "inflate", "unarchive"],
  ["archive", "tarball", "tar", "bundle"],
  ["concatenate", "glue", "combine", "merge", "append", "join", "stitch"],
  ["split", "chop", "break", "divide", "chunk", "slice", "cut"],
  ["replace", "substitute", "swap", "change", "rewrite", "edit"],
  ["sort", "order", "arrange", "rank"],
  ["unique", "distinct", "dedupe", "deduplicate", "duplicate", "repeated", "repeat"],
  ["first", "top", "beginning", "start", "head", "leading", "initial"],
  ["last", "end", "final", "bottom", "tail", "trailing"],
  ["directory", "folder", "dir", "subfolder", "subdirectory", "tree"],
  ["file", "document"],
  ["size", "big", "large", "bigger", "larger", "huge", "space", "room", "usage"],
  ["empty", "zero", "blank", "void"],
  ["permission", "mode", "access", "executable", "chmod"],
  ["owner", "own", "ownership", "chown"],
  ["create", "make", "new", "generate", "mkdir", "touch"],
  ["link", "symlink", "shortcut", "alias"],
  ["download", "fetch", "grab", "retrieve", "get", "pull"],
  ["upload", "send", "push", "transfer"],
  ["compare", "difference", "differ", "diff", "identical", "same"],
  ["process", "pid", "running", "program", "task", "job"],
  ["kill", "terminate", "stop", "end", "halt", "signal"],
  ["memory", "ram", "mem"],
  ["disk", "drive", "filesystem", "partition", "volume", "storage"],
  ["date", "day", "today", "time", "timestamp", "epoch", "clock", "when"],
  ["modify", "modified", "edited", "changed", "updated", "touched", "mtime"],
  ["hash", "checksum", "digest", "fingerprint"],
  ["encode", "encoding", "convert", "charset", "transcode"],
  ["line", "row", "lines", "rows"],
  ["column", "field", "col"],
  ["word", "term", "token"],
  ["character", "char", "letter", "byte", "length"],
  ["uppercase", "upper", "capital", "capitals", "caps"],
  ["lowercase", "lower"],
  ["wait", "pause", "sleep", "delay"],
  ["limit", "timeout", "deadline", "kill"],
  ["random", "shuffle", "randomly", "pick"],
  ["hex", "hexadecimal", "hexdump", "binary"],
  ["host", "server", "machine", "computer", "remote", "box"],
  ["connect", "login", "ssh", "session"],
  ["sync", "mirror", "synchronize", "rsync", "backup"],
  ["user", "account", "login", "whoami"],
  ["group", "groups", "membership"],
  ["kernel", "os", "system", "release"],
  ["cpu", "core", "processor", "processing"],
  ["port", "listen", "listening", "socket"],
  ["network", "interface", "ip", "address", "route"],
  ["reachable", "ping", "alive", "up"],
  ["environment", "env", "variable", "var"],
  ["path", "absolute", "full", "canonical", "location", "where"],
  ["commit", "commits", "history", "revision"],
  ["branch", "branches"],
  ["json", "object", "array"],
  ["table", "aligned", "align", "tabular", "pretty"],
  ["reverse", "backwards", "invert"],
  ["wrap", "fold", "width"],
  ["numbered", "numbering"],
  ["type", "kind", "mime", "format"],
  ["temporary", "temp", "tmp", "scratch"],
  ["follow", "watch", "monitor", "stream", "streaming", "tail"],
  ["case", "insensitive", "ignore", "ignoring"],
  ["strip", "trim", "remove"],
  ["prime", "factor", "factors"],
  ["human", "readable"],
  ["schedule", "scheduled", "cron", "crontab", "periodic"],
];

// More words for the query side only: the index (and the pool's generator, whose overlap
// fences use the same tokenizer) keeps the groups above, and a query word listed here
// reaches the group's head word and term. An entry may also start a group of its own.
const QUERY_GROUPS: string[][] = [
  ["show", "glance", "contents", "content"],
  ["first", "opening"],
  ["permission", "runnable", "execute"],
  ["compare", "differences", "different"],
  ["line", "entry", "entries"],
  ["newest", "latest", "recent", "recently", "youngest"],
];

/** Every word of every group, for the speller's vocabulary. */
export const SYNONYM_WORDS: string[] = [...GROUPS.flat(), ...QUERY_GROUPS.flat()];

// Phrases whose words mislead one by one: in "files in the directory tree" the word
// "tree" names the shape of a recursive search, not the `tree` program. Query side only.
const PHRASES: [RegExp, string][] = [
  [
    /\b(?:(?:in|under|from|within|throughout|across|below|beneath|of|through)\s+(?:the\s+|this\s+|that\s+|my\s+|whole\s+|entire\s+|current\s+)*)?(?:directory|folder|dir|file)\s+(?:tree|hierarchy)\b/gi,
    "anywhere under",
  ],
  [/\b(?:in|under|from|within|throughout|across|of)\s+(?:the|this|that|my)\s+(?:whole\s+|entire\s+)?tree\b/gi, "anywhere under"],
  [/\b(?:sub-?directories|sub-?folders)\b/gi, "anywhere under"],
];

/** The request with misleading phrases restated in the pool's words. */
export function rewritePhrases(text: string): string {
  let out = text;
  for (const [re, to] of PHRASES) out = out.replace(re, to);
  return out;
}

const MAP = new Map<string, string>();
for (const g of GROUPS) for (const w of g) if (!MAP.has(w)) MAP.set(w, g[0]!);

let queryMap: Map<string, string> | undefined;

/**
 * The group head a query term belongs to, if any (query side only). Terms arrive stemmed
 * ("entries" -> "entry", "opening" -> "open"), so the words are keyed by their stems too.
 */
export function queryHead(term: string, stem: (w: string) => string): string | undefined {
  if (!queryMap) {
    const m = new Map<string, string>();
    const put = (w: string, head: string) => {
      if (!m.has(w)) m.set(w, head);
      if (!m.has(stem(w))) m.set(stem(w), head);
    };
    for (const g of GROUPS) for (const w of g) put(w, g[0]!);
    for (const g of QUERY_GROUPS) for (const w of g) put(w, MAP.get(g[0]!) ?? g[0]!);
    queryMap = m;
  }
  return queryMap.get(term);
}

/** The group's head word for `w`, or `w` itself; applied before stemming. */
export function canonical(w: string): string {
  return MAP.get(w) ?? w;
}
