// BusyBox applets: a BSD-style usage line (`Usage: ls [-1AaCx] [-w WIDTH] [FILE]...`) plus a
// tab-indented option table. Applets use getopt32, so short flags cluster as in getopt.
import { Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec } from "../ir.js";
import { readUsage, usageForms } from "./bsd.js";
import { MANY, emptySpec, lineSpan, linesOf, mergeOptions, optionsFromSpellings, positional, readSpelling, splitHead, type Spelling } from "./optionhead.js";

export function isBusybox(text: string): boolean {
  return /^BusyBox v\S+ .*multi-call binary/m.test(text);
}

export function parseBusybox(text: string, opts: { name: string | string[] }): { spec: CommandSpec; diagnostics: Diagnostic[] } {
  const session = new Session("parse");
  const path = Array.isArray(opts.name) ? opts.name : opts.name.split(/\s+/).filter(Boolean);
  const spec = emptySpec(path, "busybox");
  const forms = usageForms(text, path);
  const table: OptionSpec[] = [];
  for (const l of linesOf(text)) {
    // `\t-m N\tMatch up to N times`, `\t-k N[,M] Sort by Nth field`, `\t--color[=WHEN]\t...`
    const m = /^\t(-[^\t]+?)(?:\t+|\s{2,}|(?<=\]) )(\S.*)$/.exec(l.text) ?? /^\t(-\S+)()$/.exec(l.text);
    if (!m) continue;
    const spellings = splitHead(m[1]!.trim())
      .map((s) => readSpelling(s))
      .filter((s): s is Spelling => !!s);
    table.push(...optionsFromSpellings(spellings, (m[2] ?? "").trim(), lineSpan(l)));
  }
  if (!forms.length && !table.length) {
    session.warn("no usage line or option table found; the grammar accepts the bare command and its operands");
    spec.positionals = [positional("arg", 0, MANY)];
    return { spec, diagnostics: session.diagnostics };
  }
  const usage = readUsage(text, forms);
  // The table carries arities and descriptions; the usage line adds flags the table leaves out.
  spec.options = mergeOptions([...table, ...usage.options]);
  spec.positionals = usage.positionals;
  if (usage.operands.length) {
    spec.extensions = [{ kind: "dd-operands", keys: operandKeys(text, usage.operands) }];
  }
  return { spec, diagnostics: session.diagnostics };
}

/** `[if=FILE] [ibs=N obs=N/bs=N] [conv=notrunc|noerror]`: each key once, typed from its metavar. */
export function operandKeys(text: string, operands: { key: string; metavar: string }[]) {
  const keys = new Map<string, string[]>();
  for (const { key, metavar } of operands) {
    // `obs=N/bs=N` packs two operands into one word.
    const parts = `${key}=${metavar}`
      .split("/")
      .map((p) => /^([a-z][a-z0-9_]*)=(.*)$/.exec(p))
      .filter(Boolean) as RegExpExecArray[];
    for (const p of parts) {
      const list = keys.get(p[1]!) ?? [];
      list.push(p[2]!);
      keys.set(p[1]!, list);
    }
  }
  // Symbol lists written with bars in the usage (`conv=notrunc|noerror`) take comma lists.
  const lists = new Set([...keys].filter(([, metas]) => metas.some((m) => m.includes("|"))).map(([k]) => k));
  // The option table lists one value per line (`conv=notrunc\tDon't truncate`, `status=none`).
  for (const l of linesOf(text)) {
    const m = /^\t([a-z][a-z0-9_]*)=([a-z_]+)\t/.exec(l.text);
    if (!m) continue;
    if (!keys.has(m[1]!)) keys.set(m[1]!, []);
    keys.get(m[1]!)!.push(m[2]!);
  }
  return [...keys].map(([key, metas]) => {
    const type = operandType(metas);
    return lists.has(key) && type.kind === "enum" ? { key, type, list: true } : { key, type };
  });
}

function operandType(metas: string[]) {
  const words = [...new Set(metas.flatMap((m) => m.split("|")))].filter((w) => /^[a-z_]+$/.test(w));
  if (words.length >= 2 || (words.length === 1 && metas.every((m) => /^[a-z_|]+$/.test(m)))) return { kind: "enum" as const, choices: words };
  if (metas.every((m) => /^(N|BYTES|COUNT|NUM)$/.test(m))) return { kind: "size" as const };
  if (metas.some((m) => /FILE/.test(m))) return { kind: "path" as const };
  return { kind: "word" as const };
}
