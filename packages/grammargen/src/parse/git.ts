// git's two help shapes: parse-options `-h` output (`usage: git grep [<options>] ...`, then
// `    -F, --file <file>     read message from file`) and the man page that `git help <cmd>`
// prints (OPTIONS entries at 7 spaces, descriptions at 11). Both spell `--[no-]flag`,
// `-S[<keyid>]`, `--decorate[=...]` and `-u<mode>`.
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec, PositionalSpec } from "../ir.js";
import { readUsage, stripProgram, usageForms, type UsageForm } from "./bsd.js";
import {
  MANY,
  emptySpec,
  lineSpan,
  linesOf,
  mergeOptions,
  optionsFromSpellings,
  positional,
  readOptionTable,
  readSpelling,
  splitHead,
  type Spelling,
} from "./optionhead.js";

/** Sections of a man page that describe things other than options. */
const NOT_OPTIONS =
  /^(NAME|SYNOPSIS|DESCRIPTION|EXAMPLES?|CONFIGURATION|DISCUSSION|NOTES|SEE ALSO|GIT|BUGS|AUTHORS?|PRETTY FORMATS|HOOKS|ENVIRONMENT|FILES|EXIT STATUS)$/;

export function isManPage(text: string): boolean {
  return /^NAME\s*$/m.test(text) && /^(SYNOPSIS|OPTIONS)\s*$/m.test(text);
}

function spellingsOf(head: string): Spelling[] {
  return splitHead(head)
    .map((s) => readSpelling(s))
    .filter((s): s is Spelling => !!s);
}

export function parseGit(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "git");
  const options: OptionSpec[] = [];
  /** OPTIONS entries that name an operand ("[<git-rev-list-args>...]"). */
  const operands: PositionalSpec[] = [];
  const lines = linesOf(text);
  let forms: UsageForm[];

  if (isManPage(text)) {
    // SYNOPSIS lines are the usage forms; options come from the remaining sections.
    forms = [];
    let section = "";
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (/^[A-Z][A-Z -]*$/.test(l.text)) {
        section = l.text.trim();
        continue;
      }
      if (section === "SYNOPSIS" && l.text.trim()) {
        const body = l.text.trimStart();
        const start = l.start + (l.text.length - body.length);
        // Each form starts with the program, or with the word the first form starts with (hub's
        // pages say "git branch ..." for hub branch).
        const lead = forms[0]?.text.split(/\s+/)[0];
        if (forms.length && !body.startsWith(path[0]!) && !(lead && body.startsWith(`${lead} `))) forms[forms.length - 1]!.text += " " + body;
        else forms.push({ text: body, offset: start });
        continue;
      }
      if (NOT_OPTIONS.test(section)) continue;
      const operand = /^ {7}(\[?<[\w-]+>\]?(?:\.\.\.)?\]?(?:\.\.\.)?)\s*$/.exec(l.text);
      if (operand && /^ {9,}\S/.test(lines.slice(i + 1).find((x) => x.text.trim())?.text ?? "")) {
        operands.push(positional(operand[1]!.replace(/\.\.\./g, ""), 0, operand[1]!.includes("...") ? MANY : 1, lineSpan(l)));
        continue;
      }
      const m = /^ {7}(-\S.*)$/.exec(l.text);
      if (!m) continue;
      const next = lines.slice(i + 1).find((x) => x.text.trim());
      if (!next || !/^ {9,}\S/.test(next.text)) continue;
      const description = next.text.trim();
      options.push(...optionsFromSpellings(spellingsOf(m[1]!.trim()), description, lineSpan(l)));
    }
    forms = forms.map((f) => stripProgram(f, path));
  } else {
    forms = usageForms(text, path);
    // parse-options accepts `--no-<flag>` for every flag and `--<flag>` for a listed `--no-<flag>`.
    for (const o of readOptionTable(text)) {
      if (o.arity === "none" && o.long.length) {
        const positive = o.long.filter((l) => l.startsWith("no-")).map((l) => l.slice(3));
        o.long.push(...positive.filter((l) => !o.long.includes(l)));
        if (o.long.some((l) => !l.startsWith("no-"))) o.negatable = true;
      }
      options.push(o);
    }
  }
  // `-<number>` (git log -3): a count written as the option itself.
  if (/^\s+-<n(umber)?>[,\s]/m.test(text)) {
    options.push({ short: [..."0123456789"], long: [], arity: "none", repeatable: true, description: "-<number>: a count, as in -3" });
  }
  if (!forms.length && !options.length) session.error("no git usage line or options found");
  const usage = readUsage(text, forms, { takesValue: (c) => options.some((o) => o.short.includes(c) && o.arity === "required") });
  // The option table is authoritative; the usage line adds what it alone mentions (-S[<keyid>]).
  spec.options = mergeOptions([...options, ...usage.options]);
  spec.positionals = usage.positionals;
  // git fast-export's SYNOPSIS, "git fast-export [<options>] | git fast-import", names no operand;
  // its OPTIONS describe "[<git-rev-list-args>...]": the entry is the operand, optional.
  if (!spec.positionals.length) spec.positionals = operands;
  // parse-options lets every long flag be negated (--no-verify/--verify); say so only where the help does.
  return { spec, diagnostics: session.diagnostics };
}
