// The decoding modes. `native` decodes freely; `constrained` decodes under the grammar of
// the commands the request needs (widening to the pack default when that path fails);
// `constrained-retry` adds the tree-sitter-bash gate and one native retry fed the error.
import type { Backend, Completion } from "./backend/types.js";
import { DecodeError, oneLine } from "./errors.js";
import { bashVerdict as parseBash, programsIn, programsToPlan } from "@shellgen/base";
import { groundValues, snapToGrounded } from "./ground.js";
import { optionHints, optionHintsFromEnv } from "./hints.js";
import { stripOutput } from "./hygiene.js";
import { COMMAND_TERMINATOR, type Example, type Feedback, type PromptInput } from "./prompt.js";
import type { GrammarPlan, GrammarPlanner } from "./plan.js";
import { checkPolicy, type Policy } from "@shellgen/grammargen";

export type Mode = "native" | "constrained" | "constrained-retry";
export const MODES: readonly Mode[] = ["native", "constrained", "constrained-retry"];
export type Path = "native" | "constrained" | "retry-native" | "failed";

export interface GenerateOptions {
  backend: Backend;
  request: string;
  mode: Mode;
  /** Ground file-name values in the request and workspace (constrained modes). Default false here; the CLI turns it on. */
  ground?: boolean;
  workspaceFiles?: string[];
  examples?: Example[];
  /** An earlier attempt and what went wrong with it (an agent's execution feedback); every decode of this call sees it. */
  feedback?: Feedback;
  policy?: Policy;
  maxTokens?: number;
  seed?: number;
  /** Where grammars come from; default: the grammar pack through grammargen. */
  planner?: GrammarPlanner;
  /** How many option hints (hints.ts) go before the examples; default SHELLGEN_OPTION_HINTS or DEFAULT_OPTION_HINTS. */
  optionHints?: number;
  /**
   * Restates the request before anything reads it (the prompt, the planner, grounding):
   * typos repaired (@shellgen/fewshot's Pool.spelled, or spellRequest without a pool).
   * `keep` holds the workspace's names in lower case, which are never changed.
   */
  restate?: (request: string, keep: ReadonlySet<string>) => string;
  /**
   * With examples: when the free decode (native mode's command, or the draft the
   * constrained modes start from) begins with a program no example begins with, decode it
   * again with the best example's program written for the model (exampleProgramFor).
   * Default: on when SHELLGEN_FOLLOW_EXAMPLES=1, else off.
   */
  followExamples?: boolean;
}

export interface GenerateResult {
  command: string;
  mode: Mode;
  path: Path;
  /** Programs whose grammars constrained the decode; ["<default>"] when the pack default was used. */
  grammarCommands: string[];
  parses: boolean;
  tokens: { prompt: number; completion: number };
  latencyMs: number;
  error?: string;
  /** Whether the constrained path widened from the selected commands to the pack default. */
  widened?: boolean;
  /** The grammar the constrained output came from (for checking acceptance). */
  grammar?: GrammarPlan;
  /** The token limit cut the constrained decode; the command is its longest complete prefix. */
  truncated?: boolean;
  /** Why the selected commands' grammar was given up for the pack default. */
  widenReason?: string;
  /** The free decode's output was accepted by the grammar whole, so the grammar never had to sample (same result, see decodeConstrained). */
  speculative?: boolean;
  /** Grounding replaced made-up file names in the free decode ("from -> to"), and the grammar accepted the result. */
  repaired?: string[];
  /** Option hints put before the examples in the prompt. */
  hints?: Example[];
  /** The program the command was started with because the free decode's program was none of the examples' (followExamples). */
  followed?: string;
  /** The request as the model read it, when `restate` changed it. */
  restated?: string;
  /** Free decodes whose output had a code fence or prose taken off before anything checked it. */
  stripped?: StripCounts;
}

export interface StripCounts {
  fences: number;
  prose: number;
}

export const DEFAULT_MAX_TOKENS = 128;
export const DEFAULT_SEED = 42;

/**
 * Parts SHELLGEN_ABLATE may switch off in the default planner, to measure what each adds.
 * The planned-flags step is off by default since the ablation (plan-pack.ts); SHELLGEN_NARROW=1
 * brings it back, as the README's earlier ablation runs had it, and no-narrow keeps it off.
 */
export const ABLATIONS = ["no-narrow", "no-option-retrieval", "default-grammar", "no-restate", "all-of-path"] as const;

export function ablationsFromEnv(env: NodeJS.ProcessEnv = process.env): Set<(typeof ABLATIONS)[number]> {
  const words = (env.SHELLGEN_ABLATE ?? "")
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  for (const w of words)
    if (!(ABLATIONS as readonly string[]).includes(w))
      throw new DecodeError(`SHELLGEN_ABLATE: unknown part "${w}" (expected ${ABLATIONS.join(", ")})`, "EUSAGE");
  return new Set(words as (typeof ABLATIONS)[number][]);
}

let defaultPlanner: Promise<GrammarPlanner> | undefined;
async function plannerFor(opts: GenerateOptions): Promise<GrammarPlanner> {
  if (opts.planner) return opts.planner;
  const off = ablationsFromEnv();
  defaultPlanner ??= import("./plan-pack.js").then(async (m) => {
    const planner = await m.packPlanner(undefined, {
      narrowFlags: process.env.SHELLGEN_NARROW === "1" && !off.has("no-narrow"),
      optionRetrieval: !off.has("no-option-retrieval"),
      knownOnly: !off.has("all-of-path"),
    });
    // The whole default grammar only: the per-request plan's last step.
    return off.has("default-grammar") ? { plans: (req) => planner.plans(req).slice(-1) } : planner;
  });
  return defaultPlanner;
}

interface ConstrainedOutcome {
  command: string;
  grammarCommands: string[];
  widened: boolean;
  plan?: GrammarPlan;
  /** Why the constrained path produced nothing usable. */
  failure?: string;
  /** Why the selected grammar was given up for the default. */
  widenReason?: string;
  /** The token limit ended the decode; the command is the longest accepted prefix. */
  truncated?: boolean;
  /** The free decode's output was accepted whole, so the grammar did not sample. */
  speculative?: boolean;
  repaired?: string[];
}

/** Word-boundary prefixes, longest first, at most 24 tried (each is one recognizer run). */
function longestAcceptedPrefix(text: string, plan: GrammarPlan): string | undefined {
  let tries = 0;
  for (let i = text.length; i > 0 && tries < 24; i = text.lastIndexOf(" ", i - 1), tries++) {
    const candidate = text.slice(0, i).trimEnd();
    if (candidate !== "" && plan.accepts(candidate).accepted) return candidate;
  }
  return undefined;
}

export async function generate(opts: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const asked = opts.request.trim();
  if (asked === "") throw new DecodeError("empty request: say what the command should do", "EUSAGE");
  const restate = ablationsFromEnv().has("no-restate") ? undefined : opts.restate;
  const request = restate ? restate(asked, workspaceWords(opts.workspaceFiles ?? [])).trim() || asked : asked;
  if (!MODES.includes(opts.mode)) throw new DecodeError(`unknown mode "${String(opts.mode)}" (expected ${MODES.join(", ")})`, "EUSAGE");
  const maxTokens = opts.maxTokens ?? DEFAULT_MAX_TOKENS;
  const seed = opts.seed ?? DEFAULT_SEED;
  const hints = optionHints(request, opts.examples ?? [], opts.optionHints ?? optionHintsFromEnv());
  const examples = hints.length ? [...hints, ...(opts.examples ?? [])] : opts.examples;
  const prompt: PromptInput = { request, examples, ...(opts.feedback ? { feedback: opts.feedback } : {}) };
  const tokens = { prompt: 0, completion: 0 };
  const count = (c: Completion) => {
    tokens.prompt += c.tokens.prompt;
    tokens.completion += c.tokens.completion;
  };
  const stripped: StripCounts = { fences: 0, prose: 0 };
  /** One command from free text; what was taken off is counted. */
  const clean = (text: string): string => {
    const s = stripOutput(text);
    if (s.fence) stripped.fences++;
    if (s.prose) stripped.prose++;
    return s.command;
  };
  const finish = (r: Omit<GenerateResult, "mode" | "tokens" | "latencyMs">): GenerateResult => {
    const result: GenerateResult = {
      ...r,
      mode: opts.mode,
      tokens,
      latencyMs: Math.round(performance.now() - started),
      ...(stripped.fences || stripped.prose ? { stripped } : {}),
      ...(hints.length ? { hints } : {}),
      ...(request !== asked ? { restated: request } : {}),
    };
    if (opts.policy && result.path !== "failed" && result.command) {
      const violations = checkPolicy(opts.policy, result.command);
      if (violations.length > 0) {
        const v = violations[0]!;
        return { ...result, path: "failed", error: `policy ${v.rule}: ${v.message}${v.fix ? ` (fix: ${v.fix})` : ""}` };
      }
    }
    return result;
  };

  const native = async (feedback?: { command: string; error: string }): Promise<string> => {
    const out = await opts.backend.complete({ prompt: { ...prompt, feedback: feedback ?? prompt.feedback }, maxTokens, seed });
    count(out);
    return clean(out.text);
  };

  const follow = opts.followExamples ?? process.env.SHELLGEN_FOLLOW_EXAMPLES === "1";
  if (opts.mode === "native") {
    let command = await native();
    let followed: string | undefined;
    if (follow) {
      const lead = exampleProgramFor(command, opts.examples ?? []);
      if (lead) {
        command = clean((await decodeFrom(opts.backend, prompt, lead, maxTokens, seed, count)).text);
        followed = lead;
      }
    }
    if (command === "") return finish({ command, path: "failed", grammarCommands: [], parses: false, error: noCommand(stripped) });
    const verdict = parseBash(command);
    return finish({
      command,
      path: "native",
      grammarCommands: [],
      parses: verdict.parses,
      error: verdict.parses ? undefined : `does not parse: ${verdict.error}`,
      ...(followed ? { followed } : {}),
    });
  }

  const constrained = await decodeConstrained(opts, prompt, maxTokens, seed, count, follow, clean);
  const verdict = constrained.failure ? { parses: false, error: constrained.failure } : parseBash(constrained.command);
  const base = {
    grammarCommands: constrained.grammarCommands,
    widened: constrained.widened,
    grammar: constrained.plan,
    ...(constrained.truncated ? { truncated: true } : {}),
    ...(constrained.widenReason ? { widenReason: constrained.widenReason } : {}),
    ...(constrained.speculative ? { speculative: true } : {}),
    ...(constrained.repaired ? { repaired: constrained.repaired } : {}),
  };

  if (opts.mode === "constrained") {
    if (constrained.failure) return finish({ ...base, command: constrained.command, path: "failed", parses: false, error: constrained.failure });
    return finish({
      ...base,
      command: constrained.command,
      path: "constrained",
      parses: verdict.parses,
      error: verdict.parses ? undefined : `does not parse: ${verdict.error}`,
    });
  }

  if (verdict.parses) return finish({ ...base, command: constrained.command, path: "constrained", parses: true });
  // The retry: feed the parse error (or why the grammar path failed) back, decode natively once.
  const feedback = constrained.command ? { command: constrained.command, error: verdict.error ?? "invalid" } : undefined;
  const retried = await native(feedback);
  const again = retried === "" ? { parses: false, error: noCommand(stripped) } : parseBash(retried);
  if (again.parses) return finish({ ...base, command: retried, path: "retry-native", parses: true });
  return finish({
    ...base,
    command: retried,
    path: "failed",
    parses: false,
    error: `constrained: ${verdict.error}; native retry: ${again.error}`,
  });
}

/** Why a free decode gave nothing to run. */
function noCommand(s: StripCounts): string {
  if (s.prose) return "the model wrote only prose, no command";
  if (s.fences) return "the model wrote only an empty code fence";
  return "the model wrote nothing";
}

/** The workspace's names as words a restatement must leave alone: `builds/` gives builds, `notes.txt` gives notes. */
export function workspaceWords(files: string[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) {
    const base = f.replace(/\/+$/, "").replace(/^.*\//, "").toLowerCase();
    out.add(base);
    out.add(base.replace(/\..*$/, ""));
  }
  return out;
}

/**
 * The program to start the command with, or undefined to keep the model's own: retrieval's
 * best example names the needed program more often than the small model's free choice
 * (held-out set: 67.7% top-1 against 52.7%), so a program that no example uses gives way
 * to the best example's. A program some example uses is the model's informed pick and stays.
 */
export function exampleProgramFor(command: string, examples: Example[]): string | undefined {
  const programs = examples.map((e) => programsIn(e.command)[0]).filter((p): p is string => !!p);
  if (programs.length === 0) return undefined;
  const own = programsIn(command)[0];
  return own && programs.includes(own) ? undefined : programs[0];
}

/** A completion that starts with `lead` (the backend drops the continuation's leading space; the lead ends a word, so one goes back). */
async function decodeFrom(
  backend: Backend,
  prompt: PromptInput,
  lead: string,
  maxTokens: number,
  seed: number,
  count: (c: Completion) => void,
): Promise<Completion> {
  const out = await backend.complete({ prompt: { ...prompt, prefix: lead }, maxTokens, seed });
  count(out);
  return { ...out, text: `${lead} ${out.text.trimStart()}` };
}

/**
 * The free decode as a candidate command: the text itself when it reads as one, else with a
 * fence or prose taken off (instruct models wrap commands in markdown; the grammar would
 * refuse the fence and force a second, constrained decode for the same command).
 */
function freeCommand(text: string, clean: (text: string) => string): string {
  if (!/```|^\s*`|\n/.test(text) && !/^[A-Z]/.test(text.trim())) return text;
  return clean(text);
}

async function decodeConstrained(
  opts: GenerateOptions,
  prompt: PromptInput,
  maxTokens: number,
  seed: number,
  count: (c: Completion) => void,
  follow: boolean,
  clean: (text: string) => string,
): Promise<ConstrainedOutcome> {
  if (!opts.backend.supportsGrammar) await opts.backend.prepareGrammar({ gbnf: "", lark: "" }); // throws ENOGRAMMAR
  const planner = await plannerFor(opts);
  const ground = opts.ground ?? false;
  let lastFailure = "no grammar available";
  let lastCommand = "";
  let widened = false;
  // Native first, grammar as verifier. Greedy decoding under a grammar picks, at each step,
  // the best token the grammar allows; when the free greedy output ended cleanly (end of
  // generation, or the blank-line terminator the grammar also allows) and the grammar
  // accepts it whole, every one of its tokens was allowed, so the constrained decode would
  // have produced exactly this text. Only when it is rejected does the grammar sample.
  let free: Completion | undefined;
  let freeText: string | undefined;
  const freeCandidate = async (): Promise<string | undefined> => {
    if (!free) {
      free = await opts.backend.complete({ prompt, maxTokens, seed });
      count(free);
      const lead = follow ? exampleProgramFor(free.text.replace(/^ /, ""), opts.examples ?? []) : undefined;
      if (lead) free = await decodeFrom(opts.backend, prompt, lead, maxTokens, seed, count);
    }
    const ended = free.finish === "stop" && (free.stoppedBy === "eos" || free.stoppedBy === COMMAND_TERMINATOR);
    freeText ??= freeCommand(free.text.replace(/^ /, ""), clean);
    const text = freeText;
    return ended && text.trim() !== "" && !/\n\s*\n/.test(text) ? text : undefined;
  };
  // The free decode comes first: the programs it used join the grammar's selection, so a
  // model that reached for sed when the predictor chose cut is not forced off its path.
  const first = await freeCandidate();
  const programs = programsToPlan(first ?? freeText ?? "");
  const plans = planner.plans({
    request: prompt.request,
    ground,
    workspaceFiles: opts.workspaceFiles ?? [],
    policy: opts.policy,
    programs,
    examples: (prompt.examples ?? []).map((e) => e.command),
    draft: first,
  });
  for (const [i, next] of plans.entries()) {
    let plan: GrammarPlan;
    try {
      plan = await next();
    } catch (err) {
      // Nothing wider to fall back to: the grammar itself is the problem, and the user hears it.
      if (i === plans.length - 1) throw err instanceof DecodeError ? err : new DecodeError(`grammar could not be built: ${oneLine(err)}`, "EGRAMMAR");
      lastFailure = `grammar for the selected commands could not be built: ${oneLine(err)}`;
      continue;
    }
    widened = i > 0;
    // The checks below need only the grammar's recognizer; the engine compiles the grammar
    // only when it has to sample under it.
    const speculative = await freeCandidate();
    if (speculative !== undefined && plan.accepts(speculative).accepted) {
      return { command: speculative, grammarCommands: plan.commands, widened, plan, speculative: true, ...(widened ? { widenReason: lastFailure } : {}) };
    }
    if (ground && speculative !== undefined) {
      const snapped = snapToGrounded(speculative, groundValues(prompt.request, opts.workspaceFiles ?? []));
      if (snapped.replaced.length > 0 && plan.accepts(snapped.command).accepted) {
        return {
          command: snapped.command,
          grammarCommands: plan.commands,
          widened,
          plan,
          repaired: snapped.replaced,
          ...(widened ? { widenReason: lastFailure } : {}),
        };
      }
    }
    try {
      await opts.backend.prepareGrammar(plan.text);
    } catch (err) {
      if (err instanceof DecodeError && err.code === "EGRAMMAR" && !plan.isDefault) {
        lastFailure = err.message;
        continue; // widen
      }
      throw err;
    }
    // A model pushed off the path it wanted tends to wander until the token limit, and every
    // token sampled under a large grammar is costly; the command it wanted fits in about the
    // free decode's length, so give the grammar twice that plus slack for the longer
    // spellings a grammar forces (quotes, split words), and never under 24.
    const budget = free && free.finish === "stop" ? Math.min(maxTokens, Math.max(24, 2 * free.tokens.completion + 8)) : maxTokens;
    const out = await opts.backend.complete({ prompt, grammar: plan.text, maxTokens: budget, seed });
    count(out);
    // The optional leading space and the terminator are the wrapper's; the rest is what the grammar accepted.
    let command = out.text.replace(/^ /, "");
    if (out.finish === "stop" && command.endsWith(COMMAND_TERMINATOR)) command = command.slice(0, -COMMAND_TERMINATOR.length);
    if (out.finish === "length") {
      // The limit cut the command mid-way: keep the longest prefix, ending at a word
      // boundary, that the grammar accepts as a whole command (repetition runs are the
      // usual cause), else widen.
      const prefix = longestAcceptedPrefix(command, plan);
      if (prefix) return { command: prefix, grammarCommands: plan.commands, widened, plan, truncated: true, ...(widened ? { widenReason: lastFailure } : {}) };
      lastFailure = `token limit (${budget}) reached before the grammar was complete`;
      lastCommand = command;
      continue;
    }
    if (command.trim() === "") {
      lastFailure = "empty output under the grammar";
      continue;
    }
    // A remote engine may drop a grammar field it does not know instead of refusing it.
    if (opts.backend.kind === "http" && !plan.accepts(command).accepted) {
      throw new DecodeError(
        `engine at ${opts.backend.model} returned a command its grammar does not accept: it ignores the grammar (try another --engine)`,
        "ENOGRAMMAR",
      );
    }
    return { command, grammarCommands: plan.commands, widened, plan, ...(widened ? { widenReason: lastFailure } : {}) };
  }
  return { command: lastCommand, grammarCommands: [], widened, failure: lastFailure };
}
