// Native (unconstrained, zero-shot, greedy) accuracy of a GGUF model on the held-out
// requests in model/heldout.jsonl, which no training pair is close to (see check_data.py).
//
//   node model/eval_heldout.mjs [--model model/shellgen-mini.gguf] [--shots 0|2|retrieved] [--set FILE] [--out FILE]
//
// --shots retrieved puts the shipped retriever's top 3 pool examples before each request
// (the few-shot path of decode; the model was trained on such prompts), from the pool
// minus its near-duplicates of the set's requests (model/decontam_pool.py --against). --set reads
// another JSONL of {"request", "commands"|"command"} (default model/heldout.jsonl).
//
// Scores without executing anything: "program" = the first word matches an accepted
// command's first word; "exact" = the command equals an accepted one after collapsing
// whitespace. The bench gives the execution-checked figures.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getLlama, LlamaCompletion } from "node-llama-cpp";

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : dflt;
};
const modelPath = opt("--model", process.env.SHELLGEN_MODEL ?? join(HERE, "shellgen-mini.gguf"));
const shotsArg = opt("--shots", "0");
const shots = shotsArg === "retrieved" ? "retrieved" : Number(shotsArg);
if (shots !== "retrieved" && !(shots >= 0 && shots <= 2)) {
  console.error(`eval_heldout: --shots must be 0, 1, 2 or retrieved, not ${shotsArg}`);
  process.exit(2);
}
const setPath = opt("--set", join(HERE, "heldout.jsonl"));
const outPath = opt("--out", null);

// fixed example block for --shots 2, written for this script (not from the held-out set)
const STATIC = [
  { request: "Show the first 4 lines of menu.txt", command: "head -n 4 menu.txt" },
  { request: "Count the lines in guests.csv that contain vegan", command: "grep -c 'vegan' guests.csv" },
];

const norm = (s) => s.trim().replace(/\s+/g, " ");
const program = (s) => norm(s).split(" ")[0] ?? "";

let pool = null;
let poolNote = null;
function prompt(request) {
  const examples = pool ? pool.retrieve(request, { k: 3 }).examples : STATIC.slice(0, shots);
  const ex = examples.map((e) => `Request: ${e.request}\nCommand: ${e.command}\n\n`).join("");
  return `${ex}Request: ${request}\nCommand:`;
}

async function main() {
  const items = readFileSync(setPath, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .map((it) => ({ ...it, commands: it.commands ?? (it.command ? [it.command] : []) }))
    .filter((it) => it.request && it.commands.length);
  if (!items.length) {
    console.error(`eval_heldout: ${setPath} has no {"request", "commands"} rows`);
    process.exit(1);
  }
  if (shots === "retrieved") {
    const { openPool } = await import(join(dirname(HERE), "packages/fewshot/dist/index.js"));
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { execFileSync } = await import("node:child_process");
    // a private pool dir (no user's learned pairs), without restatements of the set's requests
    const dir = mkdtempSync(join(tmpdir(), "shellgen-eval-"));
    const examplesDir = join(dir, "examples");
    const f = JSON.parse(execFileSync("/usr/bin/python3", [join(HERE, "decontam_pool.py"), "--against", setPath, "--out", examplesDir]).toString());
    poolNote = `pool ${f.pool_pairs} pairs minus ${f.dropped} near-duplicates of this set`;
    pool = await openPool({ dir, index: ":memory:", examplesDir });
  }
  const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
  let model;
  try {
    model = await llama.loadModel({ modelPath });
  } catch (e) {
    console.error(`eval_heldout: cannot load ${modelPath}: ${e.message}`);
    process.exit(1);
  }
  const context = await model.createContext({ threads: 1, contextSize: 512 });
  const seq = context.getSequence();
  const completion = new LlamaCompletion({ contextSequence: seq });
  const rows = [];
  let prog = 0;
  let exact = 0;
  const t0 = performance.now();
  for (const it of items) {
    await seq.clearHistory();
    const text = await completion.generateCompletion(prompt(it.request), {
      maxTokens: 96,
      temperature: 0,
      customStopTriggers: ["\n\n", "\nRequest:"],
    });
    const command = text
      .replace(/\n\n[\s\S]*$/, "")
      .replace(/\nRequest:[\s\S]*$/, "")
      .trim();
    const okProg = it.commands.some((c) => program(c) === program(command));
    const okExact = it.commands.some((c) => norm(c) === norm(command));
    prog += okProg ? 1 : 0;
    exact += okExact ? 1 : 0;
    rows.push({ request: it.request, command, expected: it.commands[0], program: okProg, exact: okExact });
  }
  const summary = {
    model: modelPath.startsWith(HERE) ? modelPath.slice(dirname(HERE).length + 1) : modelPath,
    shots,
    ...(poolNote ? { pool: poolNote } : {}),
    set: setPath.startsWith(dirname(HERE)) ? setPath.slice(dirname(HERE).length + 1) : setPath,
    n: items.length,
    program_right: prog,
    exact_right: exact,
    program_pct: Math.round((1000 * prog) / items.length) / 10,
    exact_pct: Math.round((1000 * exact) / items.length) / 10,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
  };
  if (outPath) {
    const tmp = `${outPath}.tmp`;
    writeFileSync(tmp, JSON.stringify({ summary, rows }, null, 1) + "\n");
    renameSync(tmp, outPath);
  }
  for (const r of rows.filter((r) => !r.exact).slice(0, 40)) console.log(`MISS ${r.request}\n  got:  ${r.command}\n  want: ${r.expected}`);
  console.log(JSON.stringify(summary));
  await context.dispose();
  await model.dispose();
  await llama.dispose();
}

main().catch((e) => {
  console.error(`eval_heldout: ${e.message}`);
  process.exit(1);
});
