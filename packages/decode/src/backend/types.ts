// The one interface every backend implements: embedded node-llama-cpp or an HTTP engine.
import type { PromptInput } from "../prompt.js";
import type { ModelInfo } from "./chat-template.js";
import type { TraceStep } from "../trace-types.js";

/** The same grammar in both dialects; each engine takes the one it understands. */
export interface GrammarText {
  gbnf: string;
  lark: string;
}

export interface CompleteOptions {
  prompt: PromptInput;
  grammar?: GrammarText;
  maxTokens: number;
  seed: number;
  /** Called once, when the first completion token arrives (for time-to-first-token). */
  onFirstToken?: () => void;
}

export interface Completion {
  /** Raw generated text, stop sequence excluded. */
  text: string;
  tokens: { prompt: number; completion: number };
  /** "length": the token limit ended it, so a grammar may be unfinished. */
  finish: "stop" | "length";
  /**
   * What ended a "stop": end of generation, or the stop sequence that matched. Undefined
   * when the engine does not say (OpenAI-style finish_reason "stop").
   */
  stoppedBy?: "eos" | string;
}

export interface Backend {
  readonly kind: "embedded" | "http";
  /** What the user passed: a path, hf: URI or URL. */
  readonly model: string;
  /** False for engines that cannot constrain decoding (plain OpenAI). */
  readonly supportsGrammar: boolean;
  /** Size, vocabulary and prompt layout, where the backend can tell (embedded models). */
  readonly info?: ModelInfo;
  complete(opts: CompleteOptions): Promise<Completion>;
  /** Compile (or validate) a grammar ahead of decoding; throws DecodeError EGRAMMAR. Returns ms spent. */
  prepareGrammar(grammar: GrammarText): Promise<number>;
  /**
   * The same greedy completion as complete(), step by step: the top `topK` tokens natively,
   * under the grammar's mask where the engine can tell, and the token taken. Absent where the
   * backend exposes no token probabilities; throws DecodeError ENOLOGITS where the engine lacks them.
   */
  trace?(opts: CompleteOptions, topK: number): Promise<{ completion: Completion; steps: TraceStep[] }>;
  close(): Promise<void>;
}
