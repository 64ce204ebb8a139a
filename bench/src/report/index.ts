// bench report: read a run directory, write report.md and report.html next to the results.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RunMeta } from "../run/runner.js";
import { META_FILE, readResults, RESULTS_FILE, writeTextAtomic } from "../run/store.js";
import { toHtml } from "./html.js";
import { toMarkdown } from "./markdown.js";
import { loadCoverage } from "./coverage.js";
import { summarise, type Report } from "./summary.js";

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
export { toText } from "./text.js";
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
  return { report: summarise(records, loadCoverage(meta?.suite), meta?.modelInfo, meta?.models), meta, skipped };
}

export async function writeReport(dir: string): Promise<Written> {
  const { report, meta } = await loadReport(dir);
  const markdown = join(dir, REPORT_MD);
  const html = join(dir, REPORT_HTML);
  await writeTextAtomic(markdown, toMarkdown(report, meta));
  await writeTextAtomic(html, toHtml(report, meta));
  return { report, meta, markdown, html };
}
