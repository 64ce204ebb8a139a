// Builds a task's fresh workspace: inline files with their modes, then the setup script in the sandbox.
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import { suiteSandbox, TASK_ENV } from "./sandbox.js";
import type { Task } from "./task.js";

/**
 * Where a setup file goes, refusing a path that would land outside the workspace. Lexical is
 * enough here: the folder is fresh and only the task's own files are in it. Checks that read
 * after a command ran use the sandbox's realpath-based insideWorkspace instead.
 */
export function setupPath(dir: string, rel: string): string {
  const root = resolve(dir);
  const full = resolve(root, rel);
  if (full !== root && !full.startsWith(root + sep)) throw new Error(`path escapes the workspace: ${rel}`);
  return full;
}

export async function prepareWorkspace(task: Task, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [rel, file] of Object.entries(task.setup.files ?? {})) {
    const full = setupPath(dir, rel);
    await mkdir(dirname(full), { recursive: true });
    const bytes =
      typeof file === "string"
        ? Buffer.from(file, "utf8")
        : file.base64 !== undefined
          ? Buffer.from(file.base64, "base64")
          : Buffer.from(file.content ?? "", "utf8");
    await writeFile(full, bytes);
    if (typeof file !== "string" && file.mode) await chmod(full, parseInt(file.mode, 8));
  }
  if (task.setup.script) {
    const { run } = await suiteSandbox();
    const r = await run({ command: `set -e\n${task.setup.script}`, workspace: dir, timeoutMs: 20_000, env: TASK_ENV });
    if (r.timedOut || r.exitCode !== 0) {
      const why = r.timedOut ? "timed out" : `exited ${r.exitCode ?? r.signal}`;
      throw new Error(`task ${task.id}: setup script ${why}: ${r.stderr.trim().slice(0, 400)}`);
    }
  }
}
