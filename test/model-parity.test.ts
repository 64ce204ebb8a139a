// The committed default model must compute in node-llama-cpp what PyTorch computes from
// the same weights: same tokens, same next-token distribution. A silent mismatch (RoPE
// convention, tensor layout, norm epsilon, tokenizer scores) would poison every later
// measurement, so the torch side is recomputed here from the GGUF's own weights.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLlama, type Llama, type LlamaContext, type LlamaModel, type Token } from "node-llama-cpp";
import { compareDistributions } from "./parity.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const GGUF = `${ROOT}model/shellgen-mini.gguf`;

interface PyCase {
  prompt: string;
  tokens: number[];
  same_tokens_as_export: boolean;
  logprobs: number[];
  max_abs_diff_vs_checkpoint: number;
}

describe.skipIf(!existsSync(GGUF))("default model parity (node-llama-cpp vs torch)", () => {
  let llama: Llama;
  let model: LlamaModel;
  let context: LlamaContext;
  let cases: PyCase[];

  beforeAll(async () => {
    const out = execFileSync("/usr/bin/python3", ["model/parity_check.py", GGUF], { cwd: ROOT, maxBuffer: 64 << 20 });
    cases = JSON.parse(out.toString()) as PyCase[];
    llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
    model = await llama.loadModel({ modelPath: GGUF });
    context = await model.createContext({ threads: 1, contextSize: 512 });
  });

  afterAll(async () => {
    await context?.dispose();
    await model?.dispose();
    await llama?.dispose();
  });

  it("the GGUF's weights reproduce the training checkpoint's forward pass", () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
    for (const c of cases) {
      expect(c.same_tokens_as_export).toBe(true);
      expect(c.max_abs_diff_vs_checkpoint).toBeLessThan(1e-4);
    }
  });

  it("llama.cpp tokenizes the parity prompts exactly as the Python tokenizer", () => {
    for (const c of cases) {
      const ids = model.tokenize(c.prompt);
      expect([model.tokens.bos, ...ids]).toEqual(c.tokens);
    }
  });

  it("next-token distributions match: KL < 1e-3 and the same argmax", async () => {
    const seq = context.getSequence();
    try {
      for (const c of cases) {
        await seq.clearHistory();
        const gen = seq.evaluateWithMetadata(c.tokens as Token[], { probabilities: true }, { temperature: 1, topK: 0, topP: 1, minP: 0 });
        const first = await gen.next();
        await gen.return(undefined);
        if (first.done) throw new Error("no output from evaluateWithMetadata");
        const probs = first.value.probabilities;
        // most of the torch mass must be covered, or the sampler options truncated the list
        const { kl, covered, torchArgmax, nodeArgmax } = compareDistributions(c.logprobs, probs);
        expect(covered).toBeGreaterThan(0.999);
        expect(kl).toBeLessThan(1e-3);
        expect(nodeArgmax).toBe(torchArgmax);
      }
    } finally {
      seq.dispose();
    }
  });
});
