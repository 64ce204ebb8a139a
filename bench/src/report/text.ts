// The summary printed to the terminal after a run or by `bench report`.
import { countCell, pct, type Report } from "./summary.js";

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
  out.push(coverageLine(r));
  return out.join("\n") + "\n";
}

/** One sentence on where the novel/covered split comes from, or why it is not shown. */
export function coverageLine(r: Report): string {
  const c = r.coverage;
  if (c.status !== "ok") return `coverage: ${c.note ?? "unknown"}`;
  return `coverage: ${c.novel} novel and ${c.covered} covered tasks (${c.file})${c.note ? `; ${c.note}` : ""}`;
}
