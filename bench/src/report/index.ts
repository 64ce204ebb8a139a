// bench report: read a run directory, write report.md and report.html next to the results.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RunMeta } from "../run/runner.js";
import { META_FILE, readResults, RESULTS_FILE, writeTextAtomic } from "../run/store.js";
import { toHtml } from "./html.js";
import { toMarkdown } from "./markdown.js";
import { loadCoverage } from "./coverage.js";
import { summarise, type Report } from "./summary.js";
import { loadSuite, loadTaskFolder, type Task } from "../suite/index.js";
import type { TaskInfo } from "./tasks.js";
import { readTraces } from "../run/traces.js";

export {
  summarise,
  jsonSummary,
  pct,
  countCell,
  SUBSETS,
  type Report,
  type JsonSummary,
  type RunSummary,
  type Transition,
  type TransitionCounts,
  type CoverageSummary,
  type Subset,
  type ModeStats,
  type Regression,
} from "./summary.js";
export { loadCoverage, CoverageError, COVERAGE_FILE, type Coverage } from "./coverage.js";
export { toMarkdown } from "./markdown.js";
export { toHtml } from "./html.js";
export { toText, taskText } from "./text.js";
export { traceCause, gapSite, CAUSES, type Cause, type TracedCause, type GapSite } from "./causes.js";
export { taskRows, type TaskRow, type TaskInfo, type Outcome, type ModeCell } from "./tasks.js";
export { causeSummary, type CauseSummary } from "./summary.js";
export { studyTable, type StudyTable, type StudyRow } from "./study.js";
export { barChart, stackedBars } from "./charts.js";

export const REPORT_MD = "report.md";
export const REPORT_HTML = "report.html";

export interface Written {
  report: Report;
  meta?: RunMeta;
  markdown: string;
  html: string;
}

export async function loadReport(dir: string): Promise<{ report: Report; meta?: RunMeta; skipped: number }> {
  const { records, skipped } = await readResults(dir);
  if (records.length === 0) throw new Error(`no results in ${join(dir, RESULTS_FILE)}; run \`bench run --out ${dir}\` first`);
  const meta = await readFile(join(dir, META_FILE), "utf8").then(
    (t) => JSON.parse(t) as RunMeta,
    () => undefined,
  );
  // The run's own suite decides where the split comes from (DIR/coverage.json for --suite DIR).
  const report = summarise(records, loadCoverage(meta?.suite), meta?.modelInfo, meta?.models, suiteInfo(meta?.suite));
  const traces = [...(await readTraces(dir)).values()];
  return { report: traces.length ? { ...report, traces } : report, meta, skipped };
}

/** Requests and programs of the run's suite; a suite that no longer loads leaves them blank, never the report. */
function suiteInfo(suite: string | undefined): Map<string, TaskInfo> {
  let tasks: Task[];
  try {
    tasks = suite ? loadTaskFolder(suite) : loadSuite();
  } catch {
    return new Map();
  }
  return new Map(tasks.map((t) => [t.id, { request: t.request, programs: t.programs ?? [] }]));
}

export async function writeReport(dir: string): Promise<Written> {
  const { report, meta } = await loadReport(dir);
  const markdown = join(dir, REPORT_MD);
  const html = join(dir, REPORT_HTML);
  await writeTextAtomic(markdown, toMarkdown(report, meta));
  await writeTextAtomic(html, toHtml(report, meta));
  return { report, meta, markdown, html };
}
