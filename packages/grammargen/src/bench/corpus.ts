// Reading corpora/help: one folder per help text with help.txt (help.txt.br when over 40 KB: see
// @shellgen/base readCapturedText), meta.json, ir.json and invocations.json.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { capturedTextPath, readCapturedText } from "@shellgen/base";
import type { CommandSpec, HelpStyle } from "../ir.js";

export interface Meta {
  command: string[];
  program: string;
  version?: string;
  style: HelpStyle;
  /** The command words the grammar starts with, when they differ from `program` (python3 -m json.tool). */
  name?: string[];
}

export interface CorpusEntry {
  name: string;
  dir: string;
  help: string;
  meta: Meta;
  ir?: CommandSpec;
  invocations?: { valid: string[]; invalid: string[] };
}

/** corpora/help, found from this file (src/bench or dist/bench) up to the repository root. */
export function corpusDir(): string {
  let d = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const c = join(d, "corpora", "help");
    if (existsSync(c)) return c;
    d = resolve(d, "..");
  }
  throw new Error("corpora/help not found above grammargen");
}

const readJson = <T>(file: string): T | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined);

export function readCorpus(dir = corpusDir()): CorpusEntry[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && capturedTextPath(join(dir, d.name, "help.txt")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const p = join(dir, name);
      return {
        name,
        dir: p,
        help: readCapturedText(join(p, "help.txt"))!,
        meta: readJson<Meta>(join(p, "meta.json"))!,
        ir: readJson<CommandSpec>(join(p, "ir.json")),
        invocations: readJson<{ valid: string[]; invalid: string[] }>(join(p, "invocations.json")),
      };
    });
}

/** The command words a corpus entry's grammar starts with. */
export const entryName = (e: CorpusEntry): string[] => e.meta.name ?? e.ir?.path ?? [e.meta.program];

/**
 * The style to parse an entry with: detected from the text for the getopt-like styles, and the
 * corpus label for styles with their own parser (busybox, openssl, ...), whose detection
 * may need the program name.
 */
export function styleFor(e: CorpusEntry): HelpStyle | undefined {
  return ["gnu", "cobra", "argparse", "click", "clap", "generic"].includes(e.meta.style) ? undefined : e.meta.style;
}
