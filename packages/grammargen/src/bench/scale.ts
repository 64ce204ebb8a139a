// `npm run bench:scale`: how grammargen's cost grows with the size of a help text.
// Synthetic GNU-style texts with N options (and a usage line of N operands) are timed
// side by side in one process, stage by stage, so a superlinear stage shows as a
// per-option cost that rises with N instead of staying flat.
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { lowerCommand } from "../lower/command.js";
import { parseHelp } from "../parse/help.js";

/** A GNU help text with `n` options: a mix of flags, short+long pairs, required and optional values. */
export function manyOptions(n: number): string {
  const lines = ["Usage: big [OPTION]... [FILE]...", "Does many things.", "", "Options:"];
  const letters = "abcdefgijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  for (let i = 0; i < n; i++) {
    // The first options also get a short letter ("-a, --option-0"), as real texts do.
    const short = i < letters.length ? `-${letters[i]}, ` : "    ";
    const long = `${short}--option-${i.toString(36)}`;
    if (i % 4 === 0) lines.push(`  ${long}  turn on ${i}`);
    else if (i % 4 === 1) lines.push(`  ${long}=NUM  count`);
    else if (i % 4 === 2) lines.push(`  ${long}[=WHEN]  when`);
    else lines.push(`  ${long} FILE  input`);
  }
  lines.push("  -h, --help  display this help", "");
  return lines.join("\n");
}

/** A help text whose usage line holds `n` operands and optional groups. */
export function longUsage(n: number): string {
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(i % 3 === 0 ? `[-o${i % 10} ARG${i}]` : i % 3 === 1 ? `FILE${i}` : `[NAME${i}]...`);
  return [`Usage: big ${words.join(" ")}`, "", "Options:", "  -v, --verbose   say more", ""].join("\n");
}

const cpuMs = (f: () => void): number => {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
};

function stages(text: string): { parse: number; lower: number; emit: number } {
  let spec!: ReturnType<typeof parseHelp>["spec"];
  let g!: ReturnType<typeof lowerCommand>;
  const parse = cpuMs(() => void ({ spec } = parseHelp(text, { name: "big" })));
  const lower = cpuMs(() => void (g = lowerCommand(spec)));
  const emit = cpuMs(() => {
    emitLark(g);
    emitGbnf(g);
  });
  return { parse, lower, emit };
}

function table(title: string, unit: string, sizes: number[], make: (n: number) => string): void {
  console.log(`\n${title}\n`);
  console.log(`| ${unit} | chars | parse ms | lower ms | emit ms | total ms | µs per ${unit.replace(/s$/, "")} |`);
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const n of sizes) {
    const text = make(n);
    // Best of three rounds: the machine is shared, and the minimum is the least disturbed.
    const runs = [0, 1, 2].map(() => stages(text));
    const best = runs.reduce((a, b) => (a.parse + a.lower + a.emit <= b.parse + b.lower + b.emit ? a : b));
    const total = best.parse + best.lower + best.emit;
    console.log(
      `| ${n} | ${text.length} | ${best.parse.toFixed(1)} | ${best.lower.toFixed(1)} | ${best.emit.toFixed(1)} | ${total.toFixed(1)} | ${((total * 1000) / n).toFixed(1)} |`,
    );
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ""));
if (isMain) {
  stages(manyOptions(500)); // warm up the JIT once
  console.log("CPU time (process.cpuUsage), best of 3 rounds per size, one process.");
  table("Options in the help text", "options", [1000, 5000, 20000], manyOptions);
  table("Operands in the usage line", "operands", [1000, 5000, 20000], longUsage);
}
