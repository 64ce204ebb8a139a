// Shared pieces for the non-getopt help styles: reading one option "head" such as
// `-F, --file <file>`, `--[no-]status`, `-S[<keyid>]` or `--decorate[=short|full]`, typing
// a metavar, and merging options that a help text mentions more than once.
import type { Arity, HelpStyle, OptionSpec, PositionalSpec, Span, ValueType, CommandSpec } from "../ir.js";
import { isPlaceholderName } from "./types.js";

/** Positional "many" becomes this cap, so grammars stay bounded. */
export const MANY = 16;

export interface Spelling {
  kind: "short" | "long" | "dashLong";
  name: string;
  arity: Arity;
  metavar?: string;
  negatable?: boolean;
  repeatable?: boolean;
}

/** Words that name a file or directory in metavars. */
const PATHY =
  /(^|[_-])(file|files|path|dir|directory|infile|outfile|filename|configfile|socket|archive|tarfile|folder|ctl_path|batchfile|keyfile|certfile)s?$|^file|^path|^dir/i;
const NUMERIC =
  /^(n|num|number|int|integer|count|level|levels|lines|bytes|seconds|secs|sec|port|ttl|minttl|length|interval|timeout|limit|cols|octets|width|depth|bits|numbits|\+int|nonneg|intmax|uintmax|uint|long|ulong|pid|size_in_kb|columns|max|min|rtable|jobs|n_lines|num_requests|buffer_size|life|recvlimit)$/i;

/** Chooses a value type from a metavar (and its option's description as a hint). */
export function typeFromMetavar(metavar: string | undefined, description = ""): ValueType {
  if (!metavar) return { kind: "word" };
  const m = metavar
    .replace(/^[<[{(]+|[>\]})]+$/g, "")
    .replace(/\.\.\.$/, "")
    .trim();
  // Choices written in the metavar itself: PEM|DER, {always,never}, short|full|auto|no.
  const choiceText = metavar.replace(/^[<[{(=]+|[>\]})]+$/g, "");
  // "<cfgfile|cfgdir>": alternative placeholders in angle brackets, not the words to type.
  if (metavar.startsWith("<") && choiceText.includes("|") && choiceText.split("|").every(isPlaceholderName))
    return PATHY.test(m) ? { kind: "path" } : { kind: "word" };
  // sockstat's "[-U uid|user]": placeholders without brackets, each a different one ("N|n" may
  // be a letter to type in either case).
  const alts = choiceText.split("|");
  if (alts.length > 1 && alts.every((a) => /^[A-Za-z]+$/.test(a) && isPlaceholderName(a)) && new Set(alts.map((a) => a.toUpperCase())).size === alts.length)
    return { kind: "word" };
  if (/^[A-Za-z0-9_.+-]+(\|[A-Za-z0-9_.+-]+)+$/.test(choiceText) && !/^[a-z_]+\|[a-z_]+$/.test(choiceText)) {
    return { kind: "enum", choices: choiceText.split("|") };
  }
  if (/^\{[A-Za-z0-9_.,+-]+\}$/.test(metavar.replace(/^\[?=?|\]$/g, ""))) {
    return { kind: "enum", choices: metavar.replace(/^\[?=?\{|\}\]?$/g, "").split(",") };
  }
  if (/^[a-z]+(\|[a-z]+)+$/.test(choiceText)) return { kind: "enum", choices: choiceText.split("|") };
  if (/^(url|uri)$/i.test(m) || /url$/i.test(m)) return { kind: "url" };
  if (m === "+int" || /^(nonneg|uintmax|uint|ulong)$/.test(m)) return { kind: "integer" };
  if (/^(int|intmax|long)$/.test(m)) return { kind: "integer", signed: "minus" };
  if (/^(size|bytes)$/i.test(m)) return { kind: "size" };
  if (NUMERIC.test(m)) return { kind: "integer" };
  if (/^(seconds|fractional seconds)$/i.test(m)) return { kind: "number" };
  if (PATHY.test(m)) return { kind: "path" };
  void description;
  return { kind: "word" };
}

/** Splits `-a, --all` / `-L<a>,<b>:<f>, -L:<fn>:<f>` into spellings at commas that precede a dash. */
export function splitHead(head: string): string[] {
  // "-q --quiet", "-W --wait-delay secs": a long spelling after a space is the next spelling
  // too, as after a comma; no value starts with "--" and a letter.
  return head
    .split(/,\s*(?=-)|\s+(?=--[A-Za-z])/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * Reads one spelling: `--name`, `--name=META`, `--name[=META]`, `--name META`, `--[no-]name`,
 * `-x`, `-x META`, `-xMETA`, `-x[META]`, or (dashLong) `-name META`. Returns undefined for
 * shapes that are not options (e.g. `-<number>`).
 */
export function readSpelling(s: string, dashLongMode = false): Spelling | undefined {
  let m = /^--(\[no-\])?([A-Za-z0-9][\w.-]*)(.*)$/.exec(s);
  if (m) {
    const [, neg, name, rest] = m as unknown as [string, string | undefined, string, string];
    return { kind: "long", name, negatable: !!neg || undefined, ...valuePart(rest.trim(), true) };
  }
  m = /^-([A-Za-z0-9?@#])(.*)$/.exec(s);
  if (m && !dashLongMode) {
    const [, name, rest] = m as unknown as [string, string, string];
    if (rest && !/^[\s<[=]/.test(rest) && /^[a-z]/.test(rest)) {
      // `-name` written with one dash: only meaningful in dashLong styles.
      return undefined;
    }
    return { kind: "short", name, ...valuePart(rest, false) };
  }
  m = /^-([A-Za-z0-9][\w.+-]*)(.*)$/.exec(s);
  if (m && dashLongMode) {
    const [, name, rest] = m as unknown as [string, string, string];
    return { kind: "dashLong", name, ...valuePart(rest.trim(), true) };
  }
  return undefined;
}

function valuePart(rest: string, long: boolean): { arity: Arity; metavar?: string; repeatable?: boolean } {
  let r = rest.trim();
  let repeatable: boolean | undefined;
  if (r.endsWith("...") && !/\[.*\.\.\.\]$/.test(r)) {
    repeatable = true;
    r = r.slice(0, -3).trim();
  }
  // tput's "-S <<": a redirection the option reads from, shown beside it, is no value.
  if (!r || /^[<>|]+$/.test(r)) return { arity: "none", ...(repeatable ? { repeatable } : {}) };
  if (r.startsWith("[=") || (r.startsWith("[") && r.endsWith("]") && (!long || rest.startsWith("[")))) {
    if (rest.startsWith("[") || r.startsWith("[=")) return { arity: "optional", metavar: r.replace(/^\[=?|\]$/g, "") };
  }
  return { arity: "required", metavar: r.replace(/^=/, "").trim(), ...(repeatable ? { repeatable } : {}) };
}

/** Groups the spellings of one head into options: spellings that share arity and metavar go together. */
export function optionsFromSpellings(spellings: Spelling[], description: string, span?: Span): OptionSpec[] {
  // One head is one option; the metavar written once covers every spelling (-F, --file <file>).
  // A `--no-x` beside a valued `--x[=...]` is its own flag (git's `--no-decorate, --decorate[=...]`).
  const valuedLong = new Set(spellings.filter((x) => x.kind === "long" && x.arity !== "none").map((x) => x.name));
  const negs = spellings.filter((x) => x.kind === "long" && x.arity === "none" && x.name.startsWith("no-") && valuedLong.has(x.name.slice(3)));
  const main = spellings.filter((x) => !negs.includes(x));
  const groups = [main, ...negs.map((n) => [n])].filter((g) => g.length);
  return groups.map((g) => {
    const valued = g.find((x) => x.arity !== "none");
    const arity: Arity = valued ? valued.arity : "none";
    const o: OptionSpec = {
      short: [...new Set(g.filter((x) => x.kind === "short").map((x) => x.name))],
      long: [...new Set(g.filter((x) => x.kind === "long").map((x) => x.name))],
      arity,
      repeatable:
        g.some((x) => x.repeatable) ||
        /multiple times|repeatable|can be repeated|may be repeated|\(repeat|may be given more than once|can be used multiple/i.test(description),
      description,
    };
    const dl = g.filter((x) => x.kind === "dashLong").map((x) => x.name);
    if (dl.length) o.dashLong = dl;
    if (valued) o.value = { type: typeFromMetavar(valued.metavar, description), ...(valued.metavar ? { metavar: valued.metavar } : {}) };
    if (g.some((x) => x.negatable)) o.negatable = true;
    if (span) o.span = span;
    return o;
  });
}

const key = (kind: string, n: string) => `${kind}:${n}`;

/** Merges options that share a spelling (usage line + option table), keeping the richer entry. */
export function mergeOptions(options: OptionSpec[]): OptionSpec[] {
  const out: OptionSpec[] = [];
  const index = new Map<string, OptionSpec>();
  for (const o of options) {
    const keys = [...o.short.map((s) => key("s", s)), ...o.long.map((s) => key("l", s)), ...(o.dashLong ?? []).map((s) => key("d", s))];
    const hit = keys.map((k) => index.get(k)).find(Boolean);
    if (!hit) {
      out.push(o);
      for (const k of keys) index.set(k, o);
      continue;
    }
    for (const s of o.short) if (!hit.short.includes(s)) hit.short.push(s);
    for (const s of o.long) if (!hit.long.includes(s)) hit.long.push(s);
    for (const s of o.dashLong ?? []) if (!(hit.dashLong ??= []).includes(s)) hit.dashLong.push(s);
    if (hit.arity === "none" && o.arity !== "none") {
      hit.arity = o.arity;
      hit.value = o.value;
    }
    if (!hit.description && o.description) hit.description = o.description;
    hit.repeatable ||= o.repeatable;
    if (o.negatable) hit.negatable = true;
    for (const k of keys) index.set(k, hit);
  }
  return out;
}

// Newline offsets of the last text asked about: a parser asks for many spans of one text, and
// counting newlines from the start each time made a long help text cost quadratic time.
let newlinesOf: { text: string; at: number[] } | undefined;

export function spanOf(text: string, start: number, end: number): Span {
  if (newlinesOf?.text !== text) {
    const at: number[] = [];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) at.push(i);
    newlinesOf = { text, at };
  }
  // line = 1 + the number of newlines before `start` (binary search).
  const at = newlinesOf.at;
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return { start, end, line: lo + 1 };
}

/** Line records with their offsets, so parsers can attach spans cheaply. */
export interface Line {
  text: string;
  start: number;
  line: number;
}
export function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  let n = 1;
  for (const t of text.split("\n")) {
    out.push({ text: t.replace(/\r$/, ""), start, line: n++ });
    start += t.length + 1;
  }
  return out;
}
export const lineSpan = (l: Line): Span => ({ start: l.start, end: l.start + l.text.length, line: l.line });

export function emptySpec(path: string[], style: HelpStyle): CommandSpec {
  return { path, aliases: [], style, options: [], positionals: [], subcommands: [] };
}

/** Makes positional names unique and orders optional ones after required ones never (usage order wins). */
export function positional(name: string, min: number, max: number, span?: Span, type?: ValueType): PositionalSpec {
  const clean = name.replace(/^[<[]+|[>\]]+$/g, "").replace(/\.\.\.$/, "");
  const p: PositionalSpec = { name: clean, type: type ?? typeFromMetavar(clean), min, max };
  if (span) p.span = span;
  return p;
}

/**
 * Reads a getopt-style option table: heads indented 1-8 spaces (`  -f, --file=ARCHIVE  desc`,
 * `    -m, --message <message>` with the description on the next line), descriptions that
 * continue on deeper-indented lines. Shared by the git, tar, dd, find and curl readers.
 */
export function readOptionTable(text: string, opts: { headSeparator?: RegExp } = {}): OptionSpec[] {
  const options: OptionSpec[] = [];
  let last: OptionSpec[] = [];
  const head = opts.headSeparator ?? /^ {1,8}(-[^\s].*?)(?:\s{2,}(\S.*))?$/;
  for (const l of linesOf(text)) {
    if (/^\s*(usage|or):/i.test(l.text)) continue;
    const m = head.exec(l.text);
    if (m) {
      const spellings = splitHead(m[1]!)
        .map((s) => readSpelling(s))
        .filter((s): s is Spelling => !!s);
      const made = optionsFromSpellings(spellings, (m[2] ?? "").trim(), lineSpan(l));
      options.push(...made);
      last = made;
      continue;
    }
    if (last.length && /^\s{10,}\S/.test(l.text)) {
      for (const o of last) o.description = `${o.description} ${l.text.trim()}`.trim();
      continue;
    }
    last = [];
  }
  return options;
}
