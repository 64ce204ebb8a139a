// Reads corpora/help/<name>/{help.txt,meta.json} into CommandSpecs through the help parser;
// a man.txt beside them (the program's rendered man page) adds what the help text leaves out.
// A text over 40 KB is stored as help.txt.br or man.txt.br (readCapturedText reads either).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { readCapturedText } from "@shellgen/base";
import { GrammargenError } from "../diagnostics.js";
import type { CommandSpec, HelpStyle } from "../ir.js";
import { parseHelp } from "../parse/help.js";
import { parseManPage } from "../parse/man.js";
import { mergeHelpAndMan } from "../parse/merge-sources.js";

export interface CorpusEntry {
  /** Directory name: the pack's key for this command (git-log, busybox-cp, grep). */
  key: string;
  spec: CommandSpec;
  /** The program's version line as captured. */
  version?: string;
  style: string;
}

interface Meta {
  command: string[];
  program: string;
  version?: string;
  style?: HelpStyle;
  name?: string[];
}

export function readCorpus(dir: string, only?: string[]): CorpusEntry[] {
  if (!existsSync(dir)) throw new GrammargenError(`help corpus ${dir} does not exist`, [], "ENOENT");
  const out: CorpusEntry[] = [];
  for (const key of readdirSync(dir).sort()) {
    if (only && !only.includes(key)) continue;
    const text = readCapturedText(join(dir, key, "help.txt"));
    const metaFile = join(dir, key, "meta.json");
    if (text === undefined || !existsSync(metaFile)) continue;
    const meta = JSON.parse(readFileSync(metaFile, "utf8")) as Meta;
    const name = meta.name ?? [meta.program];
    const man = readCapturedText(join(dir, key, "man.txt"));
    const help = parseHelp(text, { name, ...(meta.style ? { style: meta.style } : {}) });
    const { spec } = man !== undefined ? mergeHelpAndMan(help, parseManPage(man, { name })) : help;
    out.push({
      key,
      spec: { ...spec, source: { ...spec.source, program: meta.program, ...(meta.version ? { version: meta.version } : {}) } },
      ...(meta.version ? { version: meta.version } : {}),
      style: spec.style,
    });
  }
  return out;
}
