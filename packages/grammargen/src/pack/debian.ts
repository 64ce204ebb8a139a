// Reads corpora/debian (help texts captured from Debian's packages: help.txt.br and
// man.txt.br, bundles of brotli-compressed texts, and index.json.br with each program's package,
// version, argv and exit status) into CommandSpecs: the help text and the man page, each
// through its own reader, merged where a program has both.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { GrammargenError } from "../diagnostics.js";
import { readBrotliText, readBundle } from "./bundle.js";
import type { CommandSpec } from "../ir.js";
import { type ParseResult, parseHelp } from "../parse/help.js";
import { parseManPage } from "../parse/man.js";
import { mergeHelpAndMan } from "../parse/merge-sources.js";

export interface DebianTextRecord {
  argv: string[];
  exit: number | string;
  stream?: "stdout" | "stderr";
  env?: Record<string, string>;
}

export interface DebianIndexEntry {
  words: string[];
  package: string;
  version: string;
  from: string[];
  tldrExamples: number;
  help?: DebianTextRecord;
  man?: DebianTextRecord;
}

export interface DebianEntry {
  key: string;
  spec: CommandSpec;
  package: string;
  version: string;
  /** Which texts the grammar was read from. */
  source: "help" | "man" | "help+man";
}

/** index.json.br, with its defaults filled in: words [name], stream "stdout". */
export function readDebianIndex(dir: string): Record<string, DebianIndexEntry> {
  const file = join(dir, "index.json.br");
  if (!existsSync(file)) throw new GrammargenError(`Debian help corpus ${dir} has no index.json.br`, [], "ENOENT");
  const text = readBrotliText(file);
  let raw: Record<string, Partial<DebianIndexEntry>>;
  try {
    raw = JSON.parse(text) as typeof raw;
  } catch (e) {
    throw new GrammargenError(`${file} is not JSON: ${(e as Error).message}`, [], "EPARSE");
  }
  const out: Record<string, DebianIndexEntry> = {};
  for (const [name, e] of Object.entries(raw)) {
    out[name] = { ...(e as DebianIndexEntry), words: e.words ?? [name], ...(e.help ? { help: { stream: "stdout", ...e.help } } : {}) };
  }
  return out;
}

const bundles = new Map<string, Map<string, string>>();

/** One program's text; each bundle is read once per process. */
export function readDebianText(dir: string, kind: "help" | "man", key: string): string | undefined {
  const file = join(dir, `${kind}.txt.br`);
  let texts = bundles.get(file);
  if (!texts) bundles.set(file, (texts = readBundle(file)));
  return texts.get(key);
}

/**
 * Every program of the Debian corpus but those in `skip` (the reviewed corpus's keys), parsed.
 * A text that does not parse is reported in `skipped` with the parser's reason.
 */
export function readDebianCorpus(dir: string, skip: Set<string>): { entries: DebianEntry[]; skipped: { key: string; reason: string }[] } {
  const index = readDebianIndex(dir);
  const entries: DebianEntry[] = [];
  const skipped: { key: string; reason: string }[] = [];
  for (const key of Object.keys(index).sort()) {
    if (skip.has(key)) continue;
    const e = index[key]!;
    // Both texts when both were captured: the man page fills in what a thin --help leaves out,
    // and the merge keeps the help text as the base where it has one (mergeHelpAndMan).
    const read = (kind: "help" | "man", parse: (text: string) => ParseResult): ParseResult | string | undefined => {
      if (!e[kind]) return undefined;
      const text = readDebianText(dir, kind, key);
      if (text === undefined) return `index.json.br lists a ${kind} text for ${key}, but ${kind}.txt.br has none`;
      try {
        return parse(text);
      } catch (err) {
        return `${kind}: ${(err as Error).message.split("\n")[0]!}`;
      }
    };
    const help = read("help", (t) => parseHelp(t, { name: e.words }));
    const man = read("man", (t) => parseManPage(t, { name: e.words }));
    const ok = (r: ParseResult | string | undefined): r is ParseResult => typeof r === "object";
    if (!ok(help) && !ok(man)) {
      skipped.push({ key, reason: [help, man].filter((r) => typeof r === "string").join("; ") || "no text" });
      continue;
    }
    const { spec } = mergeHelpAndMan(ok(help) ? help : undefined, ok(man) ? man : undefined);
    const source = ok(help) && ok(man) ? "help+man" : ok(help) ? "help" : "man";
    const argv = (ok(help) ? e.help! : e.man!).argv;
    entries.push({
      key,
      spec: {
        ...spec,
        source: { ...spec.source, program: e.words[0]!, version: `${e.package} ${e.version}`, helpArgs: ok(help) ? argv.slice(e.words.length) : argv },
      },
      package: e.package,
      version: e.version,
      source,
    });
  }
  return { entries, skipped };
}
