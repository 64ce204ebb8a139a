// `npm run bench:pack`: time to regenerate the whole grammar pack (target < 3 s), grammar
// sizes, and how long node-llama-cpp takes to compile the composed default grammar.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildPack } from "../pack/build.js";

const repo = resolve(fileURLToPath(import.meta.url), "../../../../..");
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-pack-"));
  try {
    const config = JSON.parse(readFileSync(join(repo, "grammars/pack.json"), "utf8"));
    config.corpus = join(repo, "corpora/help");
    config.policy = join(repo, "packages/grammargen/policies/default.yaml");
    if (config.tools) config.tools = config.tools.map((t: string) => join(repo, "corpora/schemas", t.replace(/^.*\//, "")));
    if (config.debian) config.debian = join(repo, "corpora/debian");
    writeFileSync(join(dir, "pack.json"), JSON.stringify(config));
    cpSync(join(repo, "grammars/package.json"), join(dir, "package.json"));
    const runs: number[] = [];
    let last = buildPack(dir); // warm-up: module loading and JIT, not counted
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      last = buildPack(dir);
      runs.push(performance.now() - t);
    }
    const pack = join(dir, "pack");
    const sizes = (ext: string) =>
      readdirSync(pack)
        .filter((f) => f.endsWith(ext) && !f.startsWith("default"))
        .map((f) => statSync(join(pack, f)).size);
    const lark = sizes(".lark");
    const gbnf = sizes(".gbnf");
    const lines = [
      `pack regeneration: median ${median(runs).toFixed(0)} ms over ${runs.length} runs (${runs.map((r) => r.toFixed(0)).join(", ")} ms; target < 3000 ms)`,
      `pack: ${last.programs} programs, ${last.files} files, ${kib(last.bytes)}`,
      `per-command grammars: lark median ${kib(median(lark))}, max ${kib(Math.max(...lark))}; gbnf median ${kib(median(gbnf))}, max ${kib(Math.max(...gbnf))}`,
    ];
    const manifest = JSON.parse(readFileSync(join(pack, "manifest.json"), "utf8")) as {
      default: { commands: string[]; grammars: Record<string, { rules: number }> };
    };
    for (const name of ["default", "default-policy"]) {
      const info = manifest.default.grammars[name];
      if (!info) continue;
      lines.push(
        `${name} grammar (${manifest.default.commands.length} programs): ${info.rules} rules, lark ${kib(statSync(join(pack, `${name}.lark`)).size)}, gbnf ${kib(statSync(join(pack, `${name}.gbnf`)).size)}`,
      );
    }
    const { getLlama } = await import("node-llama-cpp");
    const llama = await getLlama({ gpu: false, build: "never" });
    for (const name of ["default", "default-policy"]) {
      const text = readFileSync(join(pack, `${name}.gbnf`), "utf8");
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await llama.createGrammar({ grammar: text });
        times.push(performance.now() - t);
      }
      lines.push(`node-llama-cpp createGrammar(${name}.gbnf): median ${median(times).toFixed(0)} ms (${times.map((x) => x.toFixed(0)).join(", ")})`);
    }
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
