// Reads corpora/debian (help texts captured from Debian's packages: help.txt.br and
// man.txt.br, bundles of brotli-compressed texts, and index.json with each program's package,
// version, argv and exit status) into CommandSpecs. A program whose --help is missing is read
// from its man page text; the parser treats both as help.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GrammargenError } from "../diagnostics.js";
import { readBundle } from "./bundle.js";
import type { CommandSpec } from "../ir.js";
import { parseHelp } from "../parse/help.js";

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
  /** Which text the grammar was read from. */
  source: "help" | "man";
}

export function readDebianIndex(dir: string): Record<string, DebianIndexEntry> {
  const file = join(dir, "index.json");
  if (!existsSync(file)) throw new GrammargenError(`Debian help corpus ${dir} has no index.json`, [], "ENOENT");
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, DebianIndexEntry>;
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
    const source = e.help ? "help" : "man";
    const text = readDebianText(dir, source, key);
    if (text === undefined) {
      skipped.push({ key, reason: `index.json lists a ${source} text for ${key}, but ${source}.txt.br has none` });
      continue;
    }
    try {
      const { spec } = parseHelp(text, { name: e.words });
      entries.push({
        key,
        spec: {
          ...spec,
          source: {
            ...spec.source,
            program: e.words[0]!,
            version: `${e.package} ${e.version}`,
            helpArgs: (source === "help" ? e.help! : e.man!).argv.slice(source === "help" ? e.words.length : 0),
          },
        },
        package: e.package,
        version: e.version,
        source,
      });
    } catch (err) {
      skipped.push({ key, reason: (err as Error).message.split("\n")[0]! });
    }
  }
  return { entries, skipped };
}
