// The published study's table 1: one row per model (size, vocabulary, chat template) with
// its native and constrained-retry pass rates, its best mode, and the per-task transitions
// between the two; then the mean over models. The novel/covered and tier split of the same
// two modes follows it.
import type { ModelInfo } from "@shellgen/decode";
import { BENCH_MODES } from "../run/modes.js";
import type { RunSummary, TierCount, Transition, TransitionCounts } from "./summary.js";

export interface StudyRow {
  model: string;
  parameters?: number;
  vocabSize?: number;
  /** The chat template ("none" for plain completion prompts; "-" when the backend did not say). */
  template: string;
  /** Why a template the model has was not used. */
  templateFallback?: string;
  native?: TierCount;
  constrainedRetry?: TierCount;
  /** The model's best mode over all it ran (first in mode order on a tie). */
  best?: { mode: string } & TierCount;
  /** Per task, native against the constrained-retry mode. */
  transitions?: TransitionCounts;
}

export interface StudyTable {
  /** The mode in the "constrained-retry" column: constrained-retry itself, else the first of its variants the run has. */
  retryMode?: string;
  rows: StudyRow[];
  /** Means of the models' pass rates (percent), and the transitions summed over models. */
  mean: { models: number; native?: number; constrainedRetry?: number; best?: number; transitions?: TransitionCounts };
}

const rate = (c: TierCount | undefined) => (c && c.total ? (100 * c.passed) / c.total : undefined);
const meanOf = (xs: (number | undefined)[]) => {
  const ys = xs.filter((x): x is number => x !== undefined);
  return ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : undefined;
};

/** The constrained-retry column's mode among those the run has. */
export function retryModeOf(modes: string[]): string | undefined {
  if (modes.includes("constrained-retry")) return "constrained-retry";
  return BENCH_MODES.map((m) => m.name).find((m) => m !== "constrained-retry" && m.includes("constrained-retry") && modes.includes(m));
}

export function studyTable(runs: RunSummary[], transitions: Transition[], info: Record<string, ModelInfo> = {}): StudyTable {
  const models = [...new Set(runs.map((r) => r.model))].filter((m) => m !== "oracle");
  const retryMode = retryModeOf([...new Set(runs.map((r) => r.mode))]);
  const rows = models.map((model): StudyRow => {
    const mine = runs.filter((r) => r.model === model);
    const get = (mode: string | undefined) => {
      const r = mine.find((x) => x.mode === mode);
      return r ? { passed: r.passed, total: r.total } : undefined;
    };
    const best = mine.reduce<RunSummary | undefined>((b, r) => (!b || (rate(r) ?? -1) > (rate(b) ?? -1) ? r : b), undefined);
    const t = transitions.find((x) => x.model === model && x.from === "native" && x.to === retryMode);
    const i = info[model];
    return {
      model,
      ...(i?.parameters ? { parameters: i.parameters } : {}),
      ...(i?.vocabSize ? { vocabSize: i.vocabSize } : {}),
      template: i ? i.template : "-",
      ...(i?.fallback ? { templateFallback: i.fallback } : {}),
      ...(get("native") ? { native: get("native") } : {}),
      ...(get(retryMode) ? { constrainedRetry: get(retryMode) } : {}),
      ...(best ? { best: { mode: best.mode, passed: best.passed, total: best.total } } : {}),
      ...(t ? { transitions: { kept: t.kept, fixed: t.fixed, regressed: t.regressed, unresolved: t.unresolved } } : {}),
    };
  });
  const withT = rows.filter((r) => r.transitions);
  const sum = (k: keyof TransitionCounts) => withT.reduce((a, r) => a + r.transitions![k], 0);
  const mean = {
    models: rows.length,
    ...optional("native", meanOf(rows.map((r) => rate(r.native)))),
    ...optional("constrainedRetry", meanOf(rows.map((r) => rate(r.constrainedRetry)))),
    ...optional("best", meanOf(rows.map((r) => rate(r.best)))),
    ...(withT.length ? { transitions: { kept: sum("kept"), fixed: sum("fixed"), regressed: sum("regressed"), unresolved: sum("unresolved") } } : {}),
  };
  return { ...(retryMode ? { retryMode } : {}), rows, mean };
}

const optional = <K extends string>(k: K, v: number | undefined) => (v === undefined ? {} : ({ [k]: Number(v.toFixed(2)) } as Record<K, number>));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "3.1M", "152K", "0.6B". */
export function compact(n: number | undefined): string {
  if (n === undefined) return "-";
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${Math.round(n / 1e3)}K`;
  return String(n);
}

/** The template column: what the model's prompts go through, with a fallback named. */
export const templateCell = (r: StudyRow) => (r.templateFallback ? `${r.template} (template failed to render: plain completion)` : r.template);

/** The study table's rows as cells, mean row last; `pct` formats a count. */
export function studyCells(s: StudyTable, cell: (c: TierCount | undefined) => string): { head: string[]; rows: string[][] } {
  const retry = s.retryMode ?? "constrained-retry";
  const head = ["model", "parameters", "vocabulary", "template", "native", retry, "best mode", "fixed", "regressed", "kept", "still failing"];
  const rows = s.rows.map((r) => [
    r.model,
    compact(r.parameters),
    r.vocabSize ? String(r.vocabSize) : "-",
    templateCell(r),
    cell(r.native),
    cell(r.constrainedRetry),
    r.best ? `${r.best.mode}: ${cell(r.best)}` : "-",
    ...(r.transitions ? [r.transitions.fixed, r.transitions.regressed, r.transitions.kept, r.transitions.unresolved].map(String) : ["-", "-", "-", "-"]),
  ]);
  const m = s.mean;
  const pctOf = (v: number | undefined) => (v === undefined ? "-" : `${v.toFixed(1)}%`);
  const t = m.transitions;
  rows.push([
    `mean over ${plural(m.models, "model")}`,
    "",
    "",
    "",
    pctOf(m.native),
    pctOf(m.constrainedRetry),
    pctOf(m.best),
    ...(t ? [t.fixed, t.regressed, t.kept, t.unresolved].map(String) : ["-", "-", "-", "-"]),
  ]);
  return { head, rows };
}

/** The same two modes per model on the novel and covered tasks and per tier, with mean rows. */
export function splitCells(runs: RunSummary[], s: StudyTable, tiers: string[], split: boolean, cell: (c: TierCount | undefined) => string) {
  const modes = ["native", ...(s.retryMode ? [s.retryMode] : [])];
  const head = ["model", "mode", ...(split ? ["novel", "covered"] : []), ...tiers.map((t) => `tier ${t}`)];
  const rows: string[][] = [];
  const cols = (r: RunSummary) => [...(split ? [r.novel, r.covered] : []), ...tiers.map((t) => r.byTier[t])];
  for (const row of s.rows) {
    for (const mode of modes) {
      const r = runs.find((x) => x.model === row.model && x.mode === mode);
      if (r) rows.push([row.model, mode, ...cols(r).map(cell)]);
    }
  }
  for (const mode of modes) {
    const mine = runs.filter((x) => x.mode === mode && x.model !== "oracle");
    if (mine.length < 2) continue;
    const width = cols(mine[0]!).length;
    const means = Array.from({ length: width }, (_, i) => meanOf(mine.map((r) => rate(cols(r)[i]))));
    rows.push([`mean over ${plural(mine.length, "model")}`, mode, ...means.map((v) => (v === undefined ? "-" : `${v.toFixed(1)}%`))]);
  }
  return { head, rows };
}

/** Per mode run by two or more models: the mean of their pass rates on the whole suite, the novel and covered tasks and each tier. */
export function meanRows(runs: RunSummary[], tiers: string[], split: boolean): string[][] {
  const modes = [...new Set(runs.filter((r) => r.model !== "oracle").map((r) => r.mode))];
  const rows: string[][] = [];
  const cols = (r: RunSummary) => [...(split ? [r.novel, r.covered] : []), { passed: r.passed, total: r.total }, ...tiers.map((t) => r.byTier[t])];
  for (const mode of modes) {
    const mine = runs.filter((x) => x.mode === mode && x.model !== "oracle");
    if (mine.length < 2) continue;
    const width = cols(mine[0]!).length;
    const means = Array.from({ length: width }, (_, i) => meanOf(mine.map((r) => rate(cols(r)[i]))));
    rows.push([`mean over ${plural(mine.length, "model")}`, mode, ...means.map((v) => (v === undefined ? "-" : `${v.toFixed(1)}%`))]);
  }
  return rows;
}
