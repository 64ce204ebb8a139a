// `npm run report:help`: per style and overall, option recall/precision against the golden IR
// and the share of valid/invalid invocations each generated grammar classifies right.
import { readCorpus } from "./corpus.js";
import { scoreEntry, type EntryScore } from "./score.js";

const pct = (a: number, b: number) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);

const entries = readCorpus().filter((e) => e.ir && e.invocations);
const scores: EntryScore[] = [];
const failures: string[] = [];
for (const e of entries) {
  try {
    scores.push(scoreEntry(e));
  } catch (err) {
    failures.push(`${e.name}: ${(err as Error).message}`);
  }
}
const groups = new Map<string, EntryScore[]>();
for (const s of scores) groups.set(s.style, [...(groups.get(s.style) ?? []), s]);
const row = (label: string, list: EntryScore[]) => {
  const sum = (k: keyof EntryScore) => list.reduce((a, s) => a + (s[k] as number), 0);
  return `| ${label} | ${list.length} | ${pct(sum("matchedOptions"), sum("goldenOptions"))} | ${pct(sum("matchedOptions"), sum("parsedOptions"))} | ${pct(sum("validAccepted"), sum("valid"))} (${sum("validAccepted")}/${sum("valid")}) | ${pct(sum("invalidRejected"), sum("invalid"))} (${sum("invalidRejected")}/${sum("invalid")}) |`;
};
const lines = ["| style | help texts | option recall | option precision | valid accepted | invalid rejected |", "|---|---|---|---|---|---|"];
for (const [style, list] of [...groups].sort()) lines.push(row(style, list));
lines.push(row("**all**", scores));
console.log(lines.join("\n"));
const misses = scores.flatMap((s) => s.misses.map((m) => `${s.name}: ${m}`));
if (process.argv.includes("--misses") || misses.length <= 40) for (const m of misses) console.log(`- ${m}`);
for (const f of failures) console.log(`- failed: ${f}`);
