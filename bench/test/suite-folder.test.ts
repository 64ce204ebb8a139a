// `bench run --suite DIR`: a team's own folder of task files, in the project's format,
// through the same schema, runner and sandbox. A malformed file stops it in one line.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadTaskFolder, main, selfTest } from "@shellgen/bench";
import { RESULTS_FILE } from "../src/run/index.js";

const MY_SUITE = fileURLToPath(new URL("../../examples/my-suite", import.meta.url));
const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "bench-suite-folder-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) }, out, err };
}

describe("bench run --suite", () => {
  it("runs examples/my-suite with the oracle: every task passes, coverage unknown is said", async () => {
    const out = join(temp(), "run");
    const c = capture();
    const code = await main(["run", "--suite", MY_SUITE, "--modes", "oracle", "--out", out], c.io);
    expect(c.err.join("")).not.toMatch(/bench:/);
    expect(code).toBe(0);
    const records = readFileSync(join(out, RESULTS_FILE), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const ids = loadTaskFolder(MY_SUITE).map((t) => t.id);
    expect(records.map((r) => r.taskId).sort()).toEqual([...ids].sort());
    expect(records.every((r) => r.passed)).toBe(true);
    expect(c.out.join("")).toContain(`${ids.length}/${ids.length}`);
    expect(c.out.join("")).toMatch(/coverage: no .*my-suite\/coverage\.json: this suite's tasks have unknown coverage; whole suite only/);
  });

  it("holds example tasks that prove themselves: solutions pass, wrong commands and guesses fail", async () => {
    const report = await selfTest(loadTaskFolder(MY_SUITE), { guesses: true });
    expect(report.failures).toEqual([]);
    expect(report.tasks).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("stops on a malformed task file with one line naming the file, the task id and the field", async () => {
    const root = temp();
    const bad = join(root, "bad");
    mkdirSync(bad);
    const task = JSON.parse(readFileSync(join(MY_SUITE, "tasks.json"), "utf8"))[0];
    writeFileSync(join(bad, "tier1.json"), JSON.stringify([{ ...task, id: "x-1", check: { exit_code: 0 } }]));
    const out = join(root, "run");
    const c = capture();
    const cwd = process.cwd();
    process.chdir(root); // the file is named as the user would see it, relative to where they are
    try {
      expect(await main(["run", "--suite", "bad", "--modes", "oracle", "--out", out], c.io)).toBe(2);
    } finally {
      process.chdir(cwd);
    }
    expect(c.err.join("")).toBe('bad/tier1.json: task "x-1": /check: must have one of stdout, stdout_contains, files, script\n');
    expect(c.out).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });

  it("says so when the folder does not exist or holds no task files", async () => {
    const c = capture();
    expect(await main(["run", "--suite", join(temp(), "nope"), "--modes", "oracle"], c.io)).toBe(2);
    expect(c.err.join("")).toMatch(/--suite: no such folder: /);
    const empty = temp();
    writeFileSync(join(empty, "notes.txt"), "");
    const d = capture();
    expect(await main(["run", "--suite", empty, "--modes", "oracle"], d.io)).toBe(2);
    expect(d.err.join("")).toMatch(/no task files \(\*\.json arrays of tasks\)/);
  });
});
