// One program, two texts: its --help output and its man page. The help text is the installed
// program's own word and wins where they disagree; the man page adds what the help leaves out
// (options it does not list, the operands of a help with no usage line). Every difference is
// reported, on the text it was found in.
import type { Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec } from "../ir.js";
import type { ParseResult } from "./help.js";

const spellings = (o: OptionSpec): string[] => [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)];
const keys = (o: OptionSpec): string[] => [...o.short.map((s) => `s:${s}`), ...o.long.map((l) => `l:${l}`), ...(o.dashLong ?? []).map((d) => `d:${d}`)];
const copy = <T>(x: T): T => structuredClone(x);

/**
 * Merges the spec read from a program's help text with the one read from its man page. Either
 * may be missing (then the other is returned as it is). Diagnostics: both inputs' (each with
 * its `origin`), then one warning per difference: an option in only one of the texts, a value
 * the texts disagree on (required, optional or none), the operands taken from the man page.
 */
export function mergeHelpAndMan(help: ParseResult | undefined, man: ParseResult | undefined): ParseResult {
  const tag = (ds: Diagnostic[], origin: "help" | "man") => ds.map((d) => ({ ...d, origin }));
  if (!help || !man) {
    const only = help ?? man;
    if (!only) throw new TypeError("mergeHelpAndMan needs a help text's or a man page's result");
    return { spec: only.spec, diagnostics: tag(only.diagnostics, help ? "help" : "man") };
  }
  const spec: CommandSpec = copy(help.spec);
  const notes: Diagnostic[] = [];
  const note = (message: string, origin: "help" | "man", span?: OptionSpec["span"]) =>
    notes.push({ severity: "warning", stage: "parse", message, origin, ...(span ? { span } : {}) });
  const where = (o: OptionSpec) => (o.span ? ` (man page line ${o.span.line})` : "");

  const byKey = new Map<string, OptionSpec>();
  for (const o of spec.options) for (const k of keys(o)) if (!byKey.has(k)) byKey.set(k, o);
  const matched = new Set<OptionSpec>();
  for (const m of man.spec.options) {
    const h = keys(m)
      .map((k) => byKey.get(k))
      .find((x) => x !== undefined);
    if (!h) {
      const added = copy(m);
      spec.options.push(added);
      for (const k of keys(added)) if (!byKey.has(k)) byKey.set(k, added);
      note(`option ${spellings(m).join(", ")} is in the man page only${where(m)}; added`, "man", m.span);
      continue;
    }
    matched.add(h);
    // The man page's other spellings of the same option (less's "-N or --LINE-NUMBERS").
    for (const s of m.short) if (!h.short.includes(s) && !byKey.has(`s:${s}`)) h.short.push(s), byKey.set(`s:${s}`, h);
    for (const l of m.long) if (!h.long.includes(l) && !byKey.has(`l:${l}`)) h.long.push(l), byKey.set(`l:${l}`, h);
    // find's --help lists "-daystart -follow -nowarn -regextype -warn" on one line, values left
    // out: a line of three or more bare names says nothing of a value, and the man page's entry does.
    const sameLine = help.spec.options.filter((x) => h.span && x.span?.start === h.span.start && x.span.end === h.span.end).length;
    if (h.arity === "none" && m.arity !== "none" && sameLine >= 3) {
      h.arity = m.arity;
      if (m.value) h.value = copy(m.value);
      if (m.valueCount) h.valueCount = m.valueCount;
      note(`option ${spellings(h).join(", ")} is listed without a value in the help text; its value is the man page's${where(m)}`, "man", m.span);
    } else if (h.arity !== m.arity)
      note(
        `option ${spellings(h).join(", ")} takes ${h.arity === "none" ? "no value" : `a value (${h.arity})`} in the help text but ${m.arity === "none" ? "no value" : `a value (${m.arity})`} in the man page${where(m)}; the help text's is kept`,
        "help",
        h.span,
      );
  }
  for (const h of help.spec.options) {
    const now = spec.options[help.spec.options.indexOf(h)]!;
    if (!matched.has(now)) note(`option ${spellings(h).join(", ")} is in the help text only`, "help", h.span);
  }
  // A help text without a usage line gets operands of any number (spanless); the man page's SYNOPSIS says which.
  const fallback = spec.positionals.length > 0 && spec.positionals.every((p) => !p.span);
  if (fallback && man.spec.positionals.length) {
    spec.positionals = copy(man.spec.positionals);
    note("the help text has no usage line: the operands are the man page's SYNOPSIS", "man", man.spec.positionals[0]?.span);
  }
  if (!spec.subcommands.length && man.spec.subcommands.length) spec.subcommands = copy(man.spec.subcommands);
  for (const e of man.spec.extensions ?? []) if (!spec.extensions?.some((x) => x.kind === e.kind)) (spec.extensions ??= []).push(copy(e));
  spec.source = { ...(spec.source ?? { program: spec.path[0] ?? "" }), ...(man.spec.source?.manPage ? { manPage: man.spec.source.manPage } : {}) };
  return { spec, diagnostics: [...tag(help.diagnostics, "help"), ...tag(man.diagnostics, "man"), ...notes] };
}
