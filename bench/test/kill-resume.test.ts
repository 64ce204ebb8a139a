// A real `bench run` process killed with SIGKILL mid-run, then resumed: every task ends up
// recorded exactly once, and the killed run's leftover workspaces are swept.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = join(root, "bench/bin/bench.js");
const dir = mkdtempSync(join(tmpdir(), "shellgen-kill-"));
const out = join(dir, "out");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const results = () => (existsSync(join(out, "results.jsonl")) ? readFileSync(join(out, "results.jsonl"), "utf8") : "");

function bench(args: string[]) {
  return spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
}

it("a SIGKILLed run resumes where it stopped", async () => {
  if (!existsSync(join(root, "bench/dist/cli/main.js"))) throw new Error("bench is not built: run `npx tsc -b bench` first");
  const args = ["run", "--modes", "oracle", "--tier", "1", "--concurrency", "2", "--out", out];
  const first = bench(args);
  // Kill as soon as a few results are on disk.
  await new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (results().split("\n").filter(Boolean).length >= 5) {
        clearInterval(poll);
        first.kill("SIGKILL");
        resolve();
      }
    }, 20);
    first.on("exit", () => {
      clearInterval(poll);
      reject(new Error(`bench exited before it could be killed: ${results().split("\n").length} lines`));
    });
  });
  await new Promise((r) => first.on("close", r));
  const before = results().split("\n").filter(Boolean).length;
  expect(before).toBeGreaterThanOrEqual(5);
  expect(before).toBeLessThan(57);

  const second = bench([...args, "--resume"]);
  let stderr = "";
  second.stderr.on("data", (d) => (stderr += d));
  const code = await new Promise((r) => second.on("close", r));
  expect(code, stderr).toBe(0);
  expect(stderr).toMatch(/already done, resuming/);
  const lines = results()
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as { taskId: string; passed: boolean });
  const ids = lines.map((l) => l.taskId);
  expect(new Set(ids).size).toBe(57);
  expect(ids).toHaveLength(57);
  expect(lines.every((l) => l.passed)).toBe(true);
  // The killed run's in-flight workspaces were swept by the resumed run, which removed its own.
  expect(existsSync(join(out, ".work"))).toBe(false);
}, 120_000);
