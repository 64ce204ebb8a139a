// The HTTP backend: llama-server's native /completion, or OpenAI-compatible
// /v1/completions and /v1/chat/completions, with the grammar passed the way each engine
// expects it. This is the path to larger models and clusters.
import type { Backend, Completion, CompleteOptions, GrammarText } from "./types.js";
import type { TraceStep, TraceToken } from "../trace-types.js";
import { DecodeError, oneLine } from "../errors.js";
import { chatMessages, completionPrompt, STOP_SEQUENCES } from "../prompt.js";

export type Engine = "llama-server" | "vllm" | "sglang" | "openai";
export const ENGINES: readonly Engine[] = ["llama-server", "vllm", "sglang", "openai"];
export type Api = "native" | "completions" | "chat";

export interface HttpOptions {
  engine?: Engine;
  /** Which endpoint; default: from the URL path, else native for llama-server and completions for the rest. */
  api?: Api;
  /** The `model` field for OpenAI-compatible endpoints; default: the first id from /v1/models. */
  modelName?: string;
  timeoutMs?: number;
  retries?: number;
  apiKey?: string;
}

const ENDPOINT: Record<Api, string> = { native: "/completion", completions: "/v1/completions", chat: "/v1/chat/completions" };

function splitUrl(url: string): { base: string; api?: Api } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DecodeError(`not a valid URL: ${url}`, "EUSAGE");
  }
  const path = parsed.pathname.replace(/\/+$/, "");
  for (const [api, suffix] of Object.entries(ENDPOINT) as [Api, string][]) {
    if (path.endsWith(suffix)) return { base: parsed.origin + path.slice(0, -suffix.length), api };
  }
  // A bare .../v1 means "the OpenAI-compatible API under here".
  if (path.endsWith("/v1")) return { base: parsed.origin + path.slice(0, -3), api: "completions" };
  return { base: parsed.origin + path };
}

/** Grammar fields per engine: llama-server and SGLang take GBNF, vLLM takes Lark. */
function grammarFields(engine: Engine, grammar: GrammarText): Record<string, unknown> {
  switch (engine) {
    case "llama-server":
      return { grammar: grammar.gbnf };
    case "vllm":
      return { structured_outputs: { grammar: grammar.lark } };
    case "sglang":
      return { ebnf: grammar.gbnf };
    case "openai":
      return {};
    default: {
      const never: never = engine;
      throw new Error(`unknown engine ${String(never)}`);
    }
  }
}

/**
 * llama-server's OpenAI-compatible answers carry only `finish_reason`, which says "stop" for
 * both end of generation and a stop sequence; `verbose` adds its native result, stop type
 * included, under `__verbose`. Other engines name the stop themselves (see openAiStop).
 */
function stopReasonFields(engine: Engine, api: Api): Record<string, unknown> {
  return engine === "llama-server" && api !== "native" ? { verbose: true } : {};
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND") return "host not found";
  // A server that dies mid-request drops the connection before answering.
  if (cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET") return "the server closed the connection without answering";
  return cause?.code ?? cause?.message ?? oneLine(err);
}

export class HttpBackend implements Backend {
  readonly kind = "http" as const;
  readonly supportsGrammar: boolean;
  private readonly base: string;
  private readonly api: Api;
  private modelName: string | undefined;

  private constructor(
    readonly model: string,
    readonly engine: Engine,
    private readonly opts: HttpOptions,
  ) {
    const { base, api } = splitUrl(model);
    this.base = base;
    this.api = opts.api ?? api ?? (engine === "llama-server" ? "native" : "completions");
    this.supportsGrammar = engine !== "openai";
    this.modelName = opts.modelName;
  }

  /** Connects once so an unreachable endpoint fails here, with one line, not mid-generation. */
  static async open(url: string, opts: HttpOptions = {}): Promise<HttpBackend> {
    const backend = new HttpBackend(url, opts.engine ?? "llama-server", opts);
    await backend.probe();
    return backend;
  }

  private async probe(): Promise<void> {
    const path = this.api === "native" ? "/health" : "/v1/models";
    const res = await this.request("GET", path);
    if (this.api !== "native" && !this.modelName && res.ok) {
      const body = (await res.json().catch(() => undefined)) as { data?: { id?: string }[] } | undefined;
      this.modelName = body?.data?.[0]?.id;
    }
  }

  /** fetch with a deadline, retrying connection errors and 5xx answers with backoff. */
  private async request(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
    const url = this.base + path;
    const retries = this.opts.retries ?? 2;
    const timeoutMs = this.opts.timeoutMs ?? 120_000;
    let lastError = "";
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(200 * 2 ** (attempt - 1));
      try {
        const res = await fetch(url, {
          method,
          headers: {
            "content-type": "application/json",
            ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status >= 500) {
          lastError = `server error ${res.status} from ${url}: ${await errorText(res)}`;
          continue;
        }
        return res;
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === "TimeoutError" || name === "AbortError") {
          throw new DecodeError(`no answer from ${url} within ${Math.round(timeoutMs / 1000)} s`, "ETIMEOUT");
        }
        lastError = `cannot reach ${url}: ${causeOf(err)}`;
      }
    }
    throw new DecodeError(lastError, "EENDPOINT");
  }

  async prepareGrammar(_grammar: GrammarText): Promise<number> {
    if (!this.supportsGrammar) {
      throw new DecodeError(`engine ${this.engine} cannot take a grammar; use --mode native, or --engine llama-server|vllm|sglang`, "ENOGRAMMAR");
    }
    return 0; // the server compiles it with the request
  }

  async complete(opts: CompleteOptions): Promise<Completion> {
    if (opts.grammar) await this.prepareGrammar(opts.grammar);
    const extra = { ...(opts.grammar ? grammarFields(this.engine, opts.grammar) : {}), ...stopReasonFields(this.engine, this.api) };
    // With a grammar the grammar ends the decode; "\n\n" could sit inside a quoted string.
    const stop = opts.grammar ? undefined : [...STOP_SEQUENCES];
    let body: Record<string, unknown>;
    if (this.api === "native") {
      body = { prompt: completionPrompt(opts.prompt), n_predict: opts.maxTokens, temperature: 0, seed: opts.seed, stop, cache_prompt: true, ...extra };
    } else if (this.api === "completions") {
      body = {
        model: this.modelName ?? "default",
        prompt: completionPrompt(opts.prompt),
        max_tokens: opts.maxTokens,
        temperature: 0,
        seed: opts.seed,
        stop,
        ...extra,
      };
    } else {
      body = {
        model: this.modelName ?? "default",
        messages: chatMessages(opts.prompt),
        max_tokens: opts.maxTokens,
        temperature: 0,
        seed: opts.seed,
        stop,
        ...extra,
      };
    }
    const url = this.base + ENDPOINT[this.api];
    const res = await this.request("POST", ENDPOINT[this.api], body);
    if (!res.ok) {
      const text = await errorText(res);
      if (opts.grammar && /grammar|ebnf|structured|guided|extra (fields|inputs)|unrecognized|unknown (field|param)/i.test(text)) {
        if (/fail(ed)? to parse|parse error|invalid grammar|syntax/i.test(text)) {
          throw new DecodeError(`grammar failed to compile on ${url}: ${text}`, "EGRAMMAR");
        }
        throw new DecodeError(`engine at ${url} rejected the grammar (engine ${this.engine}): ${text}`, "ENOGRAMMAR");
      }
      throw new DecodeError(`request to ${url} failed with ${res.status}: ${text}`, "EENDPOINT");
    }
    const json = (await res.json().catch(() => undefined)) as Record<string, any> | undefined;
    if (!json) throw new DecodeError(`answer from ${url} is not JSON`, "EENDPOINT");
    if (this.api === "native") {
      if (typeof json.content !== "string") throw new DecodeError(`answer from ${url} has no "content"`, "EENDPOINT");
      return {
        text: json.content,
        tokens: { prompt: Number(json.tokens_evaluated ?? 0), completion: Number(json.tokens_predicted ?? 0) },
        finish: json.stopped_limit || json.stop_type === "limit" ? "length" : "stop",
        stoppedBy: nativeStop(json),
      };
    }
    const choice = json.choices?.[0];
    const text = this.api === "chat" ? choice?.message?.content : choice?.text;
    if (typeof text !== "string") throw new DecodeError(`answer from ${url} has no completion text`, "EENDPOINT");
    return {
      text,
      tokens: { prompt: Number(json.usage?.prompt_tokens ?? 0), completion: Number(json.usage?.completion_tokens ?? 0) },
      finish: choice.finish_reason === "length" ? "length" : "stop",
      stoppedBy: json.__verbose && typeof json.__verbose === "object" ? nativeStop(json.__verbose) : openAiStop(choice),
    };
  }

  /**
   * llama-server's native API reports, per generated token, the top `n_probs` of the model's
   * distribution before sampling (the softmax of the logits): the native view. It does not
   * report which tokens the grammar allowed, so `masked` and `legal` stay absent here. It lists
   * no step for the end of generation, nor for the tokens it held back while a stop sequence
   * could still match (a free decode's last tokens before "\n\n").
   */
  async trace(opts: CompleteOptions, topK: number): Promise<{ completion: Completion; steps: TraceStep[] }> {
    if (this.engine !== "llama-server" || this.api !== "native")
      throw new DecodeError(
        `${this.model} (engine ${this.engine}, ${this.api} API) reports no token probabilities a trace can use; trace an embedded GGUF model or llama-server's native API (http://host:port)`,
        "ENOLOGITS",
      );
    if (opts.grammar) await this.prepareGrammar(opts.grammar);
    const body = {
      prompt: completionPrompt(opts.prompt),
      n_predict: opts.maxTokens,
      temperature: 0,
      seed: opts.seed,
      stop: opts.grammar ? undefined : [...STOP_SEQUENCES],
      cache_prompt: true,
      n_probs: topK,
      post_sampling_probs: false,
      ...(opts.grammar ? grammarFields(this.engine, opts.grammar) : {}),
    };
    const url = this.base + ENDPOINT.native;
    const res = await this.request("POST", ENDPOINT.native, body);
    if (!res.ok) throw new DecodeError(`request to ${url} failed with ${res.status}: ${await errorText(res)}`, "EENDPOINT");
    const json = (await res.json().catch(() => undefined)) as Record<string, any> | undefined;
    if (!json || typeof json.content !== "string") throw new DecodeError(`answer from ${url} has no "content"`, "EENDPOINT");
    const probs = json.completion_probabilities as
      | { id?: number; token?: string; logprob?: number; top_logprobs?: { id: number; token: string; logprob: number }[] }[]
      | undefined;
    if (!Array.isArray(probs) || probs.some((p) => !Array.isArray(p.top_logprobs)))
      throw new DecodeError(`${url} answered without token probabilities (top_logprobs): this llama-server is too old for n_probs traces`, "ENOLOGITS");
    const tok = (t: { id: number; token: string; logprob: number }): TraceToken => ({ token: t.id, text: t.token, logprob: t.logprob });
    const steps: TraceStep[] = probs.map((p) => ({
      native: p.top_logprobs!.map(tok),
      chosen: { token: p.id ?? -1, text: p.token ?? "", logprob: p.logprob ?? Number.NaN },
    }));
    return {
      completion: {
        text: json.content,
        tokens: { prompt: Number(json.tokens_evaluated ?? 0), completion: Number(json.tokens_predicted ?? 0) },
        finish: json.stopped_limit || json.stop_type === "limit" ? "length" : "stop",
        stoppedBy: nativeStop(json),
      },
      steps,
    };
  }

  async close(): Promise<void> {}
}

async function errorText(res: Response): Promise<string> {
  const raw = await res.text().catch(() => "");
  try {
    const json = JSON.parse(raw) as { error?: { message?: string } | string; message?: string; detail?: unknown };
    const msg = typeof json.error === "string" ? json.error : (json.error?.message ?? json.message ?? (json.detail ? JSON.stringify(json.detail) : undefined));
    if (msg) return oneLine(msg);
  } catch {
    /* not JSON */
  }
  return oneLine(raw.slice(0, 300)) || res.statusText;
}

/** Which stop ended a llama-server native result (also the `__verbose` of its /v1 answers). */
function nativeStop(result: Record<string, unknown>): string | undefined {
  if (result.stopped_eos || result.stop_type === "eos") return "eos";
  if (result.stopped_word || result.stop_type === "word") return String(result.stopping_word ?? "") || undefined;
  return undefined;
}

/** Which stop ended an OpenAI-style choice, where the engine says: vLLM `stop_reason`, SGLang `matched_stop`. */
function openAiStop(choice: Record<string, unknown>): string | undefined {
  if (choice.finish_reason !== "stop") return undefined;
  if ("stop_reason" in choice) return typeof choice.stop_reason === "string" ? choice.stop_reason : choice.stop_reason === null ? "eos" : undefined;
  if ("matched_stop" in choice)
    return typeof choice.matched_stop === "string" ? choice.matched_stop : typeof choice.matched_stop === "number" ? "eos" : undefined;
  return undefined;
}
