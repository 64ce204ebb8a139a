// The HTTP backend's transport behaviour against real loopback servers that misbehave on
// purpose: 5xx answers are retried with backoff, a silent server times out, and an engine
// that refuses the grammar field is reported as such.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { HttpBackend } from "../src/backend/http.js";
import { DecodeError } from "../src/errors.js";
import { generate } from "../src/generate.js";
import { planFromGrammar } from "../src/plan-pack.js";
import { alt, lit } from "@shellgen/grammargen";

let server: Server | undefined;
afterEach(async () => {
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

describe("HttpBackend transport", () => {
  it("retries 5xx answers and then succeeds", async () => {
    let posts = 0;
    const url = await listen((req, res) => {
      if (req.method === "GET") return json(res, 200, { status: "ok" });
      posts++;
      if (posts < 3) return json(res, 503, { error: { message: "loading model" } });
      json(res, 200, { content: " ls -la", tokens_evaluated: 7, tokens_predicted: 3, stopped_limit: false });
    });
    const backend = await HttpBackend.open(url, { retries: 2 });
    const out = await backend.complete({ prompt: { request: "list" }, maxTokens: 8, seed: 1 });
    expect(posts).toBe(3);
    expect(out).toEqual({ text: " ls -la", tokens: { prompt: 7, completion: 3 }, finish: "stop" });
  });

  it("gives up after the retries with the server's message", async () => {
    const url = await listen((req, res) => (req.method === "GET" ? json(res, 200, {}) : json(res, 500, { error: { message: "out of memory" } })));
    const backend = await HttpBackend.open(url, { retries: 1 });
    const err = await backend.complete({ prompt: { request: "list" }, maxTokens: 8, seed: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).message).toBe(`server error 500 from ${url}/completion: out of memory`);
  });

  it("times out a server that never answers", async () => {
    const url = await listen((req, res) => (req.method === "GET" ? json(res, 200, {}) : undefined));
    const backend = await HttpBackend.open(url, { timeoutMs: 300 });
    const err = await backend.complete({ prompt: { request: "list" }, maxTokens: 8, seed: 1 }).catch((e: unknown) => e);
    expect((err as DecodeError).code).toBe("ETIMEOUT");
    server!.closeAllConnections();
  });

  it("sends the grammar the way each engine expects", async () => {
    const seen: Record<string, unknown>[] = [];
    const url = await listen((req, res, body) => {
      if (req.method === "GET") return json(res, 200, { data: [{ id: "m1" }] });
      seen.push(JSON.parse(body) as Record<string, unknown>);
      json(res, 200, { choices: [{ text: " ls", finish_reason: "stop" }], usage: { prompt_tokens: 5, completion_tokens: 1 } });
    });
    const grammar = { gbnf: 'root ::= "ls"', lark: 'start: "ls"' };
    for (const engine of ["vllm", "sglang", "llama-server"] as const) {
      const backend = await HttpBackend.open(`${url}/v1`, { engine });
      await backend.complete({ prompt: { request: "list" }, grammar, maxTokens: 4, seed: 7 });
    }
    expect(seen[0]).toMatchObject({ model: "m1", structured_outputs: { grammar: 'start: "ls"' }, temperature: 0, seed: 7, max_tokens: 4 });
    expect(seen[1]).toMatchObject({ ebnf: 'root ::= "ls"' });
    expect(seen[2]).toMatchObject({ grammar: 'root ::= "ls"' });
    expect(seen[0]!.prompt).toBe("Request: list\nCommand:");
  });

  it("reports an engine that rejects the grammar field", async () => {
    const url = await listen((req, res) =>
      req.method === "GET" ? json(res, 200, { data: [] }) : json(res, 400, { error: { message: "Unrecognized request argument supplied: ebnf" } }),
    );
    const backend = await HttpBackend.open(url, { engine: "sglang" });
    const err = await backend
      .complete({ prompt: { request: "x" }, grammar: { gbnf: 'root ::= "a"', lark: "" }, maxTokens: 4, seed: 1 })
      .catch((e: unknown) => e);
    expect((err as DecodeError).code).toBe("ENOGRAMMAR");
    expect((err as DecodeError).message).toMatch(/rejected the grammar \(engine sglang\): Unrecognized request argument supplied: ebnf/);
  });

  it("refuses constrained decoding on a plain OpenAI engine", async () => {
    const url = await listen((_req, res) => json(res, 200, { data: [] }));
    const backend = await HttpBackend.open(url, { engine: "openai" });
    expect(backend.supportsGrammar).toBe(false);
    await expect(backend.prepareGrammar({ gbnf: "", lark: "" })).rejects.toThrow(/engine openai cannot take a grammar/);
  });

  it("catches an engine that silently ignores the grammar", async () => {
    const url = await listen((req, res) =>
      req.method === "GET"
        ? json(res, 200, { status: "ok" })
        : json(res, 200, { content: " rm -rf / # not in the grammar", tokens_evaluated: 5, tokens_predicted: 9 }),
    );
    const plan = planFromGrammar({ start: "root", rules: [{ name: "root", terminal: false, expr: alt(lit("ls"), lit("ls -l")) }] }, ["ls"], true, {});
    const backend = await HttpBackend.open(url);
    const err = await generate({ backend, request: "list files", mode: "constrained", planner: { plans: () => [async () => plan] } }).catch((e: unknown) => e);
    expect((err as DecodeError).code).toBe("ENOGRAMMAR");
    expect((err as DecodeError).message).toMatch(/ignores the grammar/);
  });
});
