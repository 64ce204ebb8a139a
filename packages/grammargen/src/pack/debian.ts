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
import { withHelpInvocation } from "./help-invocation.js";
import { leftOutForSize, readDebianFailures, withLeftOutCommands } from "./left-out.js";
import { withLentOptions } from "./lent-options.js";
import { withChildAliases } from "../parse/own-aliases.js";
import { withParentAbbreviation } from "../parse/abbreviated.js";

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
  /** How the program was mapped to its package where no package ships a file of its name. */
  via?: string;
  /** The system the text was captured on where it is not the machine's own (a chroot's os-release name). */
  system?: string;
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

type Text = string | undefined | { failure: string };

/**
 * One program's spec from its texts (a text may be missing, or a failure to read it): both
 * texts when both were captured, the man page filling in what a thin --help leaves out, and the
 * merge keeping the help text as the base where it has one (mergeHelpAndMan). A text that does
 * not parse is left out with the parser's reason; neither parsing is a failure naming both.
 */
export function parseDebianTexts(words: string[], helpText: Text, manText: Text): { spec: CommandSpec; source: DebianEntry["source"] } | { failure: string } {
  const read = (kind: "help" | "man", text: Text, parse: (text: string) => ParseResult): ParseResult | string | undefined => {
    if (text === undefined || typeof text === "object") return text?.failure;
    try {
      return parse(text);
    } catch (err) {
      return `${kind}: ${(err as Error).message.split("\n")[0]!}`;
    }
  };
  const help = read("help", helpText, (t) => parseHelp(t, { name: words }));
  const man = read("man", manText, (t) => parseManPage(t, { name: words }));
  const ok = (r: ParseResult | string | undefined): r is ParseResult => typeof r === "object";
  if (!ok(help) && !ok(man)) return { failure: [help, man].filter((r) => typeof r === "string").join("; ") || "no text" };
  const { spec } = mergeHelpAndMan(ok(help) ? help : undefined, ok(man) ? man : undefined);
  return { spec, source: ok(help) && ok(man) ? "help+man" : ok(help) ? "help" : "man" };
}

/**
 * Every program of the Debian corpus but those in `skip` (the reviewed corpus's keys), parsed.
 * A text that does not parse is reported in `skipped` with the parser's reason. A wrapper that
 * says its options are another program's takes them from this corpus or from `reviewed` (the
 * reviewed corpus's specs by key), where either holds that program (lent-options.ts).
 */
export function readDebianCorpus(
  dir: string,
  skip: Set<string>,
  reviewed: ReadonlyMap<string, CommandSpec> = new Map(),
): { entries: DebianEntry[]; skipped: { key: string; reason: string }[] } {
  const index = readDebianIndex(dir);
  const entries: DebianEntry[] = [];
  const skipped: { key: string; reason: string }[] = [];
  for (const key of Object.keys(index).sort()) {
    if (skip.has(key)) continue;
    const e = index[key]!;
    const text = (kind: "help" | "man"): string | undefined | { failure: string } => {
      if (!e[kind]) return undefined;
      return readDebianText(dir, kind, key) ?? { failure: `index.json.br lists a ${kind} text for ${key}, but ${kind}.txt.br has none` };
    };
    const r = parseDebianTexts(e.words, text("help"), text("man"));
    if ("failure" in r) {
      skipped.push({ key, reason: r.failure });
      continue;
    }
    const { source } = r;
    const spec = source === "man" ? r.spec : withHelpInvocation(r.spec, e.words, e.help);
    const argv = (source === "man" ? e.man! : e.help!).argv;
    entries.push({
      key,
      spec: {
        ...spec,
        source: { ...spec.source, program: e.words[0]!, version: `${e.package} ${e.version}`, helpArgs: source === "man" ? argv : argv.slice(e.words.length) },
      },
      package: e.package,
      version: e.version,
      source,
    });
  }
  const byKey = new Map(entries.map((e) => [e.key, e.spec]));
  // A command's own entry (gh-secret-list) names its aliases (`ls`): its parent's list takes them.
  const byPath = new Map(entries.map((e) => [e.spec.path.join(" "), e.spec]));
  // A lender is a program ("grep") or a command that lists global options ("kubectl options").
  const lender = (program: string) => reviewed.get(program) ?? byKey.get(program) ?? byPath.get(program);
  const entryOf = (path: string[]) => byPath.get(path.join(" "));
  const leftOut = leftOutForSize(readDebianFailures(dir), new Map(entries.map((e) => [e.key, e.package])));
  return {
    entries: entries.map((e) => ({
      ...e,
      spec: withParentAbbreviation(withLeftOutCommands(withChildAliases(withLentOptions(e.spec, lender), entryOf), leftOut.get(e.key) ?? []), entryOf),
    })),
    skipped,
  };
}
