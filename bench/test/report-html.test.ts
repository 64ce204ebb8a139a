// The HTML report renders in a real headless Chromium (Debian's), with its SVG charts drawn.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { loadSuite, parseModes, runBench, writeReport, type Generator, type Task } from "@shellgen/bench";
import { traceTask } from "../src/cli/trace.js";
import { writeTraces } from "../src/run/traces.js";
import { summarise, toHtml } from "../src/report/index.js";
import { PAGE } from "../src/report/task-html.js";

const CHROMIUM = "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/** Where the screenshots are left for a person to look at. */
export const SCREENSHOT = join(tmpdir(), "shellgen-bench-report.png");
export const SCREENSHOT_FILTERED = join(tmpdir(), "shellgen-bench-report-regressed.png");
export const SCREENSHOT_TRACE = join(tmpdir(), "shellgen-bench-report-trace.png");

let dir: string;
let browser: Browser;
let html: string;
let tasks: Task[];
let regressedTrace: { model: string; mode: string; taskId: string; why: "regressed" };

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: apt-get install -y chromium (or npm run setup:tests)`);
  dir = mkdtempSync(join(tmpdir(), "shellgen-report-test-"));
  const suite = loadSuite();
  tasks = [1, 2, 3, 4].flatMap((tier) => suite.filter((t) => t.tier === tier && t.wrong.length > 0).slice(0, 3));
  // Two scripted "models" answering with canonical or known-wrong commands, so every chart has data.
  const model = (label: string, rightEvery: Record<string, number>): Generator => ({
    label,
    async produce(task, mode) {
      const i = tasks.findIndex((t) => t.id === task.id);
      const ok = i % (rightEvery[mode.name] ?? 1) === 0;
      return { command: ok ? task.solutions[0]! : task.wrong[0]!, tokens: { prompt: 40 + i, completion: 8 + (i % 5) }, latencyMs: 20 + i * 3, path: mode.name };
    },
    async close() {},
  });
  const models: Record<string, Generator> = {
    a: model("tiny-a.gguf", { native: 3, "constrained-retry": 2 }),
    b: model("tiny-b.gguf", { native: 2, "constrained-retry": 1 }),
  };
  await runBench({
    models: ["a", "b"],
    modes: parseModes(["native", "constrained-retry", "oracle"]),
    glob: tasks.map((t) => t.id).join(","),
    outDir: dir,
    concurrency: 3,
    openModel: async (m) => models[m!]!,
  });
  // A real trace (the embedded default model) of the first task model a regressed on, filed under that regression.
  const firstRegressed = tasks.find((_, i) => i % 3 === 0 && i % 2 !== 0)!;
  regressedTrace = { model: "tiny-a.gguf", mode: "constrained-retry", taskId: firstRegressed.id, why: "regressed" as const };
  await writeTraces(dir, [{ ...regressedTrace, trace: await traceTask(firstRegressed, "constrained-retry", undefined, 3) }]);
  html = (await writeReport(dir)).html;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("report.html in headless Chromium", () => {
  it("draws every chart with visible bars, and the screenshot is taken", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(html).href);
    const charts = await page.locator("svg.chart").all();
    // the study's native/constrained-retry figure, pass rate x 3 models, transitions, tokens + latency x 2 models
    expect(charts.length).toBe(9);
    for (const c of charts) {
      const box = await c.boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      expect(box!.height).toBeGreaterThan(50);
    }
    const bars = await page
      .locator("svg.chart rect.bar")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0).length);
    expect(bars).toBeGreaterThan(20);
    expect(await page.locator("h2", { hasText: "Regressed tasks" }).count()).toBe(1);
    expect(await page.title()).toBe("shellgen bench report");
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
    await page.close();
  });

  it("lists every task per model and filters by outcome, tier and program", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(html).href);
    const rows = page.locator("table.tasks tr[data-task]");
    // two models and the oracle, each on every task
    expect(await rows.count()).toBe(3 * tasks.length);
    const visible = () =>
      rows.evaluateAll((els) =>
        els.filter((e) => !(e as HTMLElement).hidden).map((e) => (e as HTMLElement).dataset.task + "@" + (e as HTMLElement).dataset.model),
      );
    // The scripted models: model a passes native on every 3rd task and constrained-retry on every 2nd; b every 2nd and every one.
    const expected = (want: (n: boolean, c: boolean) => boolean) =>
      tasks.flatMap((t, i) => [
        ...(want(i % 3 === 0, i % 2 === 0) ? [`${t.id}@tiny-a.gguf`] : []),
        ...(want(i % 2 === 0, true) ? [`${t.id}@tiny-b.gguf`] : []),
      ]);
    await page.selectOption('select[data-filter="outcome"]', "regressed");
    const regressed = await visible();
    expect(regressed.sort()).toEqual(expected((n, c) => n && !c).sort());
    expect(regressed.length).toBeGreaterThan(0);
    expect(await page.locator("#task-count").textContent()).toBe(`${regressed.length} of ${3 * tasks.length}`);
    // Every regressed row says its cause.
    expect(await page.locator("table.tasks tr[data-task]:not([hidden]) .cause").count()).toBe(regressed.length);
    await page.screenshot({ path: SCREENSHOT_FILTERED, fullPage: true });
    expect(existsSync(SCREENSHOT_FILTERED)).toBe(true);

    await page.selectOption('select[data-filter="outcome"]', "fixed");
    expect((await visible()).sort()).toEqual(expected((n, c) => !n && c).sort());
    await page.selectOption('select[data-filter="outcome"]', "");
    await page.selectOption('select[data-filter="tier"]', "2");
    const tier2 = tasks.filter((t) => t.tier === 2).length;
    expect((await visible()).length).toBe(3 * tier2);
    await page.selectOption('select[data-filter="tier"]', "");
    const program = tasks[0]!.programs[0]!;
    await page.selectOption('select[data-filter="program"]', program);
    const withProgram = tasks.filter((t) => t.programs.includes(program)).map((t) => t.id);
    expect(new Set((await visible()).map((v) => v.split("@")[0]))).toEqual(new Set(withProgram));
    await page.close();
  });

  it("fits every label of the transition chart inside the chart", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(html).href);
    const chart = page.locator("svg.chart", { hasText: "Transitions between modes" });
    const out = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll("text")].map((t) => t.getBoundingClientRect()).filter((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5).length;
    });
    expect(out).toBe(0);
    await page.close();
  });

  it("shows the token trace of a regressed task, opened from its row", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(html).href);
    expect(await page.locator("details.trace").count()).toBe(1);
    const row = page.locator(`table.tasks tr[data-task="${regressedTrace.taskId}"][data-model="tiny-a.gguf"]`);
    await row.locator("a", { hasText: "token trace (constrained-retry)" }).click();
    const details = page.locator("details.trace");
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // one row per step, each with the native top 3 and, under the grammar, the allowed top 3 and the count
    const steps = details.locator("table tr:has(td)");
    expect(await steps.count()).toBeGreaterThan(2);
    expect(await details.locator("th", { hasText: "allowed top 3" }).count()).toBeGreaterThan(0);
    await details.screenshot({ path: SCREENSHOT_TRACE });
    expect(existsSync(SCREENSHOT_TRACE)).toBe(true);
    await page.close();
  });

  it("shows a large run's matching tasks a page at a time (13 models x the whole suite)", async () => {
    const suite = loadSuite();
    const records = Array.from({ length: 13 }, (_, m) =>
      suite.flatMap((t, i) =>
        (["native", "constrained-retry"] as const).map((mode) => {
          const ok = (i + m + (mode === "native" ? 0 : 1)) % 3 === 0;
          return {
            model: `m${m}.gguf`,
            mode,
            taskId: t.id,
            tier: t.tier,
            command: ok ? t.solutions[0]! : "true",
            stdout: "",
            stderr: "",
            exitCode: ok ? 0 : 1,
            passed: ok,
            reason: ok ? "ok" : "stdout differs",
            tokens: { prompt: 1, completion: 1 },
            latencyMs: 1,
            path: mode === "native" ? "native" : "constrained",
          };
        }),
      ),
    ).flat();
    const big = join(dir, "big.html");
    writeFileSync(big, toHtml(summarise(records, undefined, {}, [], new Map(suite.map((t) => [t.id, { request: t.request, programs: t.programs }])))));
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(big).href);
    const visible = () => page.locator("table.tasks tr[data-task]:not([hidden])").count();
    expect(await page.locator("table.tasks tr[data-task]").count()).toBe(13 * suite.length);
    expect(await visible()).toBe(PAGE);
    await page.locator("#task-more").click();
    expect(await visible()).toBe(2 * PAGE);
    await page.selectOption('select[data-filter="outcome"]', "regressed");
    const regressed = records.filter((r) => r.mode === "native" && r.passed).length;
    expect(await page.locator("#task-count").textContent()).toBe(`${regressed} of ${13 * suite.length}`);
    expect(await visible()).toBe(Math.min(PAGE, regressed));
    await page.close();
  }, 120_000);

  it("draws the study's figure: models sorted by native score, native and constrained-retry side by side", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(html).href);
    const chart = page.locator("svg.chart", { hasText: "Pass rate per model" });
    const ticks = await chart.locator("text.tick").allTextContents();
    // tiny-b (native 6/12) after tiny-a (native 4/12)
    expect(ticks.indexOf("tiny-a.gguf")).toBeLessThan(ticks.indexOf("tiny-b.gguf"));
    expect(ticks.indexOf("tiny-a.gguf")).toBeGreaterThanOrEqual(0);
    const bars = await chart.locator("rect.bar title").allTextContents();
    expect(bars.sort()).toEqual([
      "constrained-retry · tiny-a.gguf: 50",
      "constrained-retry · tiny-b.gguf: 100",
      "native · tiny-a.gguf: 33",
      "native · tiny-b.gguf: 50",
    ]);
    await page.close();
  });
});
