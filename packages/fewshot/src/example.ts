import { createHash } from "node:crypto";
import { readFileSync, readdirSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { cached, cacheKey, programOf as shellProgramOf, programsIn } from "@shellgen/base";
import { corporaDir as shippedCorpora } from "@shellgen/corpora";

export type Difficulty = 1 | 2 | 3;

export interface Example {
  request: string;
  command: string;
  program: string;
  category: string;
  difficulty: Difficulty;
  /** where it came from: "corpus" (corpora/examples) or "learned" (the user's pool) */
  source?: "corpus" | "learned";
}

export class PoolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PoolError";
  }
}

/** Stable id: the same pair always lands on the same row, so re-syncs are incremental. */
export function exampleId(e: { request: string; command: string }): string {
  return createHash("sha1").update(e.request.trim()).update("\0").update(e.command.trim()).digest("hex").slice(0, 16);
}

/** The shipped data (@shellgen/corpora): corpora/ in a checkout, the installed package elsewhere. */
export function corporaDir(): string {
  return shippedCorpora;
}

export function defaultExamplesDir(): string {
  return join(corporaDir(), "examples");
}

/**
 * The program a command is "about": that of its first simple command, looking through
 * wrappers (`timeout 5 curl ...` is a curl example). Used for learned pairs, which carry
 * no program field. One implementation, the shell front end's.
 */
export const programOf = shellProgramOf;

/** Reads every *.jsonl in a folder (heldout.jsonl excluded: it is the evaluation set). */
export function readExamplesDir(dir: string, source: Example["source"] = "corpus"): Example[] {
  if (!existsSync(dir)) return [];
  const out: Example[] = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl") && !f.startsWith("heldout"))
    .sort()) {
    out.push(...readJsonl(join(dir, f), source));
  }
  return out;
}

/** programs.json beside the examples: { "<program>": "<what it does>" }; absent or broken -> none (with a note). */
export function readProgramDescriptions(dir: string, notes: string[] = []): Map<string, string> {
  const file = join(dir, PROGRAMS_FILE);
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  try {
    const o = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const [k, v] of Object.entries(o)) if (!k.startsWith("_") && typeof v === "string" && v.trim()) out.set(k, v);
  } catch (e) {
    notes.push(`${file}: ignored, not valid JSON (${(e as Error).message})`);
  }
  return out;
}

export const PROGRAMS_FILE = "programs.json";

/**
 * Every program the shipped examples run (any stage of a pipeline, loop or substitution)
 * and every program programs.json describes: the programs this project knows people ask for.
 */
export function shippedPrograms(dir = defaultExamplesDir()): string[] {
  // Parsing every example's command takes a few hundred ms: cached per examples folder state.
  const build = () => {
    const out = new Set(readProgramDescriptions(dir).keys());
    for (const e of readExamplesDir(dir)) for (const p of programsIn(e.command)) out.add(p);
    return [...out].sort();
  };
  return cached("shipped-programs", cacheKey("programs-1", dir, folderStamp(dir)), build, { save: (l) => l, load: (l: string[]) => l });
}

/** Name, size and modification time of each file in a folder: changes when any file does. */
export function folderStamp(dir: string): string {
  if (!existsSync(dir)) return "absent";
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const st = statSync(join(dir, name));
      return `${name} ${st.size} ${st.mtimeMs}`;
    })
    .join("\n");
}

/** Each non-blank line of a JSONL file, parsed, with its `file:line` for error messages. */
export function jsonlRows(file: string): { row: any; at: string }[] {
  const rows: { row: any; at: string }[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        rows.push({ row: JSON.parse(line), at: `${file}:${i + 1}` });
      } catch (e) {
        throw new PoolError(`${file}:${i + 1}: not valid JSON (${(e as Error).message})`);
      }
    });
  return rows;
}

export function readJsonl(file: string, source: Example["source"] = "corpus"): Example[] {
  const out: Example[] = [];
  for (const { row: o, at } of jsonlRows(file)) {
    if (typeof o.request !== "string" || typeof o.command !== "string" || !o.request.trim() || !o.command.trim()) {
      throw new PoolError(`${at}: an example needs non-empty "request" and "command" strings`);
    }
    out.push({
      request: o.request,
      command: o.command,
      program: typeof o.program === "string" && o.program ? o.program : programOf(o.command),
      category: typeof o.category === "string" ? o.category : "misc",
      difficulty: o.difficulty === 2 || o.difficulty === 3 ? o.difficulty : 1,
      source,
    });
  }
  return out;
}

/** The evaluation queries: requests with the program a correct answer needs, no commands. */
export function readHeldout(file: string): { request: string; program: string }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { request: string; program: string });
}
