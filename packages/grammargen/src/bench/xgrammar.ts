// npm run bench:xgrammar [-- --only grep,find] [--model FILE] [--json]
// Parses every GBNF file of the grammar pack with XGrammar (the engine inside vLLM, SGLang and
// MLC-LLM) and compiles it against the default model's vocabulary, timing each. The target is
// <= 1 s per grammar; the test suite checks that each parses and compiles, this script times it.
// Reports wall and CPU milliseconds (process CPU time: on a shared, loaded machine wall time
// mostly measures the other processes) and the load average. The process's first large
// compile also grows the WebAssembly heap; that one-time cost is reported apart.
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ggufVocab, xgrammarCompiler, xgrammarParse } from "../emit/xgrammar.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const dir = join(process.cwd(), "grammars", "pack");
  const model = arg("--model") ?? join(process.cwd(), "model", "shellgen-mini.gguf");
  const only = arg("--only")?.split(",");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".gbnf"))
    .filter((f) => !only || only.includes(f.replace(/\.gbnf$/, "")))
    .sort();
  const vocab = await ggufVocab(model);
  const compiler = await xgrammarCompiler(vocab.tokens, { prependSpace: vocab.prependSpace, stopTokenIds: vocab.eos === undefined ? undefined : [vocab.eos] });
  const cpuMs = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  // The first compile in a process pays for WebAssembly warm-up and heap growth: a small
  // grammar, then the largest pack grammar once, untimed in the rows (its time is reported).
  (await compiler.compileGrammar(await xgrammarParse('root ::= "warm" [a-z]*'))).dispose();
  const largest = readdirSync(dir)
    .filter((f) => f.endsWith(".gbnf"))
    .sort((a, b) => readFileSync(join(dir, b)).length - readFileSync(join(dir, a)).length)[0];
  const w0 = performance.now();
  if (largest) (await compiler.compileGrammar(await xgrammarParse(readFileSync(join(dir, largest), "utf8")))).dispose();
  const firstCompileMs = performance.now() - w0;
  const loadBefore = loadavg();
  const rows: { name: string; parseMs: number; compileMs: number; compileCpuMs: number; error?: string }[] = [];
  for (const f of files) {
    const name = f.replace(/\.gbnf$/, "");
    const t0 = performance.now();
    try {
      const g = await xgrammarParse(readFileSync(join(dir, f), "utf8"));
      const t1 = performance.now();
      const c0 = cpuMs();
      const c = await compiler.compileGrammar(g);
      const t2 = performance.now();
      const compileCpuMs = cpuMs() - c0;
      c.dispose();
      g.dispose();
      rows.push({ name, parseMs: t1 - t0, compileMs: t2 - t1, compileCpuMs });
    } catch (e) {
      rows.push({ name, parseMs: performance.now() - t0, compileMs: NaN, compileCpuMs: NaN, error: (e as Error).message.split("\n")[0] });
    }
    const r = rows[rows.length - 1]!;
    if (!process.argv.includes("--json"))
      console.log(
        `${name.padEnd(24)} parse ${r.parseMs.toFixed(0).padStart(5)} ms  compile ${r.error ? "FAILED " + r.error : `${r.compileMs.toFixed(0).padStart(5)} ms (cpu ${r.compileCpuMs.toFixed(0).padStart(5)} ms)`}`,
      );
  }
  const ok = rows.filter((r) => !r.error);
  const times = ok.map((r) => r.compileMs).sort((a, b) => a - b);
  const summary = {
    model,
    vocabulary: vocab.tokens.length,
    grammars: rows.length,
    failed: rows.filter((r) => r.error).map((r) => r.name),
    compileMs: { median: times[Math.floor(times.length / 2)] ?? NaN, max: times[times.length - 1] ?? NaN },
    over1s: ok.filter((r) => r.compileMs > 1000).map((r) => `${r.name} ${r.compileMs.toFixed(0)} ms (cpu ${r.compileCpuMs.toFixed(0)} ms)`),
    firstCompileInProcess: { grammar: largest, ms: Math.round(firstCompileMs) },
    loadAverage: { before: loadBefore, after: loadavg() },
  };
  if (process.argv.includes("--json")) console.log(JSON.stringify({ summary, rows }, null, 2));
  else console.log(JSON.stringify(summary, null, 2));
  if (summary.failed.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
