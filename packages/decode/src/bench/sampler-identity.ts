// npm run eval:sampler [-- --model GGUF|qwen2|llama3 ... --limit N --max-tokens N --out FILE]
// Proves that ranked grammar sampling (backend/ranked-grammar-sampling.ts) changes the time,
// not the output: every request is decoded greedily twice under the same grammar, once with
// node-llama-cpp's own grammar sampler and once ranked, and the completions (text, token
// count and the tokens left in the context) must be equal. Requests: the held-out set
// (corpora/heldout/requests.jsonl, 167) and then the task suite's, up to --limit (default 220).
// Grammars alternate between the pack's default grammar and the request's own plan (the
// grammar a constrained decode of that request samples under first), so both kinds are
// covered. Also reports where the ranked sampler's tokens came from and the CPU time of each.
// Then each request is decoded freely and again under the grammar, the constrained decode
// starting after the free decode's allowed tokens (LocalModel.reusable); it must equal the
// ranked completion too.
import { readFileSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoPath, writeFileAtomicSync } from "@shellgen/base";
import { readHeldoutSet } from "@shellgen/fewshot";
import type { LlamaGrammar } from "node-llama-cpp";
import { defaultModelPath } from "../backend/index.js";
import { LocalModel } from "../backend/local-model.js";
import { rankedStats, useGrammarSampler, type GrammarSampler } from "../backend/ranked-grammar-sampling.js";
import { packPlanner } from "../plan-pack.js";
import { completionPrompt, STOP_SEQUENCES } from "../prompt.js";
import { resolveModelArg } from "./vocab-model.js";

export interface IdentityResult {
  model: string;
  vocabulary: number;
  requests: number;
  same: number;
  differences: { request: string; grammar: "default" | "planned"; native: string; ranked: string }[];
  /** Constrained decodes after a free decode of the same prompt: equal to ranked, and the free tokens kept. */
  reuse: { same: number; keptTokens: number; differences: { request: string; grammar: "default" | "planned"; ranked: string; reused: string }[] };
  tokens: number;
  cpuMs: Record<GrammarSampler, number>;
  sampler: { greedy: number; ranked: number; fullPass: number; checked: number; screened: number };
}

/** Held-out requests first, then the task suite's, `limit` in all. */
export function identityRequests(limit: number): string[] {
  const out = readHeldoutSet().map((h) => h.request);
  const root = repoPath() ?? process.cwd();
  const dir = join(root, "corpora", "tasks");
  for (const f of readdirSync(dir)
    .filter((x) => /^tier\d+\.json$/.test(x))
    .sort()) {
    for (const t of JSON.parse(readFileSync(join(dir, f), "utf8")) as { request?: string }[]) if (t.request) out.push(t.request);
  }
  return out.slice(0, limit);
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function compareSamplers(modelPath: string, requests: string[], maxTokens: number): Promise<IdentityResult> {
  const model = await LocalModel.open(modelPath, { threads: 1 });
  // The per-completion wall-clock deadline would make a slow decode on a loaded machine end
  // early, and the comparison measure the load: lift it here.
  const deadline = process.env.SHELLGEN_DECODE_DEADLINE_MS;
  process.env.SHELLGEN_DECODE_DEADLINE_MS = String(3_600_000);
  try {
    const planner = await packPlanner();
    const defaultPlan = await planner.plans({ request: requests[0]!, ground: false, workspaceFiles: [] }).at(-1)!();
    const defaultGrammar = await model.grammar(defaultPlan.text.gbnf);
    const before = { ...rankedStats(model.sequence)! };
    const result: IdentityResult = {
      model: modelPath,
      vocabulary: (model.model.fileInfo.metadata as { tokenizer?: { ggml?: { tokens?: readonly unknown[] } } }).tokenizer?.ggml?.tokens?.length ?? NaN,
      requests: 0,
      same: 0,
      differences: [],
      reuse: { same: 0, keptTokens: 0, differences: [] },
      tokens: 0,
      cpuMs: { native: 0, ranked: 0 },
      sampler: { greedy: 0, ranked: 0, fullPass: 0, checked: 0, screened: 0 },
    };
    for (const [i, request] of requests.entries()) {
      let grammar: LlamaGrammar = defaultGrammar;
      let kind: "default" | "planned" = "default";
      if (i % 2 === 1) {
        const plans = planner.plans({ request, ground: true, workspaceFiles: [] });
        const plan = plans.length > 1 ? await plans[0]!().catch(() => undefined) : undefined;
        const g = plan ? await model.grammar(plan.text.gbnf).catch(() => undefined) : undefined;
        if (g) (grammar = g), (kind = "planned");
      }
      const prompt = completionPrompt({ request });
      const run = async (sampler: GrammarSampler, reuse = false) => {
        useGrammarSampler(model.sequence, sampler);
        model.reuseFree = reuse;
        const c0 = cpuNow();
        const out = await model.complete(prompt, { grammar, maxTokens, stop: [], seed: 42 });
        if (!reuse) result.cpuMs[sampler] += cpuNow() - c0;
        result.reuse.keptTokens += out.reusedTokens ?? 0;
        return `${out.completionTokens}|${out.finish}|${out.text}|${model.sequence.contextTokens.join(",")}`;
      };
      const native = await run("native");
      const ranked = await run("ranked");
      result.requests++;
      result.tokens += Number(native.split("|")[0]);
      if (native === ranked) result.same++;
      else result.differences.push({ request, grammar: kind, native: native.split("|")[2]!, ranked: ranked.split("|")[2]! });
      await model.complete(prompt, { maxTokens, stop: STOP_SEQUENCES, seed: 42 });
      const reused = await run("ranked", true);
      if (reused === ranked) result.reuse.same++;
      else result.reuse.differences.push({ request, grammar: kind, ranked: ranked.split("|")[2]!, reused: reused.split("|")[2]! });
    }
    const after = rankedStats(model.sequence)!;
    result.sampler = {
      greedy: after.greedy - before.greedy,
      ranked: after.ranked - before.ranked,
      fullPass: after.fullPass - before.fullPass,
      checked: after.checked - before.checked,
      screened: after.screened - before.screened,
    };
    return result;
  } finally {
    if (deadline === undefined) delete process.env.SHELLGEN_DECODE_DEADLINE_MS;
    else process.env.SHELLGEN_DECODE_DEADLINE_MS = deadline;
    useGrammarSampler(model.sequence, "ranked");
    model.reuseFree = true;
    await model.close();
  }
}

async function main(args: string[]): Promise<void> {
  const models: string[] = [];
  for (let i = 0; i < args.length; i++) if (args[i] === "--model" && args[i + 1]) models.push(args[++i]!);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const requests = identityRequests(Number(opt("limit") ?? 220));
  const maxTokens = Number(opt("max-tokens") ?? 32);
  const results: IdentityResult[] = [];
  for (const m of models.length ? models : [defaultModelPath()]) {
    const r = await compareSamplers(resolveModelArg(m), requests, maxTokens);
    results.push(r);
    const n = r.sampler.greedy + r.sampler.ranked + r.sampler.fullPass;
    process.stdout.write(
      `${r.model} (vocabulary ${r.vocabulary}): ${r.same}/${r.requests} completions identical under both samplers (${r.tokens} tokens, max ${maxTokens} per request); ` +
        `ranked sampler: ${r.sampler.greedy}/${n} greedy token, ${r.sampler.ranked} from the top lists, ${r.sampler.fullPass} full passes; ${r.sampler.checked} tokens checked one by one, ${r.sampler.screened} refused by their first character; ` +
        `CPU ${Math.round(r.cpuMs.native)} ms native sampler, ${Math.round(r.cpuMs.ranked)} ms ranked; load average ${loadavg()
          .map((x) => x.toFixed(2))
          .join(" ")}\n`,
    );
    for (const d of r.differences.slice(0, 5))
      process.stdout.write(`  DIFFERENT (${d.grammar}) ${JSON.stringify(d.request)}: ${JSON.stringify(d.native)} vs ${JSON.stringify(d.ranked)}\n`);
    process.stdout.write(
      `  after a free decode of the same prompt: ${r.reuse.same}/${r.requests} constrained completions identical to ranked, ${r.reuse.keptTokens} of the free decodes' tokens kept instead of decoded again\n`,
    );
    for (const d of r.reuse.differences.slice(0, 5))
      process.stdout.write(
        `  DIFFERENT after the free decode (${d.grammar}) ${JSON.stringify(d.request)}: ${JSON.stringify(d.ranked)} vs ${JSON.stringify(d.reused)}\n`,
      );
  }
  const out = opt("out");
  if (out) {
    writeFileAtomicSync(out, JSON.stringify(results, null, 2));
  }
  if (results.some((r) => r.same !== r.requests || r.reuse.same !== r.requests)) process.exitCode = 1;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`eval:sampler: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
