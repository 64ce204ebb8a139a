// Median time the sandbox adds to one command, against running the same command directly
// (as root also through the setpriv fallback, interleaved, so the two modes meet the same load).
// Usage: npm run bench:sandbox [-- --runs N] [--setpriv]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { baseEnv } from "../limits.js";
import { runSandboxed } from "../run.js";
import { sandboxAvailable } from "../probe.js";

const COMMANDS = ["true", "echo hello", "wc -l < notes.txt", "sort notes.txt | uniq -c | sort -rn | head -3", "ls -la"];

/** Commands that never end by themselves, with the limit that must end them. */
const RUNAWAY: [string, string, { timeoutMs?: number; maxOutputBytes?: number }][] = [
  ["stop sleep (limit 500 ms)", "echo before; sleep 30", { timeoutMs: 500 }],
  ["stop fork bomb (limit 2 s)", ":(){ :|:& };:", { timeoutMs: 2000 }],
  ["stop endless stdout (64 KiB)", "yes", { maxOutputBytes: 64 * 1024 }],
];

function direct(command: string, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn("/bin/bash", ["-c", command], { cwd, env: { ...baseEnv, HOME: cwd, PWD: cwd }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.resume();
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", () => resolve(performance.now() - t0));
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<number> {
  const runsArg = process.argv.indexOf("--runs");
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 20;
  const avail = await sandboxAvailable();
  if (!avail.ok) {
    process.stderr.write(`bench:sandbox: ${avail.reason}; ${avail.fix}\n`);
    return 1;
  }
  const ws = mkdtempSync(join(tmpdir(), "shellgen-overhead-"));
  writeFileSync(join(ws, "notes.txt"), Array.from({ length: 200 }, (_, i) => `line ${i % 17}`).join("\n") + "\n");
  const d: number[] = [];
  const s: number[] = [];
  // --setpriv (as root): also the setpriv fallback (the only root mode before), interleaved.
  // Off by default: each extra sandbox leaves namespace teardown to the kernel that lands on
  // the next direct run, so the plain figure is taken with one sandboxed run per direct one.
  const root = process.getuid?.() === 0 && process.argv.includes("--setpriv");
  const sp: number[] = [];
  const viaSetpriv = async (command: string) => {
    process.env.SHELLGEN_SANDBOX_DROP = "setpriv";
    try {
      const t0 = performance.now();
      await runSandboxed({ command, workspace: ws });
      return performance.now() - t0;
    } finally {
      delete process.env.SHELLGEN_SANDBOX_DROP;
    }
  };
  const stops: [string, number][] = [];
  const many: number[] = [];
  const manyDirect: number[] = [];
  const loadBefore = loadavg()[0]!;
  try {
    // Warm both paths (page cache, the probe) before measuring; interleave so load drifts hit both alike.
    for (const c of COMMANDS) {
      await direct(c, ws);
      await runSandboxed({ command: c, workspace: ws });
      if (root) await viaSetpriv(c);
    }
    for (let i = 0; i < runs; i++) {
      for (const c of COMMANDS) {
        d.push(await direct(c, ws));
        // Timed from the caller's side, so workspace hand-over and setup count too.
        const t0 = performance.now();
        await runSandboxed({ command: c, workspace: ws });
        s.push(performance.now() - t0);
        if (root) sp.push(await viaSetpriv(c));
      }
    }
    // A workspace of 200 files in 10 folders: the hand-over to the sandbox uid walks all of it.
    for (let f = 0; f < 200; f++) {
      mkdirSync(join(ws, "many", `d${f % 10}`), { recursive: true });
      writeFileSync(join(ws, "many", `d${f % 10}`, `f${f}.txt`), `${f}\n`);
    }
    for (let i = 0; i < Math.max(5, runs >> 1); i++) {
      manyDirect.push(await direct("true", ws));
      const t0 = performance.now();
      await runSandboxed({ command: "true", workspace: ws });
      many.push(performance.now() - t0);
    }
    // How promptly runaway commands are stopped (these were wall-clock assertions in the tests).
    for (const [label, command, opts] of RUNAWAY) {
      const t0 = performance.now();
      await runSandboxed({ command, workspace: ws, ...opts });
      stops.push([label, performance.now() - t0]);
    }
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
  const md = median(d);
  const ms = median(s);
  const row = (k: string, v: string) => process.stdout.write(`${k.padEnd(28)}${v}\n`);
  row("machine", `${cpus().length} x ${cpus()[0]?.model ?? "cpu"}, ${process.getuid?.() === 0 ? "root (uid-drop mode)" : "user (userns mode)"}`);
  row("commands x runs", `${COMMANDS.length} x ${runs} = ${d.length} each way`);
  row("median direct", `${md.toFixed(1)} ms`);
  row("median sandboxed", `${ms.toFixed(1)} ms`);
  row("median added per command", `${(ms - md).toFixed(1)} ms (target < 20 ms)`);
  row("ratio sandboxed / direct", `${(ms / md).toFixed(2)}x`);
  if (root) {
    const mp = median(sp);
    row("median setpriv fallback", `${mp.toFixed(1)} ms (added ${(mp - md).toFixed(1)} ms, min ${Math.min(...sp).toFixed(1)} ms)`);
  }
  // The fastest runs approximate an idle machine; on a shared box the median carries its load.
  row("min direct / sandboxed", `${Math.min(...d).toFixed(1)} / ${Math.min(...s).toFixed(1)} ms (added ${(Math.min(...s) - Math.min(...d)).toFixed(1)} ms)`);
  row("200-file workspace, true", `${median(many).toFixed(1)} ms sandboxed, ${median(manyDirect).toFixed(1)} ms direct (median)`);
  for (const [label, ms] of stops) row(label, `${ms.toFixed(0)} ms`);
  row("load average (1 min)", `${loadBefore.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at end, on ${cpus().length} cores`);
  return 0;
}

process.exitCode = await main();
