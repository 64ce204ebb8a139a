import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { corporaDir } from "./example.js";
import { jaccard, termSet } from "./tokens.js";

// Keeping the pool apart from the bench: an example that restates a task (or its
// answer) would let retrieval leak the solution into the prompt. This fence is only the
// generator's quick first pass (raw-term overlap); the rule that decides what the pool may
// hold is model/structural.py, which `npm run gen` applies afterwards through
// model/decontam_pool.py and CI checks (test/heldout.test.ts).

export interface TaskText {
  id: string;
  request: string;
  solutions: string[];
}

export function readTasks(dir = join(corporaDir(), "tasks")): TaskText[] {
  if (!existsSync(dir)) return [];
  const out: TaskText[] = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    let arr: unknown;
    try {
      arr = JSON.parse(readFileSync(join(dir, f), "utf8"));
    } catch {
      continue; // a task file mid-edit by its owner; the bench's own tests judge it
    }
    if (!Array.isArray(arr)) continue;
    for (const t of arr as any[]) {
      if (t && typeof t.request === "string") {
        out.push({
          id: String(t.id ?? ""),
          request: t.request,
          solutions: Array.isArray(t.solutions) ? t.solutions.filter((s: unknown) => typeof s === "string") : [],
        });
      }
    }
  }
  return out;
}

export const REQUEST_OVERLAP = 0.7;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
const cmdNorm = (s: string) => s.replace(/\s+/g, " ").trim();

/** Why an example collides with a task, or null when it is clear of all of them. */
export class TaskFence {
  private readonly reqs: { id: string; exact: string; terms: Set<string> }[];
  private readonly sols = new Map<string, string>();

  constructor(tasks: TaskText[]) {
    this.reqs = tasks.map((t) => ({ id: t.id, exact: norm(t.request), terms: termSet(t.request) }));
    for (const t of tasks) for (const s of t.solutions) this.sols.set(cmdNorm(s), t.id);
  }

  clash(e: { request: string; command: string }): string | null {
    const sol = this.sols.get(cmdNorm(e.command));
    if (sol) return `command equals a canonical solution of task ${sol}`;
    const exact = norm(e.request);
    const terms = termSet(e.request);
    for (const r of this.reqs) {
      if (r.exact === exact) return `request equals task ${r.id}`;
      const j = jaccard(terms, r.terms);
      if (j >= REQUEST_OVERLAP) return `request shares ${(j * 100).toFixed(0)}% of its terms with task ${r.id}`;
    }
    return null;
  }
}
