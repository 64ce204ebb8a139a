// The tokens the embedded backend feeds the model must be the ones the model was trained on,
// and the ones llama-server feeds it for the same text: the first "Request:" is one token
// with the tokenizer's leading space, not four. Read back from the context sequence, so what
// is checked is what the model saw, not a helper's opinion of it. Compared with
// model/tokenizer.py (through Debian's Python) laid out as model/samples.py lays out training
// sequences, and with llama-server's /tokenize where that binary is built.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultModelPath } from "../src/backend/index.js";
import { LocalModel } from "../src/backend/local-model.js";
import { chatMessages, completionPrompt, type PromptInput } from "../src/prompt.js";
import { skipServerTests, startLlamaServer, type LlamaServer } from "./llama-server-process.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const MODEL = defaultModelPath();

const CASES: PromptInput[] = [
  { request: "count the lines in notes.txt" },
  {
    request: "show the 5 largest files here",
    examples: [
      { request: "list files by size", command: "ls -lS" },
      { request: "print the first 3 lines of app.log", command: "head -n 3 app.log" },
    ],
  },
  { request: "find 'ERROR' lines in app.log — café ☕", examples: [{ request: "say hi", command: 'echo "hi" | tr a-z A-Z' }] },
  { request: "sort data.csv by the third column", feedback: { command: "sort -k3 data.csv |", error: "unexpected end of file" } },
  { request: "delete the .tmp files", prefix: "find" },
  { request: "a request that names </s> and <s> literally" },
];

/** Each case as training laid it out (model/samples.py), plus the whole prompt encoded at once. */
const PYTHON = `
import json, sys
sys.path.insert(0, "model")
from gguf_file import Reader
from samples import Encoded
from tokenizer import Tokenizer
m = Reader(sys.argv[1]).meta
tok = Tokenizer(m["tokenizer.ggml.tokens"], [float(s) for s in m["tokenizer.ggml.scores"]], [int(t) for t in m["tokenizer.ggml.token_type"]])
out = []
for case in json.loads(sys.stdin.read()):
    pairs = [{"request": r, "command": c} for r, c in case["pairs"]]
    enc = Encoded(tok, pairs)
    ids = [tok.bos_id]
    for n in range(len(pairs)):
        ids += (enc.req_first if n == 0 else enc.req_next) + enc.req[n]
        if n < len(pairs) - 1:
            ids += enc.cmd[n]
    out.append({"training": ids, "whole": tok.encode(case["text"], bos=True)})
print(json.dumps(out))
`;

interface PythonTokens {
  training: number[];
  whole: number[];
}

function pythonTokens(): PythonTokens[] {
  const input = CASES.map((c) => ({
    text: completionPrompt(c),
    pairs: [...(c.examples ?? []).map((e) => [e.request, e.command]), [c.request, ""]],
  }));
  const out = execFileSync("/usr/bin/python3", ["-c", PYTHON, MODEL], { cwd: ROOT, input: JSON.stringify(input), maxBuffer: 16 << 20 });
  return JSON.parse(out.toString()) as PythonTokens[];
}

describe.skipIf(!existsSync(MODEL))("embedded prompt tokens", () => {
  let local: LocalModel;
  let fed: number[][];

  beforeAll(async () => {
    local = await LocalModel.open(MODEL, { threads: 1, promptStyle: "completion" });
    fed = [];
    for (const c of CASES) {
      const prompt = completionPrompt(c);
      await local.complete(prompt, { maxTokens: 1, stop: [], seed: 1 });
      const context = [...local.sequence.contextTokens];
      // The context holds BOS, the prompt and the one generated token (which is not evaluated yet).
      expect(context.length).toBe(local.countTokens(prompt));
      fed.push(context);
    }
  });

  afterAll(async () => {
    await local?.close();
  });

  it("are the training tokenizer's, laid out as in training", () => {
    const py = pythonTokens();
    CASES.forEach((c, i) => {
      expect(fed[i], completionPrompt(c)).toEqual(py[i]!.whole);
      // Feedback and a chosen prefix are inference-time additions; the rest must match the
      // block-by-block layout of training sequences too.
      if (!c.feedback && !c.prefix) expect(fed[i], completionPrompt(c)).toEqual(py[i]!.training);
    });
    // The first "Request:" is a single token, as in training.
    expect(local.model.detokenize([fed[0]![1]!] as never)).toBe("Request:");
  });

  it("leave chat-template prompts as the template renders them", async () => {
    const chat = await LocalModel.open(MODEL, { threads: 1, promptStyle: "chat" });
    try {
      const input = chat.chatInput(chatMessages(CASES[1]!));
      await chat.complete(input.tokens, { maxTokens: 1, stop: [], seed: 1 });
      expect([...chat.sequence.contextTokens]).toEqual([chat.model.tokens.bos, ...input.tokens]);
    } finally {
      await chat.close();
    }
  });

  describe.skipIf(skipServerTests())("against llama-server", () => {
    let server: LlamaServer;
    beforeAll(async () => {
      server = await startLlamaServer(MODEL);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("are the server's /tokenize of the same text", async () => {
      const tokenize = async (content: string, parseSpecial: boolean) => {
        const res = await fetch(`${server.url}/tokenize`, {
          method: "POST",
          body: JSON.stringify({ content, add_special: true, parse_special: parseSpecial }),
        });
        return ((await res.json()) as { tokens: number[] }).tokens;
      };
      for (const [i, c] of CASES.entries()) {
        const text = completionPrompt(c);
        expect(fed[i], text).toEqual(await tokenize(text, false));
        // The server's completion endpoints read "</s>" in a prompt as the token itself; the
        // embedded backend keeps a request's text literal, as training did.
        if (!/<\/?s>/.test(text)) expect(fed[i], text).toEqual(await tokenize(text, true));
      }
    });
  });
});
