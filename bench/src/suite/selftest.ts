// The suite's own proof: every canonical solution passes its task's check and every
// plausible wrong command fails it. Used by CI (bench/test/suite.test.ts) and by authors.
import { runTask } from "./run.js";
import type { Task } from "./task.js";

export interface SelfTestFailure {
  taskId: string;
  kind: "solution" | "wrong";
  command: string;
  reason: string;
}

export interface SelfTestReport {
  tasks: number;
  commands: number;
  failures: SelfTestFailure[];
  wallMs: number;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

export async function selfTest(tasks: Task[], opts: { concurrency?: number; timeoutMs?: number } = {}): Promise<SelfTestReport> {
  const started = performance.now();
  const jobs = tasks.flatMap((task) => [
    ...task.solutions.map((command) => ({ task, command, kind: "solution" as const })),
    ...task.wrong.map((command) => ({ task, command, kind: "wrong" as const })),
  ]);
  const failures: SelfTestFailure[] = [];
  await mapLimit(jobs, opts.concurrency ?? 3, async ({ task, command, kind }) => {
    try {
      const r = await runTask(task, command, { timeoutMs: opts.timeoutMs ?? 10_000 });
      if (kind === "solution" && !r.passed) failures.push({ taskId: task.id, kind, command, reason: r.reason });
      if (kind === "wrong" && r.passed) failures.push({ taskId: task.id, kind, command, reason: "the check accepted a wrong command" });
    } catch (e) {
      failures.push({ taskId: task.id, kind, command, reason: `error: ${(e as Error).message}` });
    }
  });
  failures.sort((a, b) => a.taskId.localeCompare(b.taskId));
  return { tasks: tasks.length, commands: jobs.length, failures, wallMs: performance.now() - started };
}
