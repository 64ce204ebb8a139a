// The prefix screen reads the start of each token's text as llama.cpp writes the token, on
// the real Qwen2 (151,936 tokens) and Llama 3 (128,256) vocabularies and the default model's,
// and refuses only tokens that llama.cpp's own grammar check refuses.
import { getLlama, LlamaGrammar, LlamaGrammarEvaluationState, LlamaLogLevel, type Token } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { defaultModelPath } from "../src/backend/index.js";
import { PrefixScreen, type ScreenableModel } from "../src/backend/prefix-screen.js";
import { benchModel } from "../src/bench/vocab-model.js";

const GRAMMAR = `root ::= " wc -" [lw] " " [a-z]+ ".txt"`;

describe.each([
  ["Qwen2", () => benchModel("qwen2")],
  ["Llama 3", () => benchModel("llama3")],
  ["the default model", defaultModelPath],
])("%s vocabulary", (_name, file) => {
  it("reads tokens' first characters as llama.cpp's pieces, and refuses only what the grammar refuses", async () => {
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: await file() });
    try {
      const screen = PrefixScreen.for(model as unknown as ScreenableModel);
      expect(screen).toBeDefined();
      const bindings = (llama as unknown as { _bindings: { AddonSampler: Record<string, (...a: unknown[]) => unknown> } })._bindings.AddonSampler;
      // llama.cpp's own reading of a token's text, through a grammar: does it start with (or equal) `text`?
      const reads = (text: string, exact: boolean) => {
        const literal = JSON.stringify(text);
        const grammar = new LlamaGrammar(llama, { grammar: exact ? `root ::= ${literal}` : `root ::= ${literal} .*` });
        const native = (new LlamaGrammarEvaluationState({ model, grammar }) as unknown as { _state: unknown })._state;
        return (t: Token) => bindings.canBeNextTokenForGrammarEvaluationState!(native, t) as boolean;
      };
      const size = (model.fileInfo.metadata as unknown as { tokenizer: { ggml: { tokens: unknown[] } } }).tokenizer.ggml.tokens.length;
      const sample: Token[] = [];
      for (let t = 0; t < size; t += 53) sample.push(t as Token);
      sample.push(...model.tokenize(" wc -l notes.txt\n", false, "trimLeadingSpace"));
      const byFirst = new Map<string, Token[]>();
      for (const t of sample) {
        const [first] = screen!.prefixes(t);
        if (first !== undefined) byFirst.set(first, [...(byFirst.get(first) ?? []), t]);
      }
      expect([...byFirst.values()].flat().length).toBeGreaterThan(sample.length / 4);
      for (const [first, tokens] of byFirst) {
        const startsWith = reads(first, false);
        for (const t of tokens) expect(startsWith(t), `token ${t} should start with ${JSON.stringify(first)}`).toBe(true);
      }
      for (const c of [" ", "-", "l", "x", ".", "\n"]) {
        const p = screen!.probe(c);
        if (p !== undefined) expect(reads(c, true)(p), `probe ${p} for ${JSON.stringify(c)}`).toBe(true);
      }
      expect(screen!.probe(" ")).toBeDefined();
      expect(screen!.probe("-")).toBeDefined();

      // At each position of " wc -l notes.txt", a token refused by its first character is
      // refused by the grammar itself.
      const grammar = new LlamaGrammar(llama, { grammar: GRAMMAR });
      const state = new LlamaGrammarEvaluationState({ model, grammar });
      const native = (state as unknown as { _state: unknown })._state;
      const can = (t: Token) => bindings.canBeNextTokenForGrammarEvaluationState!(native, t) as boolean;
      let refusedByPrefix = 0;
      for (const next of model.tokenize(" wc -l notes.txt", false, "trimLeadingSpace")) {
        for (const t of sample) {
          const [first] = screen!.prefixes(t);
          const probe = first === undefined ? undefined : screen!.probe(first);
          if (probe === undefined || can(probe)) continue;
          refusedByPrefix++;
          expect(can(t), `token ${t} refused by ${JSON.stringify(first)}`).toBe(false);
        }
        expect(can(next)).toBe(true);
        bindings.acceptGrammarEvaluationStateToken!(native, next);
      }
      expect(refusedByPrefix).toBeGreaterThan(0);
    } finally {
      await model.dispose();
    }
  }, 300_000);
});
