// The numbers every report shows, computed once from the records.
import { BENCH_MODES } from "../run/modes.js";
import type { ResultRecord } from "../run/record.js";
import type { Coverage } from "./coverage.js";
import type { ModelInfo } from "@shellgen/decode";
import { studyTable, retryModeOf, type StudyTable } from "./study.js";
import { CAUSES, siteKey, siteLabel, traceCause, type Cause, type TracedCause } from "./causes.js";
import { taskRows, type TaskInfo, type TaskRow } from "./tasks.js";
import type { TraceRecord } from "../run/traces.js";

export interface TierCount {
  passed: number;
  total: number;
}

/** The subsets every report shows next to the whole suite (corpora/tasks/coverage.json). */
export const SUBSETS = ["novel", "covered"] as const;
export type Subset = (typeof SUBSETS)[number];

/** `bench report --json` prints { runs, transitions, coverage } with these fields. */
export interface RunSummary {
  model: string;
  mode: string;
  passed: number;
  total: number;
  byTier: Record<string, TierCount>;
  /** the same mode on the novel and the covered tasks; absent when coverage is unknown */
  novel?: TierCount;
  covered?: TierCount;
}

export interface TransitionCounts {
  kept: number;
  fixed: number;
  regressed: number;
  unresolved: number;
}

export interface Transition extends TransitionCounts {
  model: string;
  from: string;
  to: string;
  novel?: TransitionCounts;
  covered?: TransitionCounts;
}

/** Where the split came from, and how many of the run's tasks fall on each side. */
export interface CoverageSummary {
  file: string;
  /** "ok": the split is shown; "missing": whole suite only, `note` says why */
  status: "ok" | "missing";
  note?: string;
  novel: number;
  covered: number;
  /** tasks of the run that the coverage file does not list */
  unknown: number;
}

export interface JsonSummary {
  runs: RunSummary[];
  transitions: Transition[];
  coverage: CoverageSummary;
  /** The study's table: one row per model, native against constrained-retry, and the mean. */
  study: StudyTable;
  /** Regressions counted by cause, and the grammar refusals and policy rules behind them. */
  causes: CauseSummary;
}

export interface ModeStats {
  model: string;
  mode: string;
  n: number;
  promptTokens: { mean: number; total: number };
  completionTokens: { mean: number; total: number };
  latencyMs: { mean: number; p50: number; p90: number };
  execMs: { p50: number };
  paths: Record<string, number>;
  timedOut: number;
  /** Tasks whose free output had a code fence / prose taken off before it was checked. */
  stripped: { fences: number; prose: number };
}

export interface Regression {
  model: string;
  from: string;
  to: string;
  taskId: string;
  tier: number;
  fromCommand: string;
  toCommand: string;
  toReason: string;
  cause: TracedCause;
}

/** Regressions counted by cause, per model and mode pair, and the grammar sites behind the gaps. */
export interface CauseSummary {
  rows: { model: string; from: string; to: string; counts: Record<Cause, number>; total: number }[];
  total: Record<Cause, number>;
  /** One entry per program/option/construct a grammar refused, most regressions first. */
  gaps: { site: string; program: string; option?: string; construct?: string; count: number; tasks: string[] }[];
  /** The policy rules that refused commands. */
  rules: { rule: string; count: number; tasks: string[] }[];
}

export interface Report extends JsonSummary {
  stats: ModeStats[];
  regressions: Regression[];
  /** Transitions summed over models, as the published study reports them. */
  pooled: Omit<Transition, "model">[];
  models: string[];
  tiers: string[];
  /** Per (model, task): every mode's command, decoding path, verdict; the outcome over `pair`. */
  tasks: TaskRow[];
  /** The modes the task outcomes compare: native against constrained-retry (or the run's first pair). */
  pair?: [string, string];
  causes: CauseSummary;
  /** Token traces of regressed and sampled fixed tasks (DIR/traces.jsonl, `bench trace --run`). */
  traces?: TraceRecord[];
}

const modeRank = (m: string) => {
  const i = BENCH_MODES.findIndex((x) => x.name === m);
  return i < 0 ? BENCH_MODES.length : i;
};

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Paired comparisons: each model's baseline (native when present) against each of its other modes. */
function pairs(modes: string[]): [string, string][] {
  const real = modes.filter((m) => m !== "oracle");
  if (real.length < 2) return [];
  const base = real.includes("native") ? "native" : real[0]!;
  return real.filter((m) => m !== base).map((m) => [base, m]);
}

const zero = (): TransitionCounts => ({ kept: 0, fixed: 0, regressed: 0, unresolved: 0 });

function coverageSummary(records: ResultRecord[], coverage: Coverage | undefined): CoverageSummary {
  const ids = [...new Set(records.map((r) => r.taskId))];
  if (!coverage) return { file: "", status: "missing", note: "no coverage given; whole suite only", novel: 0, covered: 0, unknown: ids.length };
  const count = (want: boolean | undefined) => ids.filter((id) => coverage.covered.get(id) === want).length;
  const unknown = count(undefined);
  const note = coverage.note ?? (unknown ? `${unknown} task(s) are not in ${coverage.file}; they count in the whole suite only` : undefined);
  return { file: coverage.file, status: coverage.status, ...(note ? { note } : {}), novel: count(false), covered: count(true), unknown };
}

/** `order`: the run's models as given (run.json), so rows keep the --model order however tasks finished. */
export function summarise(
  records: ResultRecord[],
  coverage?: Coverage,
  info?: Record<string, ModelInfo>,
  order: string[] = [],
  taskInfo: ReadonlyMap<string, TaskInfo> = new Map(),
): Report {
  const cov = coverageSummary(records, coverage);
  const split = cov.status === "ok";
  const subsetOf = (r: Pick<ResultRecord, "taskId">): Subset | undefined => {
    const c = coverage?.covered.get(r.taskId);
    return c === undefined ? undefined : c ? "covered" : "novel";
  };
  const models = order.filter((m) => records.some((r) => r.model === m));
  const groups = new Map<string, ResultRecord[]>();
  for (const r of records) {
    if (!models.includes(r.model)) models.push(r.model);
    const k = `${r.model}\u0000${r.mode}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(r);
  }
  const tiers = [...new Set(records.map((r) => String(r.tier)))].sort((a, b) => Number(a) - Number(b));
  const keys = [...groups.keys()].sort((a, b) => {
    const [ma, pa] = a.split("\u0000") as [string, string];
    const [mb, pb] = b.split("\u0000") as [string, string];
    return models.indexOf(ma) - models.indexOf(mb) || modeRank(pa) - modeRank(pb) || pa.localeCompare(pb);
  });

  const runs: RunSummary[] = [];
  const stats: ModeStats[] = [];
  for (const k of keys) {
    const rs = groups.get(k)!;
    const [model, mode] = k.split("\u0000") as [string, string];
    const byTier: Record<string, TierCount> = {};
    for (const t of tiers) {
      const inTier = rs.filter((r) => String(r.tier) === t);
      if (inTier.length) byTier[t] = { passed: inTier.filter((r) => r.passed).length, total: inTier.length };
    }
    const run: RunSummary = { model, mode, passed: rs.filter((r) => r.passed).length, total: rs.length, byTier };
    if (split) {
      for (const s of SUBSETS) {
        const inSubset = rs.filter((r) => subsetOf(r) === s);
        run[s] = { passed: inSubset.filter((r) => r.passed).length, total: inSubset.length };
      }
    }
    runs.push(run);
    const paths: Record<string, number> = {};
    for (const r of rs) paths[r.path] = (paths[r.path] ?? 0) + 1;
    const lat = rs.map((r) => r.latencyMs ?? 0);
    stats.push({
      model,
      mode,
      n: rs.length,
      promptTokens: { mean: mean(rs.map((r) => r.tokens?.prompt ?? 0)), total: rs.reduce((a, r) => a + (r.tokens?.prompt ?? 0), 0) },
      completionTokens: { mean: mean(rs.map((r) => r.tokens?.completion ?? 0)), total: rs.reduce((a, r) => a + (r.tokens?.completion ?? 0), 0) },
      latencyMs: { mean: mean(lat), p50: quantile(lat, 0.5), p90: quantile(lat, 0.9) },
      execMs: {
        p50: quantile(
          rs.map((r) => r.execMs ?? 0),
          0.5,
        ),
      },
      paths,
      timedOut: rs.filter((r) => r.timedOut).length,
      stripped: { fences: rs.filter((r) => r.stripped?.fences).length, prose: rs.filter((r) => r.stripped?.prose).length },
    });
  }

  const transitions: Transition[] = [];
  const regressions: Regression[] = [];
  for (const model of models) {
    const modes = runs.filter((r) => r.model === model).map((r) => r.mode);
    for (const [from, to] of pairs(modes)) {
      const a = new Map(groups.get(`${model}\u0000${from}`)!.map((r) => [r.taskId, r]));
      const t: Transition = { model, from, to, ...zero(), ...(split ? { novel: zero(), covered: zero() } : {}) };
      for (const rb of groups.get(`${model}\u0000${to}`)!) {
        const ra = a.get(rb.taskId);
        if (!ra) continue; // only tasks both modes ran are paired
        const k: keyof TransitionCounts = ra.passed ? (rb.passed ? "kept" : "regressed") : rb.passed ? "fixed" : "unresolved";
        t[k]++;
        const s = split ? subsetOf(rb) : undefined;
        if (s) t[s]![k]++;
        if (k === "regressed")
          regressions.push({
            model,
            from,
            to,
            taskId: rb.taskId,
            tier: rb.tier,
            fromCommand: ra.command,
            toCommand: rb.command,
            toReason: rb.reason,
            cause: traceCause(ra, rb),
          });
      }
      transitions.push(t);
    }
  }
  const pooledMap = new Map<string, Omit<Transition, "model">>();
  for (const t of transitions) {
    const k = `${t.from}\u0000${t.to}`;
    const p = pooledMap.get(k) ?? { from: t.from, to: t.to, kept: 0, fixed: 0, regressed: 0, unresolved: 0 };
    p.kept += t.kept;
    p.fixed += t.fixed;
    p.regressed += t.regressed;
    p.unresolved += t.unresolved;
    pooledMap.set(k, p);
  }
  regressions.sort((x, y) => x.model.localeCompare(y.model) || x.taskId.localeCompare(y.taskId));
  const study = studyTable(runs, transitions, info);
  const allModes = [...new Set(runs.map((r) => r.mode))].sort((a, b) => modeRank(a) - modeRank(b) || a.localeCompare(b));
  const retry = retryModeOf(allModes);
  const pair: [string, string] | undefined =
    allModes.includes("native") && retry ? ["native", retry] : transitions[0] ? [transitions[0].from, transitions[0].to] : undefined;
  const tasks = taskRows(records, models, allModes, pair, taskInfo, split ? coverage?.covered : undefined);
  return {
    runs,
    transitions,
    coverage: cov,
    study,
    stats,
    regressions,
    pooled: [...pooledMap.values()],
    models,
    tiers,
    tasks,
    ...(pair ? { pair } : {}),
    causes: causeSummary(regressions),
  };
}

const noCauses = () => Object.fromEntries(CAUSES.map((c) => [c, 0])) as Record<Cause, number>;

export function causeSummary(regressions: Regression[]): CauseSummary {
  const rows = new Map<string, CauseSummary["rows"][number]>();
  const total = noCauses();
  const gaps = new Map<string, CauseSummary["gaps"][number]>();
  const rules = new Map<string, CauseSummary["rules"][number]>();
  for (const g of regressions) {
    const k = `${g.model}\u0000${g.from}\u0000${g.to}`;
    const row = rows.get(k) ?? { model: g.model, from: g.from, to: g.to, counts: noCauses(), total: 0 };
    row.counts[g.cause.cause]++;
    row.total++;
    rows.set(k, row);
    total[g.cause.cause]++;
    const site = g.cause.site;
    if (site && (g.cause.cause === "grammar gap" || g.cause.cause === "retry")) {
      // The option's or construct's name, without the word's value: one defect, however many tasks.
      const label = siteKey(site);
      const e = gaps.get(label) ?? {
        site: label,
        program: site.program,
        ...(site.option ? { option: site.option } : {}),
        ...(site.construct ? { construct: site.construct } : {}),
        count: 0,
        tasks: [],
      };
      e.count++;
      if (!e.tasks.includes(g.taskId)) e.tasks.push(g.taskId);
      gaps.set(label, e);
    }
    if (g.cause.rule) {
      const e = rules.get(g.cause.rule) ?? { rule: g.cause.rule, count: 0, tasks: [] };
      e.count++;
      if (!e.tasks.includes(g.taskId)) e.tasks.push(g.taskId);
      rules.set(g.cause.rule, e);
    }
  }
  const byCount = <T extends { count: number }>(xs: T[], key: (x: T) => string) => xs.sort((a, b) => b.count - a.count || key(a).localeCompare(key(b)));
  return {
    rows: [...rows.values()],
    total,
    gaps: byCount([...gaps.values()], (x) => x.site),
    rules: byCount([...rules.values()], (x) => x.rule),
  };
}

export { siteLabel };

/** The stable, script-facing subset. */
export function jsonSummary(r: Report): JsonSummary {
  return {
    runs: r.runs.map(({ model, mode, passed, total, byTier, novel, covered }) => ({
      model,
      mode,
      passed,
      total,
      byTier,
      ...(novel ? { novel, covered } : {}),
    })),
    transitions: r.transitions.map(({ model, from, to, kept, fixed, regressed, unresolved, novel, covered }) => ({
      model,
      from,
      to,
      kept,
      fixed,
      regressed,
      unresolved,
      ...(novel ? { novel, covered } : {}),
    })),
    coverage: r.coverage,
    study: r.study,
    causes: r.causes,
  };
}

/** "12/180 (6.7%)", or "-" for an empty subset. */
export const countCell = (c: TierCount | undefined) => (c && c.total ? `${c.passed}/${c.total} (${pct(c.passed, c.total)})` : "-");

export const pct = (p: number, t: number) => (t ? `${((100 * p) / t).toFixed(1)}%` : "-");
