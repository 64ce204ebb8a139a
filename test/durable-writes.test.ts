// Files written for a user survive a crash or a power cut, not only a killed process: the
// system calls of the real CLIs, traced with strace, show the new content flushed (fsync)
// before the rename that publishes it, and the directory flushed after it, so the rename
// itself is on disk. A kill test cannot see this; the order of the calls can.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STRACE = "/usr/bin/strace";
const work = mkdtempSync(join(tmpdir(), "durable-writes-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Call = { kind: "fsync"; path: string } | { kind: "rename"; from: string; to: string } | { kind: "write"; path: string };

/** Runs node with `args` under strace -f and returns its fsyncs, renames and writes, in order. */
function traced(args: string[], env: Record<string, string> = {}): Call[] {
  expect(existsSync(STRACE), `${STRACE} missing: apt-get install -y strace (or npm run setup)`).toBe(true);
  const log = join(work, `trace-${Math.random().toString(16).slice(2)}.txt`);
  const r = spawnSync(
    STRACE,
    ["-f", "-qq", "-y", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2,write,pwrite64", "-o", log, process.execPath, ...args],
    { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8", timeout: 120_000 },
  );
  expect(r.status, `${args.join(" ")}: ${r.stderr}`).toBe(0);
  const calls: Call[] = [];
  for (const line of readFileSync(log, "utf8").split("\n")) {
    const fsync = /\b(?:fsync|fdatasync)\(\d+<([^>]*)>/.exec(line);
    if (fsync) calls.push({ kind: "fsync", path: fsync[1]! });
    const write = /\b(?:write|pwrite64)\(\d+<([^>]*)>/.exec(line);
    if (write) calls.push({ kind: "write", path: write[1]! });
    if (/\brename(?:at2?)?\(/.test(line) && !line.includes("resumed>")) {
      const paths = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
      if (paths.length >= 2 && / = 0$/.test(line)) calls.push({ kind: "rename", from: paths[0]!, to: paths[1]! });
    }
  }
  return calls;
}

/** The rename that published `file`, with the fsync of its content before and of its directory after. */
function expectDurable(calls: Call[], file: string): void {
  const at = calls.findIndex((c) => c.kind === "rename" && c.to === file);
  expect(at, `no rename onto ${file}`).toBeGreaterThanOrEqual(0);
  const from = (calls[at] as { from: string }).from;
  expect(dirname(from)).toBe(dirname(file));
  const lastWrite = calls.findLastIndex((c, i) => i < at && c.kind === "write" && c.path === from);
  const flushed = calls.findIndex((c, i) => i > lastWrite && i < at && c.kind === "fsync" && c.path === from);
  expect(lastWrite, `no write to ${from}`).toBeGreaterThanOrEqual(0);
  expect(flushed, `${from} is not flushed between its last write and its rename onto ${file}`).toBeGreaterThan(lastWrite);
  const dirFlushed = calls.findIndex((c, i) => i > at && c.kind === "fsync" && c.path === dirname(file));
  expect(dirFlushed, `${dirname(file)} is not flushed after the rename onto ${file}`).toBeGreaterThan(at);
}

describe("writes that survive a crash", () => {
  it("shellgen learn: the learned examples", () => {
    const dir = join(work, "learn");
    const calls = traced([join(ROOT, "packages/cli/bin/shellgen.js"), "learn", "Count the lines in notes.txt", "wc -l notes.txt", "--dir", dir]);
    expectDurable(calls, join(dir, "learned.jsonl"));
    expect(readFileSync(join(dir, "learned.jsonl"), "utf8")).toContain('"command":"wc -l notes.txt"');
  }, 120_000);

  it("grammargen --out: the grammar file", () => {
    const help = join(work, "ls.txt");
    writeFileSync(help, "Usage: ls [OPTION]... [FILE]...\n  -a, --all     do not ignore entries starting with .\n  -l            use a long listing format\n");
    const out = join(work, "ls.gbnf");
    const calls = traced([join(ROOT, "packages/grammargen/bin/grammargen.js"), "from-help-text", help, "--name", "ls", "--out", out]);
    expectDurable(calls, out);
    expect(readFileSync(out, "utf8")).toMatch(/^root ::= ls$/m);
  }, 120_000);

  it("@shellgen/base: writeFileAtomicSync, writeFileAtomic and appendDurable", () => {
    const dir = join(work, "base");
    const script = `
      import { mkdirSync } from "node:fs";
      import { appendDurable, writeFileAtomic, writeFileAtomicSync } from "@shellgen/base";
      mkdirSync(${JSON.stringify(dir)}, { recursive: true });
      writeFileAtomicSync(${JSON.stringify(join(dir, "sync.txt"))}, "a".repeat(100000));
      await writeFileAtomic(${JSON.stringify(join(dir, "async.txt"))}, "b".repeat(100000));
      await appendDurable(${JSON.stringify(join(dir, "log.jsonl"))}, "{}\\n");`;
    const calls = traced(["--input-type=module", "-e", script]);
    expectDurable(calls, join(dir, "sync.txt"));
    expectDurable(calls, join(dir, "async.txt"));
    const log = join(dir, "log.jsonl");
    const wrote = calls.findIndex((c) => c.kind === "write" && c.path === log);
    expect(calls.findIndex((c, i) => i > wrote && c.kind === "fsync" && c.path === log)).toBeGreaterThan(wrote);
  }, 120_000);
});
