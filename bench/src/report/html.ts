// One self-contained HTML page: inline CSS, SVG and the task filters' script; no network.
import type { RunMeta } from "../run/runner.js";
import { barChart, esc, seriesColor, stackedBars, textWidth, TRANSITION_COLORS } from "./charts.js";
import { metaLine } from "./markdown.js";
import { countCell, pct, type Report, type TierCount } from "./summary.js";
import { coverageLine } from "./text.js";
import { meanRows, studyCells } from "./study.js";
import { causeSection, TASK_CSS, taskSection, traceSection } from "./task-html.js";
import { tierTransitionCells } from "./tasks.js";

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:right;vertical-align:top}
th{background:#f5f5f5}td.l,th.l{text-align:left}code{font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
.chart{display:block;margin:10px 0;background:#fff;border:1px solid #eee}
.chart .title{font-size:14px;font-weight:600}.chart .tick{font-size:11px;fill:#555}.chart .val{font-size:10px;fill:#333}
.chart .inbar{font-size:11px;fill:#fff;font-weight:600}.chart .grid{stroke:#eee}
.meta{color:#555}.charts{display:flex;flex-wrap:wrap;gap:8px}
`;

export function toHtml(r: Report, meta?: RunMeta): string {
  const B: string[] = [];
  B.push(`<h1>shellgen bench report</h1>`);
  const ml = metaLine(meta);
  if (ml) B.push(`<p class="meta">${esc(ml)}</p>`);

  if (r.study.rows.length) {
    const t = studyCells(r.study, countCell);
    B.push(
      `<h2>Models: native, constrained-retry and the best mode</h2><p>One row per model. Fixed, regressed, kept and still failing count tasks from native to ${esc(r.study.retryMode ?? "constrained-retry")}; the mean row averages the models' pass rates and sums the transitions.</p>`,
    );
    B.push(table(t.head, t.rows, 4));
    B.push(studyChart(r));
  }
  const split = r.coverage.status === "ok";
  const rate = (c: TierCount | undefined) => (c && c.total ? (100 * c.passed) / c.total : null);
  B.push(`<h2>Pass rate: ${split ? "novel, covered, whole suite and " : ""}per tier</h2><p>${esc(coverageLine(r))}.</p><div class="charts">`);
  for (const model of r.models) {
    const runs = r.runs.filter((x) => x.model === model);
    const groups = [...(split ? ["novel", "covered"] : []), "whole", ...r.tiers.map((t) => `tier ${t}`)];
    const series = runs.map((run, i) => ({
      name: run.mode,
      color: seriesColor(i),
      values: [...(split ? [rate(run.novel), rate(run.covered)] : []), rate(run), ...r.tiers.map((t) => rate(run.byTier[t]))],
    }));
    B.push(barChart({ title: `${model}: pass rate (%)`, groups, series, yMax: 100, format: (v) => `${Math.round(v)}` }));
  }
  B.push(`</div>`);
  B.push(
    table(
      ["model", "mode", ...(split ? ["novel", "covered"] : []), "whole", ...r.tiers.map((t) => `tier ${t}`)],
      r.runs
        .map((run) => [
          run.model,
          run.mode,
          ...(split ? [countCell(run.novel), countCell(run.covered)] : []),
          `${run.passed}/${run.total} (${pct(run.passed, run.total)})`,
          ...r.tiers.map((t) => countCell(run.byTier[t])),
        ])
        .concat(meanRows(r.runs, r.tiers, split)),
      2,
    ),
  );

  if (r.transitions.length) {
    B.push(
      `<h2>Paired transitions</h2><p>Per task, from the first mode to the second: kept (pass → pass), fixed (fail → pass), regressed (pass → fail), unresolved (fail → fail).</p>`,
    );
    const rows = [
      ...r.transitions.flatMap((t) => [
        { label: `${t.model}: ${t.from} → ${t.to}`, t },
        ...(t.novel ? [{ label: `${t.model}: ${t.from} → ${t.to} (novel)`, t: { ...t, ...t.novel } }] : []),
        ...(t.covered ? [{ label: `${t.model}: ${t.from} → ${t.to} (covered)`, t: { ...t, ...t.covered } }] : []),
      ]),
      ...(r.models.filter((m) => m !== "oracle").length > 1 ? r.pooled.map((t) => ({ label: `all models: ${t.from} → ${t.to}`, t })) : []),
    ];
    B.push(
      stackedBars(
        "Transitions between modes",
        rows.map(({ label, t }) => ({
          label,
          parts: (["kept", "fixed", "regressed", "unresolved"] as const).map((k) => ({ name: k, value: t[k], color: TRANSITION_COLORS[k] })),
        })),
      ),
    );
    B.push(
      table(
        ["model", "from → to", "kept", "fixed", "regressed", "unresolved"],
        rows.map(({ label, t }) => [label.split(": ")[0]!, label.split(": ").slice(1).join(": "), t.kept, t.fixed, t.regressed, t.unresolved].map(String)),
        2,
      ),
    );
  }

  const perTier = tierTransitionCells(r.tasks);
  if (r.pair && perTier.rows.length) B.push(`<p>Per tier, ${esc(r.pair[0])} → ${esc(r.pair[1])}:</p>`, table(perTier.head, perTier.rows, 2));

  B.push(`<h2>Tokens and latency per mode</h2><div class="charts">`);
  for (const model of r.models.filter((m) => m !== "oracle")) {
    const st = r.stats.filter((s) => s.model === model);
    B.push(
      barChart({
        title: `${model}: tokens per task (mean)`,
        groups: st.map((s) => s.mode),
        width: 540,
        series: [
          { name: "prompt", values: st.map((s) => s.promptTokens.mean), color: "#4e79a7" },
          { name: "completion", values: st.map((s) => s.completionTokens.mean), color: "#f28e2b" },
        ],
      }),
    );
    B.push(
      barChart({
        title: `${model}: generation latency (ms)`,
        groups: st.map((s) => s.mode),
        width: 540,
        series: [
          { name: "p50", values: st.map((s) => s.latencyMs.p50), color: "#76b7b2" },
          { name: "p90", values: st.map((s) => s.latencyMs.p90), color: "#b07aa1" },
        ],
      }),
    );
  }
  B.push(`</div>`);
  B.push(
    table(
      ["model", "mode", "tasks", "prompt tok (mean)", "completion tok (mean)", "gen ms p50", "gen ms p90", "exec ms p50", "paths", "stripped"],
      r.stats.map((s) => [
        s.model,
        s.mode,
        String(s.n),
        s.promptTokens.mean.toFixed(1),
        s.completionTokens.mean.toFixed(1),
        String(Math.round(s.latencyMs.p50)),
        String(Math.round(s.latencyMs.p90)),
        String(Math.round(s.execMs.p50)),
        Object.entries(s.paths)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
        `fences ${s.stripped.fences}, prose ${s.stripped.prose}`,
      ]),
      2,
    ),
  );

  // A command as it ran, every character (code keeps white space and line breaks).
  const commandHtml = (s: string) => (s ? `<code>${esc(s)}</code>` : "<em>(none)</em>");
  B.push(causeSection(r.causes, r.regressions));
  if (r.regressions.length) {
    B.push(`<h2>Regressed tasks (${r.regressions.length})</h2>`);
    B.push(
      `<table><tr><th class="l">model</th><th class="l">task</th><th class="l">before</th><th class="l">after</th><th class="l">why the second failed</th><th class="l">cause</th></tr>`,
    );
    for (const g of r.regressions) {
      B.push(
        `<tr><td class="l">${esc(g.model)}</td><td class="l">${esc(g.taskId)}</td><td class="l">${esc(g.from)}<br>${commandHtml(g.fromCommand)}</td><td class="l">${esc(g.to)}<br>${commandHtml(g.toCommand)}</td><td class="l">${esc(g.toReason)}</td><td class="l"><b>${esc(g.cause.cause)}</b>: ${esc(g.cause.detail)}</td></tr>`,
      );
    }
    B.push(`</table>`);
  }
  B.push(taskSection(r));
  B.push(traceSection(r.traces));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shellgen bench report</title><style>${CSS}${TASK_CSS}</style></head><body>${B.join("\n")}</body></html>\n`;
}

function table(head: string[], rows: string[][], leftCols: number): string {
  const th = head.map((h, i) => `<th${i < leftCols ? ' class="l"' : ""}>${esc(h)}</th>`).join("");
  const trs = rows.map((r) => `<tr>${r.map((c, i) => `<td${i < leftCols ? ' class="l"' : ""}>${esc(c)}</td>`).join("")}</tr>`).join("");
  return `<table><tr>${th}</tr>${trs}</table>`;
}

/**
 * The study's figure: per model, native against the constrained-retry mode, models sorted by
 * their native score, so the lift for weak models shows at a glance.
 */
export function studyChart(r: Report): string {
  const rows = r.study.rows.filter((x) => x.native && x.constrainedRetry);
  if (rows.length === 0) return "";
  const rate = (c: TierCount | undefined) => (c && c.total ? (100 * c.passed) / c.total : null);
  const sorted = [...rows].sort((a, b) => (rate(a.native) ?? 0) - (rate(b.native) ?? 0));
  const retry = r.study.retryMode ?? "constrained-retry";
  return barChart({
    title: `Pass rate per model (%): native and ${retry}, by native score`,
    groups: sorted.map((x) => x.model.replace(/^.*\//, "")),
    series: [
      { name: "native", values: sorted.map((x) => rate(x.native)), color: seriesColor(0) },
      { name: retry, values: sorted.map((x) => rate(x.constrainedRetry)), color: seriesColor(1) },
    ],
    yMax: 100,
    format: (v) => `${Math.round(v)}`,
    // Each model's name fits under its bars.
    width: Math.max(480, Math.max(90, ...sorted.map((x) => textWidth(x.model.replace(/^.*\//, "")) + 12)) * sorted.length + 80),
  });
}
