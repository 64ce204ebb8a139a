// `shellgen run "<goal>"`: propose, dry-run on a copy, improve, explain, and apply only
// after --yes or a "y" on a terminal. `shellgen replay <dir>` reprints a logged run.
// The app (packages/cli) parses argv and calls these with plain options.
import { createInterface } from "node:readline/promises";
import { resolve } from "node:path";
import { createBackend } from "@shellgen/decode";
import { openPool } from "@shellgen/fewshot";
import { defaultPolicyPath, loadPolicy, type Policy } from "@shellgen/grammargen";
import { sandboxAvailable } from "@shellgen/sandbox";
import { AgentError } from "./errors.js";
import { readSteps, resolveRunDir, RunLog } from "./log.js";
import { DEFAULTS, type Attempt } from "./loop.js";
import { decodeProposer } from "./propose.js";
import { describeStop, formatAttempt, formatChanges, indentBlock, type AttemptView } from "./render.js";
import { formatExplanation, runShellTask, type Decision } from "./task.js";
import { snapshot, type Changes } from "./workspace.js";

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}
const stdio: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

function readPolicy(file: string | undefined): Policy {
  const path = file ?? defaultPolicyPath;
  try {
    return loadPolicy(path);
  } catch (err) {
    throw new AgentError(`policy ${path}: ${(err as Error).message.split("\n")[0]}`, "EUSAGE");
  }
}

async function askTerminal(command: string, changes: Changes, workspace: string): Promise<Decision> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const n = changes.created.length + changes.deleted.length + changes.modified.length;
    const answer = await rl.question(`Apply ${n} change${n === 1 ? "" : "s"} of \`${command}\` to ${workspace}? [y/N] `);
    return /^y(es)?$/i.test(answer.trim())
      ? { apply: true, note: "confirmed on the terminal" }
      : { apply: false, note: "not applied: declined on the terminal" };
  } finally {
    rl.close();
  }
}

const jsonAttempt = (a: Attempt) => ({
  command: a.command,
  exitCode: a.exitCode,
  stdout: a.stdout,
  stderr: a.stderr,
  changes: a.changes,
  verdict: a.verdict,
  reason: a.reason,
  source: a.source,
  signature: a.signature,
});

/** `shellgen run`'s options, parsed by the app's dispatcher (packages/cli). */
export interface RunRequest {
  goal: string;
  workspace?: string;
  maxAttempts?: number;
  timeLimitS?: number;
  yes?: boolean;
  json?: boolean;
  model?: string;
  policy?: string;
}

export async function runGoal(req: RunRequest, io: Io = stdio): Promise<number> {
  const goal = req.goal.trim();
  if (goal === "") throw new AgentError(`no goal given: shellgen run "delete the .log files" (see shellgen run --help)`, "EUSAGE");
  const workspace = resolve(req.workspace ?? ".");
  const maxAttempts = req.maxAttempts ?? DEFAULTS.maxAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new AgentError("--max-attempts needs an integer of at least 1", "EUSAGE");
  const timeLimit = req.timeLimitS;
  const policy = readPolicy(req.policy);
  const json = req.json === true;
  const avail = await sandboxAvailable();
  if (!avail.ok) throw new AgentError(`the sandbox is not available, so nothing can be tried safely: ${avail.reason} (${avail.fix})`, "ESANDBOX");

  // Bad input fails before the model loads.
  await snapshot(workspace);
  const log = RunLog.create();
  const backend = await createBackend(req.model);
  const pool = await openPool();
  try {
    const outcome = await runShellTask({
      goal,
      workspace,
      maxAttempts,
      ...(timeLimit ? { timeLimitMs: timeLimit * 1000 } : {}),
      log,
      propose: decodeProposer({ backend, pool, policy }),
      onLoop: (r, explanation) => {
        if (json) return;
        io.out(`goal: ${goal}\nworkspace: ${workspace} (every attempt ran in the sandbox on a copy)\n\n`);
        for (const a of r.attempts) io.out(`${formatAttempt(a)}\n\n`);
        io.out(`stopped: ${r.stopped} (${describeStop(r.stopped)}) after ${r.attempts.length} attempt${r.attempts.length === 1 ? "" : "s"}\n`);
        if (r.command) {
          io.out(`\ncommand: ${r.command}\n`);
          if (explanation.length) io.out(`${indentBlock(formatExplanation(explanation), "  ")}\n`);
          io.out(`dry-run effect:\n${indentBlock(formatChanges(r.attempts.at(-1)!.changes), "  ")}\n`);
        }
      },
      decide: async ({ command, changes }) => {
        if (req.yes) return { apply: true, note: "--yes" };
        if (process.stdin.isTTY && process.stderr.isTTY) return askTerminal(command, changes, workspace);
        return { apply: false, note: `nothing changed in ${workspace}: no terminal to confirm on and no --yes` };
      },
    });
    if (json) {
      const { command, stopped, attempts, log: dir, applied, note, explanation } = outcome;
      io.out(`${JSON.stringify({ command, stopped, attempts: attempts.map(jsonAttempt), log: dir, applied, note, explanation })}\n`);
    } else {
      io.out(`${outcome.note}\nlog: ${outcome.log}\n`);
    }
    return outcome.command ? 0 : 1;
  } finally {
    await pool.close();
    await backend.close();
  }
}

/** `shellgen replay <dir|name|latest>`: reprints a logged run. */
export async function replayRun(req: { target: string; json?: boolean }, io: Io = stdio): Promise<number> {
  const dir = resolveRunDir(req.target);
  const steps = readSteps(dir);
  if (req.json) {
    io.out(`${JSON.stringify({ dir, steps })}\n`);
    return 0;
  }
  io.out(`run ${dir}\n`);
  for (const s of steps) {
    if (s.kind === "start") io.out(`goal: ${String(s.goal)}\nworkspace: ${String(s.workspace)} (started ${s.at})\n\n`);
    else if (s.kind === "attempt") io.out(`${formatAttempt(s as unknown as AttemptView)}\n\n`);
    else if (s.kind === "stop")
      io.out(
        `stopped: ${String(s.stopped)} (${describeStop(String(s.stopped))}) after ${String(s.attempts)} attempts${s.command ? `\ncommand: ${String(s.command)}` : ""}\n`,
      );
    else if (s.kind === "apply") io.out(`${String(s.note)}\n`);
  }
  return 0;
}
