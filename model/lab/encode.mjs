// Tokenizes the project's training data as chat turns of one lab family, with the family's
// real tokenizer (node-llama-cpp on the vocabulary-only GGUF), for model/lab/train.py.
//
//   node model/lab/encode.mjs --family qwen|llama3 [--out model/lab/build/<family>/data.jsonl.gz]
//
// Output (gzipped JSON lines): a header {family, heads, prefix, endOfTurn, vocabSize}, then one
// line per pair {split, u, p, a, s, source, family}: u = the request as a user turn, p = the
// command as an earlier answer turn, a = the command as the answer the model writes (ending
// with the end-of-turn token), s = the pair's retrieved examples as [u, p] turns. Before
// writing, 300 assembled conversations are compared with the real template rendered by
// @huggingface/jinja and tokenized whole; any difference stops the run.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { Template } from "@huggingface/jinja";
import { getLlama } from "node-llama-cpp";
import { FAMILIES, field, SYSTEM_PROMPT } from "./families.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function llamaSource() {
  return join(ROOT, execFileSync(join(ROOT, "model/lab/llama-source.sh"), { encoding: "utf8" }).trim());
}

/** Dates as the Llama 3.2 template writes them (strftime "%d %b %Y"), one per week over four years. */
export function dates() {
  const out = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 7 * 86_400_000) {
    const d = new Date(t);
    out.push(`${String(d.getUTCDate()).padStart(2, "0")} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`);
  }
  return out;
}

function readPairs(name) {
  const text = gunzipSync(readFileSync(join(ROOT, "model/data", `${name}.jsonl.gz`))).toString("utf8");
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** The conversation the chat path builds for a request: system, examples, request. */
export function messages(system, shots, request, answer) {
  const m = system ? [{ role: "system", content: system }] : [];
  for (const [r, c] of shots) m.push({ role: "user", content: field(r) }, { role: "assistant", content: field(c) });
  m.push({ role: "user", content: field(request) });
  if (answer !== undefined) m.push({ role: "assistant", content: answer.trim() });
  return m;
}

function parseArgs(argv) {
  const a = { family: "", out: "" };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--family") a.family = argv[++i] ?? "";
    else if (argv[i] === "--out") a.out = argv[++i] ?? "";
    else throw new Error(`encode: unknown argument ${argv[i]}`);
  }
  if (!FAMILIES[a.family]) throw new Error(`encode: --family must be one of ${Object.keys(FAMILIES).join(", ")}`);
  a.out ||= join(ROOT, "model/lab/build", a.family, "data.jsonl.gz");
  return a;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const fam = FAMILIES[args.family];
  const src = llamaSource();
  const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
  const model = await llama.loadModel({ modelPath: join(src, "models", fam.vocab), vocabOnly: true });
  const cache = new Map();
  const tok = (text) => {
    let ids = cache.get(text);
    if (!ids) {
      ids = Array.from(model.tokenize(text, true));
      if (cache.size < 400_000) cache.set(text, ids);
    }
    return ids;
  };
  const t = fam.turns;
  const allDates = dates();
  // heads: every system turn the model may see; the trainer picks one per sequence
  const heads =
    args.family === "llama3" ? allDates.flatMap((d) => [tok(t.head(SYSTEM_PROMPT, d)), tok(t.head("", d))]) : [tok(t.head(SYSTEM_PROMPT)), tok(t.head(""))];
  const headText = (i) => (args.family === "llama3" ? t.head(i % 2 ? "" : SYSTEM_PROMPT, allDates[i >> 1]) : t.head(i % 2 ? "" : SYSTEM_PROMPT));
  const prefix = tok(t.answerPrefix);
  const eot = tok(fam.endOfTurn);
  if (eot.length !== 1) throw new Error(`encode: ${fam.endOfTurn} is not one token in ${fam.vocab}`);

  const lines = [];
  let n = 0;
  for (const split of ["train", "val"]) {
    for (const p of readPairs(split)) {
      const rec = {
        split,
        u: tok(t.user(field(p.request))),
        p: tok(t.pastAnswer(field(p.command))),
        a: tok(t.answer(p.command.trim())),
        source: p.source ?? "template",
        family: p.family ?? "",
      };
      if (p.shots?.length) rec.s = p.shots.map(([r, c]) => [tok(t.user(field(r))), tok(t.pastAnswer(field(c)))]);
      lines.push({ rec, pair: p });
      if (++n % 20000 === 0) console.error(`encode: ${n} pairs`);
    }
  }

  // The check: assembled turns against the real template, rendered and tokenized whole.
  const template = new Template(readFileSync(join(src, "models/templates", fam.template), "utf8"));
  const specials = { bos_token: model.detokenize([model.tokens.bos ?? 0], true), eos_token: fam.endOfTurn };
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let k = 0; k < 300; k++) {
    const { rec, pair } = lines[Math.floor(rand() * lines.length)];
    const h = Math.floor(rand() * heads.length);
    const shots = (pair.shots ?? []).slice(0, Math.floor(rand() * 4));
    const system = h % 2 ? "" : SYSTEM_PROMPT;
    const date = args.family === "llama3" ? allDates[h >> 1] : undefined;
    const params = { ...specials, ...fam.renderParameters, ...(date ? { date_string: date } : {}) };
    const prompt = template.render({ messages: messages(system, shots, pair.request), add_generation_prompt: true, ...params });
    const whole = template.render({ messages: messages(system, shots, pair.request, pair.command), add_generation_prompt: false, ...params });
    const assembled = headText(h) + shots.map(([r, c]) => t.user(field(r)) + t.pastAnswer(field(c))).join("") + t.user(field(pair.request)) + t.answerPrefix;
    if (prompt !== assembled) throw new Error(`encode: template renders the prompt differently:\n${JSON.stringify(prompt)}\n${JSON.stringify(assembled)}`);
    if (!whole.startsWith(prompt + t.answer(pair.command.trim())))
      throw new Error(`encode: template renders the answer differently:\n${JSON.stringify(whole)}`);
    const ids = [...heads[h], ...(rec.s ?? []).slice(0, shots.length).flat(2), ...rec.u, ...prefix];
    const want = Array.from(model.tokenize(prompt, true));
    if (JSON.stringify(ids) !== JSON.stringify(want))
      throw new Error(`encode: turn-by-turn tokens differ from the whole prompt's for ${JSON.stringify(prompt)}`);
    const full = Array.from(model.tokenize(prompt + t.answer(pair.command.trim()), true));
    if (JSON.stringify([...ids, ...rec.a]) !== JSON.stringify(full))
      throw new Error(`encode: answer tokens differ from the whole text's for ${JSON.stringify(pair.command)}`);
  }
  console.error("encode: 300 conversations match the template, token for token");

  const sha = (name) =>
    createHash("sha256")
      .update(readFileSync(join(ROOT, "model/data", `${name}.jsonl.gz`)))
      .digest("hex");
  const data = { "train.jsonl.gz": sha("train"), "val.jsonl.gz": sha("val") };
  const header = { family: args.family, vocab: fam.vocab, template: fam.template, data, heads, prefix, endOfTurn: eot[0] };
  const body = [JSON.stringify(header), ...lines.map((l) => JSON.stringify(l.rec))].join("\n") + "\n";
  mkdirSync(dirname(args.out), { recursive: true });
  const tmp = `${args.out}.tmp${process.pid}`;
  writeFileSync(tmp, gzipSync(body));
  renameSync(tmp, args.out);
  console.error(`encode: wrote ${lines.length} pairs to ${args.out}`);
  await model.dispose();
  await llama.dispose();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
