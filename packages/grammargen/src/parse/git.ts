// git's two help shapes: parse-options `-h` output (`usage: git grep [<options>] ...`, then
// `    -F, --file <file>     read message from file`) and the man page that `git help <cmd>`
// prints (OPTIONS entries at 7 spaces, descriptions at 11). Both spell `--[no-]flag`,
// `-S[<keyid>]`, `--decorate[=...]` and `-u<mode>`.
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec, PositionalSpec } from "../ir.js";
import { readUsage, stripProgram, usageForms, type UsageForm } from "./bsd.js";
import { PASS_THROUGH_NAME } from "./text.js";
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
  const takesValue = (c: string) => options.some((o) => o.short.includes(c) && o.arity === "required");
  const commands = commandForms(forms);
  const usage = readUsage(text, commands ? commands.own : forms, { takesValue });
  const before = commands ? readUsage(text, commands.before, { takesValue }).options : [];
  // The option table is authoritative; the usage line adds what it alone mentions (-S[<keyid>]).
  spec.options = mergeOptions([...options, ...usage.options, ...before]);
  spec.positionals = usage.positionals;
  // git fast-export's SYNOPSIS, "git fast-export [<options>] | git fast-import", names no operand;
  // its OPTIONS describe "[<git-rev-list-args>...]": the entry is the operand, optional.
  if (!spec.positionals.length && !commands) spec.positionals = operands;
  // Each command: its forms' operands, and the page's one option list.
  for (const [word, own] of commands?.words ?? []) {
    const u = readUsage(text, own, { takesValue });
    // stash's "list [<log-options>]": another command's options, no operand.
    const lender = u.positionals.map((p) => OPTIONS_OF.exec(p.name)?.[1]).find(Boolean);
    const positionals = u.positionals.filter((p) => !OPTIONS_OF.test(p.name));
    // submodule's "foreach <command>": the command's words pass through.
    const last = positionals[positionals.length - 1];
    if (last && PASS_THROUGH_NAME.test(last.name)) last.rest = true;
    spec.subcommands.push({
      ...emptySpec([...path, word], "git"),
      options: mergeOptions([...options, ...u.options, ...before]),
      positionals,
      ...(lender ? { extensions: [{ kind: "options-of" as const, program: lender }] } : {}),
    });
  }
  // parse-options lets every long flag be negated (--no-verify/--verify); say so only where the help does.
  return { spec, diagnostics: session.diagnostics };
}

const OPTIONS_OF = /^([a-z][\w+-]*?)[\s_-]options$/i;

const LITERAL = /^([a-z][a-z0-9-]*)(?=[\s\]|)]|$)/;

/**
 * Forms that each go on with a literal word ("git stash list ...", "git remote [-v] show
 * <name>", "git stash [push ...]") name the commands, where two or more words do: each word's
 * forms are the rest after it. `own`: forms without a word, and the rest after a word that may
 * be left out ("git reflog [show] [<ref>]"). `before`: options bracketed before a word.
 */
function commandForms(forms: UsageForm[]): { words: Map<string, UsageForm[]>; own: UsageForm[]; before: UsageForm[] } | undefined {
  const words = new Map<string, UsageForm[]>();
  const own: UsageForm[] = [];
  const before: UsageForm[] = [];
  const add = (w: string, f: UsageForm) => words.set(w, [...(words.get(w) ?? []), f]);
  for (const f of forms) {
    let k = f.text.length - f.text.trimStart().length;
    for (let end = closing(f.text, k); f.text[k] === "[" && f.text[k + 1] === "-" && end > 0; end = closing(f.text, k))
      k = end + 1 + (/^\s*/.exec(f.text.slice(end + 1))?.[0].length ?? 0);
    const t = f.text.slice(k);
    const at = (n: number): UsageForm => ({ text: t.slice(n), offset: f.offset + k + n });
    const word = LITERAL.exec(t);
    const bracket = t[0] === "[" ? closing(t, 0) : -1;
    const inner = bracket > 0 ? LITERAL.exec(t.slice(1)) : null;
    if (word) add(word[1]!, at(word[1]!.length));
    else if (inner && bracket === 1 + inner[1]!.length) {
      add(inner[1]!, at(bracket + 1));
      own.push(at(bracket + 1));
    } else if (inner && t.slice(bracket + 1).trim() === "") {
      add(inner[1]!, { text: t.slice(1 + inner[1]!.length, bracket), offset: f.offset + k + 1 + inner[1]!.length });
      own.push({ text: "", offset: f.offset });
    } else {
      own.push(f);
      continue;
    }
    before.push({ text: f.text.slice(0, k), offset: f.offset });
  }
  return words.size >= 2 ? { words, own, before } : undefined;
}

/** The index of the bracket that closes the one at `open`, or -1. */
function closing(t: string, open: number): number {
  let depth = 0;
  for (let i = open; i < t.length; i++) {
    if (t[i] === "[" || t[i] === "(" || t[i] === "{") depth++;
    else if ((t[i] === "]" || t[i] === ")" || t[i] === "}") && --depth === 0) return i;
  }
  return -1;
}
