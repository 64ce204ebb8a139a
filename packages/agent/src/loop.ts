// The bounded improvement loop: propose a command, run it in the sandbox on a copy of the
// workspace, look at what it did, and on failure propose again with that as feedback.
// It stops on the first of: success, the attempt limit, the wall-time limit, a command
// that was already tried, or the same error signature `repeatLimit` times. It never
// touches the real workspace; `applyChanges` does that, after confirmation.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSandboxed } from "@shellgen/sandbox";
import type { Feedback } from "@shellgen/decode";
import { RunLog } from "./log.js";
import { commandHash, editDistance, errorSignature, errorSummary, missingNames, nearestNames, unknownPrograms } from "./signature.js";
import { judge, type Verdict } from "./verdict.js";
import { copyWorkspace, DEFAULT_LIMITS, diffSnapshots, namesOf, snapshot, type Changes, type Limits, type Snapshot } from "./workspace.js";

export interface Proposal {
  command: string;
  /** Set when the proposer refused its own output (no parse, policy): the command is not run. */
  error?: string;
  /** How it was produced ("constrained", "retry-native", "repair", ...). */
  path?: string;
  tokens?: { prompt: number; completion: number };
}

export interface ProposeInput {
  goal: string;
  attempt: number;
  /** The previous attempt and what went wrong (absent on the first attempt). */
  feedback?: Feedback;
  /** Names in the workspace ("dir/" for directories), for grounding. */
  workspaceNames: string[];
  /** Commands already tried, in order. */
  tried: string[];
}

export type Propose = (input: ProposeInput) => Promise<Proposal>;

export type StopReason = "success" | "max-attempts" | "wall-time" | "repeated-command" | "repeated-error";

export interface Attempt {
  n: number;
  command: string;
  source: "decode" | "repair";
  path?: string;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  changes: Changes;
  verdict: Verdict | "rejected";
  reason: string;
  signature: string;
  durationMs: number;
  tokens?: { prompt: number; completion: number };
}

export interface LoopOptions {
  goal: string;
  workspace: string;
  propose: Propose;
  maxAttempts?: number;
  /** Total wall time for the loop; checked before each attempt after the first. */
  timeLimitMs?: number;
  /** Stop once the same error signature has come back this many times. */
  repeatLimit?: number;
  /** Per-command sandbox timeout. */
  commandTimeoutMs?: number;
  limits?: Limits;
  log?: RunLog;
  /** Environment for the sandboxed command (the bench passes its task environment). */
  env?: Record<string, string>;
}

export interface LoopResult {
  /** The command that succeeded, else null. */
  command: string | null;
  stopped: StopReason;
  attempts: Attempt[];
  /** The run's log directory (undefined for an in-memory log). */
  log?: string;
  /** The successful attempt's dry-run state, kept for `applyChanges`; call `discard()` when done. */
  preview?: { base: Snapshot; scratch: string; after: Snapshot };
  discard(): Promise<void>;
}

export const DEFAULTS = { maxAttempts: 3, timeLimitMs: 120_000, repeatLimit: 2, commandTimeoutMs: 10_000 } as const;

const CLIP = 4000;
const clip = (s: string): string => (s.length > CLIP ? `${s.slice(0, CLIP)}\n[... ${s.length - CLIP} more characters]` : s);

/** What the next decode is told about a failed attempt: status, error lines, and the real names for missing ones. */
export function feedbackFor(a: Attempt, names: string[]): Feedback {
  const parts: string[] = [];
  if (a.verdict === "rejected") parts.push(a.reason);
  else if (a.verdict === "failed" || a.verdict === "timeout") parts.push(a.reason);
  else parts.push(`exit 0, but ${a.reason.replace(/^exit 0,? (but )?/, "")}`);
  const summary = errorSummary(a.stderr);
  if (summary) parts.push(summary);
  for (const m of missingNames(a.stderr).slice(0, 3)) {
    const real = nearestNames(
      m,
      names.filter((n) => n !== m),
    );
    parts.push(`No such file: ${m}${real.length ? ` (files here: ${real.join(", ")})` : " (the workspace is empty)"}`);
  }
  for (const p of unknownPrograms(a.stderr).slice(0, 2)) parts.push(`no program named ${p}`);
  // A command the sandbox refused never ran; every other verdict is what running it did.
  return { command: a.command, error: parts.join("; ").slice(0, 600), kind: a.verdict === "rejected" ? "parse" : "run" };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Grounding from the error: a name the command used that does not exist, replaced by the
 * closest real name when one is close (edit distance at most a third of the name, min 2).
 * No model call; tried before decoding again.
 */
export function repairMissing(a: Attempt, names: string[]): string | undefined {
  let command = a.command;
  for (const m of missingNames(a.stderr)) {
    const files = names.filter((n) => n !== m);
    const best = nearestNames(m, files, 1)[0]?.replace(/\/$/, "");
    if (!best) continue;
    const budget = Math.max(2, Math.floor(m.length / 3));
    if (editDistance(m, best) > budget) continue;
    const re = new RegExp(`(^|[\\s'"=/<>|;&(])${escapeRe(m)}(?=$|[\\s'"|;&)<>])`, "g");
    const safe = /^[A-Za-z0-9._/-]+$/.test(best) ? best : `'${best.replace(/'/g, "'\\''")}'`;
    command = command.replace(re, (_x, pre: string) => pre + safe);
  }
  return command !== a.command ? command : undefined;
}

export async function improve(opts: LoopOptions): Promise<LoopResult> {
  const started = Date.now();
  const max = opts.maxAttempts ?? DEFAULTS.maxAttempts;
  const timeLimit = opts.timeLimitMs ?? DEFAULTS.timeLimitMs;
  const repeatLimit = opts.repeatLimit ?? DEFAULTS.repeatLimit;
  const limits = opts.limits ?? DEFAULT_LIMITS;
  const log = opts.log ?? RunLog.memory();
  const base = await snapshot(opts.workspace, limits);
  const names = namesOf(base);
  log.write("start", { goal: opts.goal, workspace: opts.workspace, maxAttempts: max, timeLimitMs: timeLimit, repeatLimit, files: base.size });

  const attempts: Attempt[] = [];
  const tried = new Map<string, number>();
  const signatures = new Map<string, number>();
  let kept: LoopResult["preview"];
  const scratches: string[] = [];
  const discard = async () => {
    for (const d of scratches.splice(0)) await rm(d, { recursive: true, force: true });
  };
  const finish = (stopped: StopReason, detail: Record<string, unknown> = {}): LoopResult => {
    const success = stopped === "success" ? attempts[attempts.length - 1]! : undefined;
    log.write("stop", { stopped, command: success?.command ?? null, attempts: attempts.length, elapsedMs: Date.now() - started, ...detail });
    return { command: success?.command ?? null, stopped, attempts, log: log.dir, preview: kept, discard };
  };

  try {
    for (let n = 1; n <= max; n++) {
      if (n > 1 && Date.now() - started >= timeLimit) return finish("wall-time", { timeLimitMs: timeLimit });
      const last = attempts[attempts.length - 1];
      let proposal: Proposal;
      let source: Attempt["source"] = "decode";
      const repaired = last ? repairMissing(last, names) : undefined;
      if (repaired !== undefined && !tried.has(commandHash(repaired))) {
        proposal = { command: repaired, path: "repair" };
        source = "repair";
      } else {
        proposal = await opts.propose({
          goal: opts.goal,
          attempt: n,
          ...(last ? { feedback: feedbackFor(last, names) } : {}),
          workspaceNames: names,
          tried: attempts.map((a) => a.command),
        });
      }
      const command = proposal.command.trim();
      const hash = commandHash(command);
      if (command !== "" && tried.has(hash)) return finish("repeated-command", { command, firstTriedAt: tried.get(hash) });
      if (command !== "") tried.set(hash, n);

      let attempt: Attempt;
      if (command === "" || proposal.error) {
        const reason = proposal.error ? `rejected before running: ${proposal.error}` : "no command was produced";
        attempt = {
          n,
          command,
          source,
          exitCode: null,
          stdout: "",
          stderr: "",
          changes: { created: [], deleted: [], modified: [] },
          verdict: "rejected",
          reason,
          signature: errorSignature(null, "", reason.replace(/\d+/g, "N")),
          durationMs: 0,
        };
      } else {
        const scratch = await mkdtemp(join(tmpdir(), "shellgen-run-"));
        scratches.push(scratch);
        await copyWorkspace(opts.workspace, scratch, base);
        const remaining = Math.max(1000, timeLimit - (Date.now() - started));
        const r = await runSandboxed({
          command,
          workspace: scratch,
          timeoutMs: Math.min(opts.commandTimeoutMs ?? DEFAULTS.commandTimeoutMs, remaining),
          env: opts.env,
        });
        let after: Snapshot;
        let changes: Changes;
        let judged: { verdict: Verdict; reason: string };
        try {
          after = await snapshot(scratch, { maxFiles: limits.maxFiles * 2, maxBytes: limits.maxBytes * 2 });
          changes = diffSnapshots(base, after);
          judged = judge(opts.goal, { ...r, changes });
        } catch (err) {
          after = new Map();
          changes = { created: [], deleted: [], modified: [] };
          judged = { verdict: "failed" as const, reason: `its result could not be read back: ${(err as Error).message}` };
        }
        attempt = {
          n,
          command,
          source,
          ...(proposal.path ? { path: proposal.path } : {}),
          exitCode: r.exitCode,
          stdout: clip(r.stdout),
          stderr: clip(r.stderr),
          changes,
          verdict: judged.verdict,
          reason: judged.reason,
          signature: errorSignature(r.exitCode, r.stderr, judged.verdict === "success" ? "" : judged.verdict),
          durationMs: r.durationMs,
          ...(proposal.tokens ? { tokens: proposal.tokens } : {}),
        };
        if (judged.verdict === "success") kept = { base, scratch, after };
        else {
          await rm(scratch, { recursive: true, force: true });
          scratches.splice(scratches.indexOf(scratch), 1);
        }
      }
      attempts.push(attempt);
      log.write("attempt", { ...attempt });
      if (attempt.verdict === "success") return finish("success");
      const seen = (signatures.get(attempt.signature) ?? 0) + 1;
      signatures.set(attempt.signature, seen);
      if (seen >= repeatLimit) return finish("repeated-error", { signature: attempt.signature, times: seen });
    }
    return finish("max-attempts");
  } catch (err) {
    await discard();
    throw err;
  }
}
