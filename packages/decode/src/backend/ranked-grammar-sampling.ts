// Greedy grammar sampling that looks at the model's best tokens before the whole vocabulary.
//
// node-llama-cpp 3.21.1 samples under a grammar like this: the greedy token is checked alone,
// and when the grammar rejects it every token of the vocabulary is checked (llama.cpp's
// llama_grammar_apply_impl), and the best survivor is taken. At 128k-152k tokens that pass
// costs milliseconds, and it runs whenever the model's first choice is off-grammar.
//
// Here the same logits are sampled as lists of the model's best tokens, shortest first
// (LIST_LENGTHS), and each listed token is checked alone, in logit order: the first the grammar
// accepts is the best accepted token of the whole vocabulary, as long as its logit is strictly
// above every token outside the list and it ties with no other accepted token. The short list
// starts with the greedy token, so one pass over the logits serves what the native sampler's
// first check does. Only when no list proves an answer does the native sampler's full pass run.
// A token whose first character the grammar refuses at this position is refused without a
// walk of the grammar (PrefixScreen). Greedy decoding therefore gives the same tokens as before;
// only the time changes.
//
// node-llama-cpp has no public way to sample one position twice, so this replaces the
// sequence's internal evaluation loop (`_evaluate`, copied below minus what LocalModel never
// uses: probabilities, token prediction) for greedy calls under a grammar, and leaves every
// other call to the original. It relies on node-llama-cpp 3.21.1's internals, checked when
// installed: if they are not all there, nothing is replaced.
import type { LlamaContextSequence, Token } from "#node-llama-cpp";
import { PrefixScreen, type ScreenableModel } from "./prefix-screen.js";

/**
 * How many of the model's best tokens are checked before the full pass: a short list, then
 * wider ones. Sampling a list costs about 0.5 ms (48) to 4 ms (8,192) at 128k-152k tokens, a
 * full pass 15-25 ms; on the lab models a 2,048 list missed 72 of 3,077 tokens that 8,192 found.
 */
export const LIST_LENGTHS: readonly number[] = [48, 512, 8192];

export type GrammarSampler = "ranked" | "native";

/** Where each sampled token came from, for benches and tests. */
export interface RankedStats {
  greedy: number;
  ranked: number;
  fullPass: number;
  /** Tokens checked against the grammar one by one (each a walk of the grammar's live stacks). */
  checked: number;
  /** Tokens refused by a refused prefix (PrefixScreen) without a check of their own. */
  screened: number;
  /** Of `ranked`, how many each list (LIST_LENGTHS) gave. */
  byList: number[];
  /** Wall milliseconds in the one-by-one checks, in sampling the lists, and in full passes. */
  ms: { checks: number; lists: number[]; fullPass: number };
}

type AddonSampler = { applyConfig(config: Record<string, unknown>): void; dispose(): void };
type GrammarState = { _state: unknown; _llama: unknown };
interface Internals {
  _evaluate: (...args: unknown[]) => AsyncGenerator<{ token: Token }, void, Token | Token[] | undefined>;
  _resolveSamplerConfig(options: Record<string, unknown>): Record<string, unknown>;
  _decodeTokens(
    tokens: Token[],
    logits: boolean[],
    priority: unknown,
    meter: unknown,
    contextShift: unknown,
    onLogits: (batchLogitIndex: number) => Promise<unknown>,
    afterBatch: unknown,
  ): Promise<unknown[]>;
  _takeIntervalCheckpointIfNeededAfterBatch: unknown;
  _tokenMeter: unknown;
  _ensureNotDisposed(): void;
  _context: { _ctx: { sampleToken(index: number, sampler: AddonSampler, probabilities?: boolean, confidence?: boolean): Promise<unknown> } };
  model: {
    _llama: {
      _bindings: {
        AddonSampler: {
          new (model: unknown): AddonSampler;
          canBeNextTokenForGrammarEvaluationState(state: unknown, token: Token): boolean;
          acceptGrammarEvaluationStateToken(state: unknown, token: Token): void;
        };
      };
    };
    _model: unknown;
    isEogToken(token: Token): boolean;
    fileInfo?: { metadata?: { tokenizer?: { ggml?: { tokens?: readonly unknown[] } } } };
  };
}

const screens = new WeakMap<object, PrefixScreen | null>();

/** The prefix screen for the sequence's model, built once per model; null when it has none. */
function screenFor(model: Internals["model"]): PrefixScreen | null {
  let screen = screens.get(model);
  if (screen === undefined) {
    try {
      screen = PrefixScreen.for(model as unknown as ScreenableModel) ?? null;
    } catch {
      screen = null; // an API this node-llama-cpp lacks: check every token in full
    }
    screens.set(model, screen);
  }
  return screen;
}

const installed = new WeakMap<object, { original: Internals["_evaluate"]; mode: GrammarSampler; stats: RankedStats }>();
/** Tokens the next grammar-constrained evaluation's grammar state accepts before it samples (see startGrammarAfter). */
const preAccepted = new WeakMap<object, Token[]>();

function hasInternals(s: unknown): s is Internals {
  const x = s as Partial<Internals> | undefined;
  return (
    typeof x?._evaluate === "function" &&
    typeof x._resolveSamplerConfig === "function" &&
    typeof x._decodeTokens === "function" &&
    typeof x._context?._ctx?.sampleToken === "function" &&
    typeof x.model?._llama?._bindings?.AddonSampler?.canBeNextTokenForGrammarEvaluationState === "function" &&
    typeof x.model._llama._bindings.AddonSampler.acceptGrammarEvaluationStateToken === "function"
  );
}

/**
 * Chooses how greedy grammar-constrained calls on `sequence` sample ("ranked" by default once
 * installed). Returns false when this node-llama-cpp lacks the internals ranked sampling needs.
 */
export function useGrammarSampler(sequence: LlamaContextSequence, mode: GrammarSampler): boolean {
  const seq = sequence as unknown;
  const hook = installed.get(seq as object);
  if (hook) {
    hook.mode = mode;
    return true;
  }
  if (!hasInternals(seq)) return false;
  const state = {
    original: seq._evaluate,
    mode,
    stats: {
      greedy: 0,
      ranked: 0,
      fullPass: 0,
      checked: 0,
      screened: 0,
      byList: LIST_LENGTHS.map(() => 0),
      ms: { checks: 0, lists: LIST_LENGTHS.map(() => 0), fullPass: 0 },
    },
  };
  installed.set(seq, state);
  const own = seq as Internals & { _evaluate: Internals["_evaluate"] };
  own._evaluate = function (this: Internals, tokens: unknown, metadata: unknown, options: Record<string, unknown>) {
    const before = preAccepted.get(seq as object);
    if (before && options.grammarEvaluationState) {
      preAccepted.delete(seq as object);
      const Sampler = this.model._llama._bindings.AddonSampler;
      const st = resolveState(options.grammarEvaluationState);
      for (const t of before) Sampler.acceptGrammarEvaluationStateToken(st._state, t);
    }
    const m = metadata as { probabilities?: boolean; confidence?: boolean } | undefined;
    const greedy = (options.temperature ?? 0) === 0 && !options._noSampling && options.generateNewTokens !== false;
    if (state.mode !== "ranked" || !options.grammarEvaluationState || !greedy || m?.probabilities || m?.confidence)
      return state.original.call(this, tokens, metadata, options);
    return rankedEvaluate(this, tokens as Token[], options, state.stats);
  } as Internals["_evaluate"];
  return true;
}

function resolveState(s: unknown): GrammarState {
  return (typeof s === "function" ? (s as () => GrammarState)() : s) as GrammarState;
}

/**
 * How many of `tokens`, from the first, a fresh grammar state (`state`, used up here) allows
 * one after another; an end-of-generation token ends the run. 0 when `sequence` has no hook
 * installed (useGrammarSampler), since only the hook can start a decode after them.
 */
export function allowedRun(sequence: LlamaContextSequence, state: unknown, tokens: readonly Token[]): number {
  const seq = sequence as unknown;
  if (!installed.has(seq as object) || !hasInternals(seq)) return 0;
  const Sampler = seq.model._llama._bindings.AddonSampler;
  const native = resolveState(state)._state;
  let n = 0;
  for (const t of tokens) {
    if (seq.model.isEogToken(t) || !Sampler.canBeNextTokenForGrammarEvaluationState(native, t)) break;
    Sampler.acceptGrammarEvaluationStateToken(native, t);
    n++;
  }
  return n;
}

/**
 * The next grammar-constrained evaluation on `sequence` continues after `tokens` (which end its
 * input): its grammar state accepts them first, as if it had sampled them. With `[]`, cancels.
 */
export function startGrammarAfter(sequence: LlamaContextSequence, tokens: readonly Token[]): void {
  if (tokens.length === 0) preAccepted.delete(sequence as unknown as object);
  else preAccepted.set(sequence as unknown as object, [...tokens]);
}

/** The sampler SHELLGEN_GRAMMAR_SAMPLER names ("native" keeps node-llama-cpp's own), else "ranked". */
export function grammarSamplerFromEnv(env: NodeJS.ProcessEnv = process.env): GrammarSampler {
  return env.SHELLGEN_GRAMMAR_SAMPLER === "native" ? "native" : "ranked";
}

/** What `after` counted that `before` had not (two snapshots of one sequence's stats). */
export function statsDelta(after: RankedStats, before: RankedStats): RankedStats {
  const minus = (a: readonly number[], b: readonly number[]) => a.map((x, i) => x - (b[i] ?? 0));
  return {
    greedy: after.greedy - before.greedy,
    ranked: after.ranked - before.ranked,
    fullPass: after.fullPass - before.fullPass,
    checked: after.checked - before.checked,
    screened: after.screened - before.screened,
    byList: minus(after.byList, before.byList),
    ms: { checks: after.ms.checks - before.ms.checks, lists: minus(after.ms.lists, before.ms.lists), fullPass: after.ms.fullPass - before.ms.fullPass },
  };
}

/** The sum of two stats; `a` may be absent. */
export function addStats(a: RankedStats | undefined, b: RankedStats): RankedStats {
  if (!a) return structuredClone(b);
  const plus = (x: readonly number[], y: readonly number[]) => Array.from({ length: Math.max(x.length, y.length) }, (_, i) => (x[i] ?? 0) + (y[i] ?? 0));
  return {
    greedy: a.greedy + b.greedy,
    ranked: a.ranked + b.ranked,
    fullPass: a.fullPass + b.fullPass,
    checked: a.checked + b.checked,
    screened: a.screened + b.screened,
    byList: plus(a.byList, b.byList),
    ms: { checks: a.ms.checks + b.ms.checks, lists: plus(a.ms.lists, b.ms.lists), fullPass: a.ms.fullPass + b.ms.fullPass },
  };
}

/** Counts of where sampled tokens came from since the sampler was installed. */
export function rankedStats(sequence: LlamaContextSequence): RankedStats | undefined {
  return installed.get(sequence as unknown as object)?.stats;
}

async function* rankedEvaluate(
  seq: Internals,
  tokens: Token[],
  options: Record<string, unknown>,
  stats: RankedStats,
): AsyncGenerator<{ token: Token }, void, Token | Token[] | undefined> {
  seq._ensureNotDisposed();
  let evalTokens = tokens;
  if (evalTokens.length === 0) return;
  const bindings = seq.model._llama._bindings;
  const Sampler = bindings.AddonSampler;
  const grammarState = resolveState(options.grammarEvaluationState);
  const native = grammarState._state;
  const plain = new Sampler(seq.model._model);
  // One sampler per list length: applying another topK to one sampler rebuilds its chain.
  // A list over more than an eighth of the vocabulary costs more, checked token by token,
  // than the full pass it would save (the default model's 2,048 tokens take the full pass).
  const vocabulary = seq.model.fileInfo?.metadata?.tokenizer?.ggml?.tokens?.length ?? 0;
  const lists = LIST_LENGTHS.flatMap((topK, at) =>
    at === 0 || vocabulary === 0 || topK <= vocabulary / 8 ? [{ topK, at, sampler: new Sampler(seq.model._model) }] : [],
  );
  const full = new Sampler(seq.model._model);
  // Verdicts for the current position: a longer list repeats the shorter one.
  const verdicts = new Map<Token, boolean>();
  const check = (t: Token): boolean => {
    stats.checked++;
    const t0 = performance.now();
    const v = Sampler.canBeNextTokenForGrammarEvaluationState(native, t);
    stats.ms.checks += performance.now() - t0;
    return v;
  };
  const screen = screenFor(seq.model);
  // Per position: whether a token whose text starts with the prefix can be next.
  const prefixOk = new Map<string, boolean>();
  const allowed = (t: Token): boolean => {
    let v = verdicts.get(t);
    if (v !== undefined) return v;
    for (const prefix of screen ? screen.prefixes(t) : []) {
      let ok = prefixOk.get(prefix);
      if (ok === undefined) {
        const probe = screen!.probe(prefix);
        if (probe === undefined || probe === t) continue;
        prefixOk.set(prefix, (ok = allowed(probe)));
      }
      if (!ok) {
        stats.screened++;
        verdicts.set(t, false);
        return false;
      }
    }
    verdicts.set(t, (v = check(t)));
    return v;
  };
  const accept = (t: Token): Token => {
    // The native sampler does not feed end-of-generation tokens to the grammar either.
    if (!seq.model.isEogToken(t)) Sampler.acceptGrammarEvaluationStateToken(native, t);
    return t;
  };
  const ctx = seq._context._ctx;
  const sample = async (batchLogitIndex: number): Promise<Token | -1> => {
    const config = seq._resolveSamplerConfig({ ...options, grammarEvaluationState: undefined });
    verdicts.clear();
    prefixOk.clear();
    // The short list's first entry is the greedy token when no other ties with it, so one pass
    // over the logits serves both the greedy check and the list.
    let skip = -1 as Token;
    for (const { topK, at: i, sampler } of lists) {
      sampler.applyConfig({ ...config, temperature: 1, topK, topP: 1, minP: 0 });
      const t0 = performance.now();
      const [, flat] = (await ctx.sampleToken(batchLogitIndex, sampler, true)) as [Token | -1, number[] | undefined];
      stats.ms.lists[i] = (stats.ms.lists[i] ?? 0) + performance.now() - t0;
      if (!flat || flat.length === 0) break;
      if (i === 0 && flat.length > 2 && flat[1] === flat[3]) {
        // A tie at the top: which of the tied tokens the greedy sampler takes is not visible in
        // the list, so ask it, as the native sampler would.
        plain.applyConfig(config);
        const first = (await ctx.sampleToken(batchLogitIndex, plain)) as Token | -1;
        if (first === -1) return -1;
        if (allowed(first)) {
          stats.greedy++;
          return accept(first);
        }
        skip = first;
      }
      const pick = bestAllowed(flat, skip, allowed);
      if (pick !== undefined) {
        if (pick === flat[0] && i === 0) stats.greedy++;
        else {
          stats.ranked++;
          stats.byList[i] = (stats.byList[i] ?? 0) + 1;
        }
        return accept(pick);
      }
    }
    stats.fullPass++;
    full.applyConfig(seq._resolveSamplerConfig(options));
    const t0 = performance.now();
    const token = (await ctx.sampleToken(batchLogitIndex, full)) as Token | -1;
    stats.ms.fullPass += performance.now() - t0;
    return token;
  };
  try {
    while (true) {
      seq._ensureNotDisposed();
      const logits: boolean[] = [];
      logits[evalTokens.length - 1] = true;
      const decoded = await seq._decodeTokens(
        evalTokens,
        logits,
        options.evaluationPriority,
        seq._tokenMeter,
        options.contextShiftOptions,
        sample,
        seq._takeIntervalCheckpointIfNeededAfterBatch,
      );
      const next = decoded[evalTokens.length - 1] as Token | -1 | null | undefined;
      if (next === -1) throw new Error("Failed to sample next token");
      if (next == null) return;
      if (!options.yieldEogToken && seq.model.isEogToken(next)) break;
      const replacement = yield { token: next };
      evalTokens = Array.isArray(replacement) ? replacement.slice() : replacement != null ? [replacement] : [next];
    }
  } finally {
    plain.dispose();
    for (const { sampler } of lists) sampler.dispose();
    full.dispose();
  }
}

/**
 * The best token of `flat` ([token, probability, ...] in descending order, as node-llama-cpp
 * returns the top-k) that the grammar accepts, or undefined when the list cannot prove it:
 * none accepted, a tie between accepted tokens (the native sampler's order among equal
 * logits is not visible here), or a tie with the list's last entry (an equal token may
 * lie outside the list).
 */
export function bestAllowed(flat: readonly number[], skip: Token, allowed: (t: Token) => boolean): Token | undefined {
  const last = flat[flat.length - 1];
  for (let i = 0; i < flat.length; i += 2) {
    const t = flat[i] as Token;
    if (t === skip || !allowed(t)) continue;
    const p = flat[i + 1]!;
    if (p === last) return undefined;
    for (let j = i + 2; j < flat.length && flat[j + 1] === p; j += 2) if (flat[j] !== skip && allowed(flat[j] as Token)) return undefined;
    return t;
  }
  return undefined;
}

/** One grammar state's verdicts on single tokens, as the ranked sampler checks them. */
export interface TokenChecker {
  /** Whether the grammar allows `token` next (prefix screen first, then a walk of the stacks). */
  allows(token: Token): boolean;
  /** Advances the state past `token` (an end-of-generation token is not fed to the grammar). */
  accept(token: Token): void;
}

/**
 * The ranked sampler's check, outside sampling: per position, the tokens `state` allows.
 * Undefined when this node-llama-cpp lacks the internals (see useGrammarSampler).
 */
export function tokenChecker(sequence: LlamaContextSequence, state: unknown): TokenChecker | undefined {
  const seq = sequence as unknown;
  if (!hasInternals(seq)) return undefined;
  const Sampler = seq.model._llama._bindings.AddonSampler;
  const native = resolveState(state)._state;
  const screen = screenFor(seq.model);
  const verdicts = new Map<Token, boolean>();
  const prefixOk = new Map<string, boolean>();
  const allows = (t: Token): boolean => {
    let v = verdicts.get(t);
    if (v !== undefined) return v;
    for (const prefix of screen ? screen.prefixes(t) : []) {
      let ok = prefixOk.get(prefix);
      if (ok === undefined) {
        const probe = screen!.probe(prefix);
        if (probe === undefined || probe === t) continue;
        prefixOk.set(prefix, (ok = allows(probe)));
      }
      if (!ok) {
        verdicts.set(t, false);
        return false;
      }
    }
    verdicts.set(t, (v = Sampler.canBeNextTokenForGrammarEvaluationState(native, t)));
    return v;
  };
  return {
    allows,
    accept(t) {
      verdicts.clear();
      prefixOk.clear();
      if (!seq.model.isEogToken(t)) Sampler.acceptGrammarEvaluationStateToken(native, t);
    },
  };
}
