// Judges a command by its effect: normalised stdout, resulting files, or a check script.
import { createHash } from "node:crypto";
import { lstat, readFile } from "node:fs/promises";
import { suiteSandbox, TASK_ENV } from "./sandbox.js";
import { insideWorkspace } from "./workspace.js";
import type { CommandResult, StdoutNormalisation, Task } from "./task.js";

export interface Verdict {
  passed: boolean;
  reason: string;
}

/** Per-line trailing whitespace and trailing blank lines trimmed (plus the task's extra rules). */
export function normaliseOutput(text: string, how: StdoutNormalisation = {}): string {
  let lines = text.replace(/\r\n/g, "\n").split("\n").map((l) => l.replace(/\s+$/, ""));
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
function stdoutForEnv(stdout: string): string {
  const bytes = Buffer.from(stdout.replace(/\0/g, ""), "utf8");
  return bytes.length <= STDOUT_ENV_LIMIT ? bytes.toString("utf8") : bytes.subarray(0, STDOUT_ENV_LIMIT).toString("utf8");
}

export async function evaluateCheck(task: Task, result: CommandResult, workspaceDir: string): Promise<Verdict> {
  const check = task.check;
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
    const full = insideWorkspace(workspaceDir, rel);
    const st = await lstat(full).catch(() => undefined);
    if (want.exists === false) {
      if (st) return { passed: false, reason: `${rel} exists, expected it gone` };
      continue;
    }
    if (!st) return { passed: false, reason: `${rel} does not exist` };
    if (want.mode !== undefined) {
      const mode = (st.mode & 0o7777).toString(8).padStart(3, "0");
      if (parseInt(mode, 8) !== parseInt(want.mode, 8)) return { passed: false, reason: `${rel} has mode ${mode}, expected ${want.mode}` };
    }
    if (want.content !== undefined || want.sha256 !== undefined) {
      if (!st.isFile()) return { passed: false, reason: `${rel} is not a regular file` };
      const bytes = await readFile(full);
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
  if (check.script !== undefined) {
    const { run } = await suiteSandbox();
    const r = await run({
      command: check.script,
      workspace: workspaceDir,
      timeoutMs: 20_000,
      env: { ...TASK_ENV, CMD_STDOUT: stdoutForEnv(result.stdout), CMD_EXIT: String(result.exitCode ?? "") },
    });
    if (r.timedOut) return { passed: false, reason: "check script timed out" };
    if (r.exitCode !== 0) {
      const said = (r.stdout + r.stderr).trim().split("\n").slice(-2).join(" / ");
      return { passed: false, reason: `check script exited ${r.exitCode ?? r.signal}${said ? `: ${said.slice(0, 200)}` : ""}` };
    }
  }
  return { passed: true, reason: "ok" };
}
