// `shellgen serve`: a small llama-server-compatible HTTP server on loopback, built on
// node-llama-cpp. It gives the HTTP backend a real engine to talk to, and gives users
// a grammar-capable endpoint for any GGUF.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { basename } from "node:path";
import type { AddressInfo } from "node:net";
import type { LocalModelOptions, TextCompletion } from "./backend/local-model.js";
import { DecodeError, oneLine } from "./errors.js";
import type { ChatMessage } from "./prompt.js";
import { EventStream, SSE_TYPE } from "./serve-stream.js";

export interface ServeOptions extends LocalModelOptions {
  model: string;
  port?: number;
  host?: string;
  /** Upper bound on tokens per request, whatever the request asks. */
  maxTokensCap?: number;
}

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 8 * 1024 * 1024) throw new HttpError(413, "request body over 8 MiB");
    chunks.push(chunk as Buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
    return value as Record<string, any>;
  } catch {
    throw new HttpError(400, "request body is not a JSON object");
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const POST_ROUTES = ["/completion", "/completions", "/v1/completions", "/v1/chat/completions"];

/** `stream`: absent or false answers with one JSON body, true with server-sent events. */
function streamOf(body: Record<string, any>): boolean {
  if (body.stream === undefined || body.stream === null || body.stream === false) return false;
  if (body.stream === true) return true;
  throw new HttpError(400, "`stream` must be true or false");
}

const asStops = (v: unknown): string[] => (typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const { LocalModel } = await import("./backend/local-model.js");
  const local = await LocalModel.open(opts.model, opts);
  const modelId = basename(opts.model);
  const cap = opts.maxTokensCap ?? 1024;
  const limit = (n: unknown): number => {
    const v = typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.floor(n) : 128;
    return Math.min(v, cap);
  };

  // GBNF arrives as `grammar` (llama-server) or `ebnf` (SGLang); Lark (vLLM) is refused clearly.
  const grammarOf = async (body: Record<string, any>) => {
    if (body.structured_outputs !== undefined || body.guided_grammar !== undefined || body.response_format?.type === "grammar") {
      throw new HttpError(400, "structured_outputs / guided_grammar (Lark) is not supported by shellgen serve; send GBNF in the `grammar` field");
    }
    const text = body.grammar ?? body.ebnf;
    if (text === undefined || text === null || text === "") return undefined;
    if (typeof text !== "string") throw new HttpError(400, "`grammar` must be a GBNF string");
    try {
      return await local.grammar(text);
    } catch (err) {
      const detail = (err instanceof DecodeError ? err.message.replace(/^grammar failed to compile:\s*/, "") : oneLine(err)).trim();
      throw new HttpError(400, /^failed to parse grammar$/i.test(detail) ? "failed to parse grammar" : `failed to parse grammar: ${detail}`);
    }
  };

  const seedOf = (body: Record<string, any>) => (typeof body.seed === "number" ? body.seed : 0);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0]!;
    if (req.method === "GET" && path === "/health") return send(res, 200, { status: "ok" });
    if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
      return send(res, 200, { object: "list", data: [{ id: modelId, object: "model", owned_by: "shellgen" }] });
    }
    if (req.method !== "POST" || !POST_ROUTES.includes(path)) throw new HttpError(404, `no route ${req.method} ${path}`, "not_found_error");
    const started = performance.now();
    const body = await readJson(req);
    const stream = streamOf(body);
    // A streaming client that leaves ends its decode, as the token limit would.
    const left = new AbortController();
    res.once("close", () => left.abort());
    const sse = stream ? new EventStream(res) : undefined;
    const id = `${path === "/v1/chat/completions" ? "chatcmpl" : "cmpl"}-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = (out: TextCompletion) => ({
      prompt_tokens: out.promptTokens,
      completion_tokens: out.completionTokens,
      total_tokens: out.promptTokens + out.completionTokens,
    });
    const stopReason = (out: TextCompletion) => (out.stopType === "word" ? (out.stoppingWord ?? null) : null);
    // OpenAI's stream_options.include_usage: every chunk has usage null, and one last chunk, with no choices, has it.
    const withUsage = sse !== undefined && body.stream_options?.include_usage === true;
    const usageField = withUsage ? { usage: null } : {};

    if (path === "/completion" || path === "/completions") {
      if (typeof body.prompt !== "string") throw new HttpError(400, "`prompt` must be a string");
      const grammar = await grammarOf(body);
      const out = await local.complete(body.prompt, {
        grammar,
        maxTokens: limit(body.n_predict ?? body.max_tokens),
        stop: asStops(body.stop),
        seed: seedOf(body),
        signal: left.signal,
        onText: sse && ((content) => sse.send({ content, stop: false })),
      });
      const result = {
        content: out.text,
        model: modelId,
        tokens_predicted: out.completionTokens,
        tokens_evaluated: out.promptTokens,
        stop: true,
        stop_type: out.stopType,
        stopped_eos: out.stopType === "eos",
        stopped_word: out.stopType === "word",
        stopped_limit: out.stopType === "limit",
        stopping_word: out.stoppingWord ?? "",
        timings: { predicted_ms: performance.now() - started },
      };
      if (!sse) return send(res, 200, result);
      // llama-server's last event carries the statistics and no new text; this route has no [DONE].
      sse.send({ ...result, content: "" });
      return sse.end(false);
    }
    if (path === "/v1/completions") {
      if (typeof body.prompt !== "string") throw new HttpError(400, "`prompt` must be a string");
      const grammar = await grammarOf(body);
      const chunk = (text: string, finish: string | null, stop: string | null = null) => ({
        id,
        object: "text_completion",
        created,
        model: modelId,
        choices: [{ index: 0, text, finish_reason: finish, stop_reason: stop, logprobs: null }],
      });
      const out = await local.complete(body.prompt, {
        grammar,
        maxTokens: limit(body.max_tokens),
        stop: asStops(body.stop),
        seed: seedOf(body),
        signal: left.signal,
        onText: sse && ((text) => sse.send({ ...chunk(text, null), ...usageField })),
      });
      if (!sse) return send(res, 200, { ...chunk(out.text, out.finish, stopReason(out)), usage: usage(out) });
      sse.send({ ...chunk("", out.finish, stopReason(out)), ...usageField });
      if (withUsage) sse.send({ id, object: "text_completion", created, model: modelId, choices: [], usage: usage(out) });
      return sse.end(true);
    }
    if (path === "/v1/chat/completions") {
      const messages = body.messages;
      if (!Array.isArray(messages) || messages.some((m) => typeof m?.content !== "string" || !["system", "user", "assistant"].includes(m?.role))) {
        throw new HttpError(400, "`messages` must be an array of {role: system|user|assistant, content: string}");
      }
      const grammar = await grammarOf(body);
      const chat = local.chatInput(messages as ChatMessage[]);
      const chunk = (delta: Record<string, string>, finish: string | null, stop: string | null = null) => ({
        id,
        object: "chat.completion.chunk",
        created,
        model: modelId,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish, stop_reason: stop }],
        ...usageField,
      });
      // The first chunk names the role, as OpenAI's and llama-server's do.
      let roleSent = false;
      const sendRole = () => {
        if (roleSent || !sse) return;
        roleSent = true;
        sse.send(chunk({ role: "assistant", content: "" }, null));
      };
      const out = await local.complete(chat.tokens, {
        grammar,
        maxTokens: limit(body.max_tokens),
        stop: [...chat.stop, ...asStops(body.stop)],
        seed: seedOf(body),
        signal: left.signal,
        onText:
          sse &&
          ((content) => {
            sendRole();
            sse.send(chunk({ content }, null));
          }),
      });
      if (!sse) {
        return send(res, 200, {
          id,
          object: "chat.completion",
          created,
          model: modelId,
          choices: [{ index: 0, message: { role: "assistant", content: out.text }, finish_reason: out.finish, stop_reason: stopReason(out) }],
          usage: usage(out),
        });
      }
      sendRole();
      sse.send(chunk({}, out.finish, stopReason(out)));
      if (withUsage) sse.send({ id, object: "chat.completion.chunk", created, model: modelId, choices: [], usage: usage(out) });
      return sse.end(true);
    }
    throw new HttpError(404, `no route POST ${path}`, "not_found_error");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : err instanceof DecodeError && err.code === "EUSAGE" ? 400 : 500;
      const type = err instanceof HttpError ? err.type : status === 400 ? "invalid_request_error" : "server_error";
      const error = { code: status, message: oneLine(err), type };
      if (!res.headersSent) send(res, status, { error });
      else if (res.getHeader("content-type") === SSE_TYPE) {
        // Mid-stream, the error is an event of its own, as llama-server and OpenAI send it.
        if (!res.destroyed && !res.writableEnded) res.end(`data: ${JSON.stringify({ error })}\n\n`);
      } else res.end();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(new DecodeError(`cannot listen on ${opts.host ?? "127.0.0.1"}:${opts.port ?? 8080}: ${err.code ?? err.message}`, "EUSAGE")),
    );
    server.listen(opts.port ?? 8080, opts.host ?? "127.0.0.1", () => resolveListen());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await local.close();
    },
  };
}
