// Ranked grammar sampling gives the tokens node-llama-cpp's own grammar sampler gives, on the
// real Qwen2 (151,936 tokens) and Llama 3 (128,256) vocabularies and on the default model:
// held-out and suite requests are decoded greedily under both samplers, under the pack's
// default grammar and under each request's planned grammar (eval:sampler runs the same check
// on 220 requests). The bench models are built from node-llama-cpp's llama.cpp bundle.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultModelPath } from "../src/backend/index.js";
import { bestAllowed } from "../src/backend/ranked-grammar-sampling.js";
import { compareSamplers, identityRequests } from "../src/bench/sampler-identity.js";
import { benchModel } from "../src/bench/vocab-model.js";

describe("bestAllowed", () => {
  const flat = [10, 0.5, 11, 0.2, 12, 0.2, 13, 0.05, 14, 0.01];
  it("takes the first accepted token of the list", () => {
    expect(bestAllowed(flat, 10, (t) => t === 13 || t === 14)).toBe(13);
  });
  it("skips the token already refused", () => {
    expect(bestAllowed([10, 0.5, 11, 0.3, 12, 0.1], 10, () => true)).toBe(11);
  });
  it("gives up on a tie between accepted tokens, whose order the native sampler decides", () => {
    expect(bestAllowed(flat, 10, (t) => t === 11 || t === 12)).toBeUndefined();
    expect(bestAllowed(flat, 10, (t) => t === 12)).toBe(12);
  });
  it("gives up on a tie with the list's last entry, and when nothing is accepted", () => {
    expect(bestAllowed([1, 0.6, 2, 0.2, 3, 0.2], 0, (t) => t === 2)).toBeUndefined();
    expect(bestAllowed(flat, 10, () => false)).toBeUndefined();
  });
});

const repoRoot = join(import.meta.dirname, "../../..");
const REQUESTS = identityRequests(220).filter((_, i) => i % 27 === 0);

describe.each([
  ["Qwen2", () => benchModel("qwen2"), 151_936],
  ["Llama 3", () => benchModel("llama3"), 128_256],
  ["the default model", defaultModelPath, 2_048],
])("%s vocabulary", (_name, model, vocabulary) => {
  it("decodes the same completions as node-llama-cpp's grammar sampler", async () => {
    const r = await compareSamplers(model(), REQUESTS, 16);
    expect(r.vocabulary).toBe(vocabulary);
    expect(r.requests).toBe(REQUESTS.length);
    expect(r.differences).toEqual([]);
    // The ranked path ran: some tokens came from the top list rather than the greedy pick.
    expect(r.sampler.ranked + r.sampler.fullPass).toBeGreaterThan(0);
    expect(r.sampler.ranked).toBeGreaterThan(0);
    // Some listed tokens were refused by their first character, without a walk of the grammar.
    expect(r.sampler.screened).toBeGreaterThan(0);
    // Starting after the free decode's allowed tokens changes nothing either.
    expect(r.reuse.differences).toEqual([]);
    expect(r.reuse.same).toBe(REQUESTS.length);
  }, 600_000);
});

// The bench models' random networks write nothing a grammar allows, so nothing of their free
// decodes is kept: the trained models show that kept tokens change nothing.
describe.each([
  ["the Qwen2 lab model", "model/lab/qwen.gguf"],
  ["the default model", ""],
])("%s: a constrained decode after a free decode of the same prompt", (_name, file) => {
  it("keeps the free decode's allowed tokens and gives the same completion", async () => {
    const requests = identityRequests(60).filter((_, i) => i % 4 === 0);
    const r = await compareSamplers(file ? join(repoRoot, file) : defaultModelPath(), requests, 24);
    expect(r.reuse.differences).toEqual([]);
    expect(r.reuse.same).toBe(requests.length);
    expect(r.reuse.keptTokens).toBeGreaterThan(0);
  }, 600_000);
});
