// `bench trace TASK`: one task's decode in one mode, token by token, in the task's own
// workspace (prepared as `bench run` prepares it; the command is not run).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_TRACE_TOP_K, defaultModelPath, formatTrace, listWorkspace, type TraceResult } from "@shellgen/decode";
import { existsSync } from "node:fs";
import { loadReport, writeReport } from "../report/index.js";
import { parseModes, UsageError, type ModeSpec } from "../run/modes.js";
import { RESULTS_FILE } from "../run/store.js";
import { TRACES_FILE, type TraceRecord, writeTraces } from "../run/traces.js";
import { loadSuite, loadTaskFolder, runTask, type Task } from "../suite/index.js";
import { has, one, type Parsed, positiveInt } from "./args.js";

export const TRACE_FLAGS = {
  model: { value: true },
  mode: { value: true },
  top: { value: true },
  json: {},
  suite: { value: true },
  run: { value: true },
  fixed: { value: true },
  help: {},
} as const;

/** Ends runTask once the trace is taken: nothing is executed. */
class Traced extends Error {}

type Tracer = { trace(task: Task, mode: ModeSpec, files: string[], topK: number): Promise<TraceResult> };

/** One task traced by an open generator, in the task's prepared workspace. */
async function traceWith(gen: Tracer, task: Task, modeName: string, topK: number): Promise<TraceResult> {
  const [mode] = parseModes([modeName]);
  const workRoot = await mkdtemp(join(tmpdir(), "shellgen-trace-"));
  let trace: TraceResult | undefined;
  try {
    await runTask(
      task,
      async (dir) => {
        trace = await gen.trace(task, mode!, listWorkspace(dir), topK);
        throw new Traced();
      },
      { workRoot },
    ).catch((e: unknown) => {
      if (!(e instanceof Traced)) throw e;
    });
  } finally {
    await rm(workRoot, { recursive: true, force: true });
  }
  return trace!;
}

export async function traceTask(task: Task, modeName: string, model: string | undefined, topK: number): Promise<TraceResult> {
  const { ModelGenerator } = await import("../run/generators.js");
  const gen = await ModelGenerator.open(model);
  try {
    return await traceWith(gen, task, modeName, topK);
  } finally {
    await gen.close();
  }
}

/** How many fixed tasks per model and mode pair `--run` traces besides every regression. */
export const FIXED_SAMPLE = 5;

/**
 * `bench trace --run DIR`: every regressed task of the run in the mode it regressed in, and
 * the first few fixed ones, into DIR/traces.jsonl; the reports show them.
 */
async function traceRun(dir: string, topK: number, fixedSample: number, err: (s: string) => void): Promise<string> {
  const { report, meta } = await loadReport(dir);
  const tasks = new Map((meta?.suite ? loadTaskFolder(meta.suite) : loadSuite()).map((t) => [t.id, t]));
  const wanted: { model: string; mode: string; taskId: string; why: TraceRecord["why"] }[] = report.regressions.map((g) => ({
    model: g.model,
    mode: g.to,
    taskId: g.taskId,
    why: "regressed" as const,
  }));
  if (report.pair) {
    const perModel = new Map<string, number>();
    for (const t of report.tasks.filter((x) => x.outcome === "fixed")) {
      const n = perModel.get(t.model) ?? 0;
      if (n >= fixedSample) continue;
      perModel.set(t.model, n + 1);
      wanted.push({ model: t.model, mode: report.pair[1], taskId: t.taskId, why: "fixed" });
    }
  }
  const { ModelGenerator, modelLabel } = await import("../run/generators.js");
  const defaultLabel = modelLabel(undefined, defaultModelPath());
  const out: TraceRecord[] = [];
  for (const model of [...new Set(wanted.map((w) => w.model))]) {
    const gen = await ModelGenerator.open(model === defaultLabel ? undefined : model);
    try {
      for (const w of wanted.filter((x) => x.model === model)) {
        const task = tasks.get(w.taskId);
        if (!task) {
          err(`bench: task ${w.taskId} is no longer in the suite; not traced\n`);
          continue;
        }
        out.push({ ...w, trace: await traceWith(gen, task, w.mode, topK) });
      }
    } finally {
      await gen.close();
    }
  }
  await writeTraces(dir, out);
  await writeReport(dir);
  const regressed = out.filter((t) => t.why === "regressed").length;
  return `traced ${regressed} regressed and ${out.length - regressed} fixed tasks into ${join(dir, TRACES_FILE)}; report.html shows them\n`;
}

export async function cmdTrace(p: Parsed, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  const topK = positiveInt(one(p, "top"), "top", DEFAULT_TRACE_TOP_K);
  const run = one(p, "run");
  if (run !== undefined) {
    if (p.positionals.length) throw new UsageError("bench trace --run DIR takes no task id: it traces the run's regressed and fixed tasks");
    if (!existsSync(join(run, RESULTS_FILE))) throw new UsageError(`no results in ${join(run, RESULTS_FILE)}`);
    const fixed = one(p, "fixed");
    out(await traceRun(run, topK, fixed === "0" ? 0 : positiveInt(fixed, "fixed", FIXED_SAMPLE), err));
    return 0;
  }
  if (p.positionals.length !== 1) throw new UsageError("bench trace takes one task id (or --run DIR)");
  const id = p.positionals[0]!;
  const suite = one(p, "suite");
  const tasks = suite !== undefined ? loadTaskFolder(resolve(suite)) : loadSuite();
  const task = tasks.find((t) => t.id === id);
  if (!task) throw new UsageError(`no task "${id}" in ${suite ?? "the suite"}`);
  const trace = await traceTask(task, one(p, "mode") ?? "constrained-retry", one(p, "model"), topK);
  out(has(p, "json") ? `${JSON.stringify({ task: task.id, ...trace })}\n` : `task: ${task.id}\n${formatTrace(trace)}`);
  return 0;
}
