// Where a task's command comes from: the canonical solution (oracle) or a model under a mode.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Task } from "../suite/index.js";
import { improve, type LoopResult } from "@shellgen/agent";
import {
  createBackend,
  traceGenerate,
  type TraceResult,
  defaultModelPath,
  generate,
  type Backend,
  type Example,
  type Feedback,
  type GrammarPlan,
  type ModelInfo,
  type StripCounts,
} from "@shellgen/decode";
import type { Policy } from "@shellgen/grammargen";
import { estimateTokens, exampleBlock, exampleId, openPool, staticExamples, type Pool } from "@shellgen/fewshot";
import type { ExecTrace, NativeCheck } from "./record.js";
import { TASK_ENV } from "../suite/index.js";
import { FEWSHOT_K, UsageError, type ModeSpec } from "./modes.js";

/** The decoder a model generator calls; tests pass their own (a scripted backend). */
export interface DecodeApi {
  createBackend: typeof createBackend;
  generate: typeof generate;
  defaultModelPath?: typeof defaultModelPath;
}

export interface Generated {
  command: string;
  tokens: { prompt: number; completion: number };
  latencyMs: number;
  path: string;
  error?: string;
  /** ids of the few-shot examples put in the prompt (fewshot's exampleId: a hash of request and command) */
  examples?: string[];
  /** programs whose grammars constrained the decode (decode's grammarCommands; "<default>" = the pack's default grammar) */
  grammarPrograms?: string[];
  exec?: ExecTrace;
  nativeCheck?: NativeCheck;
  /** Code fences and prose taken off free decodes before the command was checked. */
  stripped?: StripCounts;
}

export interface Generator {
  /** The `model` field of this generator's records. */
  readonly label: string;
  /** Size, vocabulary and template, where the backend tells (the study table's columns). */
  readonly info?: ModelInfo;
  /** `workspace`: the task's prepared workspace; only `+exec` modes use it, and only through copies. */
  produce(task: Task, mode: ModeSpec, workspaceFiles: string[], workspace?: string): Promise<Generated>;
  /** The native command this model gave for a task in an earlier run (a resumed run's records). */
  noteNative?(taskId: string, command: string): void;
  close(): Promise<void>;
}

export const ORACLE_MODEL = "oracle";

export const oracleGenerator: Generator = {
  label: ORACLE_MODEL,
  async produce(task) {
    return { command: task.solutions[0] ?? "", tokens: { prompt: 0, completion: 0 }, latencyMs: 0, path: "oracle" };
  },
  async close() {},
};

const isRemote = (m: string) => /^(https?:\/\/|hf:)/i.test(m);

export class MissingModelError extends UsageError {}

/** The record label of a model argument (undefined = the embedded default). */
export function modelLabel(model: string | undefined, defaultPath?: string): string {
  if (model) return model;
  return defaultPath ? basename(defaultPath) : "default";
}

/** Fails fast, before any task runs, when a local model file is missing. */
export function assertModelExists(model: string | undefined, defaultPath: string | undefined): void {
  const path = model ?? defaultPath;
  if (!path || isRemote(path) || existsSync(path)) return;
  const how = model
    ? "check the path, or pass a URL (http://host:port for an OpenAI-compatible engine) or hf:user/repo/file.gguf"
    : "build the default model with `npm run model:data && npm run model:train && npm run model:export`, set SHELLGEN_MODEL, or pass --model PATH|URL";
  throw new MissingModelError(`model not found: ${path}; ${how}`);
}

/** Whether a decode's grammar takes the native command (an empty one is nothing to check). */
function checkAgainst(plan: GrammarPlan, command: string): NativeCheck | undefined {
  if (command.trim() === "") return undefined;
  const v = plan.accepts(command);
  return { command, accepted: v.accepted, ...(v.reason ? { reason: v.reason } : {}), grammar: plan.commands };
}

/** One model; decode calls are serialised because a backend decodes one sequence at a time. */
export class ModelGenerator implements Generator {
  private queue: Promise<unknown> = Promise.resolve();
  private pool?: Promise<Pool>;
  private staticTokens?: number;
  private poolDir?: string;
  /** task id -> this model's native command; grammar modes check it against their grammar. */
  private readonly natives = new Map<string, string>();

  private constructor(
    readonly label: string,
    private readonly decode: DecodeApi,
    private readonly backend: Backend,
    private readonly policy?: Policy,
  ) {}

  get info(): ModelInfo | undefined {
    return this.backend.info;
  }

  /** `policy`: every decode runs under it (decode composes the grammars under it and checks the command). */
  static async open(model: string | undefined, decode?: DecodeApi, opts: { policy?: Policy } = {}): Promise<ModelGenerator> {
    // A named local file is checked before llama.cpp is even loaded.
    if (model) assertModelExists(model, undefined);
    const api = decode ?? { createBackend, generate, defaultModelPath };
    const defaultPath = model ? undefined : api.defaultModelPath?.();
    assertModelExists(model, defaultPath);
    let backend: Backend;
    try {
      backend = await api.createBackend(model);
    } catch (e) {
      const name = model ?? defaultPath ?? "(default)";
      const why = (e as Error).message.split("\n")[0] ?? "";
      // decode's own errors already name the model.
      throw new Error(why.includes(name) ? why : `cannot load model ${name}: ${why}`);
    }
    return new ModelGenerator(modelLabel(model, defaultPath), api, backend, opts.policy);
  }

  private async examples(task: Task, mode: ModeSpec): Promise<Example[] | undefined> {
    if (mode.examples === "none") return undefined;
    if (mode.examples === "static") return staticExamples(FEWSHOT_K);
    // Retrieval may spend at most what the static block spends, so the comparison is at equal cost.
    this.staticTokens ??= staticExamples(FEWSHOT_K).reduce((n, e) => n + estimateTokens(exampleBlock(e)), 0);
    const tokenBudget = this.staticTokens;
    return this.shippedPool().then((p) =>
      p.retrieve(task.request, { k: FEWSHOT_K, tokenBudget }).examples.map(({ request, command }) => ({ request, command })),
    );
  }

  /** The bench's own pool: shipped examples only, nothing learned on this machine, no index on disk. */
  private shippedPool(): Promise<Pool> {
    this.pool ??= (() => {
      this.poolDir = mkdtempSync(join(tmpdir(), "shellgen-bench-pool-"));
      return openPool({ dir: this.poolDir, index: ":memory:" });
    })();
    return this.pool;
  }

  /** One decode of a task in a mode: the plain modes' only call, and each attempt of `+exec`. */
  private async decodeTask(task: Task, mode: ModeSpec, workspaceFiles: string[], examples: Example[] | undefined, feedback?: Feedback) {
    return this.decode.generate({
      backend: this.backend,
      request: task.request,
      mode: mode.decode!,
      ground: mode.ground,
      workspaceFiles,
      examples,
      ...(feedback ? { feedback } : {}),
      ...(this.policy ? { policy: this.policy } : {}),
      ...(await this.restater(mode)),
    });
  }

  /** Grounded modes read the request restated (typos repaired), as `shellgen` does; decode's SHELLGEN_ABLATE=no-restate turns it off. */
  private async restater(mode: ModeSpec): Promise<{ restate?: (request: string, keep: ReadonlySet<string>) => string }> {
    if (!mode.ground) return {};
    const pool = await this.shippedPool();
    return { restate: (request, keep) => pool.spelled(request, keep) };
  }

  produce(task: Task, mode: ModeSpec, workspaceFiles: string[], workspace?: string): Promise<Generated> {
    const run = async (): Promise<Generated> => {
      if (mode.exec) {
        if (!workspace) throw new Error(`mode ${mode.name} needs the task's workspace`);
        return this.produceWithExec(task, mode, workspaceFiles, workspace);
      }
      const examples = await this.examples(task, mode);
      const r = await this.decodeTask(task, mode, workspaceFiles, examples);
      if (mode.name === "native") this.natives.set(task.id, r.command);
      const native = this.natives.get(task.id);
      const nativeCheck = r.grammar && native ? checkAgainst(r.grammar, native) : undefined;
      return {
        command: r.command,
        tokens: r.tokens,
        latencyMs: r.latencyMs,
        path: r.path,
        ...(examples ? { examples: examples.map((e) => exampleId(e)) } : {}),
        grammarPrograms: r.grammarCommands ?? [],
        ...(r.error ? { error: r.error } : {}),
        ...(r.stripped ? { stripped: r.stripped } : {}),
        ...(nativeCheck ? { nativeCheck } : {}),
      };
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * `+exec`: @shellgen/agent's loop around the mode. Attempt 1 is exactly the plain mode's
   * decode (same examples, grounding, workspace listing); later attempts add the feedback.
   * With no attempt judged a success by the agent's own heuristic, the answer is the attempt
   * that got furthest (exit 0 beats an error; earlier wins a tie), so the loop never
   * answers with nothing where the plain mode would have answered.
   */
  private async produceWithExec(task: Task, mode: ModeSpec, workspaceFiles: string[], workspace: string): Promise<Generated> {
    const examples = await this.examples(task, mode);
    const tokens = { prompt: 0, completion: 0 };
    let latencyMs = 0;
    const grammarPrograms = new Set<string>();
    const loop: LoopResult = await improve({
      goal: task.request,
      workspace,
      env: TASK_ENV,
      timeLimitMs: 60_000,
      propose: async ({ feedback, tried }) => {
        const decode = async (withExamples: Example[] | undefined) => {
          const r = await this.decodeTask(task, mode, workspaceFiles, withExamples, feedback);
          tokens.prompt += r.tokens.prompt;
          tokens.completion += r.tokens.completion;
          latencyMs += r.latencyMs;
          for (const p of r.grammarCommands ?? []) grammarPrograms.add(p);
          return r;
        };
        // As @shellgen/agent's decodeProposer: a repeat of a tried command is asked again once without examples.
        let r = await decode(examples);
        if (tried.includes(r.command.trim()) && examples?.length) r = await decode(undefined);
        return { command: r.command, path: r.path, ...(r.path === "failed" ? { error: r.error ?? "no valid command" } : {}) };
      },
    });
    await loop.discard();
    const rank: Record<string, number> = { success: 0, "no-effect": 1, stderr: 2, failed: 3, timeout: 3 };
    const ranked = loop.attempts.filter((a) => a.command !== "").sort((a, b) => (rank[a.verdict] ?? 4) - (rank[b.verdict] ?? 4) || a.n - b.n);
    const chosen = ranked[0];
    return {
      command: chosen?.command ?? "",
      tokens,
      latencyMs,
      path: chosen?.path ?? "failed",
      ...(examples ? { examples: examples.map((e) => exampleId(e)) } : {}),
      grammarPrograms: [...grammarPrograms],
      exec: { stopped: loop.stopped, commands: loop.attempts.map((a) => a.command), verdicts: loop.attempts.map((a) => a.verdict) },
      ...(chosen ? {} : { error: loop.attempts.at(-1)?.reason ?? "no attempt" }),
    };
  }

  /** One decode of a task in a mode, traced token by token (decode's traceGenerate); `+exec` modes are not traced. */
  trace(task: Task, mode: ModeSpec, workspaceFiles: string[], topK: number): Promise<TraceResult> {
    if (mode.exec || mode.decode === null) throw new UsageError(`mode ${mode.name} cannot be traced: trace a model mode without +exec`);
    const run = async () => {
      const examples = await this.examples(task, mode);
      return traceGenerate({
        backend: this.backend,
        request: task.request,
        mode: mode.decode!,
        ground: mode.ground,
        workspaceFiles,
        examples,
        topK,
        ...(this.policy ? { policy: this.policy } : {}),
        ...(await this.restater(mode)),
      });
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  noteNative(taskId: string, command: string): void {
    this.natives.set(taskId, command);
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.backend.close();
    if (this.poolDir) rmSync(this.poolDir, { recursive: true, force: true });
  }
}
