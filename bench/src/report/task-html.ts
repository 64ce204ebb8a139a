// The HTML task table: one row per (model, task), a column per mode, and filters by
// outcome, tier, novelty, program and model. Plain DOM script: the page stays one
// self-contained file, and hiding rows by attribute keeps 13 models x 299 tasks responsive.
import { esc } from "./charts.js";
import { CAUSE_MEANING, CAUSES } from "./causes.js";
import type { CauseSummary, Regression, Report } from "./summary.js";
import { OUTCOMES, type TaskRow } from "./tasks.js";
import type { TraceRecord } from "../run/traces.js";
import type { TraceToken } from "@shellgen/decode";

export const TASK_CSS = `
.filters{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin:8px 0;position:sticky;top:0;background:#fff;padding:6px 0;z-index:1;border-bottom:1px solid #eee}
.filters label{font-size:13px}.filters select,.filters input{font-size:13px;margin-left:4px}
table.tasks td{max-width:360px}table.tasks .req{color:#444;font-size:12px}
.cellv{margin:0}.cellv .v{font-weight:600}.cellv.pass .v{color:#2e7d32}.cellv.fail .v{color:#c62828}
.dec{display:inline-block;font-size:11px;padding:0 5px;border-radius:3px;background:#eef;color:#335;margin-left:4px}
.dec.free{background:#f3f3f3;color:#444}.dec.retry{background:#fff3cd;color:#6a4d00}.dec.failed{background:#fde2e2;color:#8a1c1c}
.msg{font:11px ui-monospace,monospace;white-space:pre-wrap;color:#8a1c1c;margin:2px 0 0}
.oc{font-weight:600}.oc.regressed{color:#c62828}.oc.fixed{color:#1565c0}.oc.kept{color:#2e7d32}.oc.still-failing{color:#777}
.cause,.tracelink{font-size:12px;color:#5d4037;margin-top:4px}
.trace summary{cursor:pointer;margin:6px 0}.trace table td{font:11px ui-monospace,monospace;text-align:left}
.trace tr.moved td{background:#fff3cd}.trace .tk{white-space:pre}
`;

const cls = (s: string) => s.replace(/[^a-z0-9]+/gi, "-");
const commandHtml = (s: string) => (s ? `<code>${esc(s)}</code>` : "<em>(none)</em>");

const traceId = (model: string, mode: string, taskId: string) => `trace-${cls(`${model}-${mode}-${taskId}`)}`;

function rowHtml(t: TaskRow, modes: string[], traced: ReadonlyMap<string, TraceRecord>): string {
  const byMode = new Map(t.cells.map((c) => [c.mode, c]));
  const cells = modes.map((m) => {
    const c = byMode.get(m);
    if (!c) return `<td class="l">-</td>`;
    const msg = c.passed ? "" : `<pre class="msg">${esc(c.message)}</pre>`;
    return `<td class="l"><div class="cellv ${c.passed ? "pass" : "fail"}"><span class="v">${c.passed ? "pass" : "fail"}</span><span class="dec ${c.decoding}">${c.decoding}</span><br>${commandHtml(c.command)}${msg}</div></td>`;
  });
  const links = modes
    .filter((m) => traced.has(`${t.model}\u0000${m}\u0000${t.taskId}`))
    .map((m) => `<div class="tracelink"><a href="#${traceId(t.model, m, t.taskId)}">token trace (${esc(m)})</a></div>`)
    .join("");
  const cause = (t.cause ? `<div class="cause"><b>${esc(t.cause.cause)}</b>: ${esc(t.cause.detail)}</div>` : "") + links;
  const attrs = `data-outcome="${esc(t.outcome)}" data-tier="${t.tier}" data-novelty="${esc(t.novelty)}" data-model="${esc(t.model)}" data-programs="${esc(` ${t.programs.join(" ")} `)}" data-task="${esc(t.taskId)}"`;
  return `<tr ${attrs}><td class="l">${esc(t.model)}</td><td class="l"><b>${esc(t.taskId)}</b><div class="req">${esc(t.request)}</div></td><td>${t.tier}</td><td class="l">${esc(t.novelty || "-")}</td><td class="l"><span class="oc ${cls(t.outcome)}">${esc(t.outcome)}</span>${cause}</td>${cells.join("")}</tr>`;
}

const options = (name: string, values: string[], label: (v: string) => string = (v) => v) =>
  `<label>${esc(name)}<select data-filter="${esc(name)}"><option value="">all</option>${values.map((v) => `<option value="${esc(v)}">${esc(label(v))}</option>`).join("")}</select></label>`;

// Every filter is an attribute test on the row; "program" matches one word of data-programs.
/** Matching rows shown at once; a button shows the next page. */
export const PAGE = 200;

const SCRIPT = `
(function(){
  var rows=[].slice.call(document.querySelectorAll('table.tasks tr[data-task]'));
  var sels=[].slice.call(document.querySelectorAll('.filters [data-filter]'));
  var shown=document.getElementById('task-count');
  var more=document.getElementById('task-more');
  // Laying out thousands of tall rows takes seconds; the matches show a page at a time.
  var PAGE=${PAGE},limit=PAGE;
  function apply(){
    var want={};sels.forEach(function(s){if(s.value)want[s.getAttribute('data-filter')]=s.value.toLowerCase();});
    var n=0;
    rows.forEach(function(r){
      var ok=(!want.outcome||r.dataset.outcome===want.outcome)&&(!want.tier||r.dataset.tier===want.tier)
        &&(!want.novelty||r.dataset.novelty===want.novelty)&&(!want.model||r.dataset.model.toLowerCase()===want.model)
        &&(!want.program||r.dataset.programs.indexOf(' '+want.program+' ')>=0)
        &&(!want.search||r.textContent.toLowerCase().indexOf(want.search)>=0);
      if(ok)n++;
      r.hidden=!ok||n>limit;
    });
    shown.textContent=n+' of '+rows.length;
    more.hidden=n<=limit;
    more.textContent='show '+Math.min(PAGE,n-limit)+' more of '+(n-limit);
  }
  sels.forEach(function(s){s.addEventListener(s.tagName==='INPUT'?'input':'change',function(){limit=PAGE;apply();});});
  more.addEventListener('click',function(){limit+=PAGE;apply();});
  apply();
  // A link to a trace opens it.
  function openHash(){var e=document.getElementById(decodeURIComponent(location.hash.slice(1)));if(e&&e.tagName==='DETAILS')e.open=true;}
  window.addEventListener('hashchange',openHash);
  document.addEventListener('DOMContentLoaded',openHash);
})();
`;

/** The task section: filters, then the table; the script runs after the rows exist. */
export function taskSection(r: Report): string {
  if (r.tasks.length === 0) return "";
  const modes = [...new Set(r.tasks.flatMap((t) => t.cells.map((c) => c.mode)))];
  const traced = new Map((r.traces ?? []).map((x) => [`${x.model}\u0000${x.mode}\u0000${x.taskId}`, x]));
  const present = (xs: string[]) => [...new Set(xs)];
  const outcomes = OUTCOMES.filter((o) => r.tasks.some((t) => t.outcome === o));
  const tiers = present(r.tasks.map((t) => String(t.tier))).sort((a, b) => Number(a) - Number(b));
  const novelty = present(r.tasks.map((t) => t.novelty)).filter(Boolean);
  const programs = present(r.tasks.flatMap((t) => t.programs)).sort();
  const models = present(r.tasks.map((t) => t.model));
  const pair = r.pair ? ` The outcome goes from ${esc(r.pair[0])} to ${esc(r.pair[1])}.` : "";
  const filters = [
    options("outcome", outcomes),
    options("tier", tiers),
    ...(novelty.length ? [options("novelty", novelty)] : []),
    options("program", programs),
    ...(models.length > 1 ? [options("model", models)] : []),
    `<label>search<input type="search" data-filter="search" placeholder="id, request, command"></label>`,
    `<span>matching <b id="task-count">${r.tasks.length} of ${r.tasks.length}</b> (shown ${PAGE} at a time)</span>`,
  ];
  const head = ["model", "task", "tier", "set", "outcome", ...modes].map((h, i) => `<th${i === 2 ? "" : ' class="l"'}>${esc(h)}</th>`).join("");
  return [
    `<h2 id="tasks">Tasks (${r.tasks.length})</h2>`,
    `<p>Every task per model: each mode's command, how it was decoded (free, constrained, retry), its verdict and the first lines of the check's message and stderr.${pair}</p>`,
    `<div class="filters">${filters.join("")}</div>`,
    `<table class="tasks"><thead><tr>${head}</tr></thead><tbody>${r.tasks.map((t) => rowHtml(t, modes, traced)).join("\n")}</tbody></table>`,
    `<p><button type="button" id="task-more" hidden></button></p>`,
    `<script>${SCRIPT}</script>`,
  ].join("\n");
}

/** Regressions counted by cause, and the grammar sites behind the gaps. */
export function causeSection(c: CauseSummary, regressions: Regression[]): string {
  if (regressions.length === 0) return "";
  const used = CAUSES.filter((k) => c.total[k] > 0);
  const th = (xs: string[], left: number) => `<tr>${xs.map((x, i) => `<th${i < left ? ' class="l"' : ""}>${esc(x)}</th>`).join("")}</tr>`;
  const tr = (xs: string[], left: number) => `<tr>${xs.map((x, i) => `<td${i < left ? ' class="l"' : ""}>${esc(x)}</td>`).join("")}</tr>`;
  const rows = [
    ...c.rows.map((x) => [x.model, `${x.from} → ${x.to}`, ...used.map((k) => String(x.counts[k])), String(x.total)]),
    ...(c.rows.length > 1 ? [["all models", "", ...used.map((k) => String(c.total[k])), String(regressions.length)]] : []),
  ];
  const out = [
    `<h2 id="causes">Regressions by cause (${regressions.length})</h2>`,
    `<ul>${used.map((k) => `<li><b>${esc(k)}</b> (${c.total[k]}): ${esc(CAUSE_MEANING[k])}</li>`).join("")}</ul>`,
    `<table class="causes">${th(["model", "from → to", ...used, "regressed"], 2)}${rows.map((x) => tr(x, 2)).join("")}</table>`,
  ];
  if (c.gaps.length)
    out.push(
      `<p>The grammar refusals behind them: the program and option, or the construct, where the grammar stopped reading the baseline's command.</p>`,
      `<table class="gaps">${th(["refused", "regressions", "tasks"], 1)}${c.gaps.map((g) => tr([g.site, String(g.count), g.tasks.join(", ")], 1)).join("")}</table>`,
    );
  if (c.rules.length)
    out.push(
      `<table class="rules">${th(["policy rule", "regressions", "tasks"], 1)}${c.rules.map((g) => tr([g.rule, String(g.count), g.tasks.join(", ")], 1)).join("")}</table>`,
    );
  return out.join("\n");
}

const tokenList = (ts: TraceToken[] | undefined) =>
  ts
    ? ts.map((t) => `<span class="tk">${esc(JSON.stringify(t.text))}</span> ${Number.isFinite(t.logprob) ? t.logprob.toFixed(2) : "-inf"}`).join("<br>")
    : "<em>not reported</em>";

/** Each traced task: per decode, per step the native and masked top-k, the legal count and the token taken. */
export function traceSection(traces: TraceRecord[] | undefined): string {
  if (!traces?.length) return "";
  const out = [
    `<h2 id="traces">Token traces (${traces.length})</h2>`,
    `<p>Every regressed task, and a sample of fixed ones, decoded again in the mode named (<code>bench trace --run</code>): per step the model's top tokens natively (ln p), the top tokens the grammar allows (renormalised), how many it allows, and the token taken. Highlighted: the grammar moved the model off its top token.</p>`,
  ];
  for (const x of traces) {
    const t = x.trace;
    const decodes = t.decodes
      .map((d, i) => {
        const kind = d.replay ? "under the grammar, which accepted the free decode whole" : d.grammar ? "under the grammar" : "free";
        const rows = d.steps
          .map((s, j) => {
            const moved = s.masked && s.native[0] && s.chosen.token !== s.native[0].token;
            return `<tr${moved ? ' class="moved"' : ""}><td>${j + 1}</td><td><span class="tk">${s.chosen.token < 0 ? "(none allowed)" : esc(JSON.stringify(s.chosen.text))}</span></td><td>${tokenList(s.native)}</td><td>${d.grammar ? tokenList(s.masked) : "-"}</td><td>${s.legal ?? "-"}</td></tr>`;
          })
          .join("");
        return `<p>decode ${i + 1} (${kind}): <code>${esc(d.text)}</code></p><table><tr><th>step</th><th class="l">taken</th><th class="l">native top ${t.topK}</th><th class="l">allowed top ${t.topK}</th><th>legal</th></tr>${rows}</table>`;
      })
      .join("");
    out.push(
      `<details class="trace" id="${traceId(x.model, x.mode, x.taskId)}"><summary><b>${esc(x.taskId)}</b> · ${esc(x.model)} · ${esc(x.mode)} · ${esc(x.why)}: <code>${esc(t.command)}</code> [${esc(t.path)}]</summary>${t.grammarCommands.length ? `<p>grammar: ${esc(t.grammarCommands.join(", "))}</p>` : ""}${decodes}</details>`,
    );
  }
  return out.join("\n");
}
