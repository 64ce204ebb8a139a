// `shellgen --model X` through the chat path of five real chat templates, each on a real
// vocabulary (script models built from the bundled llama.cpp source: decode's gguf-fixture):
// one request gives one parsing command, decoded through the template and stopped by its
// end of turn. A template that cannot render, and a file that cannot decode, each give one
// clear line.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bashVerdict } from "@shellgen/base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatTemplate, scriptModel, TEMPLATES } from "../../decode/test/gguf-fixture.js";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "bin", "shellgen.js");
const dir = mkdtempSync(join(tmpdir(), "shellgen-cli-chat-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  if (!existsSync(join(here, "..", "dist", "main.js"))) throw new Error("packages/cli is not built (npx tsc -b)");
});

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, SHELLGEN_HOME: join(dir, "home") } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const FAMILY: Record<keyof typeof TEMPLATES, string> = {
  "Qwen-Qwen3-0.6B": "ChatML (JinjaTemplate, thinking off)",
  "meta-llama-Llama-3.2-3B-Instruct": "Llama 3 (JinjaTemplate)",
  "HuggingFaceTB-SmolLM3-3B": "ChatML (JinjaTemplate, thinking off)",
  "google-gemma-2-2b-it": "Gemma (JinjaTemplate)",
  "microsoft-Phi-3.5-mini-instruct": "Phi-3 (JinjaTemplate)",
};

describe("shellgen --model X, through the model's chat template", () => {
  for (const [name, t] of Object.entries(TEMPLATES) as [keyof typeof TEMPLATES, (typeof TEMPLATES)[keyof typeof TEMPLATES]][]) {
    it(`${name}: one request, one parsing command`, async () => {
      const model = scriptModel(dir, `${name}.gguf`, { ...t, template: chatTemplate(name), script: "ls -la", name });
      const r = await run(["--json", "--model", model, "list all files here"]);
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { command: string; parses: boolean; prompt: string; template: string; tokens: { completion: number } };
      expect(out).toMatchObject({ command: "ls -la", parses: true, prompt: "chat", template: FAMILY[name] });
      expect((await bashVerdict(out.command)).parses).toBe(true);
      // The script model repeats the command after the end of turn; only the template's stop ends it at 3 tokens.
      expect(out.tokens.completion).toBeLessThanOrEqual(4);
    });
  }

  it("a template that fails to render: plain completion, said in one line", async () => {
    const model = scriptModel(dir, "broken.gguf", { vocab: "qwen2", template: "{% for m in messages %}{{ m.nope() }}", script: "ls -la", end: "eos" });
    const r = await run(["--json", "--model", model, "list all files here"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^shellgen: chat template failed to render \(.+\); prompts are plain completion\n$/);
    expect(JSON.parse(r.stdout)).toMatchObject({ command: "ls -la", prompt: "completion", template: "none" });
  });

  it("a model that writes only prose: exit 1 and the reason in one line", async () => {
    const model = scriptModel(dir, "prose.gguf", { vocab: "qwen2", template: null, script: "Sure, you can do that easily.", end: "eos" });
    const r = await run(["--mode", "native", "--model", model, "list all files here"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("shellgen: no valid command: the model wrote only prose, no command\n");
  });

  it("a GGUF without weights: exit 1 and the reason in one line", async () => {
    const model = scriptModel(dir, "no-weights.gguf", { vocab: "llama-bpe", template: null, script: "ls -la", end: "eos", noTensors: true });
    const r = await run(["--model", model, "list all files here"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`shellgen: cannot load model ${model}: the file is vocabulary-only: it has a tokenizer but no weights\n`);
  });
});
