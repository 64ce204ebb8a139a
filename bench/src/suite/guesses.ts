// Guess-proofing: commands that any request would allow without solving it (`true`, `ls`,
// `cat` of a workspace file, `echo` of a word of the request, and all of them at once).
// A task that one of them passes measures luck, not skill. The guesses only read, so
// they run together in one sandbox call per workspace state, each in its own subshell.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { evaluateCheck, evaluateHostChecks, scriptVerdict, stdoutForEnv } from "./check.js";
import { suiteSandbox, TASK_ENV } from "./sandbox.js";
import { removeWorkspace } from "./run.js";
import { taskStates, type CommandResult, type Task, type TaskCheck } from "./task.js";
import { prepareWorkspace } from "./workspace.js";

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The words, numbers and quoted strings of a request, as a guesser would lift them. */
export function requestWords(request: string): string[] {
  const out = new Set<string>();
  const rest = request.replace(/'([^']*)'|"([^"]*)"|`([^`]*)`/g, (_m, a, b, c) => {
    const inner = (a ?? b ?? c) as string;
    if (inner) out.add(inner);
    return " ";
  });
  for (const raw of rest.split(/\s+/)) {
    const w = raw.replace(/^[([{<"'`,;:!?]+|[)\]}>"'`,;:!?.]+$/g, "");
    if (w) out.add(w);
  }
  for (const n of request.match(/\d+(?:\.\d+)?/g) ?? []) out.add(n);
  return [...out];
}

/** Every regular file (and link) under dir, relative to it. */
async function filesIn(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesIn(p, base)));
    else out.push(relative(base, p));
  }
  return out.sort();
}

/** The guesses for a task whose workspace states hold `files`. */
export function guessesFor(task: Task, files: string[]): string[] {
  const single = ["true", "ls", ...files.map((f) => `cat ${quote(f)}`), ...requestWords(task.request).map((w) => `echo ${quote(w)}`)];
  return [...new Set([...single, single.join("; ")])];
}

export interface GuessHit {
  taskId: string;
  guess: string;
}

const MAX_OUTPUT = 1 << 20;

/** Bash ANSI-C quoting of exact bytes: no process is needed to rebuild the value. */
export function ansiQuote(text: string): string {
  let out = "";
  for (const b of Buffer.from(text, "utf8")) {
    out += b >= 0x20 && b < 0x7f && b !== 0x27 && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, "0")}`;
  }
  return `$'${out}'`;
}

/**
 * Runs the guesses in one sandbox call; each one's stdout and exit status, as if run alone.
 * A guess is a builtin or one read-only program, run in a brace group (no subshell, so few
 * processes); a random marker line frames each output.
 */
async function runGuesses(guesses: string[], dir: string, timeoutMs: number): Promise<CommandResult[]> {
  const mark = `@@guess-${randomBytes(8).toString("hex")}@@`;
  const script = guesses.map((g, i) => `{ ${g}\n} < /dev/null 2> /dev/null; printf '\\n${mark} %s %s\\n' ${i} "$?"`).join("\n");
  const { run } = await suiteSandbox();
  const r = await run({ command: script, workspace: dir, timeoutMs, maxOutputBytes: 256 << 20, env: TASK_ENV });
  if (r.timedOut || r.exitCode !== 0) throw new Error(`guesses ${r.timedOut ? "timed out" : `exited ${r.exitCode}`}: ${r.stderr.trim().slice(0, 200)}`);
  const results: CommandResult[] = [];
  const parts = r.stdout.split(new RegExp(`\\n${mark} (\\d+) (\\d+)\\n`));
  // parts: out0, i0, rc0, out1, i1, rc1, ..., ""
  for (let k = 0; k + 2 < parts.length; k += 3) {
    const stdout = parts[k]!;
    const truncated = stdout.length > MAX_OUTPUT;
    results[Number(parts[k + 1])] = {
      stdout: truncated ? stdout.slice(0, MAX_OUTPUT) : stdout,
      stderr: "",
      exitCode: Number(parts[k + 2]),
      signal: null,
      timedOut: false,
      truncated,
      durationMs: 0,
    };
  }
  if (results.filter(Boolean).length !== guesses.length) throw new Error(`guesses: ${results.filter(Boolean).length} of ${guesses.length} reported`);
  return results;
}

/** Bash's argv string limit is 128 KiB; batches of check-script runs stay well under it. */
const BATCH_BYTES = 96_000;

/**
 * Which results pass the check. Host-side parts first; the check script then runs for the
 * survivors, batched into few sandbox calls with $CMD_STDOUT and $CMD_EXIT set as a single
 * run would set them (a result too large to inline is judged on its own).
 */
async function verdicts(check: TaskCheck, results: CommandResult[], dir: string, timeoutMs: number): Promise<boolean[]> {
  const passed = await Promise.all(results.map(async (r) => (await evaluateHostChecks(check, r, dir)).passed));
  if (check.script === undefined) return passed;
  const batches: { i: number; text: string }[][] = [[]];
  let size = 0;
  for (const [i, r] of results.entries()) {
    if (!passed[i]) continue;
    const env = ansiQuote(stdoutForEnv(r.stdout));
    if (env.length > BATCH_BYTES / 2) {
      passed[i] = (await evaluateCheck({ check }, r, dir)).passed;
      continue;
    }
    const text = `export CMD_STDOUT=${env} CMD_EXIT=${r.exitCode ?? ""}\n( ${check.script}\n) < /dev/null > /dev/null 2>&1; echo "${i} $?"`;
    if (size + text.length > BATCH_BYTES) {
      batches.push([]);
      size = 0;
    }
    batches[batches.length - 1]!.push({ i, text });
    size += text.length;
  }
  const { run } = await suiteSandbox();
  for (const batch of batches.filter((b) => b.length)) {
    const r = await run({ command: batch.map((b) => b.text).join("\n"), workspace: dir, timeoutMs: timeoutMs * batch.length, env: TASK_ENV });
    const codes = new Map(
      r.stdout
        .split("\n")
        .map((l) => l.split(" "))
        .filter((x) => x.length === 2)
        .map(([i, c]) => [Number(i), Number(c)]),
    );
    for (const { i } of batch) {
      if (!codes.has(i)) throw new Error(`check script batch ${r.timedOut ? "timed out" : `exited ${r.exitCode}`} before result ${i}`);
      passed[i] = scriptVerdict(codes.get(i)!, "").passed;
    }
  }
  return passed;
}

/** The guesses that pass the task (its own state and every variant); [] for a guess-proof task. */
export async function guessesThatPass(task: Task, opts: { timeoutMs?: number; workRoot?: string } = {}): Promise<GuessHit[]> {
  const states = taskStates(task);
  const dirs: string[] = [];
  try {
    for (const state of states) {
      const dir = await mkdtemp(join(opts.workRoot ?? tmpdir(), `shellgen-guess-${task.id}-`));
      dirs.push(dir);
      await prepareWorkspace({ ...task, setup: state.setup }, dir);
    }
    const files = [...new Set((await Promise.all(dirs.map((d) => filesIn(d)))).flat())].sort();
    let alive = guessesFor(task, files);
    for (const [i, state] of states.entries()) {
      const results = await runGuesses(alive, dirs[i]!, opts.timeoutMs ?? 30_000);
      const passed = await verdicts(state.check, results, dirs[i]!, opts.timeoutMs ?? 30_000);
      const still = alive.filter((_, j) => passed[j]);
      alive = still;
      if (alive.length === 0) break;
    }
    return alive.map((guess) => ({ taskId: task.id, guess }));
  } finally {
    for (const d of dirs) await removeWorkspace(d);
  }
}
