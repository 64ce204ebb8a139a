// npm run bench:default -- --against REV|FILE [--against REV|FILE ...] [--model FILE ...] [--runs N] [--commands N] [--json]
// The pack's default grammar now (grammars/pack/default.gbnf) against other versions of it (a
// git revision's where the revision commits it, or a GBNF file: --against may repeat, to weigh
// several variants in one batch),
// side by side in one process, so a change to the grammar is
// judged by a ratio taken under the same load: XGrammar compile time (wall and CPU), and the
// time its matcher adds per generated token (next-token bitmask + accept, over the first
// --commands valid coverage commands tokenized by the model's own tokenizer; see
// bench/xgrammar.ts). The two are compiled alternately, --runs times each (default 3), after a
// warm-up compile. --model may repeat (default: the default model); a Qwen2-vocabulary model
// without a download: `node packages/decode/dist/bench/vocab-model.js qwen2`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { generatedText, ggufVocab, withLeadingSpace, xgrammarCompiler, xgrammarParse } from "../emit/xgrammar.js";
import { coverageCommands, cpuMs, modelArgs, perToken, tokenizeAll } from "./token-cost.js";

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const DEFAULT_PATH = "grammars/pack/default.gbnf";

/** The other grammar's text: a file, or the default grammar at a git revision. */
function againstText(against: string): string {
  if (existsSync(against)) return readFileSync(against, "utf8");
  try {
    return execFileSync("git", ["show", `${against}:${DEFAULT_PATH}`], { encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    // Later revisions commit only its hash (pack/manifest.json): build it there and pass the file.
    throw new Error(
      `--against ${against}: neither a file nor a git revision that commits ${DEFAULT_PATH} (${(e as Error).message.split("\n")[0]}); for a revision that generates it, build it in a checkout of that revision (git worktree add DIR ${against}; npm ci && npm run build there) and pass DIR/${DEFAULT_PATH}`,
    );
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function compare(model: string, grammars: Record<string, string>, runs: number, commands: string[]) {
  const vocab = await ggufVocab(model);
  const compiler = await xgrammarCompiler(vocab.tokens, {
    vocabType: vocab.vocabType,
    prependSpace: vocab.prependSpace,
    stopTokenIds: vocab.eos === undefined ? undefined : [vocab.eos],
  });
  // The first compile in a process grows the WebAssembly heap: once, untimed.
  (await compiler.compileGrammar(await xgrammarParse(grammars.now!))).dispose();
  const load = { before: loadavg(), cpus: cpus().length };
  const compile: Record<string, { wall: number[]; cpu: number[] }> = {};
  for (let r = 0; r < runs; r++) {
    for (const [name, text] of Object.entries(grammars)) {
      const g = await xgrammarParse(text);
      const t0 = performance.now();
      const c0 = cpuMs();
      (await compiler.compileGrammar(g)).dispose();
      const entry = (compile[name] ??= { wall: [], cpu: [] });
      entry.wall.push(Math.round(performance.now() - t0));
      entry.cpu.push(Math.round(cpuMs() - c0));
      g.dispose();
    }
  }
  const tokens = await tokenizeAll(
    model,
    commands.map((c) => generatedText(c, vocab)),
  );
  const perTokenMs: Record<string, { ms: number; cpuMs: number; tokens: number; acceptedCommands: number }> = {};
  for (const [name, text] of Object.entries(grammars)) {
    const compiled = await compiler.compileGrammar(await xgrammarParse(withLeadingSpace(text)));
    try {
      const c = await perToken(compiled, tokens);
      perTokenMs[name] = { ms: Number(c.ms.toFixed(3)), cpuMs: Number(c.cpuMs.toFixed(3)), tokens: c.tokens, acceptedCommands: c.acceptedCommands };
    } finally {
      compiled.dispose();
    }
  }
  return { model, vocabulary: vocab.tokens.length, compile, perToken: perTokenMs, load: { ...load, after: loadavg() } };
}

async function main(): Promise<void> {
  const against = process.argv.flatMap((a, i) => (a === "--against" && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
  if (!against.length) {
    console.error("usage: npm run bench:default -- --against REV|FILE [--against REV|FILE ...] [--model FILE ...] [--runs N] [--commands N] [--json]");
    process.exit(2);
  }
  const models = modelArgs(process.argv, process.cwd());
  const runs = Number(arg("--runs") ?? 3);
  const grammars: Record<string, string> = { now: readFileSync(join(process.cwd(), DEFAULT_PATH), "utf8") };
  for (const a of against) grammars[a] = againstText(a);
  const commands = coverageCommands(process.cwd(), Number(arg("--commands") ?? 60));
  const out = [];
  for (const m of models) {
    const r = await compare(m, grammars, runs, commands);
    out.push(r);
    if (process.argv.includes("--json")) continue;
    console.log(
      `${m} (${r.vocabulary} tokens), load ${r.load.before.map((x) => x.toFixed(1)).join(" ")} -> ${r.load.after.map((x) => x.toFixed(1)).join(" ")} on ${r.load.cpus} cpus`,
    );
    for (const name of Object.keys(grammars)) {
      const c = r.compile[name]!;
      const t = r.perToken[name]!;
      console.log(
        `  ${name.padEnd(12)} ${String(Buffer.byteLength(grammars[name]!)).padStart(8)} bytes  compile ms ${c.wall.join(" / ")} (median ${median(c.wall)}, cpu ${median(c.cpu)})  mask+accept ${t.ms} ms/token (cpu ${t.cpuMs}) over ${t.tokens} tokens, ${t.acceptedCommands} commands accepted`,
      );
    }
  }
  if (process.argv.includes("--json")) console.log(JSON.stringify(out, null, 2));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
