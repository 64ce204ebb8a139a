import { realpath, stat } from "node:fs/promises";
import { giveWorkspace, pickIdentity, reachableByStranger } from "./identity.js";
import { baseEnv, defaultLimits, type Limits } from "./limits.js";
import { bwrapArgs, spawnAs, spawnBwrap, type Plan } from "./mounts.js";
import { requireSandbox } from "./probe.js";

export interface RunOptions {
  command: string;
  /** Host directory mounted read-write at /workspace and used as the working directory. */
  workspace: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** Added on top of the fixed base environment. */
  env?: Record<string, string>;
  /** Finer limits than the contract's two; rarely needed. */
  limits?: Partial<Limits>;
}

export interface SandboxResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  truncated: boolean;
  durationMs: number;
}

/** After killing bwrap the pipes close once the pid namespace is gone; never wait on them forever. */
const CLOSE_GRACE_MS = 2_000;

/** Runs one shell command in a fresh bubblewrap sandbox. Throws SandboxUnavailableError without bwrap. */
export async function runSandboxed(opts: RunOptions): Promise<SandboxResult> {
  const probe = await requireSandbox();
  const limits: Limits = {
    ...defaultLimits,
    ...opts.limits,
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.maxOutputBytes !== undefined ? { maxOutputBytes: opts.maxOutputBytes } : {}),
  };
  if (opts.command.includes("\0")) {
    // No shell can receive a NUL byte (argv strings end at it); say so instead of running a prefix.
    return {
      stdout: "",
      stderr: "sandbox: the command contains a NUL byte, which no shell can run\n",
      exitCode: 126,
      signal: null,
      timedOut: false,
      truncated: false,
      durationMs: 0,
    };
  }
  const workspace = await realpath(opts.workspace);
  if (!(await stat(workspace)).isDirectory()) throw new Error(`sandbox: workspace is not a directory: ${opts.workspace}`);
  const identity = pickIdentity();
  await giveWorkspace(workspace, identity);
  // A workspace behind a parent closed to other users can only be bound by privileged bwrap.
  // SHELLGEN_SANDBOX_DROP=setpriv forces the fallback, so the bench can time both side by side.
  const forced = process.env.SHELLGEN_SANDBOX_DROP === "setpriv";
  const drop = probe.drop === "spawn" && identity.kind === "drop" && (forced || !reachableByStranger(workspace)) ? "setpriv" : probe.drop;
  const plan: Plan = { workspace, identity, limits, disableUserns: probe.disableUserns, drop };
  return execute(probe.bwrap, plan, opts.command, { ...baseEnv, ...opts.env });
}

function execute(bwrap: string, plan: Plan, command: string, env: Record<string, string>): Promise<SandboxResult> {
  const limits = plan.limits;
  const started = performance.now();
  const child = spawnBwrap(bwrap, bwrapArgs(plan, command), env, limits, spawnAs(plan));
  const out = new Capture(limits.maxOutputBytes);
  const err = new Capture(limits.maxOutputBytes);
  let timedOut = false;
  let truncated = false;
  let settled = false;

  const kill = () => {
    // bwrap's child is pid 1 of the sandbox's pid namespace and dies with bwrap
    // (--die-with-parent); the kernel then kills every process left in the namespace.
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };

  return new Promise<SandboxResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, limits.timeoutMs);
    let grace: NodeJS.Timeout | undefined;

    const finish = (exitCode: number | null, signal: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (grace) clearTimeout(grace);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        stdout: out.text(),
        stderr: err.text(),
        exitCode,
        signal,
        timedOut,
        truncated,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    };

    const onData = (cap: Capture) => (chunk: Buffer) => {
      if (cap.push(chunk)) return;
      truncated = true;
      kill();
    };
    child.stdout.on("data", onData(out));
    child.stderr.on("data", onData(err));
    child.on("error", (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`sandbox: could not start bwrap: ${e.message}`));
    });
    child.on("exit", (code, sig) => {
      // Wait for the pipes to drain, but a leftover writer must not hold us hostage.
      grace = setTimeout(() => finish(code, sig), CLOSE_GRACE_MS);
    });
    child.on("close", (code, sig) => finish(code, sig));
  });
}

/** Keeps the first `cap` bytes of a stream; push() answers false once the cap is exceeded. */
class Capture {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly cap: number) {}

  push(chunk: Buffer): boolean {
    const room = this.cap - this.size;
    if (room > 0) {
      const kept = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(kept);
      this.size += kept.length;
    }
    return chunk.length <= room;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
