// The reports show each command exactly as it ran. report.md is read back with a reader
// that follows the GFM table and CommonMark code-span/fence rules, report.html with
// Chromium's own parser; commands with backticks, pipes, backslashes and line breaks
// must come back character for character.
import { existsSync } from "node:fs";
import fc from "fast-check";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { summarise, toHtml, toMarkdown } from "../src/report/index.js";
import type { ResultRecord } from "../src/run/record.js";

// ---- a reader for the parts of GFM the report uses (spec 0.29-gfm, sections 4.5, 4.10, 6.1) ----

/** The cells of a table row: a pipe after a backslash belongs to the cell and loses the backslash. */
function rowCells(line: string): string[] {
  let t = line.trim();
  if (t.startsWith("|")) t = t.slice(1);
  if (t.endsWith("|") && !t.endsWith("\\|")) t = t.slice(0, -1);
  const cells: string[] = [];
  let cur = "";
  for (let i = 0; i < t.length; i++) {
    if (t[i] === "\\" && t[i + 1] === "|") {
      cur += "|";
      i++;
    } else if (t[i] === "|") {
      cells.push(cur.trim());
      cur = "";
    } else cur += t[i];
  }
  cells.push(cur.trim());
  return cells;
}

/** The body rows of the table under a heading: header, delimiter row, rows up to a blank line. */
function tableAfter(md: string, heading: string): string[][] {
  const lines = md.split("\n");
  const at = lines.indexOf(heading);
  expect(at, heading).toBeGreaterThanOrEqual(0);
  let i = at + 1;
  while (!lines[i]!.startsWith("|")) i++;
  const head = rowCells(lines[i]!);
  expect(rowCells(lines[i + 1]!).every((c) => /^:?-+:?$/.test(c))).toBe(true);
  const rows: string[][] = [];
  for (i += 2; i < lines.length && lines[i]!.trim() !== ""; i++) {
    const cells = rowCells(lines[i]!);
    expect(cells.length).toBe(head.length);
    rows.push(cells);
  }
  return rows;
}

/** A cell that is exactly one code span: its content as CommonMark reads it, or undefined. */
function codeSpanContent(text: string): string | undefined {
  const open = /^`+/.exec(text)?.[0];
  if (!open) return undefined;
  // The closer is the next backtick run of exactly the opener's length.
  const closer = new RegExp(`(?<!\`)${open}(?!\`)`, "g");
  closer.lastIndex = open.length;
  const m = closer.exec(text);
  if (!m || m.index + open.length !== text.length) return undefined;
  let content = text.slice(open.length, m.index).replace(/\r\n|\r|\n/g, " ");
  if (content.startsWith(" ") && content.endsWith(" ") && /[^ ]/.test(content)) content = content.slice(1, -1);
  return content;
}

/** The fenced code block after the line `label`: the lines between the fences. */
function blockAfter(md: string, label: string): string {
  const lines = md.split("\n");
  let i = lines.indexOf(label) + 1;
  expect(i, label).toBeGreaterThan(0);
  while (lines[i]!.trim() === "") i++;
  const fence = /^`{3,}$/.exec(lines[i]!)?.[0];
  expect(fence, `fence after ${label}`).toBeDefined();
  const body: string[] = [];
  for (i++; !new RegExp(`^ {0,3}\`{${fence!.length},}\\s*$`).test(lines[i]!); i++) body.push(lines[i]!);
  return body.join("\n");
}

/** The command a regression cell shows, read back from the Markdown. */
function commandOf(md: string, text: string): string {
  if (text === "(none)") return "";
  const below = /^command (\d+) below$/.exec(text);
  if (below) return blockAfter(md, `Command ${below[1]}:`);
  const code = codeSpanContent(text);
  expect(code, `not one code span: ${text}`).toBeDefined();
  return code!;
}

// ---- runs that regress with the given commands ----

const record = (model: string, mode: string, taskId: string, command: string, passed: boolean): ResultRecord => ({
  model,
  mode,
  taskId,
  tier: 1,
  command,
  stdout: "",
  stderr: "",
  exitCode: passed ? 0 : 1,
  passed,
  reason: passed ? "" : "stdout differs | expected `x`",
  tokens: { prompt: 1, completion: 1 },
  latencyMs: 1,
  path: "native",
});

/** Each pair passes in native and fails in constrained-retry: one regressed row per pair. */
function regressed(pairs: [string, string][], model = "m"): { md: string; html: string; ids: string[] } {
  const ids = pairs.map((_, i) => `t-${String(i).padStart(3, "0")}`);
  const records = pairs.flatMap(([before, after], i) => [
    record(model, "native", ids[i]!, before, true),
    record(model, "constrained-retry", ids[i]!, after, false),
  ]);
  const report = summarise(records);
  return { md: toMarkdown(report), html: toHtml(report), ids };
}

function readBack(md: string): Map<string, [string, string]> {
  const rows = tableAfter(md, "## Regressed tasks");
  return new Map(rows.map((c) => [c[1]!, [commandOf(md, c[3]!), commandOf(md, c[5]!)] as [string, string]]));
}

/** The task table's commands per task, in mode order (a task's later rows leave its id blank). */
function readBackTasks(md: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let task = "";
  for (const c of tableAfter(md, "## Tasks")) {
    if (c[1]) task = c[1];
    out.set(task, [...(out.get(task) ?? []), commandOf(md, c[9]!)]);
  }
  return out;
}

const TRICKY: [string, string][] = [
  ["echo `date`", "echo ``date``"],
  ["`pwd`", "``ls`` | wc -l"],
  ["grep -E 'a|b' f | sort | uniq -c", "grep 'a\\|b' f"],
  ["printf '%s\\n' a\\", "awk -F'|' '{print $2}' t.csv"],
  [" ls ", "` `"],
  ["echo '<b>&amp;</b>' \"q\"", ""],
  ['for f in *.txt; do\n  echo `basename "$f"` | tr a-z A-Z\ndone', "cat <<'EOF'\n```\n| x |\nEOF"],
  ["echo ⏎ ˋ", "   "],
];

describe("commands in the Markdown report", () => {
  it("read back exactly: backticks, pipes, backslashes, spaces, line breaks", () => {
    const { md, ids } = regressed(TRICKY, "lab|q.gguf");
    const got = readBack(md);
    expect([...got.keys()]).toEqual(ids);
    for (const [i, pair] of TRICKY.entries()) expect(got.get(ids[i]!), ids[i]).toEqual(pair);
    expect(tableAfter(md, "## Regressed tasks")[0]![0]).toBe("lab|q.gguf");
    const tasks = readBackTasks(md);
    for (const [i, pair] of TRICKY.entries()) expect(tasks.get(ids[i]!), ids[i]).toEqual(pair);
    expect(tableAfter(md, "## Tasks")[0]![0]).toBe("lab|q.gguf");
  });

  it("read back exactly for any command over a hostile alphabet (property)", () => {
    const command = fc.string({ unit: fc.constantFrom("`", "|", "\\", " ", "a", "-", "'", "<", "&", "\n", "*", "_"), maxLength: 24 });
    fc.assert(
      fc.property(fc.array(fc.tuple(command, command), { minLength: 1, maxLength: 4 }), (pairs) => {
        const { md, ids } = regressed(pairs);
        const got = readBack(md);
        const tasks = readBackTasks(md);
        for (const [i, pair] of pairs.entries()) {
          expect(got.get(ids[i]!)).toEqual(pair);
          expect(tasks.get(ids[i]!)).toEqual(pair);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("commands in the HTML report", () => {
  const CHROMIUM = "/usr/bin/chromium";
  it("read back exactly through Chromium's parser", async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} missing: apt-get install -y chromium (or npm run setup:tests)`).toBe(true);
    const { html } = regressed(TRICKY);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
    try {
      const page = await browser.newPage();
      await page.setContent(html);
      const rows = await page.evaluate(() => {
        const h2 = [...document.querySelectorAll("h2")].find((h) => h.textContent!.startsWith("Regressed tasks"));
        const trs = [...h2!.nextElementSibling!.querySelectorAll("tr")].slice(1);
        return trs.map((tr) =>
          [...tr.querySelectorAll("td")].slice(2, 4).map((td) => td.querySelector("code")?.textContent ?? td.querySelector("em")?.textContent),
        );
      });
      expect(rows).toEqual(TRICKY.map((pair) => pair.map((c) => c || "(none)")));
    } finally {
      await browser.close();
    }
  }, 60_000);
});
