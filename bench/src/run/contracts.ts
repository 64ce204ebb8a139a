// The slices of @shellgen/decode and @shellgen/fewshot the bench calls (docs/CONTRACTS.md).
// They are loaded at run time, only when a model mode runs: the oracle path (and the
// bench's build) must not depend on a model, llama.cpp or a finished decoder.

export interface Example {
  request: string;
  command: string;
}

export interface Backend {
  readonly model: string;
  close(): Promise<void>;
}

export interface GenerateResult {
  command: string;
  path: string;
  parses: boolean;
  grammarCommands: string[];
  tokens: { prompt: number; completion: number };
  latencyMs: number;
  error?: string;
}

export interface DecodeApi {
  createBackend(model?: string): Promise<Backend>;
  generate(opts: {
    backend: Backend;
    request: string;
    mode: "native" | "constrained" | "constrained-retry";
    ground?: boolean;
    workspaceFiles?: string[];
    examples?: Example[];
    maxTokens?: number;
  }): Promise<GenerateResult>;
  defaultModelPath?: () => string;
}

export interface Pool {
  retrieve(request: string, opts: { k?: number; tokenBudget?: number }): { examples: Example[]; promptTokens: number };
}

export interface FewshotApi {
  openPool(opts?: { dir?: string; index?: string }): Promise<Pool>;
  staticExamples(n: number): Example[];
  /** The prompt text of one example, as the pool counts it against a token budget. */
  exampleBlock(e: Example): string;
  estimateTokens(text: string): number;
}

// A variable specifier keeps TypeScript from resolving (and so depending on) the packages at build time.
const DECODE = "@shellgen/decode";
const FEWSHOT = "@shellgen/fewshot";

export async function loadDecode(): Promise<DecodeApi> {
  try {
    return (await import(DECODE)) as DecodeApi;
  } catch (e) {
    throw new Error(`cannot load ${DECODE} (build it with \`npx tsc -b\`): ${(e as Error).message.split("\n")[0]}`);
  }
}

export async function loadFewshot(): Promise<FewshotApi> {
  try {
    return (await import(FEWSHOT)) as FewshotApi;
  } catch (e) {
    throw new Error(`cannot load ${FEWSHOT} (build it with \`npx tsc -b\`): ${(e as Error).message.split("\n")[0]}`);
  }
}
