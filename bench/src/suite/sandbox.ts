// The sandbox the suite runs in: @shellgen/sandbox's runSandboxed when that package
// provides it, otherwise a minimal local bubblewrap call with the same signature.
import { spawn } from "node:child_process";
import { lstatSync, readlinkSync } from "node:fs";
import type { CommandResult, RunSandboxed, SandboxOptions } from "./task.js";

/** Fixed environment so sort order, dates and number formats do not depend on the host. */
export const TASK_ENV: Record<string, string> = { LC_ALL: "C.UTF-8", TZ: "UTC" };

let chosen: Promise<{ run: RunSandboxed; name: string }> | undefined;

export function suiteSandbox(): Promise<{ run: RunSandboxed; name: string }> {
  chosen ??= (async () => {
    if (process.env.SHELLGEN_SUITE_SANDBOX !== "local") {
      try {
        const mod = (await import("@shellgen/sandbox")) as Record<string, unknown>;
        if (typeof mod.runSandboxed === "function") {
          return { run: mod.runSandboxed as RunSandboxed, name: "@shellgen/sandbox" };
        }
      } catch {
        // the package is not built yet; fall through to the local call
      }
    }
    return { run: runLocalBwrap, name: "local-bwrap" };
  })();
  return chosen;
}

function systemMounts(): string[] {
  const args = ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"];
  for (const dir of ["/bin", "/lib", "/lib64", "/sbin"]) {
    try {
      const st = lstatSync(dir);
      if (st.isSymbolicLink()) args.push("--symlink", readlinkSync(dir), dir);
      else args.push("--ro-bind", dir, dir);
    } catch {
      // absent on this system
    }
  }
  return args;
}

/** A plain bubblewrap run: read-only system, no network, private /tmp, process tree killed at the end. */
export const runLocalBwrap: RunSandboxed = (opts: SandboxOptions) => {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const cap = opts.maxOutputBytes ?? 1 << 20;
  const env = { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: "/workspace", ...opts.env };
  const args = [
    "--unshare-all", "--die-with-parent", "--new-session",
    ...systemMounts(),
    "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
    "--bind", opts.workspace, "/workspace", "--chdir", "/workspace",
    "--clearenv",
    ...Object.entries(env).flatMap(([k, v]) => ["--setenv", k, v]),
    "/bin/bash", "-c", opts.command,
  ];
  const started = performance.now();
  return new Promise<CommandResult>((resolve, reject) => {
    const child = spawn("bwrap", args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let truncated = false;
    let timedOut = false;
    const killTree = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
    }, timeoutMs);
    child.stdout.on("data", (b: Buffer) => {
      if (outBytes + b.length > cap) {
        truncated = true;
        out.push(b.subarray(0, Math.max(0, cap - outBytes)));
        outBytes = cap;
        killTree();
      } else {
        out.push(b);
        outBytes += b.length;
      }
    });
    child.stderr.on("data", (b: Buffer) => {
      if (errBytes < cap) err.push(b.subarray(0, cap - errBytes));
      errBytes += b.length;
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      killTree();
      resolve({
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        exitCode: code,
        signal,
        timedOut,
        truncated,
        durationMs: performance.now() - started,
      });
    });
  });
};
