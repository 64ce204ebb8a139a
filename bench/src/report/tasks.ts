// Per-task outcomes: for each (model, task), what every mode produced, how it decoded, and
// what the check said; the outcome from the baseline to the compared mode; and, for a
// regression, its traced cause.
import type { ResultRecord } from "../run/record.js";
import { traceCause, type TracedCause } from "./causes.js";

/** What the reports know of a task beyond its records (from the suite). */
export interface TaskInfo {
  request: string;
  programs: string[];
}

export type Outcome = "kept" | "fixed" | "regressed" | "still failing" | "passed" | "failed";
export const OUTCOMES: readonly Outcome[] = ["fixed", "regressed", "still failing", "kept", "passed", "failed"];

/** How the command was decoded: free, under the grammar, by the native retry, or not at all. */
export type Decoding = "free" | "constrained" | "retry" | "failed" | "oracle";

export const decodingOf = (path: string): Decoding =>
  path === "native" ? "free" : path === "constrained" ? "constrained" : path === "retry-native" ? "retry" : path === "oracle" ? "oracle" : "failed";

export interface ModeCell {
  mode: string;
  command: string;
  decoding: Decoding;
  passed: boolean;
  /** First lines of the check's verdict, then of stderr, for a failure; "ok" for a pass. */
  message: string;
}

export interface TaskRow {
  model: string;
  taskId: string;
  tier: number;
  /** "novel", "covered" or "" when the coverage file does not list the task */
  novelty: "novel" | "covered" | "";
  request: string;
  programs: string[];
  /** From the baseline to the compared mode (study's pair); passed/failed when the model ran one mode. */
  outcome: Outcome;
  cells: ModeCell[];
  cause?: TracedCause;
}

export const MESSAGE_LINES = 3;

const firstLines = (s: string, n: number) =>
  s
    .split("\n")
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(0, n)
    .join("\n");

/** The check's verdict and the start of stderr: what a reader needs to see why it failed. */
export function messageOf(r: ResultRecord): string {
  if (r.passed) return "ok";
  const err = firstLines(r.stderr ?? "", MESSAGE_LINES);
  return firstLines([r.reason, err].filter(Boolean).join("\n"), MESSAGE_LINES);
}

export const outcomeOf = (a: boolean, b: boolean): Outcome => (a ? (b ? "kept" : "regressed") : b ? "fixed" : "still failing");

/**
 * One row per (model, task), in model order then suite order (tier, id). `pair`: the
 * baseline and compared mode; `modes`: column order.
 */
export function taskRows(
  records: ResultRecord[],
  models: string[],
  modes: string[],
  pair: [string, string] | undefined,
  info: ReadonlyMap<string, TaskInfo>,
  coverage: ReadonlyMap<string, boolean> | undefined,
): TaskRow[] {
  const by = new Map<string, Map<string, ResultRecord>>();
  for (const r of records) {
    const k = `${r.model}\u0000${r.taskId}`;
    if (!by.has(k)) by.set(k, new Map());
    by.get(k)!.set(r.mode, r);
  }
  const rows: TaskRow[] = [];
  for (const [k, byMode] of by) {
    const [model, taskId] = k.split("\u0000") as [string, string];
    const any = [...byMode.values()][0]!;
    const cells = modes
      .filter((m) => byMode.has(m))
      .map((m): ModeCell => {
        const r = byMode.get(m)!;
        return { mode: m, command: r.command, decoding: decodingOf(r.path), passed: r.passed, message: messageOf(r) };
      });
    const a = pair ? byMode.get(pair[0]) : undefined;
    const b = pair ? byMode.get(pair[1]) : undefined;
    const outcome: Outcome = a && b ? outcomeOf(a.passed, b.passed) : cells.every((c) => c.passed) ? "passed" : "failed";
    const c = coverage?.get(taskId);
    const t = info.get(taskId);
    rows.push({
      model,
      taskId,
      tier: any.tier,
      novelty: c === undefined ? "" : c ? "covered" : "novel",
      request: t?.request ?? "",
      programs: t?.programs ?? [],
      outcome,
      cells,
      ...(a && b && outcome === "regressed" ? { cause: traceCause(a, b) } : {}),
    });
  }
  return rows.sort((x, y) => models.indexOf(x.model) - models.indexOf(y.model) || x.tier - y.tier || x.taskId.localeCompare(y.taskId));
}

/** Per model and tier (then over all models, when there are several): the pair's transitions, as table cells. */
export function tierTransitionCells(rows: TaskRow[]): { head: string[]; rows: string[][] } {
  const kinds: Outcome[] = ["kept", "fixed", "regressed", "still failing"];
  const paired = rows.filter((t) => kinds.includes(t.outcome));
  const tiers = [...new Set(paired.map((t) => t.tier))].sort((a, b) => a - b);
  const models = [...new Set(paired.map((t) => t.model))];
  const count = (ts: TaskRow[]) => kinds.map((k) => String(ts.filter((t) => t.outcome === k).length));
  const out: string[][] = [];
  for (const m of models) for (const tier of tiers) out.push([m, `tier ${tier}`, ...count(paired.filter((t) => t.model === m && t.tier === tier))]);
  if (models.length > 1) for (const tier of tiers) out.push(["all models", `tier ${tier}`, ...count(paired.filter((t) => t.tier === tier))]);
  return { head: ["model", "tier", ...kinds], rows: out };
}
