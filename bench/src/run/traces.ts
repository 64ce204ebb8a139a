// DIR/traces.jsonl: token traces of a run's tasks (`bench trace --run DIR`), one line per
// (model, mode, task), read back by the reports.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { TraceResult } from "@shellgen/decode";
import { writeTextAtomic } from "./store.js";

export const TRACES_FILE = "traces.jsonl";

export interface TraceRecord {
  model: string;
  mode: string;
  taskId: string;
  /** Why it was traced: the task regressed, or is one of the fixed ones sampled. */
  why: "regressed" | "fixed";
  trace: TraceResult;
}

export const traceKey = (r: Pick<TraceRecord, "model" | "mode" | "taskId">) => `${r.model}\u0000${r.mode}\u0000${r.taskId}`;

/** The run's traces by key; none when the run has no traces file. Torn or foreign lines are skipped. */
export async function readTraces(dir: string): Promise<Map<string, TraceRecord>> {
  const text = await readFile(join(dir, TRACES_FILE), "utf8").catch(() => "");
  const out = new Map<string, TraceRecord>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as TraceRecord;
      if (r && typeof r.taskId === "string" && Array.isArray(r.trace?.decodes)) out.set(traceKey(r), r);
    } catch {
      // a line cut short: the rest still reads
    }
  }
  return out;
}

export async function writeTraces(dir: string, traces: TraceRecord[]): Promise<void> {
  await writeTextAtomic(join(dir, TRACES_FILE), traces.map((t) => JSON.stringify(t)).join("\n") + (traces.length ? "\n" : ""));
}
