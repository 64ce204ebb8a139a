// Bash's `help NAME` layout: one block per builtin, `NAME: SYNOPSIS` at column 0 and an indented
// body with a one-line summary, prose, an "Options:" list (`-a array<TAB>text`, `-m  keymap   Text`,
// `-o option-name` with its text on the next lines) and an "Arguments:" list (`+N<TAB>text`).
// The synopsis is a usage pattern: brackets for optional parts, `|` for alternatives, `...` for
// repetition, ` or NAME ...` for another form, `-ers` for clustered flags and `name[=value]`
// for an operand with an optional value. Bash reads a builtin's options with its own getopt:
// letters cluster, a value may be glued to its letter, and options come before operands.
import type { Diagnostic } from "../diagnostics.js";
import type { Span } from "../ir.js";
import { lineSpan, linesOf, spanOf, type Line } from "./optionhead.js";

export type UsageItem =
  /** Option letters without a value, clustered after one sign (`-ers`, `+o`). */
  | { kind: "flags"; sign: "-" | "+"; letters: string }
  /** One letter with a value (`-a array`). */
  | { kind: "option"; sign: "-" | "+"; letter: string; metavar: string }
  /** A placeholder; `sign` glues it to a dash or plus (`-sigspec`, `+N`); `assign` is `name[=value]`. */
  | { kind: "operand"; metavar: string; sign?: "-" | "+"; assign?: boolean }
  /** A word written as it is (`--`, `-`, `]`). */
  | { kind: "literal"; text: string }
  | { kind: "optional"; items: UsageItem[] }
  | { kind: "choice"; alternatives: UsageItem[][] }
  | { kind: "repeat"; item: UsageItem };

export interface BuiltinOption {
  letter: string;
  /** The placeholder of its value, when it takes one. */
  metavar?: string;
  /** Values a table under the option lists (set -o's option names). */
  choices?: string[];
  description: string;
  span?: Span;
}

export interface BuiltinOperand {
  metavar: string;
  /** Words the prose spells for it (`the special LIMIT values `soft', `hard'`). */
  choices?: string[];
  /** The prose says it is a command the shell reads and runs (trap's ARG). */
  script?: boolean;
}

export interface BuiltinSpec {
  name: string;
  summary: string;
  synopsis: string;
  /** One usage pattern per ` or `-separated form, without the name. */
  forms: UsageItem[][];
  options: BuiltinOption[];
  operands: BuiltinOperand[];
  /** Letters that `+` also turns on or off ("Using `+' instead of `-'"); "*" for all. */
  plus: string[];
  /** The builtin whose options this one's `option` placeholder stands for ("any option accepted by `declare'"). */
  borrows?: string;
  span: Span;
}

export interface BashHelpResult {
  builtins: BuiltinSpec[];
  diagnostics: Diagnostic[];
}

/** Splits the text into builtin blocks at each unindented `NAME: ` line. */
function blocks(lines: Line[]): Line[][] {
  const out: Line[][] = [];
  for (const l of lines) {
    if (/^\S+: /.test(l.text) || /^:: :$/.test(l.text)) out.push([l]);
    else if (out.length) out[out.length - 1]!.push(l);
  }
  return out;
}

/** The synopsis as tokens: brackets, bars and words (`name[=value]` stays one word). */
function tokens(synopsis: string): string[] {
  const out: string[] = [];
  for (const m of synopsis.matchAll(/\[=\w+\]|[[\]|]|[^\s[\]|]+(?:\[=\w+\])?/g)) out.push(m[0]);
  return out;
}

interface Known {
  options: Map<string, BuiltinOption>;
  /** Placeholders of the Arguments list (+N, -N, dir). */
  arguments: Set<string>;
  /** Placeholders that name values elsewhere in the synopsis (sigspec after -s). */
  metavars: Set<string>;
}

/** Reads a token list (one form) into usage items; `diag` collects what it cannot read. */
function readForm(toks: string[], known: Known, diag: (m: string) => void): UsageItem[] {
  let i = 0;
  // Inside brackets `|` (and bind's ` or `) splits the bracket's content: `[-s sigspec | -n signum]`;
  // outside them it joins the neighbouring words: `pid | jobspec ...`.
  const seqUntil = (close: boolean): UsageItem[] => {
    const alternatives: UsageItem[][] = [[]];
    let joinNext = false;
    const push = (item: UsageItem): void => {
      const cur = alternatives[alternatives.length - 1]!;
      const prev = joinNext ? cur.pop() : undefined;
      joinNext = false;
      if (!prev) cur.push(item);
      else cur.push({ kind: "choice", alternatives: [...(prev.kind === "choice" ? prev.alternatives : [[prev]]), [item]] });
    };
    while (i < toks.length) {
      const t = toks[i++]!;
      const cur = alternatives[alternatives.length - 1]!;
      if (t === "[") push({ kind: "optional", items: seqUntil(true) });
      else if (t === "]") {
        if (close) return finish(alternatives, true);
        push({ kind: "literal", text: "]" });
      } else if (t === "|" || (t === "or" && close)) {
        if (close) alternatives.push([]);
        else joinNext = true;
      } else if (t === "...") {
        const last = cur.pop();
        if (last) cur.push(repeatOf(last));
        else diag("'...' with nothing before it");
      } else if (t.endsWith("...") && t.length > 3) push(repeatOf(word(t.slice(0, -3))));
      else push(word(t));
    }
    if (close) diag("a '[' is not closed");
    return finish(alternatives, false);
  };
  const word = (t: string): UsageItem => {
    if (t === "--" || t === "-") return { kind: "literal", text: t };
    const signed = /^([-+])([A-Za-z@]+)$/.exec(t);
    if (signed) {
      const [, sign, rest] = signed as unknown as [string, "-" | "+", string];
      if (known.arguments.has(t) || known.arguments.has(rest)) return { kind: "operand", metavar: rest, sign };
      const documented = [...rest].every((c) => known.options.has(c));
      if (rest.length > 1 && !documented && known.metavars.has(rest)) return { kind: "operand", metavar: rest, sign };
      if (!documented && known.options.size) diag(`${t}: letters the Options list does not document`);
      return { kind: "flags", sign, letters: rest };
    }
    const assign = /^(.*)\[=\w+\]$/.exec(t);
    if (assign) return { kind: "operand", metavar: assign[1]!, assign: true };
    return { kind: "operand", metavar: t };
  };
  return seqUntil(false);
}

const repeatOf = (item: UsageItem): UsageItem => {
  // `[arg ...]` inside its own brackets: the repetition is of the bracket's content.
  if (item.kind === "optional" && item.items.length === 1) return { kind: "optional", items: [repeatOf(item.items[0]!)] };
  // `pid | jobspec ...`: every alternative repeats (disown writes `jobspec ... | pid ...`).
  if (item.kind === "choice" && item.alternatives.every((a) => a.length === 1))
    return { kind: "repeat", item: { kind: "choice", alternatives: item.alternatives.map((a) => [unrepeat(a[0]!)]) } };
  return { kind: "repeat", item };
};
const unrepeat = (item: UsageItem): UsageItem => (item.kind === "repeat" ? item.item : item);

/** Alternatives into one sequence; inside brackets `-s sigspec` becomes one valued option. */
function finish(alternatives: UsageItem[][], bracketed: boolean): UsageItem[] {
  const alts = alternatives.map((a) => (bracketed && a.length === 2 ? valued(a) : a));
  if (alts.length === 1) return alts[0]!;
  // `pid | jobspec ...`: the trailing repetition covers the whole choice.
  const last = alts[alts.length - 1]!;
  if (alts.every((a) => a.length === 1) && last[0]!.kind === "repeat") return [repeatOf({ kind: "choice", alternatives: alts })];
  return [{ kind: "choice", alternatives: alts }];
}

/** `[-a array]`: one flag letter and a placeholder, in brackets of their own. */
function valued(a: UsageItem[]): UsageItem[] {
  const [f, v] = a as [UsageItem, UsageItem];
  if (f.kind === "flags" && f.letters.length === 1 && v.kind === "operand" && !v.sign && !v.assign)
    return [{ kind: "option", sign: f.sign, letter: f.letters, metavar: v.metavar }];
  return a;
}

/** Values with a documented letter become options (`-d offset` unbracketed, `history -d offset`). */
function attachValues(items: UsageItem[], known: Known): UsageItem[] {
  const out: UsageItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const next = items[i + 1];
    const doc = it.kind === "flags" && it.letters.length === 1 ? known.options.get(it.letters) : undefined;
    if (it.kind === "flags" && doc?.metavar && next?.kind === "operand" && !next.sign) {
      out.push({ kind: "option", sign: it.sign, letter: it.letters, metavar: next.metavar });
      i++;
      continue;
    }
    out.push(nested(it, known));
  }
  return out;
}
function nested(it: UsageItem, known: Known): UsageItem {
  switch (it.kind) {
    case "optional":
      return { kind: "optional", items: attachValues(it.items, known) };
    case "choice":
      return { kind: "choice", alternatives: it.alternatives.map((a) => attachValues(a, known)) };
    case "repeat":
      return { kind: "repeat", item: nested(it.item, known) };
    default:
      return it;
  }
}

/** An option or argument entry: `-a array<TAB>text`, `-m  keymap   Text`, `-o option-name`, `+N<TAB>text`. */
/** The column a line's text starts at, with tabs every 8 columns. */
const indentOf = (t: string): number => {
  let col = 0;
  for (const c of t) {
    if (c === " ") col++;
    else if (c === "\t") col = (Math.floor(col / 8) + 1) * 8;
    else break;
  }
  return col;
};

const ENTRY = /^(\s+)(--?(?=\s|$)|[-+][A-Za-z@]|[+-]?[A-Za-z][\w-]*)(?:( {1,2}|\t)([a-z][\w:-]*|[A-Z][A-Z_]+))?(?=\s*\t| {2,}|$)/;

function readLists(block: Line[], text: string, diag: (m: string, span?: Span) => void): { options: BuiltinOption[]; args: Set<string> } {
  const options: BuiltinOption[] = [];
  const args = new Set<string>();
  let section: "options" | "arguments" | "other" = "other";
  let current: { opt?: BuiltinOption; indent: number; descIndent?: number; table: Line[] } | undefined;
  const close = () => {
    if (current?.opt && current.table.length >= 2) {
      // A table deeper than the entry's text lists its values (set -o's option names).
      const minIndent = Math.min(...current.table.map((l) => indentOf(l.text)));
      const words = current.table
        .filter((l) => indentOf(l.text) === minIndent)
        .map((l) => /^\s+([a-z][\w-]*)(?= {2,}|$)/.exec(l.text)?.[1])
        .filter((w): w is string => !!w);
      if (words.length >= 2) current.opt.choices = words;
    }
    current = undefined;
  };
  for (const l of block.slice(1)) {
    const t = l.text;
    if (/^\s*$/.test(t)) continue;
    const title = /^\s+(Options|Arguments)\b[\w ]*:$/.exec(t);
    if (title) {
      close();
      section = title[1] === "Options" ? "options" : "arguments";
      continue;
    }
    const indent = indentOf(t);
    if (indent <= 4 && !/^\s*[-+]/.test(t)) {
      // Prose at the body's own indentation ends a list; a title such as "Exit Status:" ends the section.
      close();
      if (/^\s*[A-Z][\w ]*:$/.test(t)) section = "other";
      continue;
    }
    const m = section !== "other" ? ENTRY.exec(t) : null;
    const isEntry = m && (!current || indent <= current.indent) && (section === "arguments" || /^[-+]/.test(m[2]!));
    if (isEntry) {
      close();
      const head = m[2]!;
      if (section === "arguments") {
        args.add(head);
        current = { indent, table: [] };
        continue;
      }
      const letter = head.slice(1);
      if (letter.length !== 1 || letter === "-") {
        current = { indent, table: [] };
        continue; // `--` and `-` entries: written as they are in the synopsis
      }
      const desc = t.slice(m[0].length).trim();
      const opt: BuiltinOption = { letter, description: desc, span: spanOf(text, l.start + m[1]!.length, l.start + m[0].length) };
      if (m[4]) opt.metavar = m[4].toLowerCase();
      const known = options.find((o) => o.letter === letter);
      if (known) diag(`-${letter} is listed twice`, lineSpan(l));
      else options.push(opt);
      current = { opt, indent, table: [] };
      continue;
    }
    if (current) {
      const d = current.descIndent;
      if (d === undefined) current.descIndent = indent;
      else if (indent > d) current.table.push(l);
      if (current.opt && indent <= (current.descIndent ?? indent)) current.opt.description = `${current.opt.description} ${t.trim()}`.trim();
    }
  }
  close();
  return { options, args };
}

/** Words the prose spells for a placeholder: "the special LIMIT values `soft', `hard'", "If ARG is ... `-'". */
function proseChoices(prose: string, metavar: string): string[] | undefined {
  const M = metavar.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
  const out = new Set<string>();
  for (const sentence of prose.split(/(?<=\.)\s+/)) {
    if (!new RegExp(`\\b(?:special ${M} values|If ${M} is)\\b`).test(sentence)) continue;
    for (const q of sentence.matchAll(/`([^'\s]+)'/g)) out.add(q[1]!);
  }
  return out.size ? [...out] : undefined;
}

/** Calls `f` on every item, nested ones included. */
export function eachItem(items: UsageItem[], f: (it: UsageItem) => void): void {
  for (const it of items) {
    f(it);
    if (it.kind === "optional") eachItem(it.items, f);
    else if (it.kind === "choice") for (const a of it.alternatives) eachItem(a, f);
    else if (it.kind === "repeat") eachItem([it.item], f);
  }
}

export function parseBashHelp(text: string): BashHelpResult {
  const diagnostics: Diagnostic[] = [];
  const builtins: BuiltinSpec[] = [];
  for (const block of blocks(linesOf(text))) {
    const head = block[0]!;
    const colon = head.text.indexOf(": ");
    const name = colon > 0 ? head.text.slice(0, colon) : head.text.replace(/:.*$/, "");
    const synopsis = colon > 0 ? head.text.slice(colon + 2).trim() : "";
    const span = lineSpan(head);
    const diag = (message: string, at: Span = span): void =>
      void diagnostics.push({ severity: "warning", stage: "parse", message: `${name}: ${message}`, span: at });
    const { options, args } = readLists(block, text, diag);
    const prose = block
      .slice(1)
      .map((l) => l.text.trim())
      .join("\n")
      .replace(/\s+/g, " ");
    const known: Known = { options: new Map(options.map((o) => [o.letter, o])), arguments: args, metavars: new Set() };
    // Placeholders that follow a flag somewhere in the synopsis name values (`-s sigspec`).
    const toks = tokens(synopsis);
    for (let i = 1; i < toks.length; i++) if (/^[-+][A-Za-z]$/.test(toks[i - 1]!) && /^[a-z][\w-]*$/.test(toks[i]!)) known.metavars.add(toks[i]!);
    // Forms: ` or NAME ...` at bracket depth 0.
    const forms: string[][] = [[]];
    let depth = 0;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]!;
      if (t === "[") depth++;
      if (t === "]") depth = Math.max(0, depth - 1);
      if (depth === 0 && t === "or" && toks[i + 1] === name) {
        forms.push([]);
        continue;
      }
      forms[forms.length - 1]!.push(t);
    }
    const parsed = forms.map((f) => {
      if (f[0] !== name) diag(`a form that does not start with ${name}`);
      return attachValues(readForm(f[0] === name ? f.slice(1) : f, known, diag), known);
    });
    // Letters the synopsis leaves out but the Options list documents (kill -L) join the first form.
    const inSynopsis = new Set<string>();
    for (const f of parsed)
      eachItem(f, (it) => {
        if (it.kind === "flags") for (const c of it.letters) inSynopsis.add(c);
        else if (it.kind === "option") inSynopsis.add(it.letter);
      });
    const extra = options.filter((o) => !inSynopsis.has(o.letter));
    if (extra.length && parsed[0]) {
      const items: UsageItem[] = extra.map((o) =>
        o.metavar ? { kind: "option", sign: "-", letter: o.letter, metavar: o.metavar } : { kind: "flags", sign: "-", letters: o.letter },
      );
      parsed[0].unshift(...items.map((i): UsageItem => ({ kind: "optional", items: [i] })));
    }
    const plus = new Set<string>();
    for (const m of prose.matchAll(/Using `?\+(\w?)'? (?:instead of|rather than) `?-\1'?/g)) plus.add(m[1] || "*");
    const operandNames = new Set<string>();
    for (const f of parsed)
      eachItem(f, (it) => {
        if (it.kind === "operand") operandNames.add(it.metavar);
      });
    const operands: BuiltinOperand[] = [...operandNames].map((metavar) => {
      const M = metavar.toUpperCase();
      const choices = proseChoices(prose, metavar);
      const script = new RegExp(`\\b${M.replace(/\W/g, "\\W")} is a command to be read and executed\\b`).test(prose);
      return { metavar, ...(choices ? { choices } : {}), ...(script ? { script } : {}) };
    });
    const borrowed = /\bany option accepted by `([^']+)'/.exec(prose)?.[1];
    builtins.push({
      name,
      summary: block[1]?.text.trim() ?? "",
      synopsis,
      forms: parsed,
      options,
      operands,
      plus: [...plus],
      ...(borrowed ? { borrows: borrowed } : {}),
      span,
    });
  }
  return { builtins, diagnostics };
}
