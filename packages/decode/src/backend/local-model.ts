// One GGUF model loaded in-process through node-llama-cpp, shared by the embedded backend
// and `shellgen serve`. Every completion goes through one context sequence, one at a time.
import { closeSync, existsSync, mkdirSync, openSync, readSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cacheKey, shellgenHome } from "@shellgen/base";
import { loadavg } from "node:os";
import {
  getLlamaGpuTypes,
  LlamaCompletion,
  LlamaGrammarEvaluationState,
  LlamaLogLevel,
  SpecialTokensText,
  readGgufFileInfo,
  resolveModelFile,
  type LlamaText,
  type ChatWrapper,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
  type Token,
} from "#node-llama-cpp";
import { DecodeError, oneLine } from "../errors.js";
import { startLlama } from "./llama-start.js";
import { allowedRun, grammarSamplerFromEnv, startGrammarAfter, tokenChecker, useGrammarSampler } from "./ranked-grammar-sampling.js";
import type { TraceStep, TraceToken } from "../trace-types.js";
import type { ChatMessage } from "../prompt.js";
import { chatHistory, describeModel, endOfTurn, resolveChat, type ModelInfo } from "./chat-template.js";

export interface LocalModelOptions {
  /** Threads for the context; default: see defaultThreads. */
  threads?: number;
  contextSize?: number;
  /** "completion" for base models, "chat" for instruct models; "auto" reads the GGUF's chat template. */
  promptStyle?: "auto" | "completion" | "chat";
}

export interface TextCompletion {
  text: string;
  promptTokens: number;
  completionTokens: number;
  finish: "stop" | "length";
  /** Why it stopped, in llama-server's terms. */
  stopType: "eos" | "word" | "limit";
  stoppingWord?: string;
  /** Tokens of a free decode that a grammar-constrained one kept instead of decoding them again. */
  reusedTokens?: number;
}

// The native runtime logs through one hook; keep its last lines so a load failure can be
// reported as one line instead of a wall of ggml output.
const recentLog: string[] = [];
let llamaPromise: Promise<Llama> | undefined;

export function sharedLlama(): Promise<Llama> {
  llamaPromise ??= (async () => {
    const supported = await getLlamaGpuTypes("supported");
    const gpu = supported.some((g) => g !== false) ? "auto" : false;
    return startLlama({
      gpu,
      logLevel: LlamaLogLevel.warn,
      logger: (_level, message) => {
        recentLog.push(message.trim());
        if (recentLog.length > 20) recentLog.shift();
      },
    });
  })();
  return llamaPromise;
}

/** A file under $SHELLGEN_HOME/cache whose presence says this exact model file has loaded. */
function verifiedStamp(file: string): string | undefined {
  try {
    const st = statSync(file);
    return join(shellgenHome(), "cache", `gguf-${cacheKey(realpathSync(file), String(st.size), String(st.mtimeMs), String(st.ino))}.loaded`);
  } catch {
    return undefined;
  }
}

function stamp(path: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "");
  } catch {
    // A read-only home only costs the next start a second header read.
  }
}

/** Why a well-formed GGUF still cannot decode, in words; llama.cpp itself only says "failed to load model". */
function unusableModel(header: { metadata?: { tokenizer?: { ggml?: { model?: unknown; tokens?: unknown } } }; tensorInfo?: unknown[] }): string | undefined {
  const tokenizer = header.metadata?.tokenizer?.ggml;
  if (!tokenizer?.model || !Array.isArray(tokenizer.tokens)) return "the file has no tokenizer (tokenizer.ggml.model and tokenizer.ggml.tokens are missing)";
  if (!header.tensorInfo?.length) return "the file is vocabulary-only: it has a tokenizer but no weights";
  return undefined;
}

/** Resolve a path or hf: URI to a local file; fails with one line. */
export async function resolveModelSource(source: string): Promise<string> {
  if (source.startsWith("hf:") || source.startsWith("huggingface:")) {
    // Without a network the resolver waits on connections for minutes; abort when nothing
    // has arrived for a while (a cached file resolves at once, a download reports progress).
    const controller = new AbortController();
    const stallMs = Number(process.env.SHELLGEN_HF_STALL_MS ?? 20_000);
    let timer = setTimeout(() => controller.abort(), stallMs);
    // The resolver does not always honour the signal (DNS without a network), so race it too.
    const stalled = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(new Error("stalled"))));
    try {
      return await Promise.race([
        resolveModelFile(source, {
          download: "auto",
          cli: false,
          verify: false,
          signal: controller.signal,
          onProgress: () => {
            clearTimeout(timer);
            timer = setTimeout(() => controller.abort(), stallMs);
          },
        }),
        stalled,
      ]);
    } catch (err) {
      const why = controller.signal.aborted ? `no answer from Hugging Face for ${Math.round(stallMs / 1000)} s (no network?)` : oneLine(err);
      throw new DecodeError(`cannot fetch model ${source}: ${why}`, "EMODEL");
    } finally {
      clearTimeout(timer);
    }
  }
  if (!existsSync(source)) throw new DecodeError(`model file not found: ${source}`, "EMODEL");
  if (!statSync(source).isFile()) throw new DecodeError(`model path is not a file: ${source}`, "EMODEL");
  const fd = openSync(source, "r");
  const magic = Buffer.alloc(4);
  const n = readSync(fd, magic, 0, 4, 0);
  closeSync(fd);
  if (n < 4 || magic.toString("latin1") !== "GGUF") throw new DecodeError(`not a GGUF model file: ${source}`, "EMODEL");
  return source;
}

/**
 * Threads for decoding. The runtime's default oversubscribes small VMs, and ggml's worker
 * threads spin on barriers, so a busy core costs far more than it adds: on a loaded 2-core
 * VM one thread decodes the default model at ~2-4 ms/token and two at 150-550 ms/token.
 * So: SHELLGEN_THREADS if set; one thread for small models (under 256 MiB, where the
 * matrix work is too small to split); else the physical cores not already busy.
 */
export function defaultThreads(physicalCores: number, modelBytes: number): number {
  const env = Number(process.env.SHELLGEN_THREADS);
  if (Number.isInteger(env) && env > 0) return env;
  if (modelBytes < 256 * 1024 * 1024) return 1;
  return Math.max(1, Math.min(physicalCores, Math.floor(physicalCores - loadavg()[0]! + 0.5)));
}

export class LocalModel {
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  private readonly completion: LlamaCompletion;
  private chain: Promise<unknown> = Promise.resolve();
  /**
   * Whether a grammar-constrained decode starts after what the last free decode of the same
   * input sampled and the grammar allows (see reusable). Off: SHELLGEN_REUSE_FREE=0, for
   * benches that measure what it saves.
   */
  reuseFree = process.env.SHELLGEN_REUSE_FREE !== "0";
  /** The last free (grammar-less) decode: its input and the tokens the model sampled. */
  private lastFree?: { input: Token[]; sampled: Token[] };

  private constructor(
    readonly source: string,
    readonly llama: Llama,
    readonly model: LlamaModel,
    readonly context: LlamaContext,
    readonly sequence: LlamaContextSequence,
    /** Set for instruct models: how chat turns are rendered for this model. */
    readonly chatWrapper: ChatWrapper | undefined,
    /** What the model is, and how its prompts are laid out (reports show it). */
    readonly info: ModelInfo,
  ) {
    this.completion = new LlamaCompletion({ contextSequence: sequence });
    useGrammarSampler(sequence, grammarSamplerFromEnv());
  }

  static async open(source: string, opts: LocalModelOptions = {}): Promise<LocalModel> {
    const file = await resolveModelSource(source);
    // Read the header in JS first: a malformed GGUF can abort the native loader outright.
    // A file that has loaded before (same path, size and time) is not read twice.
    const verified = verifiedStamp(file);
    if (!verified || !existsSync(verified)) {
      let header: Awaited<ReturnType<typeof readGgufFileInfo>>;
      try {
        header = await readGgufFileInfo(file, { readTensorInfo: true, ignoreKeys: [] });
      } catch (err) {
        throw new DecodeError(`corrupt GGUF model file ${source}: ${oneLine(err)}`, "EMODEL");
      }
      const unusable = unusableModel(header);
      if (unusable) throw new DecodeError(`cannot load model ${source}: ${unusable}`, "EMODEL");
    }
    const llama = await sharedLlama();
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath: file });
    } catch (err) {
      const detail = recentLog.filter((l) => /error|fail|invalid/i.test(l)).pop() ?? oneLine(err);
      throw new DecodeError(`cannot load model ${source}: ${detail}`, "EMODEL");
    }
    if (verified && !existsSync(verified)) stamp(verified);
    const threads = opts.threads ?? defaultThreads(llama.cpuMathCores, statSync(file).size);
    const contextSize = Math.min(opts.contextSize ?? 4096, model.trainContextSize || 4096);
    let context: LlamaContext;
    try {
      context = await model.createContext({ threads, contextSize, sequences: 1 });
    } catch (err) {
      await model.dispose();
      throw new DecodeError(`cannot create a context for ${source}: ${oneLine(err)}`, "EMODEL");
    }
    const style = opts.promptStyle ?? "auto";
    const chat = resolveChat(model, style, source);
    return new LocalModel(source, llama, model, context, context.getSequence(), chat.wrapper, describeModel(model, chat));
  }

  get contextSize(): number {
    return this.context.contextSize;
  }

  /** Compile GBNF once per distinct text; throws DecodeError EGRAMMAR with the parser's reason. */
  async grammar(gbnf: string): Promise<LlamaGrammar> {
    let cached = this.grammars.get(gbnf);
    if (!cached) {
      cached = this.llama.createGrammar({ grammar: gbnf }).catch((err: unknown) => {
        this.grammars.delete(gbnf);
        const detail = recentLog.filter((l) => /grammar|parse|error/i.test(l)).pop();
        throw new DecodeError(`grammar failed to compile: ${detail ?? oneLine(err)}`, "EGRAMMAR");
      });
      this.grammars.set(gbnf, cached);
      if (this.grammars.size > 64) this.grammars.delete(this.grammars.keys().next().value!);
    }
    return cached;
  }

  /**
   * A completion prompt's tokens as the model was trained on them and as llama-server reads
   * them: the tokenizer's own leading space kept (LlamaCompletion trims it from a string,
   * which splits the first "Request:" into four tokens), special-token text left literal.
   */
  promptTokens(text: string): Token[] {
    return this.model.tokenize(text, false);
  }

  countTokens(text: string): number {
    return this.promptTokens(text).length + (this.model.tokens.bos != null ? 1 : 0);
  }

  /**
   * Render chat turns with the model's own chat template, ending in an open assistant turn
   * that starts with `prefix` when one is given (the model continues the command).
   */
  chatInput(messages: ChatMessage[], prefix?: string): { tokens: Token[]; stop: LlamaText[] } {
    const wrapper = this.chatWrapper ?? resolveChat(this.model, "chat", this.source).wrapper!;
    let state: ReturnType<ChatWrapper["generateContextState"]>;
    try {
      state = wrapper.generateContextState({ chatHistory: chatHistory(messages, prefix) });
    } catch (err) {
      throw new DecodeError(`chat template of ${this.source} failed to render: ${oneLine(err)}`, "EMODEL");
    }
    const tokens = state.contextText.tokenize(this.model.tokenizer);
    // LlamaCompletion prepends BOS itself.
    if (tokens.length > 0 && tokens[0] === this.model.tokens.bos) tokens.shift();
    return { tokens, stop: endOfTurn(state.stopGenerationTriggers) };
  }

  /**
   * The start of the last free decode of `input` that `grammar` allows token by token. Greedy
   * decoding under a grammar takes the model's best token whenever the grammar allows it, so
   * a constrained decode of the same input begins with exactly these tokens, and it can start
   * after them instead of sampling them again (their cache entries are still there).
   * Not when a stop sequence could begin in the kept tokens and end in new ones: the decode
   * after them would not see it.
   */
  private reusable(input: Token[], grammar: LlamaGrammar, maxTokens: number, stop: readonly (string | LlamaText)[]): Token[] {
    const free = this.lastFree;
    if (!this.reuseFree || !free || free.input.length !== input.length || free.input.some((t, i) => t !== input[i])) return [];
    const state = new LlamaGrammarEvaluationState({ model: this.model, grammar });
    let n = Math.min(allowedRun(this.sequence, state, free.sampled), maxTokens - 1);
    // A kept run ends on a whole character, as a completion's text does.
    while (n > 0 && this.model.detokenize(free.sampled.slice(0, n)).endsWith("\uFFFD")) n--;
    if (n <= 0) return [];
    const kept = free.sampled.slice(0, n);
    const text = this.model.detokenize(kept, true);
    for (const s of stop.map(stopText)) {
      if (s === "") continue;
      if (text.includes(s)) return [];
      for (let i = 1; i < s.length; i++) if (text.endsWith(s.slice(0, i))) return [];
    }
    return kept;
  }

  /** What the model sampled after `input` in the decode that just ended: the sequence holds every sampled token it evaluated. */
  private sampledAfter(input: Token[]): Token[] {
    const held = this.sequence.contextTokens;
    const bos = this.model.tokens.bos;
    const start = held[0] === bos && bos != null && input[0] !== bos ? 1 : 0;
    for (let i = 0; i < input.length; i++) if (held[start + i] !== input[i]) return [];
    return held.slice(start + input.length);
  }

  /** One greedy completion; calls are serialised because they share one sequence. */
  complete(
    input: string | Token[],
    opts: {
      grammar?: LlamaGrammar;
      maxTokens: number;
      stop: readonly (string | LlamaText)[];
      seed: number;
      onFirstToken?: () => void;
      /** Each piece of text as it is decided; the pieces add up to the result's text. */
      onText?: (piece: string) => void;
      /** Ends the completion early, as the token limit does (a streaming client that left). */
      signal?: AbortSignal;
    },
  ): Promise<TextCompletion> {
    const run = async (): Promise<TextCompletion> => {
      let completionTokens = 0;
      const tokens = typeof input === "string" ? this.promptTokens(input) : input;
      const promptTokens = tokens.length + (this.model.tokens.bos != null ? 1 : 0);
      if (promptTokens + opts.maxTokens > this.contextSize) {
        throw new DecodeError(
          `prompt of ${promptTokens} tokens does not fit the ${this.contextSize}-token context with ${opts.maxTokens} to generate`,
          "EUSAGE",
        );
      }
      // Sampling under a large grammar can take seconds per token; a wall-clock deadline
      // keeps one pathological request from stalling a whole bench run. It ends the
      // completion like the token limit does, and callers treat it the same way.
      const timeout = AbortSignal.timeout(decodeDeadlineMs());
      const deadline = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
      const kept = opts.grammar ? this.reusable(tokens, opts.grammar, opts.maxTokens, opts.stop) : [];
      if (kept.length > 0) {
        opts.onFirstToken?.();
        startGrammarAfter(this.sequence, kept);
      }
      const generated: Token[] = [];
      // Streamed text is the detokenized whole so far, less what was already sent: the
      // pieces then add up to the final text exactly, kept tokens included. A character
      // still split across tokens waits for its last byte.
      let shown = "";
      const show = (whole: string) => {
        if (!opts.onText || whole.length <= shown.length || !whole.startsWith(shown)) return;
        opts.onText(whole.slice(shown.length));
        shown = whole;
      };
      if (kept.length > 0) show(this.model.detokenize(kept).replace(/\uFFFD+$/, ""));
      let res: Awaited<ReturnType<LlamaCompletion["generateCompletionWithMeta"]>>;
      try {
        res = await this.completion.generateCompletionWithMeta(kept.length ? [...tokens, ...kept] : tokens, {
          signal: deadline,
          stopOnAbortSignal: true,
          grammar: opts.grammar,
          maxTokens: opts.maxTokens - kept.length,
          temperature: 0,
          seed: opts.seed,
          customStopTriggers: opts.stop,
          disableContextShift: true,
          onToken: (tokens) => {
            if (completionTokens === 0 && tokens.length > 0 && kept.length === 0) opts.onFirstToken?.();
            completionTokens += tokens.length;
            generated.push(...tokens);
            if (opts.onText) show(this.model.detokenize([...kept, ...generated]).replace(/\uFFFD+$/, ""));
          },
        });
      } finally {
        startGrammarAfter(this.sequence, []);
      }
      if (!opts.grammar) this.lastFree = { input: tokens, sampled: this.sampledAfter(tokens) };
      const meta = res.metadata;
      const stopType = meta.stopReason === "maxTokens" || meta.stopReason === "abort" ? "limit" : meta.stopReason === "customStopTrigger" ? "word" : "eos";
      const stoppingWord = meta.stopReason === "customStopTrigger" ? meta.customStopTrigger.filter((t) => typeof t === "string").join("") : undefined;
      // The text a decode of every token would have given (a completion's text is its tokens', detokenized together).
      const text = kept.length ? this.model.detokenize([...kept, ...generated]) : res.response;
      show(text);
      return {
        text,
        promptTokens,
        completionTokens: completionTokens + kept.length,
        finish: stopType === "limit" ? "length" : "stop",
        stopType,
        stoppingWord,
        ...(kept.length ? { reusedTokens: kept.length } : {}),
      };
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /**
   * A greedy decode step by step, with the model's whole next-token distribution at each
   * step: its top `topK` natively, the top `topK` of the tokens the grammar allows (the ranked
   * sampler's own check, so the same verdicts), how many it allows, and the token taken: the
   * best allowed one, as greedy sampling under the grammar takes it. Serialised with complete().
   */
  trace(
    input: string | Token[],
    opts: { grammar?: LlamaGrammar; maxTokens: number; stop: readonly (string | LlamaText)[]; topK: number },
  ): Promise<TextCompletion & { steps: TraceStep[] }> {
    const run = async () => {
      const tokens = typeof input === "string" ? this.promptTokens(input) : input;
      const bos = this.model.tokens.bos;
      const prompt = bos != null && this.model.tokens.shouldPrependBosToken ? [bos, ...tokens] : tokens;
      // The trace evaluates on the shared sequence: what the last free decode left is gone.
      this.lastFree = undefined;
      await this.sequence.clearHistory();
      const state = opts.grammar ? new LlamaGrammarEvaluationState({ model: this.model, grammar: opts.grammar }) : undefined;
      const checker = state ? tokenChecker(this.sequence, state) : undefined;
      if (state && !checker) throw new DecodeError("this node-llama-cpp build lacks the grammar checks a trace needs", "EMODEL");
      const vocabulary = this.model.fileInfo.metadata?.tokenizer?.ggml?.tokens?.length ?? 0;
      // A token's text as it reads after what precedes it: alone, a tokenizer drops its leading space.
      const generated: Token[] = [];
      const piece = (t: Token) => {
        const before = [...prompt.slice(-1), ...generated];
        return this.model.detokenize([...before, t], true).slice(this.model.detokenize(before, true).length);
      };
      const entry = (t: Token, p: number): TraceToken => ({ token: t, text: piece(t), logprob: Math.log(p) });
      const stops = opts.stop.map(stopText).filter((x) => x !== "");
      const steps: TraceStep[] = [];
      let stopType: TextCompletion["stopType"] = "limit";
      let stoppingWord: string | undefined;
      // Temperature 1 and no truncation: the probabilities are the softmax of the logits.
      const gen = this.sequence.evaluateWithMetadata(prompt, { probabilities: true }, { temperature: 1, topK: 0, topP: 1, minP: 0 });
      try {
        let res = await gen.next();
        while (!res.done && steps.length < opts.maxTokens) {
          const ranked = [...res.value.probabilities];
          const native = ranked.slice(0, opts.topK).map(([t, p]) => entry(t, p));
          let chosen: Token | undefined = ranked[0]?.[0];
          const step: TraceStep = { native, chosen: native[0]! };
          if (checker) {
            const allowed = new Set<Token>();
            for (let t = 0; t < vocabulary; t++) if (checker.allows(t as Token)) allowed.add(t as Token);
            const legal = ranked.filter(([t]) => allowed.has(t));
            const mass = legal.reduce((a, [, p]) => a + p, 0);
            step.legal = allowed.size;
            step.masked = legal.slice(0, opts.topK).map(([t, p]) => entry(t, mass > 0 ? p / mass : 0));
            chosen = legal[0]?.[0];
            if (chosen === undefined) {
              steps.push({ ...step, chosen: { token: -1, text: "", logprob: Number.NEGATIVE_INFINITY } });
              break;
            }
            step.chosen = entry(chosen, legal[0]![1]);
          }
          steps.push(step);
          if (chosen === undefined || this.model.isEogToken(chosen)) {
            stopType = "eos";
            break;
          }
          checker?.accept(chosen);
          generated.push(chosen);
          const text = this.model.detokenize(generated);
          const hit = stops.find((w) => text.includes(w));
          if (hit) {
            stopType = "word";
            stoppingWord = hit;
            break;
          }
          res = await gen.next(chosen);
        }
      } finally {
        await gen.return();
      }
      let text = this.model.detokenize(generated);
      if (stoppingWord) text = text.slice(0, text.indexOf(stoppingWord));
      return {
        text,
        promptTokens: prompt.length,
        completionTokens: generated.length,
        finish: stopType === "limit" ? ("length" as const) : ("stop" as const),
        stopType,
        ...(stoppingWord ? { stoppingWord } : {}),
        steps,
      };
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.chain.catch(() => undefined);
    this.completion.dispose({ disposeSequence: true });
    await this.context.dispose();
    await this.model.dispose();
  }
}

/** A stop sequence as text; a special token that is no text stands as a character no text has. */
function stopText(t: string | LlamaText): string {
  if (typeof t === "string") return t;
  return t.values.map((v) => (typeof v === "string" ? v : v instanceof SpecialTokensText ? v.value : "\u0000")).join("");
}

/** Per-completion wall-clock limit: SHELLGEN_DECODE_DEADLINE_MS, default 20 s. */
function decodeDeadlineMs(): number {
  const v = Number(process.env.SHELLGEN_DECODE_DEADLINE_MS);
  return Number.isFinite(v) && v > 0 ? v : 20_000;
}
