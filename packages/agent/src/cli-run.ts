// `shellgen run "<goal>"`: propose, dry-run on a copy, improve, explain, and apply only
// after --yes or a "y" on a terminal. `shellgen replay <dir>` reprints a logged run.
import { createInterface } from "node:readline/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createBackend, DecodeError } from "@shellgen/decode";
import { openPool } from "@shellgen/fewshot";
import { defaultPolicyPath, loadPolicy, type Policy } from "@shellgen/grammargen";
import { sandboxAvailable } from "@shellgen/sandbox";
import { AgentError } from "./errors.js";
import { readSteps, resolveRunDir, RunLog } from "./log.js";
import { DEFAULTS, type Attempt } from "./loop.js";
import { decodeProposer } from "./propose.js";
import { describeStop, formatAttempt, formatChanges, indentBlock, type AttemptView } from "./render.js";
import { formatExplanation, runShellTask, type Decision } from "./task.js";
import type { Changes } from "./workspace.js";

export const RUN_USAGE = `usage: shellgen run "<goal>" [--workspace DIR] [--max-attempts N] [--yes] [--json] [--model M]

Proposes a command for the goal, runs it in the sandbox on a copy of the workspace, and
on failure proposes again with what went wrong (at most --max-attempts times). Shows the
command, what each flag means and what it did to the copy; then applies those file changes
to the workspace only with --yes, or after you answer "y" on a terminal.

options:
  --workspace DIR      the folder the goal is about (default .)
  --max-attempts N     attempts before giving up, 1-10 (default ${DEFAULTS.maxAttempts})
  --time-limit S       wall-time limit for all attempts, in seconds (default ${DEFAULTS.timeLimitMs / 1000})
  --yes                apply the successful dry run's changes without asking
  --json               print {command, stopped, attempts, log, applied, note}
  --model M            GGUF path, hf: URI or http(s):// endpoint (default: the embedded model)
  --policy FILE        policy the command must pass (default: the shipped default policy)
  -h, --help           this text

Every step is logged to $SHELLGEN_HOME/runs/<time>/step-NN.json; \`shellgen replay <dir>\` reprints a run.
`;

export const REPLAY_USAGE = `usage: shellgen replay <dir|name|latest> [--json]

Reprints a run logged by \`shellgen run\`: a path, a name under $SHELLGEN_HOME/runs, or "latest".
`;

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}
const stdio: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

type Options = Record<string, { type: "string" | "boolean"; short?: string }>;
function parse(argv: string[], options: Options): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const r = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: r.values as Record<string, string | boolean | undefined>, positionals: r.positionals };
  } catch (err) {
    throw new AgentError(`${(err as Error).message.replace(/\. To specify a positional argument.*$/s, "")} (see --help)`, "EUSAGE");
  }
}

function intOption(v: unknown, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new AgentError(`--${name} needs an integer from ${min} to ${max}`, "EUSAGE");
  return n;
}

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
    return /^y(es)?$/i.test(answer.trim()) ? { apply: true, note: "confirmed on the terminal" } : { apply: false, note: "not applied: declined on the terminal" };
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

export async function runMain(argv: string[], io: Io = stdio): Promise<number> {
  const { values, positionals } = parse(argv, {
    workspace: { type: "string" },
    "max-attempts": { type: "string" },
    "time-limit": { type: "string" },
    yes: { type: "boolean" },
    json: { type: "boolean" },
    model: { type: "string" },
    policy: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(RUN_USAGE);
    return 0;
  }
  const goal = positionals.join(" ").trim();
  if (goal === "") throw new AgentError(`no goal given: shellgen run "delete the .log files" (see shellgen run --help)`, "EUSAGE");
  const workspace = resolve((values.workspace as string | undefined) ?? ".");
  const maxAttempts = intOption(values["max-attempts"], "max-attempts", 1, 10) ?? DEFAULTS.maxAttempts;
  const timeLimit = intOption(values["time-limit"], "time-limit", 1, 3600);
  const policy = readPolicy(values.policy as string | undefined);
  const json = values.json === true;
  const avail = await sandboxAvailable();
  if (!avail.ok) throw new AgentError(`the sandbox is not available, so nothing can be tried safely: ${avail.reason} (${avail.fix})`, "ESANDBOX");

  const log = RunLog.create();
  const backend = await createBackend(values.model as string | undefined);
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
        if (values.yes) return { apply: true, note: "--yes" };
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

export async function replayMain(argv: string[], io: Io = stdio): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: "boolean" }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.out(REPLAY_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new AgentError("replay needs one run directory (see shellgen replay --help)", "EUSAGE");
  const dir = resolveRunDir(positionals[0]!);
  const steps = readSteps(dir);
  if (values.json) {
    io.out(`${JSON.stringify({ dir, steps })}\n`);
    return 0;
  }
  io.out(`run ${dir}\n`);
  for (const s of steps) {
    if (s.kind === "start") io.out(`goal: ${String(s.goal)}\nworkspace: ${String(s.workspace)} (started ${s.at})\n\n`);
    else if (s.kind === "attempt") io.out(`${formatAttempt(s as unknown as AttemptView)}\n\n`);
    else if (s.kind === "stop") io.out(`stopped: ${String(s.stopped)} (${describeStop(String(s.stopped))}) after ${String(s.attempts)} attempts${s.command ? `\ncommand: ${String(s.command)}` : ""}\n`);
    else if (s.kind === "apply") io.out(`${String(s.note)}\n`);
  }
  return 0;
}

/** Runs a verb and turns errors into one line on stderr and an exit status (2: usage). */
export async function guarded(fn: () => Promise<number>, io: Io = stdio): Promise<number> {
  try {
    return await fn();
  } catch (err) {
    const usage = (err instanceof AgentError && err.code === "EUSAGE") || (err instanceof DecodeError && err.code === "EUSAGE");
    io.err(`shellgen: ${(err as Error).message.split("\n")[0]}\n`);
    return usage ? 2 : 1;
  }
}
