// The loader's error messages, the check semantics and runTask, on small hand-made tasks.
import { createHash } from "node:crypto";
import { mkdtempSync as makeTemp, mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync, statSync, symlinkSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluateCheck, loadSuite, prepareWorkspace, runTask, SuiteError, type CommandResult, type Task } from "@shellgen/bench";
import { normaliseOutput, defaultSuiteDir } from "../src/suite/index.js";

const result = (stdout: string, extra: Partial<CommandResult> = {}): CommandResult => ({
  stdout,
  stderr: "",
  exitCode: 0,
  signal: null,
  timedOut: false,
  truncated: false,
  durationMs: 1,
  ...extra,
});
const base: Task = {
  id: "t1-demo",
  tier: 1,
  category: "count",
  request: "How many lines are in notes.txt?",
  setup: { files: { "notes.txt": "a\nb\n" } },
  programs: ["wc"],
  solutions: ["wc -l < notes.txt"],
  wrong: ["wc -c < notes.txt"],
  check: { stdout: "2" },
};
// every temp folder these tests make is removed at the end
const made: string[] = [];
const mkdtempSync = (prefix: string) => {
  const dir = makeTemp(prefix);
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const schema = readFileSync(join(defaultSuiteDir, "task.schema.json"), "utf8");

function suiteDir(tier1: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), "suite-load-"));
  writeFileSync(join(dir, "task.schema.json"), schema);
  writeFileSync(join(dir, "tier1.json"), JSON.stringify(tier1));
  return dir;
}

describe("loadSuite", () => {
  it("loads a valid suite", () => {
    expect(loadSuite(suiteDir([base])).map((t) => t.id)).toEqual(["t1-demo"]);
  });

  it("names the task id and the field at fault", () => {
    const bad = { ...base, id: "t1-bad", check: { stdout: 2 } };
    const noWrong = { ...base, id: "t1-nowrong", wrong: [] };
    try {
      loadSuite(suiteDir([bad, noWrong]));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SuiteError);
      const msg = (e as Error).message;
      expect(msg).toContain('tier1.json: task "t1-bad": /check/stdout: must be string');
      expect(msg).toContain('tier1.json: task "t1-nowrong": /wrong: must NOT have fewer than 1 items');
    }
  });

  it("rejects duplicate ids, a tier that disagrees with its file, and paths leaving the workspace", () => {
    const escape = { ...base, id: "t1-escape", setup: { files: { "../x": "y" } } };
    const tier2 = { ...base, id: "t2-misfiled", tier: 2 };
    expect(() => loadSuite(suiteDir([base, base, escape, tier2]))).toThrow(
      /"t1-demo": \/id: duplicates[\s\S]*"t1-escape": \/setup\/files[\s\S]*"t2-misfiled": \/tier: is 2/,
    );
  });

  it("says which fields a check lacks in one line, and how many more problems there are", () => {
    const noCheck = { ...base, id: "t1-nocheck", check: { exit_code: 0 } };
    const badVariant = { ...base, id: "t1-badvariant", variants: [{ name: "other" }] };
    try {
      loadSuite(suiteDir([noCheck, badVariant]));
      expect.unreachable();
    } catch (e) {
      expect((e as SuiteError).problems).toEqual([
        expect.stringMatching(/tier1\.json: task "t1-nocheck": \/check: must have one of stdout, stdout_contains, files, script$/),
        expect.stringMatching(/tier1\.json: task "t1-badvariant": \/variants\/0: must have one of setup, check$/),
      ]);
      expect((e as SuiteError).firstLine).toMatch(/\/check: must have one of stdout, stdout_contains, files, script \(and 1 more problem\)$/);
    }
  });
});

describe("evaluateCheck", () => {
  const dir = mkdtempSync(join(tmpdir(), "suite-check-"));

  it("normalises trailing whitespace and trailing blank lines only", () => {
    expect(normaliseOutput("  3 notes.txt\n", { first_field: true })).toBe("3");
    expect(normaliseOutput("a  \nb\t\n\n\n")).toBe("a\nb");
    expect(normaliseOutput("  a\n")).toBe("  a");
    expect(normaliseOutput("   3 x\n  10 y\n", { squeeze_spaces: true })).toBe("3 x\n10 y");
    expect(normaliseOutput("./b\n./a\n", { unordered: true, strip_dot_slash: true })).toBe("a\nb");
  });

  it("judges stdout", async () => {
    expect((await evaluateCheck(base, result("2 \n\n"), dir)).passed).toBe(true);
    const v = await evaluateCheck(base, result("4\n"), dir);
    expect(v).toEqual({ passed: false, reason: 'stdout "4", expected "2"' });
    expect((await evaluateCheck(base, result("2\n", { timedOut: true }), dir)).reason).toBe("command timed out");
  });

  it("judges contains, excludes and exit codes", async () => {
    const t: Task = { ...base, check: { stdout_contains: ["alpha"], stdout_excludes: ["beta"], exit_code: 0 } };
    expect((await evaluateCheck(t, result("alpha gamma"), dir)).passed).toBe(true);
    expect((await evaluateCheck(t, result("alpha beta"), dir)).reason).toContain('stdout contains "beta"');
    expect((await evaluateCheck(t, result("alpha", { exitCode: 1 }), dir)).reason).toBe("exit code 1, expected 0");
  });

  it("judges files by existence, content, hash and mode", async () => {
    const ws = mkdtempSync(join(tmpdir(), "suite-files-"));
    writeFileSync(join(ws, "out.txt"), "hello\n");
    chmodSync(join(ws, "out.txt"), 0o640);
    const t = (files: NonNullable<Task["check"]["files"]>): Task => ({ ...base, check: { files } });
    expect((await evaluateCheck(t({ "out.txt": { content: "hello", mode: "640" } }), result(""), ws)).passed).toBe(true);
    expect((await evaluateCheck(t({ "out.txt": { sha256: "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03" } }), result(""), ws)).passed).toBe(
      true,
    );
    expect((await evaluateCheck(t({ "out.txt": { mode: "644" } }), result(""), ws)).reason).toBe("out.txt has mode 640, expected 644");
    expect((await evaluateCheck(t({ "out.txt": { exists: false } }), result(""), ws)).reason).toBe("out.txt exists, expected it gone");
    expect((await evaluateCheck(t({ "gone.txt": { content: "x" } }), result(""), ws)).reason).toBe("gone.txt does not exist");
  });

  // A command runs with write access to its workspace and can plant links; the checker
  // must judge them as failures rather than read the files they point to.
  it("never reads outside the workspace through a link or a linked parent folder", async () => {
    const ws = mkdtempSync(join(tmpdir(), "suite-links-"));
    const passwd = readFileSync("/etc/passwd", "utf8");
    symlinkSync("/etc/passwd", join(ws, "out.txt"));
    symlinkSync("/etc", join(ws, "conf"));
    const t = (files: NonNullable<Task["check"]["files"]>): Task => ({ ...base, check: { files } });
    for (const rel of ["out.txt", "conf/passwd"]) {
      for (const want of [{ content: passwd }, { sha256: createHash("sha256").update(passwd).digest("hex") }, { mode: "644" }]) {
        expect(await evaluateCheck(t({ [rel]: want }), result(""), ws), `${rel} ${Object.keys(want)[0]}`).toEqual({
          passed: false,
          reason: `${rel} resolves outside the workspace`,
        });
      }
    }
    // a link that stays inside is followed as before
    writeFileSync(join(ws, "real.txt"), "inside\n");
    symlinkSync("real.txt", join(ws, "alias.txt"));
    expect((await evaluateCheck(t({ "alias.txt": { content: "inside" } }), result(""), ws)).passed).toBe(true);
  });

  it("runs check scripts in the sandbox with the command's stdout", async () => {
    const ws = mkdtempSync(join(tmpdir(), "suite-script-"));
    mkdirSync(join(ws, "made"));
    const t: Task = { ...base, check: { script: '[ -d made ] && [ "$CMD_STDOUT" = "hi" ]' } };
    expect((await evaluateCheck(t, result("hi"), ws)).passed).toBe(true);
    expect((await evaluateCheck(t, result("bye"), ws)).reason).toMatch(/^check script exited 1/);
  });

  it("gives a check script binary or oversized stdout without failing to start it", async () => {
    const ws = mkdtempSync(join(tmpdir(), "suite-binary-"));
    const t: Task = { ...base, check: { script: '[ "${#CMD_STDOUT}" -gt 0 ]' } };
    expect((await evaluateCheck(t, result("a\u0000b\u0000"), ws)).passed).toBe(true);
    expect((await evaluateCheck(t, result("é".repeat(300_000)), ws)).passed).toBe(true);
  });
});

describe("prepareWorkspace and runTask", () => {
  it("writes inline files with modes and runs the setup script inside the sandbox", async () => {
    const ws = mkdtempSync(join(tmpdir(), "suite-prep-"));
    const t: Task = {
      ...base,
      setup: {
        files: { "bin/run.sh": { content: "echo ok\n", mode: "750" }, "raw.bin": { base64: "AAEC" } },
        script: "touch -d 2020-01-02 raw.bin; pwd > where.txt",
      },
    };
    await prepareWorkspace(t, ws);
    expect((statSync(join(ws, "bin/run.sh")).mode & 0o777).toString(8)).toBe("750");
    expect([...readFileSync(join(ws, "raw.bin"))]).toEqual([0, 1, 2]);
    expect(statSync(join(ws, "raw.bin")).mtime.toISOString()).toBe("2020-01-02T00:00:00.000Z");
    expect(readFileSync(join(ws, "where.txt"), "utf8")).toBe("/workspace\n");
  });

  it("reports a failing setup script with the task id", async () => {
    const t: Task = { ...base, id: "t1-broken", setup: { script: "false" } };
    await expect(runTask(t, "true")).rejects.toThrow(/task t1-broken: setup script exited 1/);
  });

  it("cleans up after a command that locks its own folders", async () => {
    const t: Task = { ...base, check: { files: { locked: { mode: "000" } } } };
    const r = await runTask(t, "mkdir -p locked/inner && touch locked/inner/f && chmod 000 locked/inner locked");
    expect(r.passed).toBe(true);
  });

  it("runs a command in the task's state and every variant; it passes only if it passes all", async () => {
    const t: Task = {
      ...base,
      id: "t4-demo-branch",
      request: "Print yes if flag.txt exists, otherwise no",
      setup: { files: { "flag.txt": "" } },
      check: { stdout: "yes" },
      variants: [{ name: "no-flag", setup: { files: { "other.txt": "" } }, check: { stdout: "no" } }],
    };
    const both = await runTask(t, "[ -e flag.txt ] && echo yes || echo no");
    expect(both).toMatchObject({ passed: true, states: 2 });
    expect(await runTask(t, "echo yes")).toMatchObject({ passed: false, reason: 'variant no-flag: stdout "yes", expected "no"', states: 2 });
    expect(await runTask(t, "echo no")).toMatchObject({ passed: false, reason: 'stdout "no", expected "yes"', states: 1 });
    // a command made from the workspace sees the task's own state first
    const seen: string[] = [];
    await runTask(t, async (dir) => (seen.push(...readdirSync(dir)), "echo yes"));
    expect(seen).toEqual(["flag.txt"]);
  });

  it("runs a command in a fresh workspace and judges it", async () => {
    const good = await runTask(base, "wc -l < notes.txt");
    expect(good.passed).toBe(true);
    expect(good.result.stdout).toBe("2\n");
    const bad = await runTask(base, "wc -c < notes.txt");
    expect(bad).toMatchObject({ passed: false, reason: 'stdout "4", expected "2"' });
  });
});
