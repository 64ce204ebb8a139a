// Greedy answers of a lab model through its own chat template, on validation pairs.
//
//   node model/lab/eval.mjs --family qwen|llama3 [--n 100] [--out FILE.json]
//
// Renders each request as the chat path does (node-llama-cpp's wrapper for the GGUF's
// template, the system prompt, no examples), decodes greedily until the end of the turn or
// 64 tokens, and counts: the turn ended, the first word matches the reference's
// ("program"), the command equals the reference after collapsing whitespace ("exact"), and
// `bash -n` accepts it. The pairs are the first N of model/data/val.jsonl.gz.
import { spawnSync } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { getLlama, LlamaCompletion, resolveChatWrapper } from "node-llama-cpp";
import { FAMILIES, field, SYSTEM_PROMPT } from "./families.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const family = opt("--family", "");
if (!FAMILIES[family]) {
  console.error(`eval: --family must be one of ${Object.keys(FAMILIES).join(", ")}`);
  process.exit(2);
}
const n = Number(opt("--n", "100"));
const out = opt("--out", "");
const norm = (s) => s.trim().replace(/\s+/g, " ");

const pairs = gunzipSync(readFileSync(join(ROOT, "model/data/val.jsonl.gz")))
  .toString("utf8")
  .split("\n")
  .filter((l) => l.trim())
  .slice(0, n)
  .map((l) => JSON.parse(l));
const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
const model = await llama.loadModel({ modelPath: join(ROOT, "model/lab", `${family}.gguf`) });
const context = await model.createContext({ threads: 1, contextSize: 1024 });
const wrapper = resolveChatWrapper(model);
const completion = new LlamaCompletion({ contextSequence: context.getSequence() });
const rows = [];
const t0 = performance.now();
for (const p of pairs) {
  const history = [
    { type: "system", text: SYSTEM_PROMPT },
    { type: "user", text: field(p.request) },
    { type: "model", response: [] },
  ];
  const state = wrapper.generateContextState({ chatHistory: history });
  const tokens = state.contextText.tokenize(model.tokenizer);
  if (tokens[0] === model.tokens.bos) tokens.shift();
  const res = await completion.generateCompletionWithMeta(tokens, { maxTokens: 64, temperature: 0, customStopTriggers: state.stopGenerationTriggers });
  const command = res.response.trim();
  rows.push({
    request: p.request,
    reference: p.command,
    command,
    ended: res.metadata.stopReason !== "maxTokens",
    program: command.split(/\s+/)[0] === p.command.trim().split(/\s+/)[0],
    exact: norm(command) === norm(p.command),
    parses: command.length > 0 && spawnSync("bash", ["-n", "-c", command]).status === 0,
  });
}
const count = (k) => rows.filter((r) => r[k]).length;
const summary = {
  family,
  template: wrapper.wrapperName,
  pairs: rows.length,
  ended: count("ended"),
  program: count("program"),
  exact: count("exact"),
  parses: count("parses"),
  seconds: Math.round((performance.now() - t0) / 100) / 10,
};
console.log(JSON.stringify(summary));
if (out) {
  writeFileSync(`${out}.tmp`, `${JSON.stringify({ summary, rows }, null, 1)}\n`);
  renameSync(`${out}.tmp`, out);
}
completion.dispose({ disposeSequence: true });
await context.dispose();
await model.dispose();
