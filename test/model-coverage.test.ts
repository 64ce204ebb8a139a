// corpora/tasks/coverage.json splits bench reports into novel/covered; it is generated
// from the tasks, the training data and the pool, so it must be regenerated when any of
// them (or the rule) changes. This recomputes it and compares.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("corpora/tasks/coverage.json", () => {
  it("is what npm run tasks:coverage produces from the current inputs", () => {
    const r = spawnSync("/usr/bin/python3", ["model/coverage.py", "--check"], { cwd: ROOT, encoding: "utf8", maxBuffer: 16 << 20 });
    expect(JSON.parse(r.stdout || "{}"), r.stderr).toEqual({ stale: false, why: "" });
    expect(r.status).toBe(0);
  });

  it("has the contract's shape and covers every task", () => {
    const cov = JSON.parse(readFileSync(`${ROOT}corpora/tasks/coverage.json`, "utf8"));
    expect(cov.generatedBy).toBe("npm run tasks:coverage");
    const tasks = Object.values(cov.tasks) as { covered: boolean; pattern: string; matches: { source: string }[] }[];
    expect(tasks.length).toBe(cov.summary.tasks);
    for (const t of tasks) {
      expect(typeof t.pattern).toBe("string");
      expect(t.covered).toBe(t.matches.length > 0);
      for (const m of t.matches) expect(["train", "pool"]).toContain(m.source);
    }
    expect(tasks.filter((t) => !t.covered).length).toBe(cov.summary.novel);
  });
});
