// The study's table from a real run: the default model, a chat model on the Qwen2 vocabulary
// and the Qwen3 template, and a model that writes only prose (script models built from the
// bundled llama.cpp source: decode's gguf-fixture), each decoded through @shellgen/decode and
// run in the sandbox on four tier-1 tasks. The prose model's tasks are recorded failures with
// the reason, and a model that cannot load stops a resumed run without touching its results.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultModelPath } from "@shellgen/decode";
import { chatTemplate, scriptModel, TEMPLATES } from "../../packages/decode/test/gguf-fixture.js";
import { jsonSummary, loadReport, parseModes, runBench, type Report } from "@shellgen/bench";
import { toHtml, toMarkdown, toText } from "../src/report/index.js";
import { RESULTS_FILE } from "../src/run/store.js";

const dir = mkdtempSync(join(tmpdir(), "bench-study-"));
const out = join(dir, "run");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TASKS = "t1-first-three-lines,t1-last-two-lines,t1-fifth-line,t1-line-range";
const qwen = "Qwen-Qwen3-0.6B";
let chat: string;
let prose: string;
let report: Report;

beforeAll(async () => {
  chat = scriptModel(dir, "qwen3-chat.gguf", { ...TEMPLATES[qwen], template: chatTemplate(qwen), script: "head -n 3 poem.txt" });
  prose = scriptModel(dir, "prose.gguf", { vocab: "qwen2", template: null, script: "Sure, you can do that easily.", end: "eos" });
  await runBench({ models: [undefined, chat, prose], modes: parseModes(["native", "constrained-retry"]), glob: TASKS, outDir: out });
  report = (await loadReport(out)).report;
}, 600_000);

describe("the study's table", () => {
  it("one row per model with parameters, vocabulary and template, native, constrained-retry and the best mode", () => {
    const rows = report.study.rows;
    expect(rows.map((r) => r.model)).toEqual([defaultModelPath().split("/").pop(), chat, prose]);
    expect(rows[0]).toMatchObject({ vocabSize: 2048, template: "none" });
    expect(rows[1]).toMatchObject({ vocabSize: 151_936, template: "ChatML (JinjaTemplate, thinking off)" });
    expect(rows[2]).toMatchObject({ vocabSize: 151_936, template: "none" });
    for (const r of rows) {
      expect(r.parameters).toBeGreaterThan(0);
      for (const [mode, count] of [
        ["native", r.native],
        ["constrained-retry", r.constrainedRetry],
      ] as const) {
        const run = report.runs.find((x) => x.model === r.model && x.mode === mode)!;
        expect(count).toEqual({ passed: run.passed, total: 4 });
      }
      const t = r.transitions!;
      expect(t.kept + t.fixed + t.regressed + t.unresolved).toBe(4);
      expect(t.kept + t.fixed).toBe(r.constrainedRetry!.passed);
      expect(t.kept + t.regressed).toBe(r.native!.passed);
      expect(r.best!.passed).toBe(Math.max(r.native!.passed, r.constrainedRetry!.passed));
    }
    // The chat model writes the first task's answer for every task, through its template.
    expect(rows[1]!.native!.passed).toBeGreaterThanOrEqual(1);
    const mean = (k: "native" | "constrainedRetry") => rows.reduce((a, r) => a + (100 * r[k]!.passed) / 4, 0) / 3;
    expect(report.study.mean.native).toBeCloseTo(mean("native"), 1);
    expect(report.study.mean.constrainedRetry).toBeCloseTo(mean("constrainedRetry"), 1);
    expect(report.study.mean.transitions!.fixed).toBe(rows.reduce((a, r) => a + r.transitions!.fixed, 0));
  });

  it("the prose-only model's tasks are recorded failures with the reason, and the prose is counted", () => {
    const lines = readFileSync(join(out, RESULTS_FILE), "utf8").trim().split("\n");
    expect(lines).toHaveLength(3 * 2 * 4);
    const native = lines.map((l) => JSON.parse(l)).filter((r) => r.model === prose && r.mode === "native");
    expect(native).toHaveLength(4);
    for (const r of native) {
      expect(r.passed).toBe(false);
      expect(r.reason).toBe("no command produced: the model wrote only prose, no command");
      expect(r.stripped).toEqual({ fences: 0, prose: 1 });
    }
    expect(report.stats.find((s) => s.model === prose && s.mode === "native")!.stripped).toEqual({ fences: 0, prose: 4 });
  });

  it("is in the text, Markdown and HTML reports and in --json", () => {
    const text = toText(report);
    expect(text).toMatch(/study table/);
    expect(text).toContain("ChatML (JinjaTemplate, thinking off)");
    expect(text).toMatch(/mean over 3 models/);
    expect(text).toMatch(/prose\.gguf native: fences stripped 0, prose stripped 4/);
    const md = toMarkdown(report);
    expect(md).toContain("| model | parameters | vocabulary | template | native | constrained-retry | best mode | fixed | regressed | kept | still failing |");
    expect(md).toMatch(/\| mean over 3 models \| +\| +\| +\| [\d.]+% \| [\d.]+% \| [\d.]+% \| \d+ \| \d+ \| \d+ \| \d+ \|/);
    // One table per view: the modes' pass rates by novelty and tier appear once, with the mean rows.
    expect(md.match(/^\| model \| mode \| (novel \| covered \| )?(whole|tier 1) \|/gm)).toHaveLength(1);
    expect(md).toMatch(/^\| mean over 3 models \| native \| /m);
    expect(text.match(/^model +mode /gm)).toHaveLength(1);
    const html = toHtml(report);
    expect(html).toContain("<h2>Models: native, constrained-retry and the best mode</h2>");
    expect(html).toContain("151936");
    const json = JSON.parse(JSON.stringify(jsonSummary(report)));
    expect(json.study.rows).toHaveLength(3);
    expect(json.study.rows[1].template).toBe("ChatML (JinjaTemplate, thinking off)");
  });

  it("a model that cannot load stops a resumed run with the reason, and the results stay", async () => {
    const before = readFileSync(join(out, RESULTS_FILE), "utf8");
    const weightless = scriptModel(dir, "weightless.gguf", { vocab: "qwen2", template: null, script: "ls", end: "eos", noTensors: true });
    const err = await runBench({ models: [weightless], modes: parseModes(["native"]), glob: TASKS, outDir: out, resume: true }).catch((e: Error) => e);
    expect((err as Error).message).toBe(`cannot load model ${weightless}: the file is vocabulary-only: it has a tokenizer but no weights`);
    expect(readFileSync(join(out, RESULTS_FILE), "utf8")).toBe(before);
  });
});
