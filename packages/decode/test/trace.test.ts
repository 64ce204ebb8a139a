// Traces, token by token, on the committed default model: the embedded backend and a real
// llama-server give the same native top-k and take the same tokens for the same prompt and
// grammar (greedy); the embedded masked lists hold only tokens the grammar allows, and the
// token taken under a grammar is the best of them; an engine without token probabilities is
// a clear ENOLOGITS error. The llama-server part is skipped only where the binary is not
// built and CI is not set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultModelPath } from "../src/backend/index.js";
import { EmbeddedBackend } from "../src/backend/embedded.js";
import { HttpBackend } from "../src/backend/http.js";
import type { CompleteOptions, GrammarText } from "../src/backend/types.js";
import { packPlanner } from "../src/plan-pack.js";
import { traceGenerate } from "../src/trace.js";
import { skipServerTests, startLlamaServer, type LlamaServer } from "./llama-server-process.js";

const MODEL = defaultModelPath();
const TOP = 5;
let embedded: EmbeddedBackend;
let grammar: GrammarText;

beforeAll(async () => {
  embedded = await EmbeddedBackend.open(MODEL, { threads: 1, promptStyle: "completion" });
  const planner = await packPlanner();
  // A real pack grammar for a bench-like request: wc's and cat's words, not sed's.
  grammar = (await planner.plans({ request: "Display lines 3 through 6 of chapter.txt", ground: false, workspaceFiles: [], programs: ["cat"] })[0]!()).text;
}, 120_000);

afterAll(async () => {
  await embedded?.close();
});

const ask = (request: string, g?: GrammarText): CompleteOptions => ({ prompt: { request }, maxTokens: 24, seed: 42, ...(g ? { grammar: g } : {}) });

describe("trace on the embedded model", () => {
  it("lists only allowed tokens under the grammar, takes the best of them, and moves off the model's choice where it must", async () => {
    const { completion, steps } = await embedded.trace(ask("Display lines 3 through 6 of chapter.txt", grammar), TOP);
    expect(steps.length).toBeGreaterThan(1);
    let moved = 0;
    for (const s of steps) {
      expect(s.native).toHaveLength(TOP);
      expect(s.legal).toBeGreaterThan(0);
      expect(s.masked!.length).toBeGreaterThan(0);
      expect(s.masked!.length).toBeLessThanOrEqual(Math.min(TOP, s.legal!));
      expect(s.chosen.token).toBe(s.masked![0]!.token);
      // Ranked: natively, and (renormalised) under the mask.
      for (const list of [s.native, s.masked!]) for (let i = 1; i < list.length; i++) expect(list[i]!.logprob).toBeLessThanOrEqual(list[i - 1]!.logprob);
      if (s.native[0]!.token !== s.chosen.token) moved++;
    }
    // The model reaches for sed; this grammar has no sed, so at least the first step is moved.
    expect(moved).toBeGreaterThan(0);
    // The trace's text is the decode's: the same as complete() under the same grammar.
    const plain = await embedded.complete(ask("Display lines 3 through 6 of chapter.txt", grammar));
    expect(completion.text).toBe(plain.text);
  });

  it("a free decode takes the model's top token at every step, and traceGenerate records every decode of the mode", async () => {
    const { completion, steps } = await embedded.trace(ask("count the lines in notes.txt"), TOP);
    for (const s of steps) {
      expect(s.masked).toBeUndefined();
      expect(s.chosen.token).toBe(s.native[0]!.token);
    }
    expect(completion.text).toBe((await embedded.complete(ask("count the lines in notes.txt"))).text);
    const t = await traceGenerate({ backend: embedded, request: "count the lines in notes.txt", mode: "constrained-retry", topK: 3 });
    expect(t.decodes[0]!.grammar).toBe(false);
    expect(t.decodes.some((d) => d.grammar)).toBe(true);
    expect(t.decodes.flatMap((d) => d.steps).every((s) => s.native.length === 3)).toBe(true);
  });
});

describe.skipIf(skipServerTests())("trace on llama-server against the embedded model", () => {
  let server: LlamaServer;
  let http: HttpBackend;
  beforeAll(async () => {
    server = await startLlamaServer(MODEL);
    http = await HttpBackend.open(server.url);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("gives the same native top-k and takes the same tokens, free and under the grammar", async () => {
    for (const opts of [ask("count the lines in notes.txt"), ask("Display lines 3 through 6 of chapter.txt", grammar)]) {
      const a = await embedded.trace(opts, TOP);
      const b = await http.trace(opts, TOP);
      expect(b.completion.text.replace(/^ /, "")).toBe(a.completion.text.replace(/^ /, ""));
      // llama-server lists no step for the end of generation it stops on, and under a stop
      // sequence (free decodes) none for the tokens it held back while the stop could match.
      const n = b.steps.length;
      expect(n).toBeGreaterThan(1);
      expect(a.steps.length - n).toBeLessThanOrEqual(opts.grammar ? 1 : 2);
      for (let i = 0; i < n; i++) {
        expect(b.steps[i]!.chosen.token, `step ${i + 1}`).toBe(a.steps[i]!.chosen.token);
        expect(
          b.steps[i]!.native.map((t) => t.token),
          `step ${i + 1}`,
        ).toEqual(a.steps[i]!.native.map((t) => t.token));
        for (const [j, t] of b.steps[i]!.native.entries()) expect(t.logprob).toBeCloseTo(a.steps[i]!.native[j]!.logprob, 2);
        expect(b.steps[i]!.masked).toBeUndefined();
      }
    }
  }, 120_000);

  it("an endpoint API without token probabilities is a clear ENOLOGITS error", async () => {
    const v1 = await HttpBackend.open(`${server.url}/v1`);
    await expect(v1.trace(ask("count the lines in notes.txt"), TOP)).rejects.toMatchObject({
      code: "ENOLOGITS",
      message: expect.stringMatching(/reports no token probabilities/),
    });
  });
});
