// The real `shellgen run` and `shellgen replay` processes (packages/cli/bin, built dist),
// with the model replaced by a llama-server stand-in so the proposed command is known.
// Nothing reaches the real workspace without --yes; a run killed with SIGKILL mid-way
// leaves it untouched.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diffSnapshots, snapshot } from "../src/workspace.js";
import { fakeLlamaServer } from "./scripted.js";

const BIN = resolve(__dirname, "../../cli/bin/shellgen.js");
let ws: string;
let home: string;
beforeEach(() => {
  ws = mkdtempSync(join(tmpdir(), "agent-cli-ws-"));
  home = mkdtempSync(join(tmpdir(), "agent-cli-home-"));
  writeFileSync(join(ws, "notes.txt"), "keep me\n");
  writeFileSync(join(ws, "data.csv"), "a,b\n");
});
afterEach(() => {
  rmSync(ws, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function shellgen(
  args: string[],
  onSpawn?: (kill: () => void) => void,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    // stdin is not a terminal here, as in a script or CI job.
    const p = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, SHELLGEN_HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    p.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    p.on("exit", (code, signal) => done({ code, signal, stdout, stderr }));
    onSpawn?.(() => p.kill("SIGKILL"));
  });
}

const runDirs = () => (existsSync(join(home, "runs")) ? readdirSync(join(home, "runs")).map((d) => join(home, "runs", d)) : []);

// Each test starts the whole app (model runtime, grammar pack, pool) in a new process; on a
// loaded 2-core machine that alone can pass the default 60 s test timeout.
describe("shellgen run (real process)", { timeout: 300_000 }, () => {
  it("changes nothing without --yes when there is no terminal, and says so", async () => {
    const server = await fakeLlamaServer("rm notes.txt");
    try {
      const before = await snapshot(ws);
      const r = await shellgen(["run", "--json", "--workspace", ws, "--model", server.url, "delete notes.txt"]);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as {
        command: string;
        stopped: string;
        applied: boolean;
        note: string;
        attempts: { changes: { deleted: { path: string }[] } }[];
        log: string;
      };
      expect(out).toMatchObject({ command: "rm notes.txt", stopped: "success", applied: false });
      expect(out.note).toMatch(/nothing changed .* no terminal to confirm on and no --yes/);
      expect(out.attempts[0]!.changes.deleted.map((d) => d.path)).toEqual(["notes.txt"]);
      expect(diffSnapshots(before, await snapshot(ws))).toEqual({ created: [], deleted: [], modified: [] });

      const replay = await shellgen(["replay", "latest"]);
      expect(replay.code, replay.stderr).toBe(0);
      expect(replay.stdout).toContain("goal: delete notes.txt");
      expect(replay.stdout).toContain("attempt 1: rm notes.txt");
      expect(replay.stdout).toContain("no terminal to confirm on");
    } finally {
      await server.close();
    }
  });

  it("applies the previewed change with --yes", async () => {
    const server = await fakeLlamaServer("rm notes.txt");
    try {
      const r = await shellgen(["run", "--yes", "--workspace", ws, "--model", server.url, "delete notes.txt"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("dry-run effect:");
      expect(r.stdout).toMatch(/applied to .*: 0 created, 1 deleted, 0 modified/);
      expect(readdirSync(ws)).toEqual(["data.csv"]);
    } finally {
      await server.close();
    }
  });

  it("leaves the real workspace untouched when killed mid-run, even with --yes", async () => {
    // The dry run sleeps in the sandbox, so the kill lands while an attempt is running.
    const server = await fakeLlamaServer("timeout 9 sleep 4 && rm notes.txt");
    try {
      const before = await snapshot(ws);
      const r = await shellgen(["run", "--yes", "--workspace", ws, "--model", server.url, "timeout 9 sleep 4, then rm notes.txt"], (kill) => {
        const poll = setInterval(() => {
          if (server.requests() > 0) {
            clearInterval(poll);
            setTimeout(kill, 1500);
          }
        }, 20);
      });
      expect(r.signal).toBe("SIGKILL");
      expect(diffSnapshots(before, await snapshot(ws))).toEqual({ created: [], deleted: [], modified: [] });
      // It was killed inside the loop: the log has the start but no stop and no apply step.
      const [dir] = runDirs();
      const steps = readdirSync(dir!);
      expect(steps).toContain("step-01.json");
      expect(steps.filter((s) => s.endsWith(".json"))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("rejects bad input with one clear line", async () => {
    const r = await shellgen(["run", "--workspace", join(ws, "nope"), "list files"]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/workspace .*nope does not exist/);
    const empty = await shellgen(["run"]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no goal given/);
  });
});
