// The summary printed to the terminal after a run or by `bench report`.
import { countCell, pct, type Report } from "./summary.js";
import { splitCells, studyCells } from "./study.js";

/** Columns padded to their widest cell; the first `left` columns left-aligned. */
export function aligned(head: string[], rows: string[][], left: number): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((x) => (x[i] ?? "").length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [fmt(head), ...rows.map(fmt)];
}

/** The study's table and its split, for the terminal. */
export function studyText(r: Report): string[] {
  if (r.study.rows.length === 0) return [];
  const t = studyCells(r.study, countCell);
  const s = splitCells(r.runs, r.study, r.tiers, r.coverage.status === "ok", countCell);
  return [
    "",
    "study table (per model: native, constrained-retry, best mode; fixed/regressed/kept/still failing from native to constrained-retry)",
    ...aligned(t.head, t.rows, 4),
    "",
    ...aligned(s.head, s.rows, 2),
  ];
}

export function toText(r: Report): string {
  const split = r.coverage.status === "ok";
  const frac = (c: { passed: number; total: number } | undefined) => (c ? `${c.passed}/${c.total}` : "-");
  const rows = r.runs.map((run) => [
    run.model,
    run.mode,
    ...(split ? [countCell(run.novel), countCell(run.covered)] : []),
    ...r.tiers.map((t) => frac(run.byTier[t])),
    `${run.passed}/${run.total}`,
    pct(run.passed, run.total),
  ]);
  const head = ["model", "mode", ...(split ? ["novel", "covered"] : []), ...r.tiers.map((t) => `t${t}`), "whole", "pass"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  const out = [fmt(head), ...rows.map(fmt)];
  for (const t of r.transitions) {
    const parts = (c: { kept: number; fixed: number; regressed: number; unresolved: number }) =>
      `kept ${c.kept}, fixed ${c.fixed}, regressed ${c.regressed}, unresolved ${c.unresolved}`;
    out.push(`${t.model}: ${t.from} -> ${t.to}: ${parts(t)}`);
    if (t.novel && t.covered) out.push(`  novel: ${parts(t.novel)}; covered: ${parts(t.covered)}`);
  }
  for (const s of r.stats) {
    if (s.stripped.fences || s.stripped.prose) out.push(`${s.model} ${s.mode}: fences stripped ${s.stripped.fences}, prose stripped ${s.stripped.prose}`);
  }
  out.push(...studyText(r));
  out.push(coverageLine(r));
  return out.join("\n") + "\n";
}

/** One sentence on where the novel/covered split comes from, or why it is not shown. */
export function coverageLine(r: Report): string {
  const c = r.coverage;
  if (c.status !== "ok") return `coverage: ${c.note ?? "unknown"}`;
  return `coverage: ${c.novel} novel and ${c.covered} covered tasks (${c.file})${c.note ? `; ${c.note}` : ""}`;
}
