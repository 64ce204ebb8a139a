// One task, one command: a fresh workspace per state (the task's own, then each variant),
// the same command run in the sandbox in each, and one verdict. The bench's runner and the
// self-test both come through here, so there is one execution path.
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluateCheck, type Verdict } from "./check.js";
import { suiteSandbox, TASK_ENV } from "./sandbox.js";
import { taskStates, type CommandResult, type Task } from "./task.js";
import { prepareWorkspace } from "./workspace.js";

export interface RunTaskOptions {
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** keep the workspaces for inspection instead of deleting them */
  keepWorkspace?: boolean;
  /** where workspaces are created (default: the OS temp dir) */
  workRoot?: string;
}

export interface TaskRun extends Verdict {
  /** the result in the state that decided the verdict: the first failing one, else the task's own */
  result: CommandResult;
  /** the task's own workspace, when kept */
  workspace?: string;
  /** how many states (task + variants) the command ran in before the verdict */
  states: number;
}

/**
 * Where the command comes from: a fixed string, or a function that sees the task's own
 * prepared workspace first (a model grounds on its files). The same command then runs in
 * every variant's workspace.
 */
export type CommandSource = string | ((workspaceDir: string) => Promise<string>);

export async function runTask(task: Task, source: CommandSource, opts: RunTaskOptions = {}): Promise<TaskRun> {
  const states = taskStates(task);
  let command = typeof source === "string" ? source : undefined;
  let first: TaskRun | undefined;
  for (const [i, state] of states.entries()) {
    const dir = await mkdtemp(join(opts.workRoot ?? tmpdir(), `shellgen-${task.id}-`));
    const keep = opts.keepWorkspace && i === 0;
    try {
      await prepareWorkspace({ ...task, setup: state.setup }, dir);
      if (command === undefined) command = await (source as (d: string) => Promise<string>)(dir);
      const { run } = await suiteSandbox();
      const result = await run({
        command,
        workspace: dir,
        timeoutMs: opts.timeoutMs ?? 10_000,
        maxOutputBytes: opts.maxOutputBytes ?? 1 << 20,
        env: TASK_ENV,
      });
      const verdict = await evaluateCheck({ ...task, check: state.check }, result, dir);
      const here: TaskRun = { ...verdict, result, states: i + 1, ...(keep ? { workspace: dir } : {}) };
      if (!verdict.passed) {
        return {
          ...here,
          reason: state.name ? `variant ${state.name}: ${verdict.reason}` : verdict.reason,
          ...(first?.workspace ? { workspace: first.workspace } : {}),
        };
      }
      first ??= here;
    } finally {
      if (!keep) await removeWorkspace(dir);
    }
  }
  return { ...first!, states: states.length };
}

/** Best effort: a command may leave unreadable or unwritable folders, and cleanup must never hide the verdict. */
export async function removeWorkspace(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    await chmodTree(dir).catch(() => undefined);
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function chmodTree(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await chmodTree(join(dir, entry.name));
  }
}
