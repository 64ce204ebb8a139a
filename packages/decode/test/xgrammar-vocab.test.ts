// XGrammar reads real vocabularies as their tokenizers spell them: the vocabulary type comes
// from the GGUF (gpt2 -> byte-level, no prepended space; llama -> byte-fallback with one), and
// with it XGrammar's matcher accepts the model's own tokens of a valid command, token by
// token up to the stop token, and refuses an invalid one. Checked on Qwen2 (151,936 tokens),
// Llama 3 (128,256), both from node-llama-cpp's llama.cpp bundle, and the default model.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getLlama, LlamaLogLevel } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { repoPath } from "@shellgen/base";
import { generatedText, ggufVocab, loadXGrammar, withLeadingSpace, xgrammarCompiler, xgrammarParse } from "../../grammargen/src/emit/xgrammar.js";
import { defaultModelPath } from "../src/backend/index.js";
import { vocabFile } from "../src/bench/vocab-model.js";

const WC = withLeadingSpace(readFileSync(join(repoPath() ?? process.cwd(), "grammars", "pack", "wc.gbnf"), "utf8"));

/** Each token's verdict as the matcher consumes the command's tokens, then the stop token's. */
async function verdicts(
  file: string,
  command: string,
  vocabType?: "byte_level" | "byte_fallback",
): Promise<{ pieces: string[]; accepted: boolean[]; stop: boolean }> {
  const vocab = await ggufVocab(file);
  const type = vocabType ?? vocab.vocabType;
  const compiler = await xgrammarCompiler(vocab.tokens, {
    vocabType: type,
    prependSpace: type === vocab.vocabType ? vocab.prependSpace : !vocab.prependSpace,
    stopTokenIds: [vocab.eos!],
  });
  const compiled = await compiler.compileGrammar(await xgrammarParse(WC));
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  const model = await llama.loadModel({ modelPath: file, vocabOnly: true });
  const tokens = [...model.tokenize(generatedText(command, vocab), false)].map(Number);
  await model.dispose();
  const matcher = await loadXGrammar().GrammarMatcher.createGrammarMatcher(compiled);
  const accepted: boolean[] = [];
  for (const t of tokens) {
    const ok = matcher.acceptToken(t);
    accepted.push(ok);
    if (!ok) break;
  }
  const stop = accepted.every(Boolean) && matcher.acceptToken(vocab.eos!);
  matcher.dispose();
  compiled.dispose();
  compiler.dispose();
  return { pieces: tokens.map((t) => vocab.tokens[t]!), accepted, stop };
}

describe.each([
  ["Qwen2", () => vocabFile("qwen2"), 151_936, "byte_level"],
  ["Llama 3", () => vocabFile("llama3"), 128_256, "byte_level"],
  ["the default model", defaultModelPath, 2_048, "byte_fallback"],
] as const)("XGrammar on the %s vocabulary", (_name, file, size, type) => {
  it("reads the vocabulary type from the GGUF", async () => {
    const vocab = await ggufVocab(file());
    expect(vocab.tokens.length).toBe(size);
    expect(vocab.vocabType).toBe(type);
    expect(vocab.prependSpace).toBe(type === "byte_fallback");
  });

  it("accepts the model's tokens of a valid command, space-led tokens included, and then the stop token", async () => {
    const r = await verdicts(file(), "wc -l notes.txt");
    expect(r.pieces.some((p) => /^[Ġ▁]/.test(p) && p.length > 1)).toBe(true);
    expect(r.accepted).toEqual(r.pieces.map(() => true));
    expect(r.stop).toBe(true);
  }, 120_000);

  it("refuses the tokens of an invalid command", async () => {
    const r = await verdicts(file(), "wc --frob notes.txt");
    expect(r.accepted.at(-1)).toBe(false);
    expect(r.stop).toBe(false);
  }, 120_000);
});

describe("the wrong vocabulary type", () => {
  it("makes XGrammar refuse a valid command's space-led tokens (Qwen2 read as byte-fallback)", async () => {
    const r = await verdicts(vocabFile("qwen2"), "wc -l notes.txt", "byte_fallback");
    expect(r.accepted.at(-1)).toBe(false);
  }, 120_000);
});
