// Batch retrieval for retrieval-augmented training: for each pair of a JSONL file, the
// examples the shipped retriever (@shellgen/fewshot, the default decode path) would put in
// its prompt, with the target's own pair left out. Among the retrieved examples, those that
// share a program with the target but differ in names/numbers come first, so the model
// learns to adapt an example rather than copy it.
//
//   node model/retrieve_shots.mjs IN.jsonl OUT.jsonl
//
// IN: {"request","command"} per line. OUT: {"shots": [[request, command], ...]} per line, in
// the same order (0-3 shots). Written to OUT.tmp, then renamed.
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { openPool } = await import(join(ROOT, "packages/fewshot/dist/index.js"));
const { programOf } = await import(join(ROOT, "packages/fewshot/dist/example.js"));

const [inPath, outPath] = process.argv.slice(2);
if (!inPath || !outPath) {
  console.error("usage: node model/retrieve_shots.mjs IN.jsonl OUT.jsonl");
  process.exit(2);
}
const K = 3;
const rows = readFileSync(inPath, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
// a private pool dir, so no user's learned pairs leak into training data
const dir = mkdtempSync(join(tmpdir(), "shellgen-shots-"));
const pool = await openPool({ dir, index: ":memory:", examplesDir: join(ROOT, "corpora/examples") });

const programs = (cmd) =>
  new Set(
    cmd
      .split(/\s*(?:\|\||&&|[|;]|\$\()\s*/)
      .map((p) => programOf(p))
      .filter(Boolean),
  );
const t0 = Date.now();
const out = [];
for (const { request, command } of rows) {
  let got = [];
  try {
    got = pool.retrieve(request, { k: K + 3, tokenBudget: 600 }).examples;
  } catch {
    got = [];
  }
  const mine = programs(command);
  const cands = got.filter((e) => e.request !== request && e.command !== command);
  const share = cands.filter((e) => [...programs(e.command)].some((p) => mine.has(p)));
  const rest = cands.filter((e) => !share.includes(e));
  const pick = new Set([...share, ...rest].slice(0, K));
  // keep the retriever's order among the chosen ones: that is the order decode prompts in
  out.push(JSON.stringify({ shots: cands.filter((e) => pick.has(e)).map((e) => [e.request, e.command]) }));
}
writeFileSync(outPath + ".tmp", out.join("\n") + "\n");
renameSync(outPath + ".tmp", outPath);
rmSync(dir, { recursive: true, force: true });
console.error(`retrieved for ${rows.length} requests in ${((Date.now() - t0) / 1000).toFixed(1)}s (pool ${pool.size})`);
