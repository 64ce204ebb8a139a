// `bench trace TASK`: one task's decode in one mode, token by token, in the task's own
// workspace (prepared as `bench run` prepares it; the command is not run).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_TRACE_TOP_K, formatTrace, listWorkspace, type TraceResult } from "@shellgen/decode";
import { parseModes, UsageError } from "../run/modes.js";
import { loadSuite, loadTaskFolder, runTask, type Task } from "../suite/index.js";
import { has, one, type Parsed, positiveInt } from "./args.js";

export const TRACE_FLAGS = { model: { value: true }, mode: { value: true }, top: { value: true }, json: {}, suite: { value: true }, help: {} } as const;

/** Ends runTask once the trace is taken: nothing is executed. */
class Traced extends Error {}

export async function traceTask(task: Task, modeName: string, model: string | undefined, topK: number): Promise<TraceResult> {
  const [mode] = parseModes([modeName]);
  const { ModelGenerator } = await import("../run/generators.js");
  const gen = await ModelGenerator.open(model);
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
    await gen.close();
    await rm(workRoot, { recursive: true, force: true });
  }
  return trace!;
}

export async function cmdTrace(p: Parsed, out: (s: string) => void): Promise<number> {
  if (p.positionals.length !== 1) throw new UsageError("bench trace takes one task id");
  const id = p.positionals[0]!;
  const suite = one(p, "suite");
  const tasks = suite !== undefined ? loadTaskFolder(resolve(suite)) : loadSuite();
  const task = tasks.find((t) => t.id === id);
  if (!task) throw new UsageError(`no task "${id}" in ${suite ?? "the suite"}`);
  const trace = await traceTask(task, one(p, "mode") ?? "constrained-retry", one(p, "model"), positiveInt(one(p, "top"), "top", DEFAULT_TRACE_TOP_K));
  out(has(p, "json") ? `${JSON.stringify({ task: task.id, ...trace })}\n` : `task: ${task.id}\n${formatTrace(trace)}`);
  return 0;
}
