// Load time and decode speed of a GGUF model in node-llama-cpp on CPU.
//
//   node model/measure.mjs [--model model/shellgen-mini.gguf] [--threads 1] [--tokens 256] [--runs 3]
//
// load: wall time of llama.loadModel() plus createContext(), after the llama.cpp binding
//   itself is initialised (getLlama, reported separately since every model pays it once).
// decode: greedy generation of --tokens tokens after a short prompt, timed from the first
//   generated token to the last (prompt evaluation excluded), median of --runs runs.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getLlama } from "node-llama-cpp";

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : dflt;
};
const modelPath = opt("--model", join(HERE, "shellgen-mini.gguf"));
const threads = Number(opt("--threads", "1"));
const nTokens = Number(opt("--tokens", "256"));
const runs = Number(opt("--runs", "3"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const t0 = performance.now();
const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
const initMs = performance.now() - t0;

const loads = [];
const speeds = [];
for (let r = 0; r < runs; r++) {
  const t1 = performance.now();
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ threads, contextSize: 512 });
  loads.push(performance.now() - t1);
  const seq = context.getSequence();
  const prompt = model.tokenize("Request: Show the 5 most common lines in access.log with counts\nCommand:");
  let n = 0;
  let first = 0;
  for await (const _tok of seq.evaluate([model.tokens.bos, ...prompt], { temperature: 0 })) {
    if (n === 0) first = performance.now();
    n++;
    if (n > nTokens || seq.nextTokenIndex >= 510) break;
  }
  const secs = (performance.now() - first) / 1000;
  speeds.push((n - 1) / secs);
  await context.dispose();
  await model.dispose();
}
console.log(
  JSON.stringify({
    model: modelPath,
    threads,
    getLlama_ms: Math.round(initMs),
    load_ms_median: Math.round(median(loads)),
    load_ms_all: loads.map(Math.round),
    decode_tokens: nTokens,
    decode_tok_per_s_median: Math.round(median(speeds)),
    decode_tok_per_s_all: speeds.map(Math.round),
  }),
);
await llama.dispose();
