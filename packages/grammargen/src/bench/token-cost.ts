// What a grammar costs per generated token, as a serving engine pays it: XGrammar's matcher
// computes the next-token bitmask and accepts the token, over commands tokenized by the
// model's own tokenizer. Shared by `npm run bench:xgrammar`, `bench:default` and `report:profile`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as XG from "@mlc-ai/web-xgrammar";
import { loadXGrammar } from "../emit/xgrammar.js";

/** CPU milliseconds this process has used (user + system). */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The `--model FILE` arguments (repeatable), or the default model when none is given. */
export function modelArgs(argv: string[], root: string): string[] {
  const models = argv.flatMap((a, i) => (a === "--model" && argv[i + 1] ? [argv[i + 1]!] : []));
  return models.length ? models : [join(root, "model", "shellgen-mini.gguf")];
}

/** The first `n` valid lines of the coverage set: the commands the per-token cost is taken over. */
export function coverageCommands(root: string, n: number): string[] {
  return readFileSync(join(root, "corpora", "coverage", "valid.txt"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .slice(0, n);
}

/** The model's own tokens for each text (node-llama-cpp, vocabulary only). */
export async function tokenizeAll(model: string, texts: string[]): Promise<number[][]> {
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  const m = await llama.loadModel({ modelPath: model, vocabOnly: true });
  try {
    return texts.map((c) => [...m.tokenize(c, false)].map(Number));
  } finally {
    await m.dispose();
  }
}

export interface TokenCost {
  /** tokens timed (a sequence stops at its first refused token) */
  tokens: number;
  /** mean wall and CPU milliseconds of bitmask + accept per token */
  ms: number;
  cpuMs: number;
  /** sequences whose every token the grammar accepted */
  acceptedCommands: number;
}

/** Mean bitmask + accept time per token of a compiled grammar's matcher over `tokens`. */
/**
 * Lets the event loop turn. XGrammar's promises settle as microtasks, so a loop of them never
 * yields: a signal's handler (one some dependency installs replaces the default exit) would
 * wait for the whole measurement, and SIGTERM would seem ignored.
 */
export const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

export async function perToken(compiled: XG.CompiledGrammar, tokens: number[][]): Promise<TokenCost> {
  const xg = loadXGrammar();
  const m = await xg.GrammarMatcher.createGrammarMatcher(compiled);
  let n = 0;
  let ms = 0;
  let cpu = 0;
  let accepted = 0;
  try {
    for (const seq of tokens) {
      await turn();
      m.reset();
      let ok = true;
      for (const t of seq) {
        const t0 = performance.now();
        const c0 = cpuMs();
        await m.getNextTokenBitmask();
        ok = m.acceptToken(t);
        ms += performance.now() - t0;
        cpu += cpuMs() - c0;
        n++;
        if (!ok) break;
      }
      if (ok) accepted++;
    }
  } finally {
    m.dispose();
  }
  return { tokens: n, ms: ms / n, cpuMs: cpu / n, acceptedCommands: accepted };
}
