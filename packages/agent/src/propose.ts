// The default proposer: the project's best decoding mode (retrieved examples,
// constrained-retry, grounding on the workspace's names) with the policy checked, and on a
// retry the previous attempt's feedback in the prompt. Retrieved examples whose command
// was already tried are left out, since the model tends to copy them. A greedy model often
// answers the feedback with the command it already tried; then it is asked once more
// without examples (a different prompt, so possibly a different command) before the loop
// sees a repeat.
import { generate, type Backend, type Mode } from "@shellgen/decode";
import type { Pool } from "@shellgen/fewshot";
import type { Policy } from "@shellgen/grammargen";
import type { Propose } from "./loop.js";

export interface DecodeProposerOptions {
  backend: Backend;
  /** Example pool; without one the prompt has no examples. */
  pool?: Pool;
  k?: number;
  mode?: Mode;
  ground?: boolean;
  policy?: Policy;
  maxTokens?: number;
}

/** Examples per prompt: three, the range the default model was trained on. */
export const DEFAULT_K = 3;

export function decodeProposer(opts: DecodeProposerOptions): Propose {
  return async ({ goal, feedback, workspaceNames, tried }) => {
    const examples = opts.pool
      ? opts.pool
          .retrieve(goal, { k: (opts.k ?? DEFAULT_K) + tried.length })
          .examples.filter((e) => !tried.includes(e.command.trim()))
          .slice(0, opts.k ?? DEFAULT_K)
          .map(({ request, command }) => ({ request, command }))
      : undefined;
    const decode = (withExamples: typeof examples) =>
      generate({
        backend: opts.backend,
        request: goal,
        mode: opts.mode ?? "constrained-retry",
        ground: opts.ground ?? true,
        workspaceFiles: workspaceNames,
        examples: withExamples,
        policy: opts.policy,
        maxTokens: opts.maxTokens,
        ...(feedback ? { feedback } : {}),
        ...(opts.pool && (opts.ground ?? true) ? { restate: opts.pool.spelled.bind(opts.pool) } : {}),
      });
    let r = await decode(examples);
    const tokens = { ...r.tokens };
    if (tried.includes(r.command.trim()) && examples?.length) {
      r = await decode(undefined);
      tokens.prompt += r.tokens.prompt;
      tokens.completion += r.tokens.completion;
    }
    return { command: r.command, path: r.path, tokens, ...(r.path === "failed" ? { error: r.error ?? "no valid command" } : {}) };
  };
}
