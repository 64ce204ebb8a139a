// The embedded backend: a local GGUF (or hf: URI) decoded in-process.
import type { Backend, Completion, CompleteOptions, GrammarText } from "./types.js";
import type { TraceStep } from "../trace-types.js";
import { LocalModel, type LocalModelOptions } from "./local-model.js";
import type { ModelInfo } from "./chat-template.js";
import { chatMessages, completionPrompt, STOP_SEQUENCES, type PromptInput } from "../prompt.js";

export class EmbeddedBackend implements Backend {
  readonly kind = "embedded" as const;
  readonly supportsGrammar = true;

  readonly model: string;
  readonly info: ModelInfo;

  /** Wraps an open model; close() closes it. */
  constructor(readonly local: LocalModel) {
    this.model = local.source;
    this.info = local.info;
  }

  static async open(model: string, opts?: LocalModelOptions): Promise<EmbeddedBackend> {
    return new EmbeddedBackend(await LocalModel.open(model, opts));
  }

  async prepareGrammar(grammar: GrammarText): Promise<number> {
    const t0 = performance.now();
    await this.local.grammar(grammar.gbnf);
    return performance.now() - t0;
  }

  /**
   * Small models have small contexts: drop the least relevant examples (callers pass them
   * best first) until the prompt and the token budget fit, then shrink the budget.
   */
  private fit(opts: CompleteOptions): { prompt: PromptInput; maxTokens: number } {
    const size = this.local.contextSize;
    const examples = [...(opts.prompt.examples ?? [])];
    const cost = (p: PromptInput) =>
      this.local.chatWrapper ? this.local.chatInput(chatMessages(p), p.prefix).tokens.length + 1 : this.local.countTokens(completionPrompt(p));
    let prompt = { ...opts.prompt, examples };
    while (examples.length > 0 && cost(prompt) + opts.maxTokens > size) {
      examples.pop();
      prompt = { ...opts.prompt, examples };
    }
    const room = size - cost(prompt);
    return { prompt, maxTokens: Math.max(1, Math.min(opts.maxTokens, room)) };
  }

  // Under a grammar there are no text stop sequences: "\n\n" may sit inside a quoted
  // string, and the grammar itself ends the decode (after its optional terminator only
  // end-of-generation is allowed).
  async complete(opts: CompleteOptions): Promise<Completion> {
    const grammar = opts.grammar ? await this.local.grammar(opts.grammar.gbnf) : undefined;
    const fitted = this.fit(opts);
    opts = { ...opts, prompt: fitted.prompt };
    const common = { grammar, maxTokens: fitted.maxTokens, seed: opts.seed, onFirstToken: opts.onFirstToken };
    const chat = this.local.chatWrapper ? this.local.chatInput(chatMessages(opts.prompt), opts.prompt.prefix) : undefined;
    const out = chat
      ? await this.local.complete(chat.tokens, { ...common, stop: grammar ? chat.stop : [...chat.stop, ...STOP_SEQUENCES] })
      : await this.local.complete(completionPrompt(opts.prompt), { ...common, stop: grammar ? [] : STOP_SEQUENCES });
    // The template's end of turn is the chat model's end of generation.
    const endOfTurn = chat && out.stopType === "word" && !(STOP_SEQUENCES as readonly string[]).includes(out.stoppingWord ?? "");
    return {
      text: out.text,
      tokens: { prompt: out.promptTokens, completion: out.completionTokens },
      finish: out.finish,
      stoppedBy: out.stopType === "eos" || endOfTurn ? "eos" : out.stopType === "word" ? out.stoppingWord : undefined,
    };
  }

  /** complete()'s decode with every step's distribution (LocalModel.trace). */
  async trace(opts: CompleteOptions, topK: number): Promise<{ completion: Completion; steps: TraceStep[] }> {
    const grammar = opts.grammar ? await this.local.grammar(opts.grammar.gbnf) : undefined;
    const fitted = this.fit(opts);
    const common = { grammar, maxTokens: fitted.maxTokens, topK };
    const chat = this.local.chatWrapper ? this.local.chatInput(chatMessages(fitted.prompt), fitted.prompt.prefix) : undefined;
    const out = chat
      ? await this.local.trace(chat.tokens, { ...common, stop: grammar ? chat.stop : [...chat.stop, ...STOP_SEQUENCES] })
      : await this.local.trace(completionPrompt(fitted.prompt), { ...common, stop: grammar ? [] : STOP_SEQUENCES });
    const endOfTurn = chat && out.stopType === "word" && !(STOP_SEQUENCES as readonly string[]).includes(out.stoppingWord ?? "");
    return {
      completion: {
        text: out.text,
        tokens: { prompt: out.promptTokens, completion: out.completionTokens },
        finish: out.finish,
        stoppedBy: out.stopType === "eos" || endOfTurn ? "eos" : out.stopType === "word" ? out.stoppingWord : undefined,
      },
      steps: out.steps,
    };
  }

  close(): Promise<void> {
    return this.local.close();
  }
}
