// One task, one command: fresh workspace, sandboxed run, verdict.
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluateCheck, type Verdict } from "./check.js";
import { suiteSandbox, TASK_ENV } from "./sandbox.js";
import { prepareWorkspace } from "./workspace.js";
import type { CommandResult, Task } from "./task.js";

export interface RunTaskOptions {
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** keep the workspace for inspection instead of deleting it */
  keepWorkspace?: boolean;
  /** where workspaces are created (default: the OS temp dir) */
  workRoot?: string;
}

export interface TaskRun extends Verdict {
  result: CommandResult;
  workspace?: string;
}

export async function runTask(task: Task, command: string, opts: RunTaskOptions = {}): Promise<TaskRun> {
  const dir = await mkdtemp(join(opts.workRoot ?? tmpdir(), `shellgen-${task.id}-`));
  try {
    await prepareWorkspace(task, dir);
    const { run } = await suiteSandbox();
    const result = await run({
      command,
      workspace: dir,
      timeoutMs: opts.timeoutMs ?? 10_000,
      maxOutputBytes: opts.maxOutputBytes ?? 1 << 20,
      env: TASK_ENV,
    });
    const verdict = await evaluateCheck(task, result, dir);
    return { ...verdict, result, ...(opts.keepWorkspace ? { workspace: dir } : {}) };
  } finally {
    if (!opts.keepWorkspace) await removeWorkspace(dir);
  }
}

/** Best effort: a command may leave unreadable or unwritable folders, and cleanup must never hide the verdict. */
async function removeWorkspace(dir: string): Promise<void> {
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
