// npm run bench:xgrammar [-- --only grep,find] [--model FILE ...] [--commands N] [--floors] [--json]
// Parses every GBNF file of the grammar pack with XGrammar (the engine inside vLLM, SGLang and
// MLC-LLM) and compiles it against a model's vocabulary, timing each. Targets: the default
// grammar <= 1 s, every other pack grammar <= 0.3 s; the test suite checks that each parses
// and compiles, this script times it.
//
// --model may be given several times (default: the default model). The vocabulary type comes
// from the GGUF: tokenizer model `gpt2` is byte-level BPE without a prepended space (Qwen2,
// Llama 3), `llama` is SentencePiece byte-fallback with one. Real-vocabulary GGUFs without a
// download: `node packages/decode/dist/bench/vocab-model.js qwen2 llama3` prints two paths.
//
// Per token, as a serving engine pays it: the valid coverage commands (corpora/coverage,
// first --commands, default 60) are tokenized by the model's own tokenizer as it would
// generate them after "Command:" (space-led), and the default grammar's matcher (its root
// taking that optional leading space) computes the next-token bitmask and accepts each token; the mean is the
// time XGrammar adds per generated token. Reports wall and CPU milliseconds and the load
// average. The process's first large compile also grows the WebAssembly heap; that one-time
// cost is reported apart.
//
// --floors also compiles two variants of the default grammar that are NOT the same language,
// to show where its compile time goes: every negated class `[^...]` narrowed to one character
// (what is left is the cost of the grammar's size alone, at any vocabulary), and only the
// heredoc body lines narrowed so (their share of the permissive part).
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type * as XG from "@mlc-ai/web-xgrammar";
import { generatedText, ggufVocab, withLeadingSpace, xgrammarCompiler, xgrammarParse } from "../emit/xgrammar.js";
import { coverageCommands, cpuMs, modelArgs, perToken, tokenizeAll } from "./token-cost.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Row {
  name: string;
  parseMs: number;
  compileMs: number;
  compileCpuMs: number;
  error?: string;
}

const NEGATED_CLASS = /\[\^(?:\\.|[^\]\\])*\]/g;

/** CPU ms to compile the default grammar and two narrowed variants (measurement only, see --floors). */
async function compileFloors(compiler: XG.GrammarCompiler, gbnf: string, print: boolean) {
  const variants: Record<string, string> = {
    asIs: gbnf,
    negatedClassesNarrowed: gbnf.replace(NEGATED_CLASS, "[a]"),
    heredocLinesNarrowed: gbnf
      .split("\n")
      .map((l) => (l.startsWith("sh-hdline-") ? l.replace(NEGATED_CLASS, "[a]") : l))
      .join("\n"),
  };
  const out: Record<string, number> = {};
  for (const [name, text] of Object.entries(variants)) {
    const g = await xgrammarParse(text);
    const c0 = cpuMs();
    (await compiler.compileGrammar(g)).dispose();
    out[name] = Math.round(cpuMs() - c0);
    g.dispose();
    if (print) console.log(`default grammar, ${name}: compile cpu ${out[name]} ms`);
  }
  return out;
}

async function benchModel(model: string, dir: string, files: string[], commands: string[], print: boolean) {
  const vocab = await ggufVocab(model);
  const compiler = await xgrammarCompiler(vocab.tokens, {
    vocabType: vocab.vocabType,
    prependSpace: vocab.prependSpace,
    stopTokenIds: vocab.eos === undefined ? undefined : [vocab.eos],
  });
  if (print)
    console.log(
      `${model}: ${vocab.tokens.length} tokens, tokenizer ${vocab.tokenizerModel ?? "llama"} -> ${vocab.vocabType}, prepend space ${vocab.prependSpace}`,
    );
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
  const rows: Row[] = [];
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
    if (print)
      console.log(
        `${name.padEnd(24)} parse ${r.parseMs.toFixed(0).padStart(5)} ms  compile ${r.error ? `FAILED ${r.error}` : `${r.compileMs.toFixed(0).padStart(5)} ms (cpu ${r.compileCpuMs.toFixed(0).padStart(5)} ms)`}`,
      );
  }
  const floors = process.argv.includes("--floors") ? await compileFloors(compiler, readFileSync(join(dir, "default.gbnf"), "utf8"), print) : undefined;
  let tokenCost: Awaited<ReturnType<typeof perToken>> | undefined;
  if (commands.length) {
    const compiled = await compiler.compileGrammar(await xgrammarParse(withLeadingSpace(readFileSync(join(dir, "default.gbnf"), "utf8"))));
    try {
      tokenCost = await perToken(
        compiled,
        await tokenizeAll(
          model,
          commands.map((c) => generatedText(c, vocab)),
        ),
      );
    } finally {
      compiled.dispose();
    }
  }
  const ok = rows.filter((r) => !r.error);
  const times = ok.map((r) => r.compileMs).sort((a, b) => a - b);
  const def = rows.find((r) => r.name === "default");
  return {
    model,
    vocabulary: vocab.tokens.length,
    vocabType: vocab.vocabType,
    prependSpace: vocab.prependSpace,
    grammars: rows.length,
    failed: rows.filter((r) => r.error).map((r) => r.name),
    defaultCompileMs: def && !def.error ? { wall: Math.round(def.compileMs), cpu: Math.round(def.compileCpuMs) } : undefined,
    compileMs: { median: times[Math.floor(times.length / 2)] ?? NaN, max: times[times.length - 1] ?? NaN },
    over300ms: ok
      .filter((r) => r.name !== "default" && r.compileMs > 300)
      .map((r) => `${r.name} ${r.compileMs.toFixed(0)} ms (cpu ${r.compileCpuMs.toFixed(0)} ms)`),
    perToken: tokenCost && {
      commands: commands.length,
      acceptedCommands: tokenCost.acceptedCommands,
      tokens: tokenCost.tokens,
      maskAndAcceptMs: Number(tokenCost.ms.toFixed(3)),
      maskAndAcceptCpuMs: Number(tokenCost.cpuMs.toFixed(3)),
    },
    firstCompileInProcess: { grammar: largest, ms: Math.round(firstCompileMs) },
    ...(floors ? { floors } : {}),
    loadAverage: { before: loadBefore, after: loadavg(), cpus: cpus().length },
    rows,
  };
}

async function main(): Promise<void> {
  const dir = join(process.cwd(), "grammars", "pack");
  const models = modelArgs(process.argv, process.cwd());
  const only = arg("--only")?.split(",");
  const json = process.argv.includes("--json");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".gbnf"))
    .filter((f) => !only || only.includes(f.replace(/\.gbnf$/, "")))
    .sort();
  const commands = coverageCommands(process.cwd(), Number(arg("--commands") ?? 60));
  const summaries = [];
  for (const model of models) {
    const s = await benchModel(model, dir, files, commands, !json);
    summaries.push(s);
    if (!json) console.log(JSON.stringify({ ...s, rows: undefined }, null, 2));
  }
  if (json) console.log(JSON.stringify(summaries, null, 2));
  else if (summaries.length > 1) {
    console.log("\nvocabulary  type           default compile ms (cpu)  median / max pack ms  over 0.3 s  mask+accept ms/token (cpu)  model");
    for (const s of summaries)
      console.log(
        `${String(s.vocabulary).padStart(10)}  ${s.vocabType.padEnd(13)}  ${`${s.defaultCompileMs?.wall ?? "n/a"} (${s.defaultCompileMs?.cpu ?? "n/a"})`.padStart(24)}  ${`${s.compileMs.median.toFixed(0)} / ${s.compileMs.max.toFixed(0)}`.padStart(20)}  ${String(s.over300ms.length).padStart(10)}  ${`${s.perToken?.maskAndAcceptMs ?? "n/a"} (${s.perToken?.maskAndAcceptCpuMs ?? "n/a"})`.padStart(26)}  ${s.model}`,
      );
  }
  if (summaries.some((s) => s.failed.length)) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
