// The Markdown report: what a README results table is pasted from.
import type { RunMeta } from "../run/runner.js";
import { policyLabel } from "../run/policy-ref.js";
import { countCell, pct, type Report } from "./summary.js";
import { coverageLine } from "./text.js";
import { cell, codeBlock, codeSpan, singleLine } from "./md-text.js";
import { meanRows, studyCells } from "./study.js";
import { CAUSE_MEANING, CAUSES } from "./causes.js";
import { tierTransitionCells } from "./tasks.js";

function mdTable(head: string[], rows: string[][], left: number): string[] {
  return [
    `| ${head.map(cell).join(" | ")} |`,
    `|${head.map((_, i) => (i < left ? "---" : "---:")).join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ];
}

/** The study's table 1 (the split of its modes by novelty and tier is the pass-rate table's). */
export function studyMarkdown(r: Report): string[] {
  if (r.study.rows.length === 0) return [];
  const t = studyCells(r.study, countCell);
  return [
    "## Models: native, constrained-retry and the best mode",
    "",
    `One row per model. Fixed, regressed, kept and still failing count tasks from native to ${r.study.retryMode ?? "constrained-retry"}; the mean row averages the models' pass rates and sums the transitions.`,
    "",
    ...mdTable(t.head, t.rows, 4),
    "",
  ];
}

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

export function metaLine(meta: RunMeta | undefined): string {
  if (!meta) return "";
  const date = (meta.finished ?? meta.started).slice(0, 10);
  const models = meta.models.length ? `; models: ${meta.models.join(", ")}` : "";
  const policy = meta.policy ? `; policy: ${policyLabel(meta.policy)}` : "";
  return `Run ${date} on ${meta.host} (${meta.cores} x ${meta.cpu}, node ${meta.node})${models}; modes: ${meta.modes.join(", ")}${policy}.`;
}

export function toMarkdown(r: Report, meta?: RunMeta): string {
  const L: string[] = ["# shellgen bench report", ""];
  const ml = metaLine(meta);
  if (ml) L.push(ml, "");
  // Novel first: tasks whose command pattern the model never saw measure generalisation.
  L.push(...studyMarkdown(r));
  const split = r.coverage.status === "ok";
  L.push(split ? "## Pass rate: novel, covered, whole suite and per tier" : "## Pass rate per tier", "", `${coverageLine(r)}.`, "");
  L.push(`| model | mode | ${split ? "novel | covered | " : ""}whole | ${r.tiers.map((t) => `tier ${t}`).join(" | ")} |`);
  L.push(`|---|---|${split ? "---:|---:|" : ""}---:|${r.tiers.map(() => "---:").join("|")}|`);
  for (const run of r.runs) {
    const tiers = r.tiers.map((t) => countCell(run.byTier[t]));
    const subsets = split ? `**${countCell(run.novel)}** | ${countCell(run.covered)} | ` : "";
    L.push(
      `| ${cell(run.model)} | ${run.mode} | ${subsets}${split ? "" : "**"}${run.passed}/${run.total} (${pct(run.passed, run.total)})${split ? "" : "**"} | ${tiers.join(" | ")} |`,
    );
  }
  for (const row of meanRows(r.runs, r.tiers, split)) L.push(`| ${row.map(cell).join(" | ")} |`);
  if (r.transitions.length) {
    L.push(
      "",
      "## Paired transitions",
      "",
      "Per task, from the first mode to the second: kept (pass, pass), fixed (fail, pass), regressed (pass, fail), unresolved (fail, fail).",
      "",
    );
    L.push("| model | from -> to | kept | fixed | regressed | unresolved |", "|---|---|---:|---:|---:|---:|");
    for (const t of r.transitions) {
      L.push(`| ${cell(t.model)} | ${t.from} -> ${t.to} | ${t.kept} | ${t.fixed} | ${t.regressed} | ${t.unresolved} |`);
      for (const s of ["novel", "covered"] as const) {
        const c = t[s];
        if (c) L.push(`| ${cell(t.model)} | ${t.from} -> ${t.to} (${s}) | ${c.kept} | ${c.fixed} | ${c.regressed} | ${c.unresolved} |`);
      }
    }
    if (r.models.filter((m) => m !== "oracle").length > 1) {
      for (const p of r.pooled) L.push(`| **all models** | ${p.from} -> ${p.to} | ${p.kept} | ${p.fixed} | ${p.regressed} | ${p.unresolved} |`);
    }
  }
  const perTier = tierTransitionCells(r.tasks);
  if (r.pair && perTier.rows.length) {
    L.push("", `Per tier, ${r.pair[0]} -> ${r.pair[1]}:`, "", ...mdTable(perTier.head, perTier.rows, 2));
  }
  L.push("", "## Tokens and latency per mode", "");
  L.push(
    "| model | mode | tasks | prompt tokens (mean) | completion tokens (mean) | generation ms p50 | p90 | exec ms p50 | paths | stripped |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|---|",
  );
  for (const s of r.stats) {
    const paths = Object.entries(s.paths)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    L.push(
      `| ${cell(s.model)} | ${s.mode} | ${s.n} | ${f1(s.promptTokens.mean)} | ${f1(s.completionTokens.mean)} | ${Math.round(s.latencyMs.p50)} | ${Math.round(s.latencyMs.p90)} | ${Math.round(s.execMs.p50)} | ${paths} | fences ${s.stripped.fences}, prose ${s.stripped.prose} |`,
    );
  }
  // A command with a line ending cannot sit in a table row: it follows the table as a
  // numbered code block, and its cell points there.
  // Numbered through the whole report, so each label names one block.
  const multiLine: string[] = [];
  let numbered = 0;
  const code = (s: string) => {
    if (!s) return "(none)";
    if (singleLine(s)) return cell(codeSpan(s));
    multiLine.push(s);
    return `command ${numbered + multiLine.length} below`;
  };
  const flush = () => {
    for (const s of multiLine) L.push("", `Command ${++numbered}:`, "", codeBlock(s));
    multiLine.length = 0;
  };
  if (r.regressions.length) {
    L.push("", "## Regressions by cause", "");
    L.push(...CAUSES.filter((c) => r.causes.total[c] > 0).map((c) => `- **${c}** (${r.causes.total[c]}): ${CAUSE_MEANING[c]}`), "");
    const used = CAUSES.filter((c) => r.causes.total[c] > 0);
    L.push(
      ...mdTable(
        ["model", "from -> to", ...used, "regressed"],
        [
          ...r.causes.rows.map((x) => [x.model, `${x.from} -> ${x.to}`, ...used.map((c) => String(x.counts[c])), String(x.total)]),
          ...(r.causes.rows.length > 1 ? [["all models", "", ...used.map((c) => String(r.causes.total[c])), String(r.regressions.length)]] : []),
        ],
        2,
      ),
    );
    if (r.causes.gaps.length) {
      L.push("", "The grammar refusals behind them (program and option, or construct), most regressions first:", "");
      L.push(
        ...mdTable(
          ["refused", "regressions", "tasks"],
          r.causes.gaps.map((g) => [g.site, String(g.count), g.tasks.join(", ")]),
          1,
        ),
      );
    }
    if (r.causes.rules.length) {
      L.push("", "Policy rules that refused commands:", "");
      L.push(
        ...mdTable(
          ["rule", "regressions", "tasks"],
          r.causes.rules.map((g) => [g.rule, String(g.count), g.tasks.join(", ")]),
          1,
        ),
      );
    }
    L.push("", "## Regressed tasks", "", "| model | task | from | command | to | command | why it failed | cause |", "|---|---|---|---|---|---|---|---|");
    for (const g of r.regressions)
      L.push(
        `| ${cell(g.model)} | ${cell(g.taskId)} | ${g.from} | ${code(g.fromCommand)} | ${g.to} | ${code(g.toCommand)} | ${cell(g.toReason)} | ${cell(`${g.cause.cause}: ${g.cause.detail}`)} |`,
      );
    flush();
  }
  if (r.tasks.length) {
    const pair = r.pair ? ` Outcome: from ${r.pair[0]} to ${r.pair[1]} (kept, fixed, regressed, still failing).` : "";
    L.push(
      "",
      "## Tasks",
      "",
      `Every task of the run, per model and mode: the command, how it was decoded (free, constrained, retry), the verdict and the first lines of the check's message and stderr.${pair}`,
      "",
    );
    L.push(
      "| model | task | tier | set | request | outcome | mode | decoding | result | command | check said |",
      "|---|---|---:|---|---|---|---|---|---|---|---|",
    );
    for (const t of r.tasks) {
      t.cells.forEach((c, i) => {
        const lead = i === 0 ? [cell(t.model), cell(t.taskId), String(t.tier), t.novelty || "-", cell(t.request), t.outcome] : ["", "", "", "", "", ""];
        L.push(`| ${[...lead, c.mode, c.decoding, c.passed ? "pass" : "fail", code(c.command), cell(c.message)].join(" | ")} |`);
      });
    }
    flush();
  }
  L.push("");
  return L.join("\n");
}
