// `npm run bench:grammargen`: time to turn each corpus help text into Lark and GBNF
// (parse -> lower -> emit both), median per text over several rounds, and the whole corpus.
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { lowerCommand } from "../lower/command.js";
import { parseHelp } from "../parse/help.js";
import { entryName, readCorpus, styleFor } from "./corpus.js";

const rounds = Number(process.env.ROUNDS ?? 7);
const entries = readCorpus();
const perText: number[] = [];
const totals: number[] = [];
const run = (e: (typeof entries)[number]) => {
  const { spec } = parseHelp(e.help, { name: entryName(e), style: styleFor(e) });
  const g = lowerCommand(spec);
  emitLark(g);
  emitGbnf(g);
};
for (const e of entries) run(e); // warm up the JIT once
for (let r = 0; r < rounds; r++) {
  const t0 = performance.now();
  for (const e of entries) {
    const t = performance.now();
    run(e);
    perText.push(performance.now() - t);
  }
  totals.push(performance.now() - t0);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = [...perText].sort((a, b) => a - b)[Math.floor(perText.length * 0.95)]!;
console.log(`| help texts | median ms per text | p95 ms per text | max ms | median ms for the whole corpus |`);
console.log(`|---|---|---|---|---|`);
console.log(`| ${entries.length} | ${median(perText).toFixed(2)} | ${p95.toFixed(2)} | ${Math.max(...perText).toFixed(2)} | ${median(totals).toFixed(1)} |`);
