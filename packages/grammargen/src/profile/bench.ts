// Model-specific profiles from a bench run: what one model produced in tasks that passed.
// A command from a failing task teaches nothing (what the model misused there is only kept
// where a pass also used it, which learning from passes alone gives). Calibration and
// evaluation are disjoint: a stable hash of the task id puts a share of the tasks aside for
// scoring, and only the others are learned from.
import { createHash } from "node:crypto";
import type { Observed } from "./read.js";

/** Whether a task is held out for evaluation at this share (0..1), the same on every machine. */
export function inEvaluation(taskId: string, share: number): boolean {
  if (share <= 0) return false;
  const h = createHash("sha256").update(taskId).digest().readUInt32BE(0);
  return h / 2 ** 32 < share;
}

export interface BenchSelection {
  kept: Observed[];
  /** Records of the model left out: failing, or in an evaluation task. */
  failing: number;
  heldOut: number;
  otherModels: number;
}

/** The passing commands of `model` (all models when absent) in calibration tasks matching `tasks`. */
export function selectBench(records: Observed[], opts: { model?: string; evalShare: number; tasks?: RegExp }): BenchSelection {
  const out: BenchSelection = { kept: [], failing: 0, heldOut: 0, otherModels: 0 };
  for (const r of records) {
    if (opts.model !== undefined && r.model !== opts.model) {
      out.otherModels++;
      continue;
    }
    const task = r.taskId ?? "";
    if (inEvaluation(task, opts.evalShare) || (opts.tasks && !opts.tasks.test(task))) {
      out.heldOut++;
      continue;
    }
    if (r.passed === false) {
      out.failing++;
      continue;
    }
    out.kept.push(r);
  }
  return out;
}

/** The evaluation task ids among `ids`, as one `bench run --tasks` argument (ids joined by commas). */
export function evaluationTasks(ids: string[], share: number): string {
  return [...new Set(ids)]
    .filter((id) => inEvaluation(id, share))
    .sort()
    .join(",");
}
