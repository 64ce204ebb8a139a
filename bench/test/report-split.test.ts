// Every report shows each mode on the whole suite, the novel subset and the covered subset,
// with counts, from the suite's coverage.json (here a fixture beside a copy of examples/my-suite).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonSummary, loadCoverage, loadReport, loadTaskFolder, parseModes, runBench, type Generator, type Report } from "@shellgen/bench";
import { CoverageError, summarise, toHtml, toMarkdown, toText } from "../src/report/index.js";

const MY_SUITE = fileURLToPath(new URL("../../examples/my-suite", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "bench-split-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const suite = join(root, "suite");
const ids = loadTaskFolder(MY_SUITE).map((t) => t.id);
// first two covered, the rest novel
const coverage = {
  generatedBy: "npm run tasks:coverage",
  thresholds: {},
  tasks: Object.fromEntries(ids.map((id, i) => [id, { covered: i < 2, pattern: "p", matches: [] }])),
};

/** native right on tasks 0 and 2; constrained-retry right on 0, 1 and 3. */
const right: Record<string, number[]> = { native: [0, 2], "constrained-retry": [0, 1, 3] };
const model: Generator = {
  label: "scripted",
  async produce(task, mode) {
    const ok = right[mode.name]!.includes(ids.indexOf(task.id));
    return {
      command: ok ? task.solutions[0]! : task.wrong[0]!,
      tokens: { prompt: 1, completion: 1 },
      latencyMs: 1,
      path: "native",
      examples: ["abc"],
      grammarPrograms: ["grep"],
    };
  },
  async close() {},
};

let report: Report;
beforeAll(async () => {
  mkdirSync(suite);
  copyFileSync(join(MY_SUITE, "tasks.json"), join(suite, "tasks.json"));
  writeFileSync(join(suite, "coverage.json"), JSON.stringify(coverage));
  await runBench({
    models: ["m"],
    modes: parseModes(["native", "constrained-retry"]),
    suiteDir: suite,
    outDir: join(root, "out"),
    openModel: async () => model,
  });
  report = (await loadReport(join(root, "out"))).report;
}, 120_000);

describe("novel / covered split", () => {
  it("counts each mode on whole, novel and covered, and splits the paired transitions", () => {
    const j = jsonSummary(report);
    const native = j.runs.find((r) => r.mode === "native")!;
    const retry = j.runs.find((r) => r.mode === "constrained-retry")!;
    expect(native).toMatchObject({ passed: 2, total: 4, covered: { passed: 1, total: 2 }, novel: { passed: 1, total: 2 } });
    expect(retry).toMatchObject({ passed: 3, total: 4, covered: { passed: 2, total: 2 }, novel: { passed: 1, total: 2 } });
    expect(j.transitions[0]).toMatchObject({
      kept: 1,
      fixed: 2,
      regressed: 1,
      unresolved: 0,
      covered: { kept: 1, fixed: 1, regressed: 0, unresolved: 0 },
      novel: { kept: 0, fixed: 1, regressed: 1, unresolved: 0 },
    });
    expect(j.coverage).toMatchObject({ status: "ok", novel: 2, covered: 2, unknown: 0 });
  });

  it("shows the split with counts in the text, Markdown and HTML reports", () => {
    const text = toText(report);
    expect(text).toMatch(/native\s+1\/2 \(50\.0%\)\s+1\/2 \(50\.0%\)/);
    expect(text).toContain("novel: kept 0, fixed 1, regressed 1, unresolved 0; covered: kept 1, fixed 1, regressed 0, unresolved 0");
    expect(text).toContain("coverage: 2 novel and 2 covered tasks");
    const md = toMarkdown(report);
    expect(md).toContain("| model | mode | novel | covered | whole |");
    expect(md).toContain("| scripted | constrained-retry | **1/2 (50.0%)** | 2/2 (100.0%) | 3/4 (75.0%) |");
    expect(md).toContain("| scripted | native -> constrained-retry (novel) | 0 | 1 | 1 | 0 |");
    const html = toHtml(report);
    expect(html).toContain("<th>novel</th><th>covered</th><th>whole</th>");
    expect(html).toContain("native → constrained-retry (novel)");
  });

  it("keeps the audit fields on every record", async () => {
    const lines = readFileSync(join(root, "out", "results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.every((r) => r.examples?.[0] === "abc" && r.grammarPrograms?.[0] === "grep")).toBe(true);
  });

  it("shows the whole suite only, and says why, without a coverage file", () => {
    const r = summarise([], loadCoverage(join(root, "nowhere")));
    expect(r.coverage).toMatchObject({ status: "missing" });
    expect(toText(r)).toMatch(/coverage: no .*coverage\.json: this suite's tasks have unknown coverage; whole suite only/);
    expect(toMarkdown(r)).not.toContain("| novel |");
    expect(jsonSummary(r).runs).toEqual([]);
  });

  it("rejects a malformed coverage file with one clear error", () => {
    writeFileSync(join(root, "coverage.json"), JSON.stringify({ tasks: { "a-1": { covered: "yes" } } }));
    expect(() => loadCoverage(root)).toThrow(CoverageError);
    expect(() => loadCoverage(root)).toThrow(/task "a-1": \/tasks\/a-1\/covered must be true or false/);
  });
});
