// The chat path on real tokenizers and real chat templates (script models built from the
// bundled llama.cpp vocabularies and templates, gguf-fixture.ts): thinking off, the
// assistant turn opened with a prefix, the template's end of turn, a template that fails
// to render, and the bad inputs that must end in one clear error or a recorded failure.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddedBackend } from "../src/backend/embedded.js";
import { DecodeError } from "../src/errors.js";
import { generate } from "../src/generate.js";
import { chatMessages } from "../src/prompt.js";
import { chatTemplate, llamaSourceFile, scriptModel, TEMPLATES } from "./gguf-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "shellgen-chat-"));
const open: EmbeddedBackend[] = [];
afterAll(async () => {
  for (const b of open) await b.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function backend(file: string, o: Parameters<typeof scriptModel>[2], style?: "chat"): Promise<EmbeddedBackend> {
  const b = await EmbeddedBackend.open(scriptModel(dir, file, o), { promptStyle: style ?? "auto" });
  open.push(b);
  return b;
}

const rendered = (b: EmbeddedBackend, prefix?: string) =>
  b.local.model.detokenize(b.local.chatInput(chatMessages({ request: "list the files" }), prefix).tokens, true);

describe("chat templates", () => {
  it("Qwen3: thinking off (an empty thought block), the assistant turn open, <|im_end|> ends the reply", async () => {
    const name = "Qwen-Qwen3-0.6B";
    const b = await backend("qwen3.gguf", { ...TEMPLATES[name], template: chatTemplate(name), script: "ls -la" });
    expect(b.info).toMatchObject({ prompt: "chat", template: "ChatML (JinjaTemplate, thinking off)", vocabSize: 151_936 });
    expect(b.info.parameters).toBeGreaterThan(151_936 * 32);
    expect(rendered(b)).toMatch(/<\|im_start\|>user\nlist the files<\|im_end\|>\n<\|im_start\|>assistant\n<think>\n\n<\/think>\n\n$/);
    const r = await generate({ backend: b, request: "list the files", mode: "native" });
    expect(r).toMatchObject({ command: "ls -la", path: "native", parses: true });
    // The script model would repeat the command after <|im_end|>: stopping there is the template's doing.
    expect(r.tokens.completion).toBeLessThanOrEqual(4);
  });

  it("SmolLM3: the template's own no-thinking switch", async () => {
    const name = "HuggingFaceTB-SmolLM3-3B";
    const b = await backend("smollm3.gguf", { ...TEMPLATES[name], template: chatTemplate(name), script: "ls -la" });
    expect(rendered(b)).toContain("/no_think");
    expect(rendered(b)).toMatch(/<\|im_start\|>assistant\n<think>\n\n<\/think>\n$/);
  });

  it("an assistant prefix: the turn starts with the command's first word and the model continues it", async () => {
    const name = "meta-llama-Llama-3.2-3B-Instruct";
    const b = await backend("llama3.gguf", { ...TEMPLATES[name], template: chatTemplate(name), script: "ls -la" });
    expect(rendered(b, "ls")).toMatch(/<\|start_header_id\|>assistant<\|end_header_id\|>\n\nls$/);
    const out = await b.complete({ prompt: { request: "list the files", prefix: "ls" }, maxTokens: 16, seed: 1 });
    expect(out.text.trim()).toBe("-la");
    expect(out.stoppedBy).toBe("eos");
  });

  it("Gemma 2: its turn markers added to a SentencePiece vocabulary, rendered by its own template, <end_of_turn> ends the reply", async () => {
    const name = "google-gemma-2-2b-it";
    const b = await backend("gemma2.gguf", { ...TEMPLATES[name], template: chatTemplate(name), script: "ls -la" });
    expect(b.info.template).toBe("Gemma (JinjaTemplate)");
    const out = await b.complete({ prompt: { request: "list the files" }, maxTokens: 16, seed: 1 });
    expect(out).toMatchObject({ text: "ls -la", finish: "stop", stoppedBy: "eos" });
  });

  it("a template that fails to render: plain completion prompts, and the fallback is named", async () => {
    const broken = "{{ raise_exception('this template renders nothing') }}";
    const b = await backend("broken.gguf", { vocab: "qwen2", template: broken, script: "ls -la", end: "eos" });
    expect(b.info.prompt).toBe("completion");
    expect(b.info.template).toBe("none");
    expect(b.info.fallback).toMatch(/^chat template failed to render \(.*this template renders nothing.*\); prompts are plain completion$/);
    const r = await generate({ backend: b, request: "list the files", mode: "native" });
    expect(r.command).toBe("ls -la");
    const err = await EmbeddedBackend.open(join(dir, "broken.gguf"), { promptStyle: "chat" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).code).toBe("EMODEL");
    expect((err as DecodeError).message).toMatch(/cannot use the chat template of .*broken\.gguf: chat template failed to render/);
  });
});

describe("bad models: one clear error or a recorded failure", () => {
  it("a GGUF with no tokenizer", async () => {
    const file = scriptModel(dir, "no-tokenizer.gguf", { vocab: "llama-spm", template: null, script: "ls -la", end: "eos", noTokenizer: true });
    const err = (await EmbeddedBackend.open(file).catch((e: unknown) => e)) as DecodeError;
    expect(err).toBeInstanceOf(DecodeError);
    expect(err.code).toBe("EMODEL");
    expect(err.message).toBe(`cannot load model ${file}: the file has no tokenizer (tokenizer.ggml.model and tokenizer.ggml.tokens are missing)`);
  });

  it("a vocabulary-only GGUF", async () => {
    const file = join(dir, "ggml-vocab-qwen2.gguf");
    writeFileSync(file, llamaSourceFile("models/ggml-vocab-qwen2.gguf"));
    const err = (await EmbeddedBackend.open(file).catch((e: unknown) => e)) as DecodeError;
    expect(err).toBeInstanceOf(DecodeError);
    expect(err.code).toBe("EMODEL");
    expect(err.message).toBe(`cannot load model ${file}: the file is vocabulary-only: it has a tokenizer but no weights`);
  });

  it("a model that writes only prose: no command, the reason, and the prose counted", async () => {
    const b = await backend("prose.gguf", { vocab: "qwen2", template: null, script: "Sure, you can do that easily.", end: "eos" });
    const r = await generate({ backend: b, request: "list the files", mode: "native" });
    expect(r).toMatchObject({ command: "", path: "failed", parses: false, error: "the model wrote only prose, no command" });
    expect(r.stripped).toEqual({ fences: 0, prose: 1 });
    const retry = await generate({ backend: b, request: "list the files", mode: "constrained-retry", maxTokens: 24 });
    if (retry.path === "failed") expect(retry.error).toMatch(/native retry: the model wrote only prose, no command$/);
    else expect(retry.parses).toBe(true);
  });

  it("a model that writes only a code fence", async () => {
    const b = await backend("fence.gguf", { vocab: "qwen2", template: null, script: "```bash\n", end: "eos" });
    const r = await generate({ backend: b, request: "list the files", mode: "native" });
    expect(r).toMatchObject({ command: "", path: "failed", error: "the model wrote only an empty code fence" });
    expect(r.stripped).toEqual({ fences: 1, prose: 0 });
  });

  it("a fenced command: the fence is taken off before the grammar and the gate, and counted", async () => {
    const name = "Qwen-Qwen3-0.6B";
    const b = await backend("fenced.gguf", { ...TEMPLATES[name], template: chatTemplate(name), script: "```sh\nls -la" });
    for (const mode of ["native", "constrained-retry"] as const) {
      const r = await generate({ backend: b, request: "list the files", mode });
      expect(r.command, mode).toBe("ls -la");
      expect(r.stripped, mode).toEqual({ fences: 1, prose: 0 });
    }
  });
});
