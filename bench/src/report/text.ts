// The summary printed to the terminal after a run or by `bench report`.
import { countCell, pct, type Report } from "./summary.js";
import { studyCells } from "./study.js";
import { CAUSES } from "./causes.js";

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
  return [
    "",
    "study table (per model: native, constrained-retry, best mode; fixed/regressed/kept/still failing from native to constrained-retry)",
    ...aligned(t.head, t.rows, 4),
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
  if (r.regressions.length) {
    const counts = CAUSES.filter((c) => r.causes.total[c] > 0).map((c) => `${c} ${r.causes.total[c]}`);
    out.push("", `regressions by cause: ${counts.join(", ")}`);
    if (r.causes.gaps.length) out.push(`grammar refusals: ${r.causes.gaps.map((g) => `${g.site} (${g.count})`).join(", ")}`);
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

/** `bench report --task ID`: one task across every model and mode. */
export function taskText(r: Report, id: string): string | undefined {
  const rows = r.tasks.filter((t) => t.taskId === id);
  if (rows.length === 0) return undefined;
  const t0 = rows[0]!;
  const out = [`${id} (tier ${t0.tier}${t0.novelty ? `, ${t0.novelty}` : ""})${t0.request ? `: ${t0.request}` : ""}`];
  if (t0.programs.length) out.push(`programs: ${t0.programs.join(", ")}`);
  for (const t of rows) {
    out.push("", `${t.model}${r.pair ? `: ${t.outcome} (${r.pair[0]} -> ${r.pair[1]})` : ""}`);
    for (const c of t.cells) {
      out.push(`  ${c.mode} [${c.decoding}] ${c.passed ? "pass" : "FAIL"}`);
      out.push(...c.command.split("\n").map((l, i) => `${i === 0 ? "    $ " : "      "}${l}`));
      if (!c.passed) out.push(...c.message.split("\n").map((l) => `    ${l}`));
    }
    if (t.cause) out.push(`  cause: ${t.cause.cause}: ${t.cause.detail}`);
  }
  return `${out.join("\n")}\n`;
}
