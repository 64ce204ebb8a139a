// The 299-task suite proves itself: valid schema, exact tier sizes, generated JSON in sync
// with its sources, no near-duplicates, every solution passes (in every variant), every
// wrong command fails (in at least one), and no guess passes, all in the real sandbox.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSandboxed } from "@shellgen/sandbox";
import { guessesThatPass, loadSuite, runTask, selfTest, type Task } from "@shellgen/bench";
import { mapLimit, suiteSandbox, TASK_ENV } from "../src/suite/index.js";
// @ts-ignore -- plain ESM generator, no type declarations
import { buildSuite, render, tierPath, TIER_SIZES } from "../../corpora/tasks/src/build.mjs";

const tasks = loadSuite();
const require = createRequire(import.meta.url);
const Parser = require("tree-sitter");
const Bash = require("tree-sitter-bash");

const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9_.$%+-]+/)
      .filter(Boolean),
  );
const shellTokens = (s: string) => new Set(s.split(/\s+/).filter(Boolean));
function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

describe("task suite content", () => {
  it("has 57 / 65 / 139 / 38 tasks in tiers 1-4, 299 in all", () => {
    const count = (tier: number) => tasks.filter((t) => t.tier === tier).length;
    expect([count(1), count(2), count(3), count(4)]).toEqual([57, 65, 139, 38]);
    expect(tasks).toHaveLength(299);
    expect(TIER_SIZES).toEqual({ 1: 57, 2: 65, 3: 139, 4: 38 });
  });

  it("matches what corpora/tasks/src/build.mjs generates", () => {
    const built = buildSuite() as Record<number, Task[]>;
    for (const tier of [1, 2, 3, 4]) {
      expect(readFileSync(tierPath(tier), "utf8"), `tier${tier}.json is stale: run node corpora/tasks/src/build.mjs`).toBe(render(built[tier]));
    }
  });

  it("names the programs each task relies on and keeps commands free of blank lines", () => {
    for (const t of tasks) {
      expect(t.programs.length, t.id).toBeGreaterThan(0);
      for (const c of [...t.solutions, ...t.wrong]) expect(/\n\s*\n/.test(c), `${t.id}: ${c}`).toBe(false);
    }
  });

  it("writes every solution and wrong command as bash that tree-sitter-bash parses", () => {
    const parser = new Parser();
    parser.setLanguage(Bash);
    const broken = tasks.flatMap((t) => [...t.solutions, ...t.wrong].filter((c) => parser.parse(c).rootNode.hasError).map((c) => `${t.id}: ${c}`));
    expect(broken).toEqual([]);
  });

  it("names in each request the workspace files its solution uses", () => {
    const unnamed: string[] = [];
    for (const t of tasks) {
      const names = new Set(Object.keys(t.setup.files ?? {}).flatMap((k) => [k, k.split("/")[0]!]));
      for (const n of names) if (!n.startsWith(".") && t.solutions[0]!.includes(n) && !t.request.includes(n)) unnamed.push(`${t.id}: ${n}`);
    }
    expect(unnamed).toEqual([]);
  });

  it("expects only programs that the sandbox can run (scripts/setup.sh installs them)", async () => {
    const programs = [...new Set(tasks.flatMap((t) => t.programs))].sort();
    const ws = mkdtempSync(join(tmpdir(), "suite-programs-"));
    try {
      const r = await runSandboxed({
        command: `for p in ${programs.join(" ")}; do command -v "$p" > /dev/null || echo "$p"; done`,
        workspace: ws,
        env: TASK_ENV,
      });
      expect(r.stdout.split("\n").filter(Boolean), "missing from the sandbox; add its Debian package to scripts/setup.sh").toEqual([]);
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  });

  it("has no near-duplicate tasks (token Jaccard of requests and of solutions)", () => {
    const req = tasks.map((t) => words(t.request));
    const sol = tasks.map((t) => shellTokens(t.solutions.join(" ")));
    const near: string[] = [];
    for (let i = 0; i < tasks.length; i++) {
      for (let j = i + 1; j < tasks.length; j++) {
        const r = jaccard(req[i]!, req[j]!);
        const s = jaccard(sol[i]!, sol[j]!);
        if (r >= 0.85 || s >= 0.85 || r + s >= 1.3) near.push(`${tasks[i]!.id} ~ ${tasks[j]!.id} (request ${r.toFixed(2)}, solution ${s.toFixed(2)})`);
      }
    }
    expect(near).toEqual([]);
  });

  it("covers every category the suite promises", () => {
    const cats = new Set(tasks.map((t) => `${t.tier}:${t.category}`));
    for (const c of [
      "1:read",
      "1:write",
      "1:copy",
      "1:count",
      "1:list",
      "2:grep",
      "2:sed",
      "2:awk",
      "2:sort",
      "2:cut",
      "2:tr",
      "2:jq",
      "2:csv",
      "2:logs",
      "3:find",
      "3:stat",
      "3:du",
      "3:tar",
      "3:gzip",
      "3:base64",
      "3:openssl",
      "3:checksum",
      "3:diff",
      "3:xargs",
      "3:permissions",
      "3:dates",
      "3:zip",
      "3:processes",
      "4:pipeline",
      "4:loop",
      "4:conditional",
      "4:substitution",
      "4:heredoc",
      "4:background",
    ]) {
      expect(cats.has(c), c).toBe(true);
    }
  });
});

describe("task suite self-test in the sandbox", () => {
  it("passes every canonical solution and fails every wrong command", async () => {
    const sandbox = await suiteSandbox();
    const report = await selfTest(tasks, { concurrency: 3 });
    const lines = report.failures.map((f) => `${f.taskId} [${f.kind}] ${f.command}: ${f.reason}`);
    console.log(`suite self-test: ${report.commands} commands over ${report.tasks} tasks via ${sandbox.name}`);
    expect(lines).toEqual([]);
  }, 600_000);

  // true, ls, cat of every workspace file, echo of every word, number and quoted string of
  // the request, and all of them at once: a task any of them passes rewards luck.
  it("lets no guess pass any task", async () => {
    const hits = (await mapLimit(tasks, 3, (t) => guessesThatPass(t))).flat();
    expect(hits.map((h) => `${h.taskId}: ${h.guess}`)).toEqual([]);
  }, 900_000);

  it("gives every conditional task a second workspace state (variants)", () => {
    const single = tasks.filter((t) => t.category === "conditional" && !t.variants?.length).map((t) => t.id);
    expect(single).toEqual([]);
  });

  it("accepts other correct ways of doing a task (bench/test/fixtures/suite-variants.json)", async () => {
    const variants = JSON.parse(readFileSync(new URL("./fixtures/suite-variants.json", import.meta.url), "utf8")) as Record<string, string[] | string>;
    const byId = new Map(tasks.map((t) => [t.id, t]));
    const jobs = Object.entries(variants)
      .filter(([id]) => !id.startsWith("_"))
      .flatMap(([id, cmds]) => (cmds as string[]).map((c) => ({ id, c })));
    expect(jobs.length).toBeGreaterThan(50);
    const failures = await mapLimit(jobs, 3, async ({ id, c }) => {
      const task = byId.get(id);
      if (!task) return `${id}: no such task`;
      if (task.solutions.includes(c)) return `${id}: ${c} is already a canonical solution`;
      const r = await runTask(task, c);
      return r.passed ? null : `${id}: ${c}: ${r.reason}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
  }, 120_000);
});
