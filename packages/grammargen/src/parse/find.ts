// find's help: a getopt usage line for the leading options (-H -L -P -Olevel -D debugopts),
// then an expression language listed as words: operators, options, tests and actions,
// each primary with its arguments (`-mtime N`, `-size N[bcwkMG]`, `-exec COMMAND ;`).
// find's man page lists the same sections (TESTS, ACTIONS, ...) with one entry per primary
// ("-newerXY reference", "-type c" and a table of the letters), and more of them: GNU find's
// --help leaves out -newerXY, -samefile, -ipath, -d and -regextype's argument.
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec, ValueType } from "../ir.js";
import { readUsage, stripProgram, usageForms } from "./bsd.js";
import { emptySpec, lineSpan, linesOf, mergeOptions, readOptionTable, typeFromMetavar, type Line } from "./optionhead.js";

/** Sections that list expression primaries; other sections are prose or getopt options. */
const PRIMARY_SECTION = /^(positional options|normal options|global options|tests|actions|operators)\b/i;
const EXEC_LIKE = new Set(["exec", "execdir", "ok", "okdir"]);
const OPERATOR_WORDS = new Set(["(", ")", "!", ",", "-not", "-a", "-and", "-o", "-or"]);

function argType(metavar: string, signedN: boolean): ValueType {
  if (/^[Nn](\[[A-Za-z]+\])?$/.test(metavar)) return { kind: "integer", ...(signedN ? { signed: "plusminus" as const } : {}) };
  // -type [bcdpflsD]: one of the letters.
  const letters = /^\[([A-Za-z]+)\]$/.exec(metavar);
  if (letters) return { kind: "enum", choices: [...letters[1]!] };
  return typeFromMetavar(metavar);
}

/** A rendered man page: a running header "FIND(1)" and sections at the margin. */
const isManPage = (text: string): boolean => /^\S+\(\d\w*\)\s/.test(text) && /^SYNOPSIS\s*$/m.test(text);

export function parseFind(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  if (isManPage(text)) return parseFindManPage(text, opts);
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "find");
  const usage = readUsage(text, usageForms(text, path));
  const primaries: OptionSpec[] = [];
  const operators = new Set<string>();
  let section = "";
  let signedN = false;
  for (const l of linesOf(text)) {
    const heading = /^(\S[^:]*):\s*$/.exec(l.text) ?? /^(\S[^:(]*\([^)]*\)):?\s*$/.exec(l.text);
    if (heading && !/^\s/.test(l.text)) {
      section = heading[1]!.trim();
      signedN = /\+N|-N/.test(section);
      continue;
    }
    if (!/^\s/.test(l.text)) {
      if (l.text.trim()) section = "";
      continue;
    }
    if (!PRIMARY_SECTION.test(section)) continue;
    const words = l.text.trim().split(/\s+/);
    if (/^operators/i.test(section)) {
      for (const w of words) if (OPERATOR_WORDS.has(w)) operators.add(w);
      continue;
    }
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (!/^-[a-z]/.test(w)) continue;
      const name = w.slice(1);
      const args: string[] = [];
      let j = i + 1;
      for (; j < words.length && !/^-[a-z]/.test(words[j]!); j++) args.push(words[j]!);
      i = j - 1;
      if (EXEC_LIKE.has(name)) {
        // `-exec COMMAND ;` and `-exec COMMAND {} +` are one primary; its lowering is special.
        if (primaries.some((p) => p.dashLong?.includes(name))) continue;
        primaries.push({
          short: [],
          long: [],
          dashLong: [name],
          arity: "required",
          value: { type: { kind: "word" }, metavar: "COMMAND" },
          valueCount: 1,
          repeatable: true,
          description: `${section}: run COMMAND; end with ';' or '{} +'`,
          span: lineSpan(l),
        });
        continue;
      }
      const o: OptionSpec = {
        short: [],
        long: [],
        dashLong: [name],
        arity: args.length ? "required" : "none",
        repeatable: true,
        description: section,
        span: lineSpan(l),
      };
      if (args.length) {
        o.value = { type: argType(args[0]!, signedN), metavar: args.join(" ") };
        if (args.length > 1) o.valueCount = args.length;
      }
      primaries.push(o);
    }
  }
  if (!primaries.length) session.error("no find expression primaries found (expected sections such as 'Tests' and 'Actions')");
  // --help/--version and the getopt options before the paths.
  const longs = readOptionTable(text).filter((o) => o.long.length);
  spec.options = mergeOptions([...usage.options, ...longs, ...primaries]);
  spec.positionals = usage.positionals.filter((p) => !/^expression$/i.test(p.name));
  spec.extensions = [{ kind: "find-expression", ...(operators.size ? { operators: [...operators] } : {}) }];
  return { spec, diagnostics: session.diagnostics };
}

/** The words of a man page entry's term: "-gid n" of "-gid n File's numeric group ID ...". */
function termWords(line: string): string[] {
  const term = line.trim().split(/\s{2,}/)[0]!;
  const out: string[] = [];
  for (const w of term.split(/\s+/)) {
    // The description starts with a capital ("-empty File is empty", "-print True;").
    if (out.length && /^[A-Z(]/.test(w) && !/^[A-Z]$/.test(w)) break;
    out.push(w);
  }
  return out;
}

/** The one-letter rows of a table under an entry ("b      block (buffered) special"). */
function letterRows(lines: Line[], indent: number): string[] {
  return lines.flatMap((l) => {
    const m = /^(\s+)([A-Za-z0-9])\s{2,}\S/.exec(l.text);
    return m && m[1]!.length > indent ? [m[2]!] : [];
  });
}

/**
 * find's man page: the SYNOPSIS for the leading options, then one entry per primary in the
 * POSITIONAL OPTIONS, GLOBAL OPTIONS, TESTS and ACTIONS sections and per operator in OPERATORS.
 * A primary whose name holds placeholder capitals ("-newerXY") stands for every name the
 * letter table under it spells, less the combinations the text calls invalid.
 */
function parseFindManPage(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "find");
  const lines = linesOf(text);
  const margin = (l: Line) => l.text.length - l.text.trimStart().length;
  // Sections: titles at the margin or indented less than the body (subsections).
  const sections: { title: string; lines: Line[] }[] = [];
  for (const l of lines) {
    if (!l.text.trim()) {
      sections[sections.length - 1]?.lines.push(l);
      continue;
    }
    if (margin(l) < 4 && /^[A-Z][A-Z -]+$/.test(l.text.trim())) sections.push({ title: l.text.trim(), lines: [] });
    else sections[sections.length - 1]?.lines.push(l);
  }
  // Each SYNOPSIS line is read as a form of its own ("[expression]" wraps onto the next).
  const synopsis = sections.find((x) => x.title === "SYNOPSIS");
  const forms = (synopsis?.lines ?? []).filter((l) => l.text.trim()).map((l) => stripProgram({ text: l.text, offset: l.start }, path));
  const usage = readUsage(text, forms);
  const primaries: OptionSpec[] = [];
  const longs: OptionSpec[] = [];
  const operators = new Set<string>();
  for (const sec of sections) {
    if (!PRIMARY_SECTION.test(sec.title)) continue;
    const body = sec.lines.filter((l) => l.text.trim());
    if (!body.length) continue;
    const indent = Math.min(...body.map(margin));
    // "Numeric arguments can be specified as +n for greater than n, -n for less than n".
    const signedN = /\+n\b[^.]*-n\b/.test(body.map((l) => l.text).join(" "));
    // An entry starts a paragraph at the body's indentation; a description on its own line
    // starts with a capital ("-n     for less than n," is a row of a table in the prose).
    const starts = (l: Line) => {
      const at = sec.lines.indexOf(l);
      const after = l.text.trim().split(/\s{2,}/)[1];
      return (at === 0 || !sec.lines[at - 1]!.text.trim()) && (after === undefined || /^[A-Z(]/.test(after));
    };
    const entries = body.map((l, k) => ({ l, k })).filter(({ l }) => margin(l) === indent && /^[-!(]|^expr/.test(l.text.trim()) && starts(l));
    for (const [n, { l, k }] of entries.entries()) {
      const words = termWords(l.text);
      if (/^operators/i.test(sec.title)) {
        for (const w of words) if (OPERATOR_WORDS.has(w)) operators.add(w);
        continue;
      }
      if (!words[0]?.startsWith("-")) continue;
      // "-warn, -nowarn" and "-help, --help": names joined by commas, then the arguments.
      const names: string[] = [];
      let i = 0;
      for (; i < words.length; i++) {
        names.push(words[i]!.replace(/,$/, ""));
        if (!words[i]!.endsWith(",")) break;
      }
      const args = words.slice(i + 1);
      const until = entries[n + 1]?.k ?? body.length;
      const below = body.slice(k + 1, until);
      const short = names.filter((x) => /^-[a-z]/.test(x)).map((x) => x.slice(1));
      for (const x of names.filter((x) => x.startsWith("--")))
        longs.push({ short: [], long: [x.slice(2)], arity: "none", repeatable: false, description: "", span: lineSpan(l) });
      if (!short.length) continue;
      let dashLong = short;
      // "-newerXY reference": each capital is a letter from the table below.
      const holes = /^([a-z]+)([A-Z]+)$/.exec(short[0]!);
      if (holes) {
        const letters = letterRows(below, indent);
        const invalid = [
          ...below
            .map((x) => x.text)
            .join(" ")
            .matchAll(/invalid for ([A-Z])\s+to\s+be\s+([A-Za-z])\b/g),
        ].map((m) => `${m[1]}${m[2]}`);
        let made = [holes[1]!];
        for (const hole of holes[2]!) made = made.flatMap((p) => letters.filter((c) => !invalid.includes(`${hole}${c}`)).map((c) => p + c));
        if (!letters.length) continue;
        dashLong = made;
      }
      const name = dashLong[0]!;
      const desc = [l.text.trim().slice(words.join(" ").length).trim(), ...below.map((x) => x.text.trim())].join(" ").trim();
      if (EXEC_LIKE.has(name)) {
        if (primaries.some((p) => p.dashLong?.includes(name))) continue;
        primaries.push({
          short: [],
          long: [],
          dashLong: [name],
          arity: "required",
          value: { type: { kind: "word" }, metavar: "COMMAND" },
          valueCount: 1,
          repeatable: true,
          description: `${sec.title}: run COMMAND; end with ';' or '{} +'`,
          span: lineSpan(l),
        });
        continue;
      }
      // "-perm mode", "-perm -mode", "-perm /mode": one primary, its value's forms pooled.
      const same = primaries.find((p) => p.dashLong?.includes(name));
      if (same) {
        if (same.value && args[0]) same.value.metavar = `${same.value.metavar}|${args[0]}`;
        continue;
      }
      const o: OptionSpec = { short: [], long: [], dashLong, arity: args.length ? "required" : "none", repeatable: true, description: desc, span: lineSpan(l) };
      if (args.length) {
        // "-type c" with a table of letters: one of them (or several, comma-separated).
        const letters = args.length === 1 && /^[a-z]$/.test(args[0]!) ? letterRows(below, indent) : [];
        const type = letters.length > 1 ? { kind: "enum" as const, choices: letters } : argType(args[0]!, signedN);
        o.value = { type, metavar: args.join(" ") };
        if (args.length > 1) o.valueCount = args.length;
      }
      primaries.push(o);
    }
  }
  // "-perm mode|-mode|/mode|+mode": a mode, with or without its prefix.
  for (const p of primaries) if (p.value && /\|/.test(p.value.metavar ?? "")) p.value.type = { kind: "word" };
  if (!primaries.length) session.error("no find expression primaries found (expected sections such as TESTS and ACTIONS)");
  spec.options = mergeOptions([...usage.options, ...longs, ...primaries]);
  spec.positionals = usage.positionals.filter((p) => !/^expression$/i.test(p.name));
  spec.extensions = [{ kind: "find-expression", ...(operators.size ? { operators: [...operators] } : {}) }];
  return { spec, diagnostics: session.diagnostics };
}
