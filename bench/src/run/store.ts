// results.jsonl: one record per (model, mode, task), appended as each finishes, so a run
// killed at any point resumes where it stopped. A torn last line is dropped on reopen.
import { mkdir, readFile, stat, truncate } from "node:fs/promises";
import { appendDurable, writeFileAtomic } from "@shellgen/base";
import { join } from "node:path";
import { UsageError } from "./modes.js";
import { isRecord, recordKey, type ResultRecord } from "./record.js";

export const RESULTS_FILE = "results.jsonl";
export const META_FILE = "run.json";

export interface LoadedResults {
  records: ResultRecord[];
  /** Lines that were not valid records (a torn tail, a hand edit). */
  skipped: number;
}

/** Reads every complete record; later records for the same key win. */
export async function readResults(dir: string): Promise<LoadedResults> {
  let text: string;
  try {
    text = await readFile(join(dir, RESULTS_FILE), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { records: [], skipped: 0 };
    throw e;
  }
  const byKey = new Map<string, ResultRecord>();
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const r: unknown = JSON.parse(line);
      if (isRecord(r)) byKey.set(recordKey(r), r);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { records: [...byKey.values()], skipped };
}

export class ResultStore {
  private constructor(
    readonly dir: string,
    readonly done: Set<string>,
  ) {}

  /** Opens (creating) the store; with `resume` the completed keys are loaded, otherwise the dir must hold no results. */
  static async open(dir: string, resume: boolean): Promise<ResultStore> {
    await mkdir(dir, { recursive: true });
    const file = join(dir, RESULTS_FILE);
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    if (exists && !resume) {
      throw new UsageError(`${file} already holds results; pass --resume to continue that run or --out to start a new one`);
    }
    if (exists) await dropTornTail(file);
    const { records } = await readResults(dir);
    return new ResultStore(dir, new Set(records.map(recordKey)));
  }

  has(key: string): boolean {
    return this.done.has(key);
  }

  /** One write per line, so a kill leaves at most one torn line at the end; flushed, so a
   * crash loses no finished task. */
  async append(r: ResultRecord): Promise<void> {
    await appendDurable(join(this.dir, RESULTS_FILE), `${JSON.stringify(r)}\n`);
    this.done.add(recordKey(r));
  }
}

/** Cuts an unterminated last line so the next append starts on a line of its own. */
async function dropTornTail(file: string): Promise<void> {
  const buf = await readFile(file);
  if (buf.length === 0 || buf[buf.length - 1] === 0x0a) return;
  const lastNl = buf.lastIndexOf(0x0a);
  await truncate(file, lastNl + 1);
}

/** Writes JSON atomically and durably (@shellgen/base): a reader never sees half a file. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

export const writeTextAtomic = (file: string, text: string): Promise<void> => writeFileAtomic(file, text);
