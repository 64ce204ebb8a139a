// `bench compare RUN_A RUN_B`: two runs, pair by pair (the same model and mode; or, when each
// run holds one model, the same mode across the two models), task by task: what changed,
// why, and whether the change in pass rate is more than chance (McNemar on the paired tasks).
import type { ResultRecord } from "../run/record.js";
import { decodingOf } from "../report/tasks.js";
import { mcnemar, type McNemar } from "./mcnemar.js";
import { policyLabel, type PolicyRef } from "../run/policy-ref.js";

export type ChangeKind = "fixed" | "regressed";

/** Why a task's verdict changed between the runs; `policy`: the failing run's policy (`bench run --policy`) refused its command, which did not run. */
export type ChangeCause = "policy" | "same command" | "decoding path" | "other command";

export interface TaskChange {
  taskId: string;
  tier: number;
  kind: ChangeKind;
  cause: ChangeCause;
  /** One line: the two commands, the decoding paths, the failing side's verdict. */
  detail: string;
  commandA: string;
  commandB: string;
}

export interface PairComparison {
  modelA: string;
  modelB: string;
  mode: string;
  /** tasks both runs ran in this pair */
  tasks: number;
  passedA: number;
  passedB: number;
  /** percentage points, B minus A */
  deltaPoints: number;
  kept: number;
  unresolved: number;
  test: McNemar;
  changes: TaskChange[];
  byCause: Record<ChangeKind, Record<ChangeCause, number>>;
}

export interface Comparison {
  a: string;
  b: string;
  /** The --policy each run decoded under (run.json); absent when neither had one. */
  policies?: { a?: PolicyRef; b?: PolicyRef };
  pairs: PairComparison[];
  /** Why some of A's or B's (model, mode) found no partner. */
  unpaired: string[];
}

const cut = (s: string) => JSON.stringify(s.length > 70 ? `${s.slice(0, 67)}...` : s);

function changeOf(ra: ResultRecord, rb: ResultRecord): TaskChange {
  const kind: ChangeKind = rb.passed ? "fixed" : "regressed";
  const da = decodingOf(ra.path);
  const db = decodingOf(rb.path);
  const failing = rb.passed ? ra : rb;
  // The same command passing in one run and refused in the other never ran there: the policy is the cause, not the check.
  const refused = /^policy [^:]+:/.test(failing.error ?? "") && failing.exitCode === null;
  const cause: ChangeCause = refused ? "policy" : ra.command.trim() === rb.command.trim() ? "same command" : da !== db ? "decoding path" : "other command";
  const how = cause === "same command" ? `both ran ${cut(ra.command)}` : `${cut(ra.command)} (${da}) -> ${cut(rb.command)} (${db})`;
  return {
    taskId: ra.taskId,
    tier: ra.tier,
    kind,
    cause,
    detail: `${how}; ${rb.passed ? "A" : "B"} failed: ${failing.reason}`,
    commandA: ra.command,
    commandB: rb.command,
  };
}

const zeroCauses = (): Record<ChangeCause, number> => ({ policy: 0, "same command": 0, "decoding path": 0, "other command": 0 });

export function comparePair(a: ResultRecord[], b: ResultRecord[], modelA: string, modelB: string, mode: string): PairComparison {
  const bByTask = new Map(b.map((r) => [r.taskId, r]));
  let passedA = 0;
  let passedB = 0;
  let kept = 0;
  let unresolved = 0;
  let tasks = 0;
  const changes: TaskChange[] = [];
  const byCause = { fixed: zeroCauses(), regressed: zeroCauses() };
  for (const ra of a) {
    const rb = bByTask.get(ra.taskId);
    if (!rb) continue;
    tasks++;
    if (ra.passed) passedA++;
    if (rb.passed) passedB++;
    if (ra.passed && rb.passed) kept++;
    else if (!ra.passed && !rb.passed) unresolved++;
    else {
      const ch = changeOf(ra, rb);
      changes.push(ch);
      byCause[ch.kind][ch.cause]++;
    }
  }
  changes.sort((x, y) => x.kind.localeCompare(y.kind) || x.tier - y.tier || x.taskId.localeCompare(y.taskId));
  const fixed = changes.filter((c) => c.kind === "fixed").length;
  const regressed = changes.length - fixed;
  return {
    modelA,
    modelB,
    mode,
    tasks,
    passedA,
    passedB,
    deltaPoints: tasks ? (100 * (passedB - passedA)) / tasks : 0,
    kept,
    unresolved,
    test: mcnemar(fixed, regressed),
    changes,
    byCause,
  };
}

const groupBy = (rs: ResultRecord[]) => {
  const m = new Map<string, ResultRecord[]>();
  for (const r of rs) {
    const k = `${r.model}\u0000${r.mode}`;
    if (!m.has(k)) m.set(k, []);
    m.get(k)!.push(r);
  }
  return m;
};

/**
 * Pairs (model, mode) of A with the same of B. When the runs share no model and each holds
 * exactly one, the two models are compared mode by mode (two models on the same tasks).
 */
export function compareRuns(
  a: ResultRecord[],
  b: ResultRecord[],
  names: { a: string; b: string },
  policies: { a?: PolicyRef; b?: PolicyRef } = {},
): Comparison {
  const ga = groupBy(a.filter((r) => r.model !== "oracle"));
  const gb = groupBy(b.filter((r) => r.model !== "oracle"));
  const modelsA = [...new Set([...ga.values()].map((rs) => rs[0]!.model))];
  const modelsB = [...new Set([...gb.values()].map((rs) => rs[0]!.model))];
  const crossModel = modelsA.length === 1 && modelsB.length === 1 && modelsA[0] !== modelsB[0];
  const pairs: PairComparison[] = [];
  const unpaired: string[] = [];
  const usedB = new Set<string>();
  for (const [k, rs] of ga) {
    const [model, mode] = k.split("\u0000") as [string, string];
    const kb = crossModel ? `${modelsB[0]}\u0000${mode}` : k;
    const rb = gb.get(kb);
    if (!rb) {
      unpaired.push(`${model} ${mode}: only in ${names.a}`);
      continue;
    }
    usedB.add(kb);
    pairs.push(comparePair(rs, rb, model, rb[0]!.model, mode));
  }
  for (const k of gb.keys()) if (!usedB.has(k)) unpaired.push(`${k.replace("\u0000", " ")}: only in ${names.b}`);
  const withPolicies = policies.a || policies.b ? { policies: { ...(policies.a ? { a: policies.a } : {}), ...(policies.b ? { b: policies.b } : {}) } } : {};
  return { a: names.a, b: names.b, ...withPolicies, pairs, unpaired };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");
const pFmt = (p: number) => (p < 0.0001 ? p.toExponential(2) : p.toFixed(4));

export function compareText(c: Comparison): string {
  const policy = (p: PolicyRef | undefined) => (c.policies ? ` (policy: ${policyLabel(p)})` : "");
  const out = [`A: ${c.a}${policy(c.policies?.a)}`, `B: ${c.b}${policy(c.policies?.b)}`];
  if (c.pairs.length === 0) out.push("", "no (model, mode) in both runs: nothing to compare");
  for (const p of c.pairs) {
    const who = p.modelA === p.modelB ? p.modelA : `${p.modelA} -> ${p.modelB}`;
    const fixed = p.changes.filter((x) => x.kind === "fixed").length;
    const sign = p.deltaPoints >= 0 ? "+" : "";
    out.push(
      "",
      `${who}, ${p.mode}: ${p.passedA}/${p.tasks} (${pct(p.passedA, p.tasks)}) -> ${p.passedB}/${p.tasks} (${pct(p.passedB, p.tasks)}), ${sign}${p.deltaPoints.toFixed(1)} points`,
      `  kept ${p.kept}, fixed ${fixed}, regressed ${p.changes.length - fixed}, still failing ${p.unresolved}`,
      `  McNemar (${p.test.test}${p.test.statistic !== undefined ? `, chi2 ${p.test.statistic.toFixed(3)}` : ""}): p = ${pFmt(p.test.p)}`,
    );
    for (const kind of ["fixed", "regressed"] as const) {
      const causes = Object.entries(p.byCause[kind]).filter(([, n]) => n > 0);
      if (causes.length) out.push(`  ${kind} by cause: ${causes.map(([k, n]) => `${k} ${n}`).join(", ")}`);
    }
    for (const ch of p.changes) out.push(`  ${ch.kind === "fixed" ? "+" : "-"} ${ch.taskId} [${ch.cause}] ${ch.detail}`);
  }
  for (const u of c.unpaired) out.push(`unpaired: ${u}`);
  return `${out.join("\n")}\n`;
}
