// At a real byte-level BPE vocabulary, tokens cross the grammar's boundaries (" |", "'\n\n",
// ".txt", " -l"), so llama.cpp must accept a token only when every one of its characters fits.
// This decodes 200+ requests on the Qwen2-vocabulary lab model (model/lab/qwen.gguf, through
// its Qwen3 chat template) under the grammars generate() samples under, and checks each
// finished output against the GBNF text it was decoded under, read back by the in-repo
// checker, and with `bash -n`.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createBackend, packPlanner } from "@shellgen/decode";
import { LocalModel } from "../packages/decode/src/backend/local-model.js";
import { parseGrammarText, recognize } from "@shellgen/grammargen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MODEL = join(ROOT, "model", "lab", "qwen.gguf");

/** Held-out requests, then the suite's, in file order. */
function requests(n: number): string[] {
  const out = readFileSync(join(ROOT, "corpora", "heldout", "requests.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { request: string }).request);
  const tasks = join(ROOT, "corpora", "tasks");
  for (const f of readdirSync(tasks)
    .filter((x) => /^tier\d+\.json$/.test(x))
    .sort())
    for (const t of JSON.parse(readFileSync(join(tasks, f), "utf8")) as { request: string }[]) out.push(t.request);
  return out.slice(0, n);
}

const bashParses = (cmd: string) => spawnSync("bash", ["-n", "-c", cmd], { encoding: "utf8" }).status === 0;

interface Decoded {
  request: string;
  grammar: string;
  text: string;
  finished: boolean;
}

// CI builds the lab model in setup; outside CI a checkout without it skips, saying why.
const present = existsSync(MODEL);
describe.skipIf(!present && !process.env.CI)("constrained decoding at the Qwen2 vocabulary", () => {
  const decoded: Decoded[] = [];
  let tokenizer: LocalModel | undefined;

  beforeAll(async () => {
    expect(existsSync(MODEL), `${MODEL} is missing: npm run model:lab:build`).toBe(true);
    const backend = await createBackend(MODEL, { threads: 1 });
    const planner = await packPlanner();
    try {
      for (const [i, request] of requests(210).entries()) {
        const plans = planner.plans({ request, ground: false, workspaceFiles: [] });
        // Alternate the request's own plan and the pack's default grammar.
        const plan = await (i % 2 === 0 && plans.length > 1 ? plans[0]! : plans.at(-1)!)();
        const out = await backend.complete({ prompt: { request }, grammar: plan.text, maxTokens: 48, seed: 42 });
        decoded.push({ request, grammar: plan.text.gbnf, text: out.text, finished: out.finish === "stop" });
      }
    } finally {
      await backend.close();
    }
    tokenizer = await LocalModel.open(MODEL, { threads: 1 });
  }, 1_800_000);
  afterAll(() => tokenizer?.close());

  it("decodes at least 200 requests, most to the grammar's end", () => {
    expect(decoded.length).toBeGreaterThanOrEqual(200);
    expect(decoded.filter((d) => d.finished).length).toBeGreaterThanOrEqual(150);
  });

  it("every finished output is accepted by the grammar it was decoded under", () => {
    const parsed = new Map<string, ReturnType<typeof parseGrammarText>>();
    const refused = decoded
      .filter((d) => d.finished)
      .filter((d) => {
        let g = parsed.get(d.grammar);
        if (!g) parsed.set(d.grammar, (g = parseGrammarText(d.grammar, "gbnf")));
        // The engine drops the first token's leading space when it detokenizes; the grammar allows one.
        return !recognize(g, d.text).accepted && !recognize(g, ` ${d.text}`).accepted;
      })
      .map((d) => `${d.request} -> ${JSON.stringify(d.text)}`);
    expect(refused).toEqual([]);
  });

  it("every finished output passes bash -n", () => {
    const bad = decoded.filter((d) => d.finished && !bashParses(d.text.trim())).map((d) => `${d.request} -> ${JSON.stringify(d.text)}`);
    expect(bad).toEqual([]);
  });

  it("its outputs hold tokens that cross grammar boundaries", () => {
    const pieces = (text: string) => tokenizer!.model.tokenize(text, false).map((t) => tokenizer!.model.detokenize([t]));
    // A token that joins a space or an operator/quote to other characters spans two grammar items.
    const crossing = decoded.flatMap((d) => pieces(d.text)).filter((p) => p.length > 1 && /[ |'"<>;&.\n-]/.test(p) && /[^ |'"<>;&.\n-]|^[ ][|'"<>;&-]/.test(p));
    expect(new Set(crossing).size).toBeGreaterThanOrEqual(20);
  });
});
