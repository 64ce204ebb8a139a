import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insideWorkspace, resetSandboxProbe, runSandboxed, sandboxAvailable, SandboxUnavailableError } from "@shellgen/sandbox";

let ws: string;
beforeEach(() => {
  ws = mkdtempSync(join(tmpdir(), "shellgen-sbx-"));
});
afterEach(() => rmSync(ws, { recursive: true, force: true }));

describe("runSandboxed", () => {
  it("runs in /workspace with the task's files and writes back to the host directory", async () => {
    writeFileSync(join(ws, "notes.txt"), "a\nb\nc\n");
    const r = await runSandboxed({ command: "pwd; wc -l < notes.txt; sort -r notes.txt > out.txt; chmod 640 out.txt", workspace: ws });
    expect(r).toMatchObject({ stdout: "/workspace\n3\n", stderr: "", exitCode: 0, signal: null, timedOut: false, truncated: false });
    expect(readFileSync(join(ws, "out.txt"), "utf8")).toBe("c\nb\na\n");
    expect(statSync(join(ws, "out.txt")).mode & 0o777).toBe(0o640);
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it("reports exit status and stderr separately", async () => {
    const r = await runSandboxed({ command: "echo out; echo err >&2; exit 7", workspace: ws });
    expect(r).toMatchObject({ stdout: "out\n", stderr: "err\n", exitCode: 7, timedOut: false });
  });

  it("starts from a scrubbed, fixed environment plus the caller's additions", async () => {
    process.env.SHELLGEN_LEAK_TEST = "leaked";
    const r = await runSandboxed({ command: "echo $HOME $LANG $TZ ${SHELLGEN_LEAK_TEST:-clean} $EXTRA", workspace: ws, env: { EXTRA: "given" } });
    expect(r.stdout.trim()).toBe("/workspace C.UTF-8 UTC clean given");
  });

  it("fixes the umask, so file modes do not depend on the host's", async () => {
    const old = process.umask(0o077);
    try {
      const r = await runSandboxed({ command: "umask; echo x > new.txt; touch run.sh; chmod +x run.sh", workspace: ws });
      expect(r.stdout).toBe("0022\n");
      expect(statSync(join(ws, "new.txt")).mode & 0o777).toBe(0o644);
      expect(statSync(join(ws, "run.sh")).mode & 0o777).toBe(0o755);
    } finally {
      process.umask(old);
    }
  });

  it("stops at the time limit and kills the command", async () => {
    const r = await runSandboxed({ command: "echo before; sleep 30; echo after", workspace: ws, timeoutMs: 500 });
    // The stop itself is the property; how long it takes is measured by `npm run bench:sandbox`.
    expect(r).toMatchObject({ stdout: "before\n", timedOut: true, exitCode: null, signal: "SIGKILL" });
  });

  it("keeps the first maxOutputBytes bytes and marks the output truncated", async () => {
    const r = await runSandboxed({ command: "seq 1 100000", workspace: ws, maxOutputBytes: 100 });
    expect(r.truncated).toBe(true);
    expect(r.stdout).toBe(
      Array.from({ length: 100 }, (_, i) => `${i + 1}\n`)
        .join("")
        .slice(0, 100),
    );
  });

  it("refuses a command with a NUL byte (a model can emit one) without running any of it", async () => {
    const r = await runSandboxed({ command: "touch ran\0; echo hi", workspace: ws });
    expect(r).toMatchObject({ exitCode: 126, stdout: "", timedOut: false });
    expect(r.stderr).toMatch(/NUL byte/);
    expect(existsSync(join(ws, "ran"))).toBe(false);
  });

  it("has a private, writable /tmp and no stdin", async () => {
    const r = await runSandboxed({ command: "echo x > /tmp/t && cat /tmp/t; cat; echo eof", workspace: ws });
    expect(r.stdout).toBe("x\neof\n");
  });

  it("runs commands side by side without interference", async () => {
    const others = [1, 2, 3, 4].map((i) => mkdtempSync(join(tmpdir(), `shellgen-sbx-${i}-`)));
    try {
      const rs = await Promise.all(others.map((w, i) => runSandboxed({ command: `echo ${i} > me; sleep 0.2; cat me`, workspace: w })));
      expect(rs.map((r) => r.stdout.trim())).toEqual(["0", "1", "2", "3"]);
    } finally {
      for (const w of others) rmSync(w, { recursive: true, force: true });
    }
  });
});

describe("identity", () => {
  // As root the command runs as a throwaway uid, reached either by spawning bwrap as that uid or
  // (when the workspace sits behind a parent closed to other users) through setpriv. Both must
  // give the same unprivileged, limited command and write the workspace back.
  const root = process.getuid?.() === 0;
  const check = async (workspace: string) => {
    // Host files nested two folders down are handed over too: the command can append to them.
    mkdirSync(join(workspace, "deep", "er"), { recursive: true });
    writeFileSync(join(workspace, "deep", "er", "old.txt"), "old\n");
    const r = await runSandboxed({
      command: "id -u; ulimit -H -u; cat /proc/self/status | grep CapEff; echo new >> deep/er/old.txt; echo hi > made.txt; cat made.txt",
      workspace,
    });
    const [uid, nproc, capEff, made] = r.stdout.trim().split("\n");
    expect(r.exitCode, r.stderr).toBe(0);
    if (root) expect(Number(uid)).toBeGreaterThanOrEqual(1_200_000);
    expect(nproc).toBe("256");
    expect(capEff).toMatch(/CapEff:\s+0+$/);
    expect(made).toBe("hi");
    expect(readFileSync(join(workspace, "made.txt"), "utf8")).toBe("hi\n");
    expect(readFileSync(join(workspace, "deep", "er", "old.txt"), "utf8")).toBe("old\nnew\n");
  };

  it("runs unprivileged with the limits applied in a world-reachable workspace", () => check(ws));

  it("refuses nested user namespaces (bwrap --disable-userns)", async () => {
    // Before --unshare-user was passed explicitly, bwrap refused --disable-userns and the probe
    // fell back to a sandbox in which this succeeded.
    const r = await runSandboxed({ command: "unshare -U true && echo nested; unshare -rm true && echo mapped; echo end", workspace: ws });
    expect(r.stdout).toBe("end\n");
  });

  it.runIf(root)("runs the same way in a workspace behind a directory closed to other users", async () => {
    const closed = join(ws, "closed");
    mkdirSync(join(closed, "ws"), { recursive: true });
    chmodSync(closed, 0o700);
    await check(join(closed, "ws"));
  });
});

describe("when the host process dies", () => {
  it("a caller SIGKILLed mid-command leaves no sandboxed process behind (--die-with-parent)", async () => {
    const marker = String(700000 + (process.pid % 100000));
    const dist = join(import.meta.dirname, "../dist/index.js");
    const script = `const m = await import(${JSON.stringify(dist)}); await m.runSandboxed({ command: "sleep ${marker}", workspace: ${JSON.stringify(ws)}, timeoutMs: 120000 });`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "ignore" });
    const running = () => processesWith(`sleep ${marker}`);
    try {
      // The command is running inside its sandbox before the caller is killed.
      for (let i = 0; i < 600 && running().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(running().length).toBeGreaterThan(0);
    } finally {
      child.kill("SIGKILL");
    }
    await new Promise((r) => child.once("exit", r));
    for (let i = 0; i < 50 && running().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(running()).toEqual([]);
  }, 120_000);
});

/** Host processes whose command line contains `text`. */
function processesWith(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
      if (cmd === text) found.push(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

describe("insideWorkspace", () => {
  it("resolves files inside and refuses links that leave the workspace", async () => {
    writeFileSync(join(ws, "a.txt"), "a");
    symlinkSync("/etc/passwd", join(ws, "out.txt"));
    symlinkSync("a.txt", join(ws, "rel.txt"));
    expect(await insideWorkspace(ws, "a.txt")).toMatch(/a\.txt$/);
    expect(await insideWorkspace(ws, "rel.txt")).toMatch(/a\.txt$/);
    expect(await insideWorkspace(ws, "out.txt")).toBeUndefined();
    expect(await insideWorkspace(ws, "../../etc/passwd")).toBeUndefined();
    expect(await insideWorkspace(ws, "missing.txt")).toBeUndefined();
  });
});

describe("without bubblewrap", () => {
  afterEach(() => {
    delete process.env.SHELLGEN_BWRAP;
    resetSandboxProbe();
  });

  it("refuses to run anything and says how to install it", async () => {
    process.env.SHELLGEN_BWRAP = "/nonexistent/bwrap";
    resetSandboxProbe();
    const a = await sandboxAvailable();
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.fix).toMatch(/apt-get install -y bubblewrap/);
    await expect(runSandboxed({ command: "touch ran", workspace: ws })).rejects.toBeInstanceOf(SandboxUnavailableError);
    expect(existsSync(join(ws, "ran"))).toBe(false);
  });
});
