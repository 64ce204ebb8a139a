// A decode with the grammar's effect shown token by token: generate() runs as usual, on a
// backend whose every completion is traced (Backend.trace), so the trace covers exactly the
// decodes the mode made (the free draft, the constrained decode, the retry).
import type { Backend, Completion, CompleteOptions } from "./backend/types.js";
import { DecodeError } from "./errors.js";
import { generate, type GenerateOptions, type GenerateResult } from "./generate.js";
import type { TraceStep, TraceToken } from "./trace-types.js";

export type { TraceStep, TraceToken } from "./trace-types.js";

export const DEFAULT_TRACE_TOP_K = 5;

export interface TracedDecode {
  /** Whether this completion ran under a grammar. */
  grammar: boolean;
  /** The grammar accepted the free decode whole; this is the same prompt decoded under it, for its mask. */
  replay?: boolean;
  text: string;
  finish: Completion["finish"];
  steps: TraceStep[];
}

export interface TraceResult {
  request: string;
  mode: GenerateResult["mode"];
  model: string;
  command: string;
  path: GenerateResult["path"];
  grammarCommands: string[];
  topK: number;
  /** Every completion the mode asked of the model, in order. */
  decodes: TracedDecode[];
  error?: string;
}

/** generate() with every completion traced; a backend without token probabilities is a clear ENOLOGITS error. */
export async function traceGenerate(opts: GenerateOptions & { topK?: number }): Promise<TraceResult> {
  const inner = opts.backend;
  const topK = opts.topK ?? DEFAULT_TRACE_TOP_K;
  if (!inner.trace) throw new DecodeError(`${inner.model}: this backend reports no token probabilities, so its decodes cannot be traced`, "ENOLOGITS");
  const decodes: TracedDecode[] = [];
  const backend: Backend = {
    kind: inner.kind,
    model: inner.model,
    supportsGrammar: inner.supportsGrammar,
    ...(inner.info ? { info: inner.info } : {}),
    prepareGrammar: (g) => inner.prepareGrammar(g),
    async complete(o: CompleteOptions) {
      const { completion, steps } = await inner.trace!(o, topK);
      decodes.push({ grammar: !!o.grammar, text: completion.text, finish: completion.finish, steps });
      return completion;
    },
    close: async () => undefined,
  };
  let firstFree: CompleteOptions | undefined;
  const tracing: Backend = {
    ...backend,
    complete(o: CompleteOptions) {
      if (!o.grammar) firstFree ??= o;
      return backend.complete(o);
    },
  };
  const { topK: _, ...rest } = opts;
  const r = await generate({ ...rest, backend: tracing });
  // The grammar took the free decode whole, so it never sampled: decode the same prompt under
  // it once more, to show what its mask left at each step (greedy: the same tokens).
  if (r.grammar && firstFree && !decodes.some((d) => d.grammar)) {
    const { completion, steps } = await inner.trace!({ ...firstFree, grammar: r.grammar.text }, topK);
    decodes.push({ grammar: true, replay: true, text: completion.text, finish: completion.finish, steps });
  }
  return {
    request: opts.request,
    mode: r.mode,
    model: inner.model,
    command: r.command,
    path: r.path,
    grammarCommands: r.grammarCommands,
    topK,
    decodes,
    ...(r.error ? { error: r.error } : {}),
  };
}

const shown = (t: TraceToken) => JSON.stringify(t.text);
const lp = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : String(x));
const list = (ts: TraceToken[] | undefined) => (ts ? ts.map((t) => `${shown(t)} ${lp(t.logprob)}`).join("  ") : "(not reported)");

/** The trace as text: per decode, per step the native and masked top-k (ln p), the legal count and the token taken. */
export function formatTrace(t: TraceResult): string {
  const out = [`request: ${t.request}`, `model: ${t.model}; mode: ${t.mode}; top ${t.topK} (ln p)`, `command: ${t.command} [${t.path}]`];
  if (t.grammarCommands.length) out.push(`grammar: ${t.grammarCommands.join(", ")}`);
  if (t.error) out.push(`error: ${t.error}`);
  t.decodes.forEach((d, i) => {
    const kind = d.replay ? "under the grammar, which accepted the free decode whole" : d.grammar ? "under the grammar" : "free";
    out.push("", `decode ${i + 1} (${kind}): ${JSON.stringify(d.text)}${d.finish === "length" ? " [token limit]" : ""}`);
    d.steps.forEach((s, j) => {
      const differs = s.masked && s.native[0] && s.chosen.token !== s.native[0].token;
      out.push(
        `  step ${j + 1}: chose ${s.chosen.token < 0 ? "(nothing: the grammar allowed no token)" : shown(s.chosen)}${differs ? "  <- the grammar moved the model off its top token" : ""}`,
      );
      out.push(`    native: ${list(s.native)}`);
      if (d.grammar) out.push(`    masked: ${list(s.masked)}${s.legal !== undefined ? `  (${s.legal} legal tokens)` : ""}`);
    });
  });
  return `${out.join("\n")}\n`;
}
