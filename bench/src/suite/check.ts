// Judges a command by its effect: normalised stdout, resulting files, or a check script.
import { createHash } from "node:crypto";
import { lstat, readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { insideWorkspace } from "@shellgen/sandbox";
import { suiteSandbox, TASK_ENV } from "./sandbox.js";
import type { CommandResult, StdoutNormalisation, Task, TaskCheck } from "./task.js";

export interface Verdict {
  passed: boolean;
  reason: string;
}

/** Per-line trailing whitespace and trailing blank lines trimmed (plus the task's extra rules). */
export function normaliseOutput(text: string, how: StdoutNormalisation = {}): string {
  let lines = text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((l) => l.replace(/\s+$/, ""));
  if (how.squeeze_spaces) lines = lines.map((l) => l.replace(/^\s+/, "").replace(/[ \t]+/g, " "));
  if (how.first_field) lines = lines.map((l) => l.trim().split(/\s+/)[0] ?? "");
  if (how.strip_dot_slash) lines = lines.map((l) => l.replace(/^\.\//, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  if (how.unordered) lines = [...lines].sort();
  return lines.join("\n");
}

const show = (s: string) => JSON.stringify(s.length > 160 ? `${s.slice(0, 160)}...` : s);

// One environment string may not exceed 128 KiB (MAX_ARG_STRLEN) nor hold a NUL byte,
// and a binary-spewing command must still get a verdict rather than a spawn error.
const STDOUT_ENV_LIMIT = 100_000;
export function stdoutForEnv(stdout: string): string {
  const bytes = Buffer.from(stdout.replace(/\0/g, ""), "utf8");
  return bytes.length <= STDOUT_ENV_LIMIT ? bytes.toString("utf8") : bytes.subarray(0, STDOUT_ENV_LIMIT).toString("utf8");
}

export async function evaluateCheck(task: Pick<Task, "check">, result: CommandResult, workspaceDir: string): Promise<Verdict> {
  const host = await evaluateHostChecks(task.check, result, workspaceDir);
  if (!host.passed || task.check.script === undefined) return host;
  const { run } = await suiteSandbox();
  const r = await run({
    command: task.check.script,
    workspace: workspaceDir,
    timeoutMs: 20_000,
    env: { ...TASK_ENV, CMD_STDOUT: stdoutForEnv(result.stdout), CMD_EXIT: String(result.exitCode ?? "") },
  });
  if (r.timedOut) return { passed: false, reason: "check script timed out" };
  return scriptVerdict(r.exitCode ?? r.signal, r.stdout + r.stderr);
}

/** The verdict of a check script from its exit status and what it said. */
export function scriptVerdict(exit: number | string | null, said: string): Verdict {
  if (exit === 0) return { passed: true, reason: "ok" };
  const tail = said.trim().split("\n").slice(-2).join(" / ");
  return { passed: false, reason: `check script exited ${exit}${tail ? `: ${tail.slice(0, 200)}` : ""}` };
}

/** Everything but the check script: exit code, stdout and files, judged on the host. */
export async function evaluateHostChecks(check: TaskCheck, result: CommandResult, workspaceDir: string): Promise<Verdict> {
  if (result.timedOut) return { passed: false, reason: "command timed out" };
  if (check.exit_code !== undefined && result.exitCode !== check.exit_code) {
    return { passed: false, reason: `exit code ${result.exitCode ?? result.signal}, expected ${check.exit_code}` };
  }
  const out = normaliseOutput(result.stdout, check.normalize);
  if (check.stdout !== undefined) {
    const want = normaliseOutput(check.stdout, check.normalize);
    if (out !== want) return { passed: false, reason: `stdout ${show(out)}, expected ${show(want)}` };
  }
  for (const needle of check.stdout_contains ?? []) {
    if (!out.includes(needle)) return { passed: false, reason: `stdout lacks ${show(needle)}` };
  }
  for (const needle of check.stdout_excludes ?? []) {
    if (out.includes(needle)) return { passed: false, reason: `stdout contains ${show(needle)}` };
  }
  for (const [rel, want] of Object.entries(check.files ?? {})) {
    // The command ran with write access to the workspace and may have planted links; the
    // entry itself is looked at with lstat, and anything read goes through the sandbox's
    // realpath-based check, so a link (or a linked parent folder) never reads outside.
    const st = await lstat(resolve(workspaceDir, rel)).catch(() => undefined);
    if (want.exists === false) {
      if (st) return { passed: false, reason: `${rel} exists, expected it gone` };
      continue;
    }
    if (!st) return { passed: false, reason: `${rel} does not exist` };
    if (want.mode === undefined && want.content === undefined && want.sha256 === undefined) continue;
    const real = await insideWorkspace(workspaceDir, rel);
    if (!real) return { passed: false, reason: `${rel} resolves outside the workspace` };
    const target = await stat(real);
    if (want.mode !== undefined) {
      const mode = (target.mode & 0o7777).toString(8).padStart(3, "0");
      if (parseInt(mode, 8) !== parseInt(want.mode, 8)) return { passed: false, reason: `${rel} has mode ${mode}, expected ${want.mode}` };
    }
    if (want.content !== undefined || want.sha256 !== undefined) {
      if (!target.isFile()) return { passed: false, reason: `${rel} is not a regular file` };
      const bytes = await readFile(real);
      if (want.sha256 !== undefined) {
        const got = createHash("sha256").update(bytes).digest("hex");
        if (got !== want.sha256) return { passed: false, reason: `${rel} sha256 ${got.slice(0, 12)}..., expected ${want.sha256.slice(0, 12)}...` };
      }
      if (want.content !== undefined) {
        const got = normaliseOutput(bytes.toString("utf8"));
        const exp = normaliseOutput(want.content);
        if (got !== exp) return { passed: false, reason: `${rel} content ${show(got)}, expected ${show(exp)}` };
      }
    }
  }
  return { passed: true, reason: "ok" };
}
