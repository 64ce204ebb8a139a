// find's help: a getopt usage line for the leading options (-H -L -P -Olevel -D debugopts),
// then an expression language listed as words: operators, options, tests and actions,
// each primary with its arguments (`-mtime N`, `-size N[bcwkMG]`, `-exec COMMAND ;`).
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec, ValueType } from "../ir.js";
import { readUsage, usageForms } from "./bsd.js";
import { emptySpec, lineSpan, linesOf, mergeOptions, readOptionTable, typeFromMetavar } from "./optionhead.js";

/** Sections that list expression primaries; other sections are prose or getopt options. */
const PRIMARY_SECTION = /^(positional options|normal options|global options|tests|actions|operators)\b/i;
const EXEC_LIKE = new Set(["exec", "execdir", "ok", "okdir"]);
const OPERATOR_WORDS = new Set(["(", ")", "!", ",", "-not", "-a", "-and", "-o", "-or"]);

function argType(metavar: string, signedN: boolean): ValueType {
  if (/^N(\[[A-Za-z]+\])?$/.test(metavar)) return { kind: "integer", ...(signedN ? { signed: "plusminus" as const } : {}) };
  // -type [bcdpflsD]: one of the letters.
  const letters = /^\[([A-Za-z]+)\]$/.exec(metavar);
  if (letters) return { kind: "enum", choices: [...letters[1]!] };
  return typeFromMetavar(metavar);
}

export function parseFind(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
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
