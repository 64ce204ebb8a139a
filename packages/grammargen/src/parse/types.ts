// Value types from metavars ("SIZE", "<FILE>", "{a,b}", "[a|b]", cobra "duration") and from
// descriptions ("[possible values: a, b]", "WHEN is 'always', 'never', or 'auto'").
import type { ValueType } from "../ir.js";

const INTEGER =
  /^(N|NUM|NUMBER_OF_\w+|INT|INTEGER|INTEGER_RANGE|COUNT|LINES|COLS|COLUMNS|WIDTH|HEIGHT|DEPTH|LEVEL|PORT|PID|UID|GID|LIMIT|MAX|MIN|JOBS|THREADS|TABSIZE|TABS|CHARS|FIELDS|NLINES|RETRIES|TRIES|NUM_\w+|\w+_NUM|\w+_COUNT|MAX_\w+|INDENT|UINT|UINT\d+|INT\d+|SEED|DIGITS|PRECISION|WARMUP|RUNS|SIGNAL_NUMBER|ITERATIONS|LEN|LENGTH|MAXDEPTH|MINDEPTH|COLUMN|TOKENS|(?!REAL)\w{2,}NUM)$/;
const SIZE = /^(SIZE|BYTES|\w+_SIZE|SIZE_\w+|BUFSIZE|BLOCKSIZE)$/;
/** A description of an amount of data, whose number takes a multiplier suffix (200k, 1M). */
const DATA_AMOUNT = /\b(?:download|upload|transfer)(?:ing)? (?:rate|speed)\b|\bbandwidth\b|\bquota\b|\bin bytes\b/i;
const NUMBER = /^(FLOAT|FLOAT_RANGE|FLOAT\d+|NUMBER|DOUBLE|DECIMAL|RATIO|SECONDS|SECS|SEC|FACTOR|RATE|PERCENT|SCALE|REALNUM)$/;
const DURATION = /^(DURATION|TIMEOUT|DELAY|INTERVAL|TIME_?LIMIT|WAIT)$/;
// PROGRAM and SCRIPT are not here: awk's [Program] and sed's -e script are program text, and a
// path-typed value is narrowed to file names when decoding is grounded.
const PATH =
  /^(FILE|FILES|FILENAME|FILE_?NAME|DIR|DIRS|DIRECTORY|PATH|PATHS|\w+_?FILE|\w+_DIR|\w+_PATH|FOLDER|DEST|SOURCE|SRC|TARGET|OUTPUT|INPUT|LOGFILE|ARCHIVE|EXECUTABLE|F|FD_OR_FILE|FILEPATH|FILE_OR_DIR)$/;
const URL = /^(URL|URI|\w+_URL|URLS|ENDPOINT|ADDR|ADDRESS|HOST)$/;
const COBRA: Record<string, ValueType> = {
  int: { kind: "integer", signed: "minus" },
  int8: { kind: "integer", signed: "minus" },
  int16: { kind: "integer", signed: "minus" },
  int32: { kind: "integer", signed: "minus" },
  int64: { kind: "integer", signed: "minus" },
  uint: { kind: "integer" },
  uint8: { kind: "integer" },
  uint16: { kind: "integer" },
  uint32: { kind: "integer" },
  uint64: { kind: "integer" },
  count: { kind: "integer" },
  float32: { kind: "number" },
  float64: { kind: "number" },
  duration: { kind: "duration" },
  bytes: { kind: "size" },
  bytesHex: { kind: "word" },
};

/** Cobra's lowercase type words: "string", "strings", "stringArray", "int", "duration", ... */
export const COBRA_TYPES = new Set([
  "string",
  "strings",
  "stringArray",
  "stringSlice",
  "stringToString",
  "bool",
  "bools",
  "ints",
  "uints",
  "durationSlice",
  "ip",
  "ipSlice",
  "ipNet",
  "ipMask",
  ...Object.keys(COBRA),
]);

function cleanChoice(c: string): string {
  return c
    .trim()
    .replace(/^['"`]|['"`]$/g, "")
    .trim();
}

const isChoiceWord = (c: string): boolean => /^[\w.+:@/-]+$/.test(c) && c.length <= 40;

/** Choices spelled in the metavar itself: {a,b}, [a|b], a|b, (a|b). */
function metavarChoices(m: string, operand = false): string[] | undefined {
  let x = m.trim();
  // <date|dur> names alternative placeholders, not values.
  if (x.startsWith("<")) return undefined;
  const wrapped = /^[[{(<](.*)[\]})>]$/.exec(x);
  if (wrapped) x = wrapped[1]!;
  const sep = x.includes("|") ? "|" : wrapped && m.trim().startsWith("{") && x.includes(",") ? "," : undefined;
  if (!sep) return undefined;
  const choices = x.split(sep).map(cleanChoice);
  // gcov's "SOURCE|OBJ...": alternative placeholders, not the words to type (PEM|DER are).
  // A usage line's "file|dir ...", "uri|path" and "[FILE|URL|-]" name placeholders in any case,
  // with "-" for standard input among them; Samba's "BINDING-STRING|HOST" too.
  const placeholder = (c: string) => PLACEHOLDER_WORD.test(c) || (operand && (/^[A-Z][A-Z0-9_-]*[A-Z0-9_]$/.test(c) || PLACEHOLDER_WORD.test(c.toUpperCase())));
  if (choices.every((c) => placeholder(c) || (operand && c === "-")) && choices.some(placeholder)) return undefined;
  // sockstat's "-U uid|user", mmdebstrap's "--keyring=file|directory": placeholders in lower
  // case, each a different one ("N|n" may be a letter to type in either case).
  if (choices.every((c) => PLACEHOLDER_WORD.test(c.toUpperCase())) && new Set(choices.map((c) => c.toUpperCase())).size === choices.length) return undefined;
  // mmcli's "[CAPABILITY1|CAPABILITY2...]" and "[PATH|INDEX]": numbered or known placeholders in
  // capitals, or a list of them, name what to give ("DER|PEM" are the words to type).
  if (choices.some((c) => /(\.\.\.|…)$/.test(c)) && choices.every((c) => /^[A-Z][A-Z0-9_-]*(\.\.\.|…)?$/.test(c))) return undefined;
  if (
    choices.every((c) => /^[A-Z][A-Z0-9_-]*$/.test(c)) &&
    choices.some((c) => c.length > 1 && PLACEHOLDER_WORD.test(c)) &&
    !choices.some((c) => FORMAT_WORD.test(c))
  )
    return undefined;
  // docker's "self|NODE": a word to type or a capitalised placeholder beside it, so any value.
  // An option's "PATH|INDEX|any" too, where a capitalised word is a known placeholder (mmcli's
  // "--modem=[PATH|INDEX|UID|any]"): "DER|PEM" stay the words to type.
  if (
    (operand || choices.some((c) => PLACEHOLDER_WORD.test(c))) &&
    choices.some((c) => /^[A-Z][A-Z0-9_-]*[A-Z0-9_]$/.test(c)) &&
    choices.some((c) => /^[a-z]/.test(c))
  )
    return undefined;
  return choices.length >= 2 && choices.every(isChoiceWord) ? choices : undefined;
}

/** Capitalised words a choice list spells to be typed as they are: "--format=TEXT|JSON". */
const FORMAT_WORD = /^(JSON|XML|YAML|CSV|HTML|TEXT|RAW|PEM|DER|NONE|ALL|ANY|AUTO)$/;

const PLACEHOLDER_WORD =
  /^(FILE|FILES|FILENAME|DIR|DIRECTORY|PATH|NAME|SOURCE|SRC|OBJ|OBJECT|DEST|DST|TARGET|URL|URI|HOST|HOSTNAME|ADDR|ADDRESS|PID|UID|GID|UUID|USER|GROUP|ID|NUM|NUMBER|N|STRING|STR|ARG|PATTERN|EXPR|EXPRESSION|COMMAND|CMD|PROGRAM|DEVICE|DEV|IMAGE|ARCHIVE|PACKAGE|PKG|MODULE|KEY|VALUE|TEXT|WORD)$/;

/**
 * A word that names a placeholder in any case: "file", "DIR", or a name ending in a file-system
 * noun ("cfgfile", "cfgdir", "logpath"), or starting with one ("fileprefix", "dirname").
 * HAProxy's "-f <cfgfile|cfgdir>" names two placeholders.
 */
export const isPlaceholderName = (c: string): boolean => PLACEHOLDER_WORD.test(c.toUpperCase()) || /[a-z](file|dir|path)$|^(file|dir|path)[a-z]/i.test(c);

function listOf(text: string): string[] {
  return text
    .replace(/\band\b|\bor\b/g, ",")
    .split(/[,|]/)
    .map(cleanChoice)
    .filter((c) => c !== "");
}

/** Choices spelled in a description. */
export function descriptionChoices(description: string): string[] | undefined {
  // xz's "possible values are `auto' (default), `xz', `lzma'": a remark on one choice is no end of the list.
  const desc = description.replace(/(['"`][\w.+:@/-]+['"`])\s*\((?:the )?default\)/gi, "$1");
  const patterns = [
    /\[(?:possible|allowed) values?: ([^\]]+)\]/i,
    // yargs's "[choices: "a", "b"]", commander's "(choices: "a", "b")".
    /\[choices: ([^\]]+)\]|\(choices: ([^)]+)\)/i,
    /\b(?:one of|must be one of|possible values are|valid values are|allowed values are|can be one of|choose from)[:\s]+\(?([^)\n.;]+(?:\.[\w-]+[^)\n.;]*)*)\)?/i,
    /(?:^|\s)\{([\w.+-]+(?:,[\w.+-]+)+)\}(?=$|[\s.,;)])/,
    // supervisord's "use LEVEL as log level (debug,info,warn,error,critical)": three or more
    // lower-case words in parentheses, joined by commas alone; not examples of a list value
    // (s3cmd's "comma delimited extensions i.e. (css,js,html)").
    /^(?![\s\S]*\bcomma)(?:(?!\b(?:i\.e\.|e\.g\.|such as|like|for example)\s*\()[\s\S])*?\(([a-z][\w-]*(?:,[a-z][\w-]*){2,})\)/i,
  ];
  for (const p of patterns) {
    const m = p.exec(desc);
    if (!m) continue;
    const choices = listOf((m[1] ?? m[2]!).replace(/\s*\([^)]*\)/g, "")).map((c) => c.replace(/[.:]$/, ""));
    // "+date-time-format" names a family of values, so the set is open.
    if (choices.some((c) => /^[+<]|format$/.test(c))) return undefined;
    if (choices.length >= 2 && choices.every(isChoiceWord)) return [...new Set(choices)];
  }
  return undefined;
}

/** Strips decoration from a metavar: "<FILE>" -> FILE, "[-]NUM" -> NUM. */
export function bareMetavar(m: string): string {
  return m
    .replace(/^\[[-+]+\]/, "")
    .replace(/\.\.\.$/, "")
    .replace(/[<>[\]{}]/g, "")
    .replace(/^[-+]/, "")
    .trim();
}

export function signOf(m: string): "minus" | "plusminus" | undefined {
  if (/^\[(\+-|-\+)\]/.test(m) || /^\[\+\]/.test(m)) return "plusminus";
  if (/^\[-\]/.test(m)) return "minus";
  return undefined;
}

/**
 * Whether a description lets an integer value be negative: it says so ("May be negative",
 * "negative N will left-align"), or calls the value an integer, a word that takes in the
 * negative ones ("add integer N to the niceness"), without bounding it (positive, unsigned).
 */
export function mayBeNegative(description: string): boolean {
  if (/\b(?<!non-?)negative\b/i.test(description) && !/\b(?:not|never|cannot) be negative\b/i.test(description)) return true;
  return /\binteger\b/i.test(description) && !/\b(?:positive|non-?negative|unsigned|natural|zero or (?:more|greater))\b|\[\s*\d/i.test(description);
}

export interface TypeHints {
  description: string;
  style: string;
  /** The whole help text, for sentences that explain a placeholder elsewhere (GNU WHEN). */
  text?: string;
  /** Per-text memo of whole-text lookups, keyed by metavar: one scan per placeholder, not per option. */
  memo?: Map<string, { choices?: string[]; multiplier: boolean }>;
  /**
   * The metavar names an operand of the usage line, where capitals stand for placeholders
   * (systemd-mount's WHAT|WHERE), not values as an option's may (openssl's -inform PEM|DER).
   */
  operand?: boolean;
}

/** util-linux's "<num> arguments may be followed by the suffixes for GiB, TiB, ..." (also "<size> and <offset> arguments"). */
function suffixedPlaceholders(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(
    /((?:<[\w-]+>(?:,?\s+(?:and|or)\s+|,\s*)?)+)\s+arguments?\s+may\s+be\s+followed\s+by\s+(?:the\s+)?(?:multiplicative\s+)?suffix/gi,
  ))
    for (const p of m[1]!.matchAll(/<([\w-]+)>/g)) out.add(p[1]!.toLowerCase());
  return out;
}

function textFacts(word: string, hints: TypeHints): { choices?: string[]; multiplier: boolean } {
  const hit = hints.memo?.get(word);
  if (hit) return hit;
  const text = hints.text ?? "";
  const facts = {
    choices: text ? placeholderChoices(word, text) : undefined,
    multiplier:
      !!text &&
      ((/^[A-Z]+$/.test(word) &&
        new RegExp(`\\b${word} may have a (multiplier )?suffix|\\b${word} (?:may|can) (?:have|be followed by) (?:a|an optional) (?:multiplier|unit|size)`).test(
          text,
        )) ||
        suffixedPlaceholders(text).has(word.toLowerCase())),
  };
  hints.memo?.set(word, facts);
  return facts;
}

/**
 * Finds "WHEN is 'always', 'never', or 'auto'" style sentences: the placeholder, a verb that
 * fixes its values, then two or more quoted words, all before the sentence or entry ends.
 * Sentences that give examples ("like 'PIPE'", "a suffix: 's' for seconds") are not closed sets.
 */
export function placeholderChoices(metavar: string, text: string): string[] | undefined {
  if (!/^[A-Z][A-Z_]{1,}$/.test(metavar) || /^(FILE|DIR|PATH|SIZE|NUM|N|WORD|STRING|PATTERN)$/.test(metavar)) return undefined;
  const re = new RegExp(`\\b${metavar}\\b`, "g");
  for (const m of text.matchAll(re)) {
    const after = text.slice(m.index!, m.index! + 400);
    const end = after.search(/\.\s|\n\s*\n|\n\s*-|;\s*\n\s*[A-Z]+ (?!is)/);
    const window = end >= 0 ? after.slice(0, end) : after;
    if (!/\b(is|are|can (also )?be|may be|must be|defaults? to|one of|either|determines)\b|^\w+=['"‘]/.test(window)) continue;
    if (/\b(like|such as|e\.g|example|suffix|number|format|pattern)\b/i.test(window)) continue;
    const quoted = [...window.matchAll(/'([\w.+-]+)'|"([\w.+-]+)"|‘([\w.+-]+)’|`([\w.+-]+)'/g)].map((q) => q[1] ?? q[2] ?? q[3] ?? q[4]!);
    if (quoted.length >= 2) return [...new Set(quoted)];
  }
  // "MODE determines behavior ...:" then one indented "word   description" line per value (tee).
  const block = new RegExp(`^${metavar}\\b[^\\n]*:[ \\t]*\\n((?:[ \\t]+[a-z][\\w-]*[ \\t]{2,}\\S[^\\n]*\\n(?:[ \\t]{8,}\\S[^\\n]*\\n)*){2,})`, "m").exec(text);
  // "TYPE is made up of one or more of these" (od) lists parts of a value, not whole values.
  if (block && !/one or more|made up|combination|any of|followed by/i.test(block[0].split("\n")[0]!))
    return [...block[1]!.matchAll(/^[ \t]+([a-z][\w-]*)[ \t]{2,}/gm)].map((x) => x[1]!).filter((w, i, a) => a.indexOf(w) === i);
  return undefined;
}

const GENERIC_PLACEHOLDER = /^(WORD|STYLE|TYPE|MODE|FORMAT|KIND|METHOD|WHEN|ALGO|ALGORITHM|POLICY|LEVEL_NAME|SORT|ORDER|ACTION|STRATEGY|SCHEME)$/;

/** "sort by WORD instead of name: none (-U), size (-S), time (-t)" and "across -x, commas -m, long -l". */
function placeholderList(metavar: string, desc: string): string[] | undefined {
  if (!GENERIC_PLACEHOLDER.test(metavar)) return undefined;
  const item = String.raw`[a-z][\w-]*(?: \([^)]*\)| -{1,2}[\w-]+)?`;
  const colon = (desc.match(/:/g) ?? []).length !== 1 ? null : new RegExp(String.raw`:\s*(${item}(?:,\s*${item}){2,})\s*(?:$|[.;(])`).exec(desc);
  if (colon) return colon[1]!.split(/,\s*/).map((c) => c.replace(/ (\(.*|-.*)$/, ""));
  const paren = /\(([a-z][\w-]*(?:,\s*(?:or\s+)?[a-z][\w-]*)+)\)\s*\.?$/.exec(desc.trim());
  if (paren) return paren[1]!.split(/,\s*(?:or\s+)?/);
  const pairs = /^((?:[a-z][\w-]* -{1,2}[\w-]+,?\s*){3,})$/.exec(desc.trim());
  if (pairs)
    return [
      ...new Set(
        pairs[1]!
          .split(/,\s*/)
          .map((c) => c.split(" ")[0]!)
          .filter(Boolean),
      ),
    ];
  return undefined;
}

/** "cpu_list is a list of ...", "ids are comma-separated numbers": the description defines `word` as a placeholder. */
function definedAsPlaceholder(word: string, description: string): boolean {
  // Lower case only: "ALL is ..." or "JSON is ..." talk about a word to type.
  if (!/^[a-z][\w-]*$/.test(word)) return false;
  return new RegExp(
    `(?:^|[\\s(])${word} (?:is|are) (?:(?:a|an) )?(?:[\\w-]+ ){0,2}(?:list|number|numbers|string|name|path|file|range|integer|identifier)s?\\b`,
  ).test(description);
}

export function inferType(metavar: string, hints: TypeHints): ValueType {
  const m = metavar.trim();
  // sleep's "NUMBER[SUFFIX]" where "SUFFIX may be 's' for seconds ... 'd' for days": a duration.
  if (/^\w+\[SUFFIX\]$/.test(m) && /'s' for seconds/.test(`${hints.text ?? ""} ${hints.description}`)) return { kind: "duration" };
  const choices = metavarChoices(m, hints.operand) ?? descriptionChoices(hints.description) ?? placeholderList(bareMetavar(m), hints.description);
  // sysstat's "-P { cpu_list | ALL }" with "cpu_list is a list of comma-separated values": a
  // choice the description defines is a placeholder beside the words to type, so any value.
  if (choices?.some((c) => definedAsPlaceholder(c, hints.description))) return { kind: "word" };
  if (choices) return { kind: "enum", choices };
  if (Object.hasOwn(COBRA, m)) return COBRA[m]!;
  // procps' "SECS[.TENTHS]": a whole number with an optional fraction is a number.
  const fraction = /^(\w+)\[\.\w+\]$/.exec(m);
  if (fraction && ["integer", "number"].includes(inferType(fraction[1]!, { ...hints, text: undefined }).kind)) return { kind: "number" };
  // An upper-case BOOL is C programs' (systemd's parse_boolean takes yes/no/on/off/1/0 as
  // well); Go's bool and an explicit true|false are only those two.
  if (/^(BOOL|BOOLEAN)$/.test(m)) return { kind: "enum", choices: ["true", "false", "yes", "no", "on", "off", "1", "0"] };
  if (/^(true\|false|bool)$/.test(m)) return { kind: "enum", choices: ["true", "false"] };
  const bare = bareMetavar(m)
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
  const sign = signOf(m);
  // sysctl's "variable[=value]": the "=value" may be left off, so the word need not hold one;
  // go's "'[pattern=]arg list'": nor the "key=" before it.
  if (bare.includes("=")) return /\[=[^\]]*\]$/.test(m) || /\[[\w.-]+=\]/.test(m) ? { kind: "word" } : { kind: "keyvalue" };
  const word = bareMetavar(m);
  const facts = hints.text ? textFacts(word, hints) : { multiplier: false };
  // procps' "set mem as: k,m,g,t,p for SCALE": the values, then the placeholder they are for.
  const listedFor = /^[A-Z][A-Z_]+$/.test(word) ? new RegExp(`:\\s*([\\w+-]+(?:,[\\w+-]+){2,}) for ${word}\\b`).exec(hints.description) : null;
  if (listedFor) return { kind: "enum", choices: listedFor[1]!.split(",") };
  if (hints.text) {
    const c = placeholderChoices(word, hints.description) ?? facts.choices;
    if (c) return { kind: "enum", choices: c };
  }
  const multiplier =
    /multiplier suffix|suffixes? (?:like|such as|may be)|K,\s*M,\s*G|KB?,\s*MB?|\b\d+[KMG]\b|size suffix|suffix(?:es)? ["'][kKMGT]["']/i.test(
      hints.description,
    ) || facts.multiplier;
  if (INTEGER.test(bare)) {
    if (multiplier) return { kind: "size" };
    // "<UID>  effective user id or name" (ps -u root): a number or a name.
    if (/\b(id or (?:a )?name|name or (?:an? )?(?:numeric )?id)\b/i.test(hints.description)) return { kind: "word" };
    // csvkit's "-c COLUMNS  A comma-separated list of column indices, names or ranges" (1,id,3-5):
    // numbers joined into a list, or names in their place, are no one integer.
    // aria2c's "--listen-port=PORT...  Multiple ports can be specified by using ',' ... use '-'
    // to specify a range" (7000-7001,8000).
    if (
      /\bcomma[- ]separated\b|\b(?:indices|indexes|numbers),? (?:or )?names\b|\bnames,? (?:or )?(?:indices|indexes|numbers)\b/i.test(hints.description) ||
      /\bmultiple \w+ (?:can|may) be (?:specified|given)\b|\bto specify a range\b/i.test(hints.description)
    )
      return { kind: "word" };
    if (/\bseconds\b/i.test(hints.description)) return { kind: "number" };
    // renice's "-n <num>  specify the nice value", nice's "add integer N to the niceness": an
    // increment goes either way and is written with its sign (+5, -5).
    // Not one bounded from 0 (espeak's "Pitch adjustment, 0 to 99").
    if (!sign && /\b(?:increment|adjustment|niceness|nice value)\b/i.test(hints.description) && !/\b0\s*(?:to|-|\.\.)\s*\d/.test(hints.description))
      return { kind: "integer", signed: "plusminus" };
    return sign ? { kind: "integer", signed: sign } : mayBeNegative(hints.description) ? { kind: "integer", signed: "minus" } : { kind: "integer" };
  }
  if (SIZE.test(bare)) return { kind: "size" };
  if (DURATION.test(bare)) return { kind: "duration" };
  // pg_basebackup's "-r, --max-rate=RATE  ... (in kB/s, or use suffix "k" or "M")": a size. So is
  // an amount of data: wget's "--limit-rate=RATE  limit download rate to RATE" (200k), "--quota=NUMBER
  // set retrieval quota", rsync's "--bwlimit=RATE  limit socket I/O bandwidth".
  if (NUMBER.test(bare)) return multiplier || DATA_AMOUNT.test(hints.description) ? { kind: "size" } : { kind: "number" };
  if (URL.test(bare)) return { kind: "url" };
  if (PATH.test(bare)) return { kind: "path" };
  return { kind: "word" };
}

/** Whether the text says the operand `name` may be a range ("Port numbers can be individual or ranges"). */
export function rangesSaid(text: string, name: string): boolean {
  const bare = name.replace(/^<|>$/g, "");
  if (!/^[A-Za-z][\w-]*$/.test(bare)) return false;
  return new RegExp(`\\b${bare}(?:s| numbers?)?\\s+(?:can|may)\\s+(?:also\\s+)?be\\s+[^.\\n]*\\branges?\\b`, "i").test(text);
}
