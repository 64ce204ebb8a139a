// The suite's own proof: every canonical solution passes its task's check (in every
// variant), every plausible wrong command fails it (in at least one), and no guess passes.
// Used by CI (bench/test/suite.test.ts) and by authors (npm run tasks:selftest).
import { guessesThatPass } from "./guesses.js";
import { runTask } from "./run.js";
import type { Task } from "./task.js";

export interface SelfTestFailure {
  taskId: string;
  kind: "solution" | "wrong" | "guess";
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

export interface SelfTestOptions {
  concurrency?: number;
  timeoutMs?: number;
  /** also run the guesses (true, ls, cat, echo ...) against every task; none may pass */
  guesses?: boolean;
}

export async function selfTest(tasks: Task[], opts: SelfTestOptions = {}): Promise<SelfTestReport> {
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
  if (opts.guesses) {
    await mapLimit(tasks, opts.concurrency ?? 3, async (task) => {
      try {
        for (const h of await guessesThatPass(task)) failures.push({ taskId: task.id, kind: "guess", command: h.guess, reason: "a guess passes the task" });
      } catch (e) {
        failures.push({ taskId: task.id, kind: "guess", command: "(guesses)", reason: `error: ${(e as Error).message}` });
      }
    });
  }
  failures.sort((a, b) => a.taskId.localeCompare(b.taskId) || a.kind.localeCompare(b.kind));
  return { tasks: tasks.length, commands: jobs.length, failures, wallMs: performance.now() - started };
}
