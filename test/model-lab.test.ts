// The lab models (model/lab) must look to every tool like the real models whose tokenizer
// and chat template they carry, and compute in node-llama-cpp what torch computes from the
// same file. Each is checked on prompts rendered by node-llama-cpp from the GGUF's own chat
// template, as the chat path renders them.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ChatHistoryItem,
  type ChatWrapper,
  getLlama,
  type Llama,
  LlamaCompletion,
  type LlamaContext,
  type LlamaModel,
  readGgufFileInfo,
  resolveChatWrapper,
  type Token,
} from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAMILIES, SYSTEM_PROMPT } from "../model/lab/families.mjs";
import { compareDistributions } from "./parity.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface Family {
  vocab: string;
  template: string;
  endOfTurn: string;
}

interface GgufMeta {
  general: { architecture: string };
  tokenizer: {
    chat_template?: string;
    ggml: { model: string; pre: string; tokens: string[]; token_type: number[]; merges: string[]; bos_token_id: number; eos_token_id: number };
  };
}

interface TorchCase {
  logprobs: number[];
  unused_mass: number;
  unused_ids: number;
}

const REQUESTS = ["count the lines in notes.txt", "show the last 5 lines of server.log", "find all .py files under src", "list the files in this directory"];

function history(request: string, shots: [string, string][] = []): ChatHistoryItem[] {
  const h: ChatHistoryItem[] = [{ type: "system", text: SYSTEM_PROMPT }];
  for (const [r, c] of shots) h.push({ type: "user", text: r }, { type: "model", response: [c] });
  h.push({ type: "user", text: request }, { type: "model", response: [] });
  return h;
}

for (const [name, fam] of Object.entries(FAMILIES as Record<string, Family>)) {
  const gguf = join(ROOT, "model/lab", `${name}.gguf`);
  // setup builds the lab models; outside CI a checkout that has not built them skips
  describe.skipIf(!existsSync(gguf) && !process.env.CI)(`lab model ${name} (${fam.vocab}, ${fam.template})`, () => {
    let llama: Llama;
    let model: LlamaModel;
    let context: LlamaContext;
    let wrapper: ChatWrapper;
    let source: string;

    const chatTokens = (h: ChatHistoryItem[]): Token[] => {
      const tokens = wrapper.generateContextState({ chatHistory: h }).contextText.tokenize(model.tokenizer);
      return tokens[0] === model.tokens.bos ? tokens.slice(1) : tokens;
    };

    beforeAll(async () => {
      source = join(ROOT, execFileSync(join(ROOT, "model/lab/llama-source.sh"), { encoding: "utf8" }).trim());
      llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
      model = await llama.loadModel({ modelPath: gguf });
      context = await model.createContext({ threads: 1, contextSize: 1024 });
      wrapper = resolveChatWrapper(model) as ChatWrapper;
    });

    afterAll(async () => {
      await context?.dispose();
      await model?.dispose();
    });

    it("carries the real tokenizer, all of it, and the real chat template", async () => {
      const lab = (await readGgufFileInfo(gguf, { readTensorInfo: false })).metadata as unknown as GgufMeta;
      const real = (await readGgufFileInfo(join(source, "models", fam.vocab), { readTensorInfo: false })).metadata as unknown as GgufMeta;
      const labTok = lab.tokenizer.ggml;
      const realTok = real.tokenizer.ggml;
      expect(labTok.model).toBe(realTok.model);
      expect(labTok.pre).toBe(realTok.pre);
      expect(labTok.tokens.length).toBeGreaterThan(100_000);
      expect(labTok.tokens).toEqual(realTok.tokens);
      expect(labTok.token_type).toEqual(realTok.token_type);
      expect(labTok.merges).toEqual(realTok.merges);
      expect(labTok.bos_token_id).toBe(realTok.bos_token_id);
      expect(labTok.tokens[labTok.eos_token_id]).toBe(fam.endOfTurn);
      expect(lab.tokenizer.chat_template).toBe(readFileSync(join(source, "models/templates", fam.template), "utf8"));
      expect(lab.general.architecture).toBe("llama");
    });

    it("torch and node-llama-cpp agree on the next token after chat prompts; unused ids never win", async () => {
      const prompts: Token[][] = [];
      for (const r of REQUESTS) prompts.push(chatTokens(history(r)));
      prompts.push(chatTokens(history("print the first 7 lines of data.csv", [["print the first 3 lines of poem.txt", "head -n 3 poem.txt"]])));
      prompts.push([...chatTokens(history(REQUESTS[0]!)), ...model.tokenize("wc -l", false)]);
      prompts.push([
        ...chatTokens(history("for each .log file, count ERROR lines")),
        ...model.tokenize("for f in *.log; do grep -c 'ERROR' \"$f\"; done |", false),
      ]);
      const withBos = prompts.map((p) => (model.tokens.shouldPrependBosToken && model.tokens.bos != null ? [model.tokens.bos, ...p] : p));
      const dir = mkdtempSync(join(tmpdir(), "lab-parity-"));
      let cases: TorchCase[];
      try {
        writeFileSync(join(dir, "prompts.json"), JSON.stringify(withBos));
        const out = execFileSync("/usr/bin/python3", ["model/lab/parity.py", gguf, join(dir, "prompts.json")], { cwd: ROOT, maxBuffer: 256 << 20 });
        cases = JSON.parse(out.toString()) as TorchCase[];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const seq = context.getSequence();
      try {
        for (const [i, c] of cases.entries()) {
          expect(c.unused_ids).toBeGreaterThan(100_000);
          expect(c.unused_mass).toBeLessThan(1e-6);
          await seq.clearHistory();
          const gen = seq.evaluateWithMetadata(withBos[i]!, { probabilities: true }, { temperature: 1, topK: 0, topP: 1, minP: 0 });
          const first = await gen.next();
          await gen.return(undefined);
          if (first.done) throw new Error("no output from evaluateWithMetadata");
          const probs = first.value.probabilities;
          const { kl, covered, torchArgmax, nodeArgmax } = compareDistributions(c.logprobs, probs, -30);
          expect(covered).toBeGreaterThan(0.999);
          expect(kl).toBeLessThan(1e-3);
          expect(nodeArgmax).toBe(torchArgmax);
        }
      } finally {
        seq.dispose();
      }
    });

    it("answers chat requests through the template: one line each, the turn ended, most parse", async () => {
      const seq = context.getSequence();
      const completion = new LlamaCompletion({ contextSequence: seq });
      const parsed: string[] = [];
      try {
        for (const r of REQUESTS) {
          const state = wrapper.generateContextState({ chatHistory: history(r) });
          const res = await completion.generateCompletionWithMeta(chatTokens(history(r)), {
            maxTokens: 64,
            temperature: 0,
            customStopTriggers: state.stopGenerationTriggers,
          });
          const command = res.response.trim();
          expect(res.metadata.stopReason, `${r} -> ${JSON.stringify(res.response)}`).not.toBe("maxTokens");
          expect(command.length).toBeGreaterThan(0);
          expect(command).not.toMatch(/<\||think>|```|\n/);
          if (spawnSync("bash", ["-n", "-c", command]).status === 0) parsed.push(command);
        }
        // a weak model may leave a quote open; the chat path itself must still give commands
        expect(parsed.length, parsed.join(" ; ")).toBeGreaterThanOrEqual(REQUESTS.length / 2);
      } finally {
        completion.dispose({ disposeSequence: true });
      }
    });
  });
}
