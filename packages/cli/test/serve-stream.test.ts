// `shellgen serve` with the official `openai` npm client, streaming and not, against a real
// server process on 127.0.0.1 running the default model: a streamed answer is the same
// text as the one-body answer, cut into server-sent events, closed by `data: [DONE]`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import OpenAI, { APIError } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultModelPath } from "@shellgen/decode";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "bin", "shellgen.js");
const MODEL = defaultModelPath();
let server: ChildProcess;
let url: string;
let client: OpenAI;
let model: string;

beforeAll(async () => {
  if (!existsSync(join(here, "..", "dist", "main.js"))) throw new Error("packages/cli is not built (npx tsc -b)");
  server = spawn(process.execPath, [BIN, "serve", "--port", "0", "--model", MODEL, "--threads", "1"], { stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    server.stdout!.on("data", (c) => {
      out += String(c);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.stderr!.on("data", (c) => (err += String(c)));
    server.on("exit", (code) => reject(new Error(`shellgen serve exited ${code}: ${err}`)));
  });
  client = new OpenAI({ baseURL: `${url}/v1`, apiKey: "none", maxRetries: 0 });
  model = (await client.models.list()).data[0]!.id;
}, 60_000);
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
});

const messages = [{ role: "user" as const, content: "Show the first 3 lines of notes.txt" }];
/** llama-server's `grammar` field, which the openai client passes through in the body. */
const GRAMMAR = 'root ::= " "? ("head" | "tail") " -n " [1-9] " notes.txt"';

/** The events of a raw SSE body, `data:` payloads in order. */
async function events(path: string, body: object): Promise<{ type: string | null; data: string[] }> {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  expect(text.endsWith("\n\n")).toBe(true);
  const data = text
    .split("\n\n")
    .filter((e) => e !== "")
    .map((e) => {
      expect(e.startsWith("data: ")).toBe(true);
      return e.slice(6);
    });
  return { type: res.headers.get("content-type"), data };
}

describe("shellgen serve and the openai client", () => {
  it("chat: the streamed deltas add up to the non-streamed message, then finish_reason and usage", async () => {
    for (const extra of [{}, { grammar: GRAMMAR }]) {
      const whole = await client.chat.completions.create({ model, messages, max_tokens: 24, seed: 1, ...extra });
      const text = whole.choices[0]!.message.content!;
      expect(text.length).toBeGreaterThan(0);
      if ("grammar" in extra) expect(text).toMatch(/^ ?(head|tail) -n [1-9] notes\.txt$/);

      const stream = await client.chat.completions.create({
        model,
        messages,
        max_tokens: 24,
        seed: 1,
        stream: true,
        stream_options: { include_usage: true },
        ...extra,
      });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks.every((c) => c.object === "chat.completion.chunk" && c.id === chunks[0]!.id)).toBe(true);
      const deltas = chunks.filter((c) => c.choices.length > 0);
      expect(deltas[0]!.choices[0]!.delta.role).toBe("assistant");
      const pieces = deltas.map((c) => c.choices[0]!.delta.content ?? "").filter((p) => p !== "");
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join("")).toBe(text);
      expect(deltas.at(-1)!.choices[0]!.finish_reason).toBe(whole.choices[0]!.finish_reason);
      expect(deltas.slice(0, -1).every((c) => c.choices[0]!.finish_reason === null)).toBe(true);
      // include_usage: one last chunk with no choices carries the usage.
      expect(chunks.at(-1)!.choices).toEqual([]);
      expect(chunks.at(-1)!.usage).toEqual(whole.usage);
    }
  }, 60_000);

  it("completions: the streamed text adds up to the non-streamed text", async () => {
    const prompt = "# list files by size\n";
    const whole = await client.completions.create({ model, prompt, max_tokens: 16, seed: 1 });
    const stream = await client.completions.create({ model, prompt, max_tokens: 16, seed: 1, stream: true });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((c) => c.choices[0]!.text).join("")).toBe(whole.choices[0]!.text);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe(whole.choices[0]!.finish_reason);
  }, 60_000);

  it("the OpenAI routes send text/event-stream and close with data: [DONE]; /completion streams as llama-server does", async () => {
    const chat = await events("/v1/chat/completions", { messages, max_tokens: 8, stream: true });
    expect(chat.type).toBe("text/event-stream");
    expect(chat.data.at(-1)).toBe("[DONE]");
    const native = await events("/completion", { prompt: "# list files\n", n_predict: 8, stream: true });
    expect(native.data).not.toContain("[DONE]");
    const parsed = native.data.map((d) => JSON.parse(d) as { content: string; stop: boolean; tokens_predicted?: number });
    expect(parsed.slice(0, -1).every((e) => e.stop === false)).toBe(true);
    expect(parsed.at(-1)!.stop).toBe(true);
    const one = (await (await fetch(`${url}/completion`, { method: "POST", body: JSON.stringify({ prompt: "# list files\n", n_predict: 8 }) })).json()) as {
      content: string;
      tokens_predicted: number;
    };
    expect(parsed.map((e) => e.content).join("")).toBe(one.content);
    expect(parsed.at(-1)!.tokens_predicted).toBe(one.tokens_predicted);
  }, 60_000);

  it("a request that fails before any text is a plain 400 the client raises, streaming or not", async () => {
    for (const stream of [false, true] as const) {
      const err = await client.chat.completions.create({ model, messages, max_tokens: 4, stream, grammar: "root ::= (" } as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(APIError);
      expect((err as APIError).status).toBe(400);
      expect((err as APIError).message).toMatch(/failed to parse grammar/);
    }
    const bad = await fetch(`${url}/v1/chat/completions`, { method: "POST", body: JSON.stringify({ messages, stream: "yes" }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe("`stream` must be true or false");
  });

  it("a client that leaves mid-stream does not break the server: the next request is answered", async () => {
    const stream = await client.completions.create({ model, prompt: "# a long list\n", max_tokens: 400, stream: true });
    for await (const _chunk of stream) break; // leaving the loop aborts the request
    const after = await client.completions.create({ model, prompt: "# list files\n", max_tokens: 4, seed: 1 });
    expect(after.choices[0]!.text.length).toBeGreaterThan(0);
  }, 60_000);
});
