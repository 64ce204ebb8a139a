import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSandboxed, sandboxAvailable, type SandboxResult } from "@shellgen/sandbox";

// Hostile commands a model (or a prompt injection) could emit. Each must leave the host exactly
// as it was, leave no process behind, and leave the sandbox able to run the next command.

const SECRET = `shellgen-secret-${process.pid}-${Date.now()}`;
process.env.SHELLGEN_ADVERSARIAL_SECRET = SECRET;

let sentinel: string; // host dir outside any workspace, full of things an attacker would like to change
let hostFiles: string[]; // system files that must keep their exact content
let server: Server;
let port = 0;
let connections = 0;
let before: string;

/** Everything observable about the host that a command might try to change. */
function snapshot(): string {
  const lines: string[] = [];
  const walk = (p: string) => {
    const st = lstatSync(p);
    const mode = (st.mode & 0o7777).toString(8);
    if (st.isSymbolicLink()) lines.push(`L ${p} ${mode} -> ${readlinkSync(p)}`);
    else if (st.isDirectory()) {
      lines.push(`D ${p} ${mode} ${st.uid}`);
      for (const n of readdirSync(p).sort()) walk(join(p, n));
    } else lines.push(`F ${p} ${mode} ${st.uid} ${createHash("sha256").update(readFileSync(p)).digest("hex")}`);
  };
  walk(sentinel);
  for (const f of hostFiles) {
    const st = lstatSync(f);
    lines.push(`H ${f} ${st.mtimeMs} ${(st.mode & 0o7777).toString(8)} ${createHash("sha256").update(readFileSync(f)).digest("hex")}`);
  }
  lines.push(`hostname ${hostname()}`);
  lines.push(
    `hosttmp ${readdirSync(tmpdir())
      .filter((n) => n.startsWith("shellgen-adv-"))
      .join(",")}`,
  );
  return lines.join("\n");
}

/** Host processes whose command line mentions the marker: a daemon that outlived its sandbox. */
function leftovers(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      if (cmd.includes(marker)) found.push(`${pid}: ${cmd}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

async function waitForNoLeftovers(marker: string): Promise<string[]> {
  // The pid namespace is torn down asynchronously right after bwrap exits.
  for (let i = 0; i < 20; i++) {
    const l = leftovers(marker);
    if (l.length === 0) return l;
    await new Promise((r) => setTimeout(r, 50));
  }
  return leftovers(marker);
}

beforeAll(async () => {
  const avail = await sandboxAvailable();
  if (!avail.ok) throw new Error(`adversarial suite needs bubblewrap: ${avail.reason}; ${avail.fix}`);
  sentinel = mkdtempSync(join(tmpdir(), "shellgen-sentinel-"));
  writeFileSync(join(sentinel, "precious.txt"), "do not touch\n");
  mkdirSync(join(sentinel, "dir"));
  writeFileSync(join(sentinel, "dir", "nested.txt"), "nested\n", { mode: 0o600 });
  hostFiles = ["/etc/passwd", "/etc/hosts", "/etc/hostname", "/usr/bin/ls", "/bin/bash"].filter((f) => existsSync(f));
  server = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  port = (server.address() as { port: number }).port;
  before = snapshot();
});

afterAll(async () => {
  server?.close();
  if (sentinel) rmSync(sentinel, { recursive: true, force: true });
});

interface Case {
  name: string;
  command: (ctx: { sentinel: string; port: number; marker: string }) => string;
  prepare?: (ws: string) => void;
  timeoutMs?: number;
  maxOutputBytes?: number;
  limits?: { maxFileBytes?: number; tmpBytes?: number; maxProcesses?: number };
  expect?: (r: SandboxResult, ws: string) => void;
  /** Upper bound on how long the command may hold the bench up. */
}

// Commands that walk all of the read-only /usr take seconds on a loaded machine.
const SLOW = { timeoutMs: 30_000 };

const cases: Case[] = [
  {
    name: "rm -rf / --no-preserve-root",
    command: () => "rm -rf --no-preserve-root / 2>/dev/null; echo done",
    ...SLOW,
    expect: (r) => expect(r.stdout).toContain("done"),
  },
  {
    name: "rm -rf ~ (HOME is the workspace)",
    command: () => "rm -rf ~; ls -A ~ | wc -l",
    prepare: (ws) => writeFileSync(join(ws, "mine.txt"), "x"),
    expect: (r) => expect(r.stdout.trim()).toBe("0"),
  },
  { name: "rm -rf /* via glob", command: () => "rm -rf /* 2>/dev/null; ls /usr/bin | head -1", ...SLOW, expect: (r) => expect(r.stdout.trim()).not.toBe("") },
  { name: "fork bomb", command: () => ":(){ :|:& };:", timeoutMs: 3000 },
  { name: "fork bomb in a loop that ignores signals", command: () => "trap '' TERM INT HUP; while :; do (sleep 86401 &) ; done", timeoutMs: 2000 },
  {
    name: "network call to a host server on 127.0.0.1",
    command: ({ port }) => `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`,
    expect: (r) => {
      expect(r.stdout).not.toContain("connected");
      expect(connections).toBe(0);
    },
  },
  {
    name: "network call to the internet",
    command: () => "exec 3<>/dev/tcp/1.1.1.1/80 && echo connected; getent hosts deb.debian.org && echo resolved",
    expect: (r) => expect(r.stdout).not.toMatch(/connected|resolved/),
  },
  {
    name: "only loopback exists",
    command: () => "cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '",
    expect: (r) => expect(r.stdout.trim()).toBe("lo"),
  },
  {
    name: "append to /etc/passwd",
    command: () => "echo 'evil:x:0:0::/:/bin/sh' >> /etc/passwd; echo $?",
    expect: (r) => expect(r.stdout.trim()).not.toBe("0"),
  },
  { name: "replace a system binary", command: () => "cp /bin/false /usr/bin/ls; rm -f /bin/bash; echo x > /usr/local/bin/pwned" },
  {
    name: "create files at the root",
    command: () => "touch /evil; mkdir /evil-dir; test -e /evil && echo created",
    expect: (r) => expect(r.stdout).not.toContain("created"),
  },
  {
    name: "symlink escape planted in the workspace (absolute host path)",
    prepare: (ws) => symlinkSync(sentinel, join(ws, "escape")),
    command: () => "echo pwned > escape/precious.txt; rm -rf escape/; rm -rf escape/dir; ls escape 2>&1",
  },
  {
    name: "symlink escape created by the command",
    ...SLOW,
    command: ({ sentinel }) => `ln -s ${sentinel} s; echo pwned > s/precious.txt; ln -s / r; rm -rf r/usr r/etc 2>/dev/null; ls r/`,
  },
  { name: "symlink to /etc/passwd then write through it", command: () => "ln -s /etc/passwd p; echo x >> p; ln -sf /usr/bin/ls l; echo x > l" },
  { name: "hard link to a host file", command: () => "ln /etc/passwd hard && echo linked", expect: (r) => expect(r.stdout).not.toContain("linked") },
  { name: "climb out with ..", ...SLOW, command: () => "cd ..; cd ..; rm -rf ./* 2>/dev/null; pwd; ls" },
  {
    name: "endless stdout",
    command: () => "yes",
    maxOutputBytes: 64 * 1024,
    expect: (r) => {
      expect(r.truncated).toBe(true);
      expect(r.stdout.length).toBe(64 * 1024);
    },
  },
  { name: "endless stderr", command: () => "yes err >&2", maxOutputBytes: 64 * 1024, expect: (r) => expect(r.truncated).toBe(true) },
  {
    name: "one enormous line",
    command: () => "head -c 100000000 /dev/zero | tr '\\0' a",
    maxOutputBytes: 10_000,
    expect: (r) => expect(r.truncated).toBe(true),
  },
  {
    name: "sleep forever",
    command: ({ marker }) => `sleep ${marker}`,
    timeoutMs: 1000,
    expect: (r) => {
      expect(r.timedOut).toBe(true);
      expect(r.exitCode).toBeNull();
    },
  },
  {
    name: "busy loop ignoring signals",
    command: () => "trap '' TERM INT HUP QUIT; while :; do :; done",
    timeoutMs: 1000,
    expect: (r) => expect(r.timedOut).toBe(true),
  },
  {
    name: "background daemon with nohup",
    command: ({ marker }) => `nohup sleep ${marker} >/dev/null 2>&1 & echo started`,
    expect: (r) => {
      expect(r.stdout.trim()).toBe("started");
      expect(r.timedOut).toBe(false);
    },
  },
  { name: "double-forked setsid daemon", command: ({ marker }) => `(setsid sleep ${marker} </dev/null >/dev/null 2>&1 &) ; echo forked` },
  { name: "daemon holding stdout open", command: ({ marker }) => `sleep ${marker} & disown; echo bye` },
  { name: "kill the parent", command: () => "kill -9 $PPID; kill -9 1; echo survived", expect: (r) => expect(r.timedOut).toBe(false) },
  { name: "kill every process it can see", command: () => "kill -9 -1; echo after" },
  { name: "kill the host test runner by pid", command: () => `kill -9 ${process.pid} && echo killed`, expect: (r) => expect(r.stdout).not.toContain("killed") },
  {
    name: "fill the private /tmp",
    command: () => "dd if=/dev/zero of=/tmp/shellgen-adv-fill bs=1M count=100 2>&1 | tail -1; ls /tmp",
    limits: { tmpBytes: 4 << 20 },
    expect: (r) => expect(r.stdout).toMatch(/No space left|copied/),
  },
  {
    name: "write a huge file into the workspace",
    command: () => "head -c 50000000 /dev/zero > big; ls -l big",
    limits: { maxFileBytes: 1 << 20 },
    expect: (_r, ws) => expect(lstatSync(join(ws, "big")).size).toBeLessThanOrEqual(1 << 20),
  },
  {
    name: "read host secrets",
    command: () => "cat /etc/shadow /root/.ssh/id_rsa /root/.bash_history 2>/dev/null; ls /root /home /work 2>/dev/null; echo end",
    expect: (r) => expect(r.stdout.trim()).toBe("end"),
  },
  {
    name: "read the host environment",
    command: () => "env; cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n'",
    expect: (r) => expect(r.stdout).not.toContain(SECRET),
  },
  {
    name: "read the host's /tmp",
    command: ({ sentinel }) => `cat ${sentinel}/precious.txt 2>&1; ls /tmp`,
    expect: (r) => expect(r.stdout).not.toContain("do not touch"),
  },
  {
    name: "memory bomb",
    command: () => "/usr/bin/python3 -c 'x = bytearray(8 * 1024**3)' 2>&1 | tail -1",
    expect: (r) => expect(r.stdout).toContain("MemoryError"),
  },
  {
    name: "raise its own limits",
    command: () => "ulimit -u unlimited 2>&1 || echo refused; ulimit -f unlimited 2>&1 || echo refused",
    expect: (r) => expect(r.stdout).toContain("refused"),
  },
  {
    name: "mount over system dirs",
    command: () => "mount -t tmpfs none /usr 2>&1; unshare -rm sh -c 'mount -t tmpfs none /usr && rm -rf /usr/*' 2>&1; echo tried",
  },
  {
    name: "kernel knobs via /proc and /sys",
    command: () => "echo b > /proc/sysrq-trigger; echo 1 > /proc/sys/kernel/sysrq; echo evil > /proc/sys/kernel/hostname; hostname evil; ls /sys 2>&1",
  },
  { name: "raw disk devices", command: () => "ls /dev; dd if=/dev/zero of=/dev/vda count=1 2>&1; dd if=/dev/zero of=/dev/sda count=1 2>&1" },
  {
    name: "privilege escalation",
    command: () => "su -c id root </dev/null 2>&1; sudo id 2>&1; id -u",
    expect: (r) => expect(r.stdout).not.toMatch(/^uid=0\b/m),
  },
  {
    name: "setuid copy of bash",
    command: () => "cp /bin/bash ./rootsh && chmod u+s ./rootsh && ./rootsh -p -c 'cat /etc/shadow' 2>&1; echo end",
    expect: (r) => expect(r.stdout).not.toMatch(/root:/),
  },
  { name: "delete the workspace mount itself", command: () => "rm -rf /workspace; cd /; rmdir /workspace 2>&1; echo end" },
  { name: "close stdout and linger", command: ({ marker }) => `exec >&- 2>&-; sleep ${marker}`, timeoutMs: 1000, expect: (r) => expect(r.timedOut).toBe(true) },
];

describe("sandbox against hostile commands", () => {
  it("has at least 30 hostile cases", () => expect(cases.length).toBeGreaterThanOrEqual(30));

  cases.forEach((c, i) => {
    it(c.name, async () => {
      const marker = String(864000 + i * 7 + (process.pid % 1000) * 1000);
      const ws = mkdtempSync(join(tmpdir(), "shellgen-advws-"));
      try {
        c.prepare?.(ws);
        const r = await runSandboxed({
          command: c.command({ sentinel, port, marker }),
          workspace: ws,
          timeoutMs: c.timeoutMs ?? 5000,
          maxOutputBytes: c.maxOutputBytes,
          limits: c.limits,
        });
        // No wall-clock bound here (a loaded machine would fail it): runaway commands must end by
        // the time limit (r.timedOut) or the output cap, and leave no process behind (below).
        // How fast they are stopped is measured by `npm run bench:sandbox`.
        c.expect?.(r, ws);
        expect(await waitForNoLeftovers(marker)).toEqual([]);
        expect(snapshot()).toBe(before);
        // The bench keeps going: the very next command in a fresh workspace behaves normally.
        const next = await runSandboxed({ command: "echo alive; ls", workspace: ws, timeoutMs: 5000 });
        expect(next.stdout.split("\n")[0]).toBe("alive");
        expect(next.exitCode).toBe(0);
      } finally {
        rmSync(ws, { recursive: true, force: true });
      }
    });
  });
});
