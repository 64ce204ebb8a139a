// Usage lines -> positional operands. Handles GNU ("Usage: cp [OPTION]... SOURCE DEST" plus
// "or:" lines), argparse (wrapped, "[PATH ...]", "{a,b} ..."), clap/cobra ("USAGE:" then
// indented lines), angle-bracket names ("<jq filter>") and optional groups ("[[--] <path>...]").
import type { Span } from "../ir.js";
import { headlessUsageLine, isUsageHeading, spanOf, type Line } from "./text.js";
import { isTabbedEntry } from "./command-list.js";
import { isPlaceholderName } from "./types.js";
import { aliasLineNames } from "./own-aliases.js";

export interface UsageOperand {
  name: string;
  min: number;
  max: number;
  choices?: string[];
  /** "{a,b} ..." in argparse: a subparser choice, not an operand. */
  subcommand?: boolean;
  /** "PROG...": the name itself repeats, a list of them ("COMMAND ..." and "COMMAND [ARG]..." do not). */
  listed?: boolean;
  /** "<file|url>": alternative placeholders, never the words to type. */
  placeholders?: boolean;
  /** clap's "<--show-stats|CMD>": the options that stand instead of this operand. */
  suppliedBy?: string[];
  span: Span;
}

export interface Usage {
  alternatives: UsageOperand[][];
  span?: Span;
  /** The program name the usage line used (fd for fdfind), when it differs. */
  programWord?: string;
  /**
   * A subcommand's text that prints its program's usage, whose command placeholder stood for
   * this command (`apt [options] command` for apt list): the text's list of commands is its
   * program's, not this command's.
   */
  programsUsage?: boolean;
  /** "probe info: displays information about a file": forms that each name one of the program's commands and say what it does. */
  commandForms?: string[];
  /** cargo test's "[-- <args>...]": the words after `--` go to another program. */
  passesAfterDashes?: boolean;
}

/** Enough to decide whether a usage token like "-t" consumes the following placeholder. */
export type OptionTakesValue = (spelling: string) => boolean | undefined;

export const MANY = 64;

/**
 * A placeholder in the plural stands for several words: ack's "[FILES OR DIRECTORIES]" (either
 * word), zip's "zipfile list", scamper's "warts-files", jpegoptim's "<filenames>" (a compound),
 * gulp's "tasks" and make-like "targets".
 */
/**
 * An operand written in several words: a plural placeholder, or an expression of words of its
 * own (expr's EXPRESSION: `expr 5 + 3`; tcpdump's "[ expression ]": `port 80`; ss's FILTER), a
 * LIST, or a PIPELINE(-DESCRIPTION) (GStreamer's "src ! filter ! sink").
 */
export const standsForSeveralWords = (name: string): boolean => /^(EXPRESSION|FILTER|LIST|PIPELINE([_-]DESCRIPTION)?)$/i.test(name) || isPluralName(name);

export const isPluralName = (name: string): boolean =>
  name
    .split("|")
    .some((part) =>
      /(?:^|[\s_-]|file|path|host|dir)(files|dirs|paths|args|arguments|names|directories|classes|packages|libraries|modules|urls|hosts|tasks|targets|interfaces|devices|users|pids|ids|items|images|containers|services|units|nodes|jobs|domains)$/i.test(
        part,
      ),
    );

// GLib writes "[OPTION…]", which a C locale prints as "[OPTION?]". dig's "{q-opt}" and
// "{global-d-opt}" name kinds of options by a prefix before "opt", flac's
// "<general/encoding/format options>" and cal's "[general options]" by words before "options".
const OPTION_PLACEHOLDER =
  /^(options?|option\]?|flags?|global[ _-]?options?|global[ _-]?flags?|opts|switches|args?\s*options?|other[ _-]options?|[a-z]+(?:-[a-z]+)*-opts?|(?:[\w/-]+ )+(?:options?|opts|flags))(\?|…|\.\.\.)?$/i;

/** A usage word that stands for a command of the program's own. */
const COMMAND_PLACEHOLDER = /^<?(command|subcommand|sub-command|cmd|action|verb)>?$/i;

/** An option in a usage form, or a placeholder for options ("[option...]", "-v", "[-h]"). */
const isOptionToken = (t: string): boolean => /^\[?-/.test(t) || OPTION_PLACEHOLDER.test(t.replace(/^[[<]|[\]>]$/g, "").replace(/(\.\.\.|…)$/, ""));

interface Tok {
  text: string;
  at: number;
  /** Operands joined by "or": placeholders, never words to type. */
  placeholders?: boolean;
}

/** Splits at top-level whitespace, keeping [..], <..>, {..}, (..) groups whole. */
function tokens(s: string, base: number): Tok[] {
  const out: Tok[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = s[i];
    if (c === undefined || ((c === " " || c === "\t") && depth === 0)) {
      if (start >= 0) out.push({ text: s.slice(start, i), at: base + start });
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (c === "[" || c === "<" || c === "{" || c === "(") depth++;
    else if ((c === "]" || c === ">" || c === "}" || c === ")") && depth > 0) depth--;
  }
  return out;
}

/**
 * argparse wraps a long usage inside a bracket ("[-S STYLE -f formatter | ... | -H" then
 * "NAME TYPE | -V | -h]" on the next line): a bracket left open at a line's end takes the next
 * (continuation) line's words up to where it closes, so that one token holds the whole group.
 */
function joinOpenBrackets(raw: { text: string; from: number; cont?: unknown }[]): void {
  for (let i = 0; i + 1 < raw.length; i++) {
    let depth = scanBrackets(raw[i]!.text, 0).depth;
    while (depth > 0 && i + 1 < raw.length && raw[i + 1]!.cont !== undefined) {
      const next = raw[i + 1]!;
      const scan = scanBrackets(next.text, depth);
      const take = scan.closedAt >= 0 ? scan.closedAt + 1 : next.text.length;
      raw[i]!.text = `${raw[i]!.text.trimEnd()} ${next.text.slice(0, take)}`;
      const rest = next.text.slice(take);
      if (rest.trim() === "") raw.splice(i + 1, 1);
      else {
        next.from += take;
        next.text = rest;
      }
      depth = scan.closedAt >= 0 ? 0 : scan.depth;
    }
  }
}

/**
 * The brackets open at the end of `text`, starting with `depth` open, and where they first
 * all close (-1 when they do not).
 */
function scanBrackets(text: string, depth: number): { depth: number; closedAt: number } {
  let closedAt = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[" || c === "<" || c === "{" || c === "(") depth++;
    else if ((c === "]" || c === ">" || c === "}" || c === ")") && depth > 0 && --depth === 0 && closedAt < 0) closedAt = i;
  }
  return { depth, closedAt };
}

/** Whether `text` ends by closing a bracket it did not open ("{a|b}]"). */
function closesUnopened(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[" || c === "{" || c === "(") depth++;
    else if ((c === "]" || c === "}" || c === ")") && --depth < 0) return i === text.length - 1;
  }
  return false;
}

/** `text` split at the bars outside any bracket ("--a|--b <X> <Y>|CMD"), each part trimmed. */
function topBars(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === "[" || c === "<" || c === "{" || c === "(") depth++;
    else if ((c === "]" || c === ">" || c === "}" || c === ")") && depth > 0) depth--;
    else if (c === undefined || (c === "|" && depth === 0)) {
      parts.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  return parts;
}

/** Tokens split at their top-level "|" into alternatives. */
function alternativesOf(toks: Tok[]): Tok[][] {
  const groups: Tok[][] = [[]];
  for (const x of toks) {
    if (x.text === "|") groups.push([]);
    else groups[groups.length - 1]!.push(x);
  }
  return groups;
}

/** A plain operand word, or "<name>": no option, group, bar or "NAME=VALUE". */
const PLAIN_OPERAND = /^(?:[^-[{(|<\s=][^\s[\]{}()|<>=]*|<[^\s<>|=]+>)$/;

/**
 * "FILE | DIR | PID", 'profile | "#hashtag" | :feed': operands joined by a bar standing alone
 * are one operand, a choice between them, as one word "FILE|DIR|PID" would be.
 */
function joinBars(toks: Tok[]): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const prev = out[out.length - 1];
    const next = toks[i + 1]?.text ?? "";
    // ifconfig's "options | address ...": a placeholder for options is none of the choices.
    const plain = (x: string) => PLAIN_OPERAND.test(x) && !OPTION_PLACEHOLDER.test(x.replace(/[<>]/g, ""));
    // resolveip's "hostname or IP-address": "or" between two operands joins them as a bar does.
    // Not combine's "file1 or file2": two numbered operands of one kind around a literal "or".
    // jdupes' "FILES and/or DIRECTORIES...": "and/or" joins them too.
    const or = /^(or|OR|and\/or)$/.test(t.text) && !!prev && prev.text.replace(/\d+$/, "") !== next.replace(/\d+$/, "");
    if ((t.text === "|" || or) && prev && prev.text.split("|").every(plain) && !/(\.\.\.|…)$/.test(prev.text) && plain(next)) {
      // tcpreplay's "<pcap_file(s)> | <pcap_dir(s)>": placeholders, each in its own angles.
      const angled = /^<[^<>]*>$/.test(prev.text) && /^<[^<>]*>$/.test(next);
      const placeholders = or || prev.placeholders || angled;
      const dots = angled && /(\.\.\.|…)>$/.test(prev.text + next) ? "..." : "";
      const bare = (x: string) => (angled ? x.replace(/^<([^>]*?)(\.\.\.|…)?>$/, "$1") : x.replace(/^<([^>]*)>$/, "$1"));
      out[out.length - 1] = {
        text: `${bare(prev.text)}|${bare(next)}${dots}`,
        at: prev.at,
        ...(placeholders ? { placeholders } : {}),
      };
      i++;
      continue;
    }
    // mpg321's "file(s) | URL(s) | -": operands that each repeat, joined by a bar, are one
    // operand that repeats.
    const dots = /(\.\.\.|…)$/;
    if (t.text === "|" && prev && dots.test(prev.text) && prev.text.replace(dots, "").split("|").every(plain) && plain(next.replace(dots, ""))) {
      out[out.length - 1] = { text: `${prev.text.replace(dots, "")}|${next.replace(dots, "")}...`, at: prev.at };
      i++;
      continue;
    }
    out.push(t);
  }
  return out;
}

/**
 * "<filename> <filename2> <filenameN>": a numbered run that ends in N is one operand, any
 * number of times ("file1 file2", with no N, stays two).
 */
export function joinNumberedRun<T extends { name: string; max: number }>(out: T[]): void {
  for (let k = out.length - 1; k > 0; k--) {
    const stem = /^(.*[A-Za-z_])[Nn]$/.exec(out[k]!.name)?.[1];
    if (!stem) continue;
    const quoted = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    let from = k;
    while (from > 0 && new RegExp(`^${quoted}\\d*$`).test(out[from - 1]!.name)) from--;
    if (from === k) continue;
    out[from]!.max = MANY;
    out.splice(from + 1, k - from);
    k = from;
  }
  // "KEY_1=VAL_1 ... KEY_N=VAL_N": the first repeated, each of its numbers N in the last.
  for (let k = out.length - 1; k > 0; k--)
    if (out[k - 1]!.max === MANY && /\d/.test(out[k - 1]!.name) && out[k - 1]!.name.replace(/\d+/g, "N") === out[k]!.name) out.splice(k, 1);
}

/**
 * ngrep's "usage: ngrep <-hNX> <-n num> <match expression>": a usage block with options in angle
 * brackets and no square ones uses angles for optional parts (offsets kept). So does one that
 * puts "<options>" in them (ncdu's "ncdu <options> <directory>", ocaml's "ocaml <options>
 * <files>"): options are never required. Beside square ones (dotlockfile's "[-p] <-m|lockfile>")
 * they mark required parts.
 */
export function angledAsOptional(text: string, program = ""): string {
  const lines = text.split("\n");
  const at = lines.findIndex(isUsageHeading);
  // The form line that puts "<options>" in angles, headed or not: its angles alone, as an option
  // table below may still mark a required value so ("-classpath (-cp) <path>").
  const formAt =
    at >= 0
      ? /^\s*usage\s*:?\s*$/i.test(lines[at]!)
        ? lines.findIndex((l, i) => i > at && l.trim() !== "")
        : at
      : headlessUsageLine(
          lines.map((t) => ({ text: t })),
          program,
        );
  const form = lines[formAt] ?? "";
  if (/<(?:options?|opts|flags?)>/i.test(form) && !/[[\]]/.test(form))
    return [...lines.slice(0, formAt), form.replace(/<([^<>]*)>/g, "[$1]"), ...lines.slice(formAt + 1)].join("\n");
  if (at < 0) return text;
  let end = at;
  while (end + 1 < lines.length && lines[end + 1]!.trim() !== "") end++;
  const block = lines.slice(at, end + 1).join("\n");
  if (/[[\]]/.test(block) || (block.match(/<-[A-Za-z][^<>]*>/g) ?? []).length < 2) return text;
  const rewritten = block.replace(/<([^<>]*)>/g, "[$1]");
  return [...lines.slice(0, at), rewritten, ...lines.slice(end + 1)].join("\n");
}

function operandsOf(all: Tok[], line: Line, takesValue: OptionTakesValue, allOptional: boolean): UsageOperand[] {
  const toks = joinBars(all);
  const out: UsageOperand[] = [];
  // renice's "[-n] <priority>": the operand may come as the option's value instead.
  let viaOption = false;
  for (let i = 0; i < toks.length; i++) {
    const optional = allOptional || viaOption;
    // dirsearch's "[-u|--url] target", newrole's "[-r|--role] ROLE": the option's spellings.
    const via = /^\[(-[A-Za-z])(?:\|--?[A-Za-z][\w-]*)*\]$/.exec(toks[i]!.text);
    viaOption = !!via && takesValue(via[1]!) === true;
    let t = toks[i]!.text;
    const at = toks[i]!.at;
    let repeat = false;
    // pdfunite's "<PDF-sourcefile-1>..<PDF-sourcefile-n>", sc_wartscat's "<infile 1, 2, .. N>": a
    // numbered run written as one token is one operand, repeated.
    const run = /^<([^<>]*?)[-_ ]?1>\.{2,3}<\1[-_ ]?[nN]>$/.exec(t) ?? /^<([^<>]*?)\s*1,\s*2,?\s*\.{2,3}\s*[nN]>$/.exec(t);
    if (run) t = `<${run[1]}...>`;
    // fc-list's "{element ...}": a placeholder and dots in braces, any number of it, none included.
    const braced = /^\{([A-Za-z][\w-]*)\s*(?:\.\.\.|…)\}$/.exec(t);
    if (braced) {
      out.push({ name: braced[1]!, min: 0, max: MANY, span: spanOf(line, at, at + toks[i]!.text.length), listed: true });
      continue;
    }
    // util-linux's "<pid> [...]": the bracketed dots repeat the operand before them.
    if (t === "..." || t === "…" || t === "[...]" || t === "[…]") {
      const prev = out[out.length - 1];
      if (prev) prev.max = MANY;
      continue;
    }
    // GDAL's "[-oo NAME=VALUE]*": a star after a group repeats it, as "..." does.
    // po4a's "(-m master.doc)+": a plus after a group repeats it too.
    if (/(\.\.\.|…)$/.test(t) || /^\[.*\]\*$/.test(t) || /^\(.*\)\+$/.test(t)) {
      repeat = true;
      t = t.replace(/(\.\.\.|…|\*|\+)$/, "");
    }
    // wpa_supplicant's "\\" continues the line.
    // flashrom's "[-h|-R|-L|" left open at the line's end: a group cut off, no operand.
    if (t === "" || t === "--" || t === "|" || t === "[--]" || t === "-" || t === "\\" || /^\[[^\]]*$/.test(t)) continue;
    const span = spanOf(line, at, at + toks[i]!.text.length);
    // "(POD | TYPE/NAME)", "(-f FILE | TYPE NAME)": the longest form, needing what the fewest does
    // ("(FILE | -)": a dash is an operand). Not "(-r RECIPIENT | -R PATH)".
    // nbtscan's "(-f filename)|(<scan_range>)": groups joined by a bar, each its own form.
    const joined = topBars(t);
    const forms =
      joined.length > 1 && joined.every((g) => g.startsWith("(") && g.endsWith(")"))
        ? joined.map((g) => tokens(g.slice(1, -1), at + t.indexOf(g) + 1))
        : t.startsWith("(") && t.endsWith(")")
          ? alternativesOf(tokens(t.slice(1, -1), at + 1))
          : [];
    if (forms.length > 1 && !forms.every((g) => /^-/.test(g[0]?.text ?? ""))) {
      const subs = forms.map((g) => operandsOf(g, line, takesValue, optional));
      const longest = subs.reduce((a, b) => (b.length > a.length ? b : a));
      let excess =
        longest.reduce((n, o) => n + o.min, 0) - Math.min(...subs.map((x, k) => (forms[k]![0]?.text === "-" ? 1 : x.reduce((n, o) => n + o.min, 0))));
      for (let k = longest.length - 1; k >= 0 && excess > 0; k--) {
        const cut = Math.min(longest[k]!.min, excess);
        longest[k]!.min -= cut;
        excess -= cut;
      }
      out.push(...longest);
      continue;
    }
    // clap's required group "<--show-stats|--zero-stats|--package-toolchain <EXE> <OUT>|CMD>": one
    // of the options, or the operand the other choices name, which those options supply.
    const group = /^<.*>$/.test(t) ? topBars(t.slice(1, -1)) : [];
    // fbgrab's "<filename.png|->": a lone dash is an operand (standard output), not an option.
    const isOpt = (g: string) => /^--?[A-Za-z0-9?]/.test(g);
    if (group.length > 1 && group.some(isOpt) && group.every((g) => g !== "")) {
      const named = group.filter((g) => !isOpt(g)).map((g) => g.replace(/^<(.*)>$/, "$1"));
      const by = group.filter(isOpt).map((g) => g.split(/[\s=[<]/)[0]!);
      if (named.length) out.push({ name: named.join("|"), min: optional ? 0 : 1, max: repeat ? MANY : 1, span, placeholders: true, suppliedBy: by });
      continue;
    }
    // "(-r RECIPIENT | -R PATH)...": a required choice between options.
    if (t.startsWith("(") && t.endsWith(")") && /^\(\s*-/.test(t)) continue;
    // setfattr's "{-n name}": a required option and its value, no operand.
    if (t.startsWith("{") && t.endsWith("}") && /^\{\s*-[^\s|]*( [^\s|]+)?\s*\}$/.test(t)) continue;
    // setfacl's "{ -m|-M|-x|-X ... }": a required choice between options, given once or more.
    if (t.startsWith("{") && t.endsWith("}") && /^\{\s*-[^\s|{}]+(\s*\|\s*-[^\s|{}]+)+(\s*(\.\.\.|…))?\s*\}$/.test(t)) continue;
    // "MODE[,MODE]...": the repetition is inside one word.
    const inWord = /^([A-Za-z][\w-]*)\[[,:;]\1\]$/.exec(t);
    if (inWord) {
      out.push({ name: inWord[1]!, min: optional ? 0 : 1, max: 1, span });
      continue;
    }
    // strace's "{ -p PID | [-E VAR=VAL]... PROG [ARGS] }": a required choice between forms; the
    // longest stands for them, optional when another form needs no operands (nix-shell's
    // "{{--packages | -p} {packages | expressions} | [path]}").
    if (t.startsWith("{") && t.endsWith("}") && /\s\|\s/.test(t)) {
      const alts = alternativesOf(tokens(t.slice(1, -1), at + 1));
      // gh's "{<number> | <url> | <branch>}": placeholders for one required operand, any of
      // them, typed as none alone is (a branch is no number), as "[<number> | <path>]" is.
      if (alts.every((g) => g.length === 1 && /^(<[^<>|]+>|[A-Z][A-Z0-9_-]+)$/.test(g[0]!.text))) {
        const name = alts.map((g) => g[0]!.text.replace(/^<|>$/g, "")).join("|");
        out.push({ name, min: optional ? 0 : 1, max: repeat ? MANY : 1, span, placeholders: true });
        continue;
      }
      const subs = alts.map((g) => operandsOf(g, line, takesValue, optional));
      const longest = subs.reduce((a, b) => (b.length > a.length ? b : a));
      if (subs.some((x) => x.every((o) => o.min === 0))) for (const o of longest) o.min = 0;
      out.push(...longest);
      continue;
    }
    // gnatmake's "{[-cargs opts] [-bargs opts]}", dig's "{q-opt}": braces around optional parts
    // or options only (no bar, no comma) group them; nothing in them is required.
    if (t.startsWith("{") && t.endsWith("}") && !/[|,]/.test(t)) {
      const inner = tokens(t.slice(1, -1), at + 1);
      if (inner.length && inner.every((x) => /^[[-]/.test(x.text) || OPTION_PLACEHOLDER.test(x.text.replace(/[<>]/g, "")))) {
        out.push(...operandsOf(inner, line, takesValue, true));
        continue;
      }
    }
    if (t.startsWith("[") && t.endsWith("]")) {
      const inner = t.slice(1, -1).trim();
      // "[+|-c c]", "[+D D]" (lsof): options spelled with + as well as -.
      // "[(-o|--output=)json|yaml]": an option.
      const innerToks = tokens(inner, at + 1);
      // partx's "[--nr <n:m> | <partition>]": an option or an operand, the operand optional.
      const choice = inner.startsWith("-") ? alternativesOf(innerToks) : [];
      const operandAlt = choice.length > 1 ? choice.find((g) => g.length === 1 && /^<[^<>|]+>$/.test(g[0]!.text)) : undefined;
      if (operandAlt) {
        out.push({ name: operandAlt[0]!.text.slice(1, -1), min: 0, max: repeat ? MANY : 1, span });
        continue;
      }
      if (inner.startsWith("-") || /^\+(\||[A-Za-z](\s|$|\[))/.test(inner) || OPTION_PLACEHOLDER.test(inner) || /^-/.test(inner.replace(/^[[(]/, ""))) continue;
      // "[ignored command line arguments]": prose naming one optional, repeated operand.
      if (innerToks.length >= 3 && innerToks.every((x) => /^[a-z]+$/.test(x.text))) {
        out.push({ name: inner.replace(/\s+/g, "_"), min: 0, max: MANY, span });
        continue;
      }
      // gh's "[<number> | <path>]": placeholders for one operand, any of them, typed as none alone is.
      const alts = alternativesOf(innerToks);
      if (alts.length > 1 && alts.every((g) => g.length === 1 && /^(<[^<>|]+>|[A-Z][A-Z0-9_-]+)$/.test(g[0]!.text))) {
        const name = alts.map((g) => g[0]!.text.replace(/^<|>$/g, "")).join("|");
        out.push({ name, min: 0, max: repeat ? MANY : 1, span, placeholders: true });
        continue;
      }
      // "[ FILE | ARG1 ARG2 ]": alternatives inside the brackets; the longest stands for them.
      const sub = alts.map((g) => operandsOf(g, line, takesValue, true)).reduce((a, b) => (b.length > a.length ? b : a));
      if (repeat) for (const o of sub) o.max = MANY;
      out.push(...sub);
      continue;
    }
    if (t.startsWith("-") && t.length > 1) {
      // An option in the usage line; skip its value when the option takes one.
      const spelling = t.replace(/[=[].*$/, "");
      const next = toks[i + 1]?.text;
      if (!t.includes("=") && next && !next.startsWith("-") && !next.startsWith("[") && takesValue(spelling) === true) i++;
      continue;
    }
    // binutils' "<option(s)>" (read as "<option...>") stands for options too.
    if (OPTION_PLACEHOLDER.test(t.replace(/[<>]/g, "").replace(/\.\.\.$/, ""))) continue;
    if (t.startsWith("{") && t.endsWith("}") && t.includes(",")) {
      const choices = t
        .slice(1, -1)
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean);
      const nextIsDots = toks[i + 1]?.text === "...";
      out.push({ name: t, min: optional ? 0 : 1, max: 1, choices, subcommand: repeat || nextIsDots, span });
      if (nextIsDots) i++;
      continue;
    }
    // agetty's "[<baud_rate>,...]": a comma-separated list, one word.
    const bare = t
      .replace(/^(<[^<>]+>),$/, "$1")
      .replace(/^<|>$/g, "")
      .replace(/^\(|\)$/g, "")
      .replace(/^\{|\}$/g, "");
    // "<file...>" (binutils' "<file(s)>"): the dots inside the brackets repeat it too.
    const dotted = /^<[^<>]+(\.\.\.|…)>$/.test(t);
    const name = dotted ? bare.replace(/\s*(\.\.\.|…)$/, "") : bare;
    if (name === "" || /^[|&;>]/.test(name)) continue;
    // GDAL's "|-colorinterp {red|...}]": the end of a group a bar opened.
    if (closesUnopened(t)) continue;
    // "file file ..." (a hand-written argparse usage): one operand, repeated.
    const prev = out[out.length - 1];
    if (prev && prev.name === name && !prev.choices) {
      prev.max = MANY;
      continue;
    }
    // A plural placeholder without "..." (diff's FILES, zip's "zipfile list") still stands for
    // several words; javac's "<source files>" and javap's "<classes>" too; not grep's PATTERNS,
    // one word of newline-separated patterns.
    // logger's "[<message>]" at the end of its form: the program joins the words left.
    const wordsJoined = /^(MESSAGE|TEXT)$/i.test(name) && i === toks.length - 1;
    const plural = standsForSeveralWords(name) || wordsJoined;
    // "<file|url|magnet>": alternatives in angle brackets, one of them a placeholder, are all
    // placeholders ("<start|stop>" stays two words to type).
    const placeholders = toks[i]!.placeholders === true || (/^<[^<>]*\|[^<>]*>$/.test(t) && name.split("|").some(isPlaceholderName));
    // zramctl's "-f | <device> -s <size>": an operand a bar sets against an option is one the
    // option stands in for, so it may be left out.
    const isOption = (k: number) => /^-[A-Za-z?-]/.test(toks[k]?.text ?? "");
    const orOption = (toks[i - 1]?.text === "|" && isOption(i - 2)) || (toks[i + 1]?.text === "|" && isOption(i + 2));
    out.push({
      name,
      min: optional || orOption ? 0 : 1,
      max: repeat || plural || dotted ? MANY : 1,
      span,
      ...(placeholders ? { placeholders } : {}),
      ...(/(\.\.\.|…)$/.test(toks[i]!.text) ? { listed: true } : {}),
    });
  }
  joinNumberedRun(out);
  // "ENV_DIR [ENV_DIR ...]": one operand, repeated. "image [images]": the second in the plural,
  // any number more.
  for (let k = out.length - 1; k > 0; k--) {
    const a = out[k - 1]!;
    const b = out[k]!;
    const more = b.min === 0 && b.name.toLowerCase() === `${a.name.toLowerCase()}s`;
    if ((a.name === b.name || more) && !a.choices && !b.choices) {
      a.min += b.min;
      a.max = more ? MANY : Math.min(MANY, a.max + b.max);
      if (more) a.listed = true;
      out.splice(k, 1);
    }
  }
  return out;
}

/** Finds the usage block and reads each alternative's operands after the command words. */
/**
 * A sentence under the usage line, not a wrapped part of it: unzip's "Default action is to
 * extract files in list, except those in xlist, to exdir;". Four or more words with no
 * brackets, braces, pipes or dashes in front, and either sentence punctuation or mostly
 * lower-case words.
 */
function isProse(content: string): boolean {
  // "List symbols in [file(s)] (a.out by default)." (nm), "The options are:": a capitalised
  // word, then a lower-case one. Wrapped usage text starts with a bracket, a dash, the
  // program or a METAVAR instead.
  if (/^[A-Z][a-z]+ +[a-z(]/.test(content.trim())) return true;
  const words = content.trim().split(/\s+/);
  if (words.length < 4 || words.some((w) => /[[\]<>{}|]|^-/.test(w))) return false;
  const lower = words.filter((w) => /^[a-z][a-z'-]*[,.;:]?$/.test(w)).length;
  // File names in a sentence ("read convrtrs.txt and create x.icu", ICU's tools) are neither
  // prose words nor usage syntax: the other words decide.
  const named = words.filter((w) => /\w[._]\w/.test(w)).length;
  return /[.;:,]$/.test(words.find((w) => /[.;:,]$/.test(w)) ?? "") ? lower >= 2 : words.length - named >= 3 && lower >= (words.length - named) * 0.75;
}

/**
 * drill's "<name>  can be a domain name ..." and cjxl's " INPUT" over an indented description:
 * a line under the usage that names one of its operands and then describes it (after a column
 * gap, or on the deeper lines below) starts the operands' descriptions, not another usage line.
 */
function describesOperand(content: string, raw: readonly { text: string }[], below: readonly Line[], indent: number): boolean {
  // "datadir - Directory where data files can be found": the name, a lone dash, then prose.
  const dashed = /^<?([A-Za-z][\w-]*)>?\s+[-–]\s+([A-Za-z]+ [^[\]<>{}|]*)$/.exec(content.trim());
  const m = dashed ? ([dashed[0], dashed[1], dashed[2]!.toLowerCase()] as const) : /^<?([A-Za-z][\w-]*)>?(?:(?:\t|\s{2,})(\S.*))?$/.exec(content.trim());
  if (!m) return false;
  // vkcube's "[--present_mode <present mode enum>]" over "<present_mode_enum>" and its values.
  const spaced = new RegExp(`<${m[1]!.replace(/_/g, "[ _]")}>`);
  const named = raw.some((r) => tokens(r.text, 0).some((t, k) => k > 0 && t.text.replace(/[[\]<>{}.…]/g, "") === m[1]) || spaced.test(r.text));
  if (!named) return false;
  if (m[2] !== undefined) return /^[a-z]+ /.test(m[2]) && !/[[\]<>{}|]/.test(m[2]);
  const next = below.find((l) => !l.blank);
  return next !== undefined && next.indent > indent && !/[[\]<>{}|]/.test(next.text);
}

/**
 * sockstat's "protocol = 'tcp' or 'udp'" and dkms's "[action]  = { add | remove | status }" under
 * the usage: a placeholder the forms above name, then "=" (or ":="), defines it; the forms have
 * ended, and the definition is no operand of theirs.
 */
export function definesPlaceholder(content: string, raw: readonly { text: string }[]): boolean {
  const m = /^(?:\[\s*)?<?([A-Za-z][\w-]*)>?(?:\s*\])?\s*:?=\s/.exec(content.trim());
  if (!m) return false;
  const named = new RegExp(`(?:^|[\\s[<|{])${m[1]!}(?:[\\s\\]>|}.…]|$)`);
  return raw.some((r) => named.test(r.text));
}

const GLIB_FORM = /\[OPTION(\?|…|\.\.\.)\]/;
const GLIB_SUMMARY = /\s+[-–—]\s+[A-Z][^[\]<>{}|]*$|(?<=\])\s+(\?)\s*$/;

/** texconfig's "texconfig conf        (show configuration information)": a remark in parentheses after a column gap. */
const REMARK = /\s{2,}\((?:[a-z]|or --?\w)[^()]*\)?\s*$/;

/** Operands that read as a title: plain words, none a placeholder (no capitals throughout, no brackets), one capitalised. */
function isTitle(ops: UsageOperand[]): boolean {
  return (
    ops.length > 0 &&
    ops.every((o) => /^[A-Za-z][a-z]*[A-Z]?[a-z]*$/.test(o.name) && /[a-z]/.test(o.name) && o.min === 1 && o.max === 1 && !o.choices) &&
    ops.some((o) => /^[A-Z][a-z]/.test(o.name) || /^[A-Z][a-z]*[A-Z]/.test(o.name))
  );
}

/** Three or more plain lower-case words, one of them a word no placeholder is ("your", "the", "of"). */
function isPhrase(ops: UsageOperand[]): boolean {
  return (
    ops.length >= 3 &&
    ops.every((o) => /^[a-z]+$/.test(o.name) && o.min === 1 && o.max === 1 && !o.choices) &&
    ops.some((o) => /^(a|an|the|your|my|its|their|of|to|for|from|into|in|on|at|with|and|or|this|that|all)$/.test(o.name))
  );
}

export function parseUsage(all: Line[], path: string[], takesValue: OptionTakesValue): Usage {
  // svn's "usage: 1. changelist CLNAME PATH..." and "2. ...": numbered forms (blanked).
  const numbered = all.some((l) => /^\s*usage:\s*1\.\s/i.test(l.text));
  const lines = numbered
    ? all.map((l) => {
        const m = /^(\s*(?:usage:\s*)?)(\d\.\s+)/i.exec(l.text);
        return m ? { ...l, text: m[1] + " ".repeat(m[2]!.length) + l.text.slice(m[0].length), start: /usage/i.test(m[1]!) ? l.start : m[0].length } : l;
      })
    : all;
  const first = path[0] ?? "";
  const base = first.split("/").pop() ?? first;
  const startsWithProgram = (s: string, word?: string) => {
    const w = s.trim().split(/\s+/)[0] ?? "";
    return w === base || w.split("/").pop() === base || (word !== undefined && w === word);
  };
  // `s`: a line may hold U+2028/U+2029, which `.` would not match, and the match must not fail.
  // argparse given a usage string that has its own heading prints both ("usage: Usage: bpython ...").
  const afterHeading = (text: string) => /^(\s*usage(?: is)?\s*:?\s*(?:usage\s*:\s*)?)(.*)$/is.exec(text)!;
  // Of several "usage:" lines, the first that names the program (or stands above a form that
  // does): aws prints "usage: Note: AWS CLI version 2 ..." before its real usage line.
  const headings = lines.flatMap((l, i) => (isUsageHeading(l.text) ? [i] : []));
  const namesProgram = (i: number) => {
    const rest = afterHeading(lines[i]!.text)[2]!;
    if (rest.trim() !== "") return startsWithProgram(rest);
    const next = lines.slice(i + 1).find((l) => !l.blank);
    return next !== undefined && startsWithProgram(next.text);
  };
  const headed = headings.find(namesProgram) ?? headings[0] ?? -1;
  const idx = headed >= 0 ? headed : headlessUsageLine(lines, path[0] ?? "");
  if (idx < 0) return { alternatives: [] };
  const head = lines[idx]!;
  const m = headed >= 0 ? afterHeading(head.text) : ["", "", head.text];
  const raw: { line: Line; from: number; text: string }[] = [];
  if (m[2]!.trim()) raw.push({ line: head, from: m[1]!.length, text: m[2]! });
  let programWord: string | undefined = raw.length ? raw[0]!.text.trim().split(/\s+/)[0] : undefined;
  // Projucer's "Usage:" over forms each followed by its description on deeper lines ("Projucer
  // --resave project_file", then "    Resaves all files ..."): the description is skipped when
  // another form follows it after a blank line, at the first form's indent.
  const formFollows = (j: number): boolean => {
    const first = raw[0]?.line;
    // pydoc's forms at the margin with no heading over them: the first form is the head line.
    if (!first || (first === head && (headed >= 0 || first.indent > 0))) return false;
    let blank = lines[j]!.blank;
    for (let k = j + 1; k < lines.length; k++) {
      const x = lines[k]!;
      blank ||= x.blank;
      if (x.blank || x.indent > first.indent) continue;
      return blank && x.indent === first.indent && startsWithProgram(x.text, programWord);
    }
    return false;
  };
  // upnpc's "Usage :\tupnpc -a ip port", "\t\tAdd port redirection", "\tupnpc -s": each form's
  // description on deeper lines, the next form at the first one's column.
  const column = (text: string, at: number) => [...text.slice(0, at)].reduce((c, ch) => (ch === "\t" ? (Math.floor(c / 8) + 1) * 8 : c + 1), 0);
  let formsDescribed = false;
  const describesForm = (j: number): boolean => {
    const first = raw[0];
    const l = lines[j]!;
    if (!first || headed < 0 || !/^[A-Z][a-z]+ [^[\]<>{}|]*$/.test(l.text.slice(l.start).trim())) return false;
    const col = column(first.line.text, first.from);
    const next = lines.slice(j + 1).find((x) => !x.blank && x.indent <= col);
    if (l.indent <= col) return false;
    if (formsDescribed || (next !== undefined && next.indent === col && startsWithProgram(next.text, programWord))) return (formsDescribed = true);
    return false;
  };
  // jc's "Standard syntax:" and "Magic syntax:", each over its forms: a label alone on its line
  // under the heading, over a form, is neither a form nor the block's end.
  // Set in from the heading: one at its margin ("Examples:") heads another section.
  const isLabel = (l: Line) => headed >= 0 && !l.blank && l.indent > head.indent && /^[A-Z][a-z]+(?: [a-z]+){0,3}:$/.test(l.text.trim());
  const labelsForms = (j: number): boolean => {
    const next = lines.slice(j + 1).find((x) => !x.blank);
    return isLabel(lines[j]!) && next !== undefined && next.indent >= lines[j]!.indent && startsWithProgram(next.text.replace(/^.*\|\s*/, ""), programWord);
  };
  let remark = false;
  for (let j = idx + 1; j < lines.length; j++) {
    const l = lines[j]!;
    if (
      !l.blank &&
      raw.length &&
      l.indent > raw[0]!.line.indent &&
      (headed >= 0 ? isProse(l.text.slice(l.start)) : raw[0]!.line.indent === 0) &&
      formFollows(j)
    )
      continue;
    if (!l.blank && raw.length && describesForm(j)) continue;
    if (l.blank) {
      // mp3info's "USAGE:" over forms set apart by blank lines ("\tmp3info [ -h | -G ]", then
      // "\tmp3info [-x] ... file(s)"): a form at the first one's indent, under a heading of its
      // own, goes on the block.
      const after = lines.findIndex((x, k) => k > j && !x.blank && !(isLabel(x) && labelsForms(k)));
      const next = after >= 0 ? lines[after] : undefined;
      const first = raw[0]?.line;
      if (
        raw.length &&
        !(headed >= 0 && first !== head && next && next.indent === first?.indent && startsWithProgram(next.text, programWord)) &&
        !formFollows(j)
      )
        break;
      continue;
    }
    if (labelsForms(j)) continue;
    // sudo repeats the heading for each form ("usage: sudo -v ...", "usage: sudo [-AbE...] ..."):
    // another heading that names the program is another form, as GNU's "or:" is.
    if (raw.length && headed >= 0 && isUsageHeading(l.text) && namesProgram(j)) {
      const again = afterHeading(l.text);
      raw.push({ line: l, from: again[1]!.length, text: again[2]! });
      continue;
    }
    // flac's " Encoding: flac [...]", "Analyzing: flac -a [...]": a form after a label that
    // says what it does, at the margin or not.
    const labelled = headed >= 0 ? /^(\s*[A-Z][a-z]+(?: [a-z]+)?:\s+)(\S.*)$/.exec(l.text) : null;
    if (labelled && startsWithProgram(labelled[2]!)) {
      raw.push({ line: l, from: labelled[1]!.length, text: labelled[2]! });
      continue;
    }
    // Without a heading, each form starts at the margin with the program (avahi-browse's four);
    // so does each under a heading alone on its line with the first form at the margin right
    // below it ("Usage:", then "tool conf set <key>=<value>", "tool conf edit"). Not forms set
    // apart from the heading by a blank line, which may be examples with descriptions beside.
    const marginForms = headed >= 0 && raw[0]?.line !== head && raw[0]?.line.indent === 0 && raw[0]?.line === lines[idx + 1];
    const orForm = /^or:?\s+/i.test(l.text) && startsWithProgram(l.text.replace(/^or:?\s+/i, ""), programWord);
    if (l.indent === 0 && raw.length && !orForm && !((headed < 0 || marginForms) && startsWithProgram(l.text, marginForms ? programWord : undefined))) break;
    // pkexec's "pkexec --version |", then "       --help |": a line that ends in a bar goes on
    // with the next alternative, an option or not.
    if (raw.length && /\s\|\s*$/.test(raw[raw.length - 1]!.text)) {
      raw.push({ line: l, from: l.start, text: l.text.slice(l.start), ...{ cont: raw[raw.length - 1]! } });
      continue;
    }
    // Option tables and rulers end a usage block that has no blank line after it (tree).
    if (raw.length && /^-/.test(l.text.slice(l.start)) && !/^or:/.test(l.text.slice(l.start))) break;
    // GNU writes "  or:  cp ..."; rsync writes "  or   rsync ..." with no colon, MariaDB's
    // tools "OR     mysqldump ...".
    const or =
      /^(\s*or:\s*)(.*)$/i.exec(l.text) ?? (startsWithProgram(l.text.replace(/^\s*or\s+/i, ""), programWord) ? /^(\s*or\s+)(.*)$/i.exec(l.text) : null);
    if (or) {
      raw.push({ line: l, from: or[1]!.length, text: or[2]! });
      continue;
    }
    const content = l.text.slice(l.start);
    // most's " where: -1: ...", pppd's "[ options ], where options are:": explanations.
    // pcdindex's " with" alone over "W = maximum width ..." too.
    if (raw.length && (/^where\b/i.test(content) || /^with:?\s*$/i.test(content) || /,\s+where\s[^[\]<>{}|]*:\s*$/.test(raw[raw.length - 1]!.text))) break;
    // The rest of a remark left open on the line above (texconfig's "(rebuild FORMATs, or").
    const prevText = raw[raw.length - 1]?.text ?? "";
    if (REMARK.test(prevText) && !/\)\s*$/.test(prevText) && /^[^()]*\)\s*$/.test(content)) continue;
    // java's "(to execute a jar file)" under each form: a remark, not more of the usage.
    if (/^\([a-z][a-z' -]*\)$/i.test(content.trim()) && / /.test(content.trim())) continue;
    // kubectx's "(this command won't delete the user/cluster entry" over "that is used by the
    // context)": a remark in parentheses over lines of prose, to the line that closes it.
    if (remark || (/^\([a-z][a-z'/ -]*$/i.test(content.trim()) && content.trim().split(/\s+/).length >= 3)) {
      remark = !/\)\s*$/.test(content);
      continue;
    }
    // "command | rg [OPTIONS] PATTERN" shows a pipeline, not another way to call the program.
    if (new RegExp(`\\|\\s*${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(content)) continue;
    // mutool's "\tclean\t-- rewrite pdf file": a list of commands starts (command-list.ts).
    if (raw.length && isTabbedEntry(l)) break;
    if (raw.length && describesOperand(content, raw, lines.slice(j + 1), l.indent)) break;
    if (raw.length && definesPlaceholder(content, raw)) break;
    if (raw.length === 0) {
      programWord = content.split(/\s+/)[0];
      raw.push({ line: l, from: l.start, text: content });
    } else if (startsWithProgram(content, programWord)) raw.push({ line: l, from: l.start, text: content });
    else if (isProse(content)) break;
    // xrandr's "  where options are:", microcom's " [options] include:": a heading, not more of the usage.
    else if (/:\s*$/.test(content) && !/[[\]<>{}|]/.test(content.replace(/^\[(?:options?|opts|flags)\]/i, ""))) break;
    else {
      // A wrapped usage line (argparse): tokens continue the previous alternative.
      const prev = raw[raw.length - 1]!;
      raw.push({ line: l, from: l.start, text: content, ...{ cont: prev } });
    }
  }
  // fossil's "?OPTIONS? FILE1 ?FILE2 ...?": question marks around a part make it optional.
  for (const r of raw) r.text = r.text.replace(/(^|\s)\?([^\s?](?:[^?]*[^\s?])?)\?(?=\s|$)/g, "$1[$2]");
  joinOpenBrackets(raw);
  const ownNames = path.length > 1 ? aliasLineNames(all.map((l) => l.text).join("\n")) : [];
  // Each form's words after the program: the command words of a subcommand's forms.
  const commandWords = raw.filter((r) => !("cont" in r)).map((r) => r.text.trim().split(/\s+/).slice(1, path.length));
  const alternatives: UsageOperand[][] = [];
  let programsUsage = false;
  const forms = raw.filter((r) => !("cont" in r)).map((r) => r.text.trim().split(/\s+/));
  const otherProgram = forms.length > 0 && forms.every((f) => f[0] === forms[0]![0] && /^[\w./+]+$/.test(f[0]!) && !startsWithProgram(f[0]!));
  const otherCommandWord = otherProgram && forms.every((f) => f[1] === forms[0]![1] && /^[a-z][a-z0-9-]*$/.test(f[1] ?? "")) ? forms[0]![1] : undefined;
  // "probe info: displays information about a file", a line per command: the program, a
  // command word with a colon glued on, then what the command does (not its arguments).
  const describedCommand = (r: (typeof raw)[number]) => ("cont" in r ? undefined : /^\s*\S+\s+([a-z][\w-]*):\s+[A-Za-z][a-z'-]*\s+\w/.exec(r.text)?.[1]);
  const commandForms = raw.flatMap((r) => describedCommand(r) ?? []);
  for (const r of raw) {
    if (commandForms.length >= 2 && describedCommand(r)) continue;
    // "hostname [-b] {hostname|-F file}         set host name": a column of prose after the usage,
    // set apart by four spaces or a tab ("probe [ FLAGS ] DEVNAME\tDisplay the device").
    // route's "... [<AF>]           List kernel routing tables" and arp's "<-Display ARP cache" too.
    // binutils' "[file(s)]" is "[file...]" (same length, so spans stay right).
    // GLib's "broadwayd [OPTION…] [:DISPLAY] - broadway display daemon": a summary after a lone
    // dash (or the "?" a C locale prints for its "–"), words of prose, no usage syntax.
    const summary = /\s+(?:[-–—?]|--(?=(?:\s+\S+){4}))\s+(?=(?:\S+\s+)+\S+\s*$)(?=[^[\]<>{}|]*\b[a-z]{3,}\b|[^[\]<>{}|]*\.\s*$)[^[\]<>{}|]*$/;
    let toks = tokens(
      r.text
        .replace(REMARK, "")
        // GLib's "[OPTION?] - PipeWire Session Manager" and "[CLASS] ?" (a C locale's "…").
        .replace(GLIB_SUMMARY, (m, dots: string | undefined) => (GLIB_FORM.test(r.text) ? (dots ? " …" : "") : m))
        // pppd's "pppd [ options ], where options are:": an explanation starts.
        .replace(/,\s+where\s[^[\]<>{}|]*$/, "")
        // kubectx's "kubectx -d <NAME> [<NAME...>] : delete context <NAME>": the form's description after a colon.
        .replace(/\s+:\s+[a-z][a-z'-]*\s+[a-z].*$/, "")
        .replace(/(?:\s{4,}([a-z]|[A-Z][a-z]+ [a-z]|<-+\S)|\t+[A-Z][a-z]+ [A-Za-z])[^[\]<>{}|]*$/, "")
        .replace(summary, "")
        .replace(/([A-Za-z])\(s\)/g, "$1...")
        // luajit's "[options]... [script [args]...].": a full stop after the last bracket ends the sentence.
        .replace(/(?<=\])\.\s*$/, "")
        // GLib's "[OPTION…]" in a C locale is "[OPTION?]": its "[LOCATION?]" repeats as "[LOCATION…]" does.
        .replace(/(?<=[A-Za-z])\?(?=\]|\s|$)/g, (q) => (/\[OPTION\?\]/.test(r.text) ? "…" : q)),
      r.from,
    );
    const cont = (r as { cont?: unknown }).cont !== undefined;
    if (!cont) {
      // "cat data.json | probe [OPTIONS] [QUERY]": the form starts where the program is fed.
      const fed = toks.findIndex((x, k) => k > 0 && toks[k - 1]!.text === "|" && startsWithProgram(x.text));
      if (fed > 0 && !startsWithProgram(toks[0]!.text)) toks = toks.slice(fed);
      // Skip the command words: the program (under any name) then each further path word.
      // fossil's "fossil rm|delete|forget FILE1" names the command among its aliases, and its
      // "fossil new ..." above "or: fossil init ...": a form whose command word is another
      // form's alias of this command names it too.
      // "java -jar josm.jar [<command>] <options>...": the jar is the program.
      const jar = toks[0]?.text === "java" && toks[1]?.text === "-jar" && /\.jar$/.test(toks[2]?.text ?? "");
      toks = toks.slice(jar ? 3 : 1);
      // npx's help is "npm exec -- <pkg> [args...]", docker-compose's "docker compose [OPTIONS]
      // COMMAND": another program's usage, whose command word every form spells, is this
      // program's own, the command it stands for.
      if (path.length === 1 && otherCommandWord !== undefined && toks[0]?.text === otherCommandWord) toks = toks.slice(1);
      for (const [k, w] of path.slice(1).entries()) {
        const word = toks[0]?.text ?? "";
        const alias = /^[a-z][\w-]*$/.test(word) && commandWords.some((c) => c[k] === w) && commandWords.some((c) => c[k] === word);
        // npm's `npm list --help`: "npm ls <package-spec>" over "alias: list". The text's alias
        // line names this command's word, so the one word all its forms spell there is its own name.
        const called = k === path.length - 2 && ownNames.includes(w) && /^[a-z][\w-]*$/.test(word) && commandWords.every((c) => c[k] === word);
        if (word === w || word.split("|").includes(w) || alias || called) {
          toks = toks.slice(1);
          continue;
        }
        // A subcommand's help that prints its program's usage ("tlmgr [option...] action
        // [option...] [operand...]"): the placeholder for the command, after any options, is
        // this command's word, and what follows it is the command's. Where nothing follows
        // ("iw [options] command"), the usage says nothing of the command's words: they pass
        // through, none at all included. Where another command word follows (aws's "<command>
        // <subcommand> [<subcommand> ...]"), the form is left as it is.
        const at = toks.findIndex((x) => !isOptionToken(x.text));
        if (at < 0 || !COMMAND_PLACEHOLDER.test(toks[at]!.text)) continue;
        const after = toks.slice(at + 1);
        if (after.some((x) => COMMAND_PLACEHOLDER.test(x.text.replace(/^\[|\]$|(\.\.\.|…)$/g, "").trim()))) continue;
        toks = [...toks.slice(0, at), ...(after.length ? [] : [{ text: `[${toks[at]!.text}]`, at: toks[at]!.at }]), ...after];
        programsUsage = true;
      }
    }
    // "or:  nohup OPTION", "or:  timeout [OPTION]": one of the options alone (--help, --version, which end the
    // program and are offered on their own), not a form without operands.
    if (!cont && raw.length > 1 && toks.length === 1 && /^\[?OPTIONS?\]?$/.test(toks[0]!.text)) continue;
    let ops = operandsOf(toks, r.line, takesValue, false);
    // GLib's "pkcon [OPTION…] PackageKit Console Program": its parameter string is a title, not
    // operands; what the program takes is unknown, so any words are.
    // byzanz-record's "[OPTION?] record your current desktop session": a phrase in lower case.
    if (!cont && (isTitle(ops) || (GLIB_FORM.test(r.text) && isPhrase(ops)))) ops = [{ name: "ARG", min: 0, max: MANY, span: ops[0]!.span }];
    // GLib's "fprintd-verify [OPTION…] [username] Verify a fingerprint": its parameter string,
    // then the summary, a capitalised word and lower-case ones to the line's end.
    else if (!cont && toks.some((x) => /^\[OPTION(\?|…|\.\.\.)\]$/.test(x.text))) {
      const from = ops.findIndex(
        (o, k) => k > 0 && /^[A-Z][a-z]+$/.test(o.name) && ops.slice(k + 1).every((x) => /^[a-z]+$/.test(x.name)) && k + 1 < ops.length,
      );
      if (from > 0 && ops.slice(from).every((o) => o.min === 1 && o.max === 1 && !o.choices)) ops = ops.slice(0, from);
    }
    const prev = alternatives[alternatives.length - 1];
    const last = prev?.[prev.length - 1];
    // argparse wraps "{add,rm,...}" and its "..." onto two lines: the dots still repeat the
    // choice before them, which makes it the subparsers' choice.
    if (cont && last && toks.length === 1 && /^(\.\.\.|…)$/.test(toks[0]!.text)) {
      if (last.choices && /^\{/.test(last.name)) last.subcommand = true;
      else last.max = MANY;
    } else if (cont && prev) prev.push(...ops);
    else alternatives.push(ops);
  }
  const usage: Usage = {
    alternatives,
    span: spanOf(head, 0, head.text.length),
    ...(programsUsage ? { programsUsage } : {}),
    ...(commandForms.length >= 2 ? { commandForms } : {}),
    ...(raw.some((r) => /\[--\s+[^\s\]]/.test(r.text)) ? { passesAfterDashes: true } : {}),
  };
  if (programWord && programWord !== base && /^[\w.+-]+$/.test(programWord)) usage.programWord = programWord;
  return usage;
}
