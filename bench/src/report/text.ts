// The summary printed to the terminal after a run or by `bench report`.
import { pct, type Report } from "./summary.js";

export function toText(r: Report): string {
  const rows = r.runs.map((run) => [run.model, run.mode, ...r.tiers.map((t) => (run.byTier[t] ? `${run.byTier[t]!.passed}/${run.byTier[t]!.total}` : "-")), `${run.passed}/${run.total}`, pct(run.passed, run.total)]);
  const head = ["model", "mode", ...r.tiers.map((t) => `t${t}`), "all", "pass"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  const out = [fmt(head), ...rows.map(fmt)];
  for (const t of r.transitions) out.push(`${t.model}: ${t.from} -> ${t.to}: kept ${t.kept}, fixed ${t.fixed}, regressed ${t.regressed}, unresolved ${t.unresolved}`);
  return out.join("\n") + "\n";
}
