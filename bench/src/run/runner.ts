// bench run: every (model, mode, task) not yet in results.jsonl, executed in the sandbox
// and judged by the task's check. Generation is serial per model; execution overlaps.
import { mkdir, readFile, rm } from "node:fs/promises";
import { cpus, hostname } from "node:os";
import { join, resolve } from "node:path";
import { listWorkspace } from "@shellgen/decode";
import { sandboxAvailable, SandboxUnavailableError } from "@shellgen/sandbox";
import { loadSuite, loadTaskFolder, runTask, type Task } from "../suite/index.js";
import { ModelGenerator, oracleGenerator, type Generated, type Generator } from "./generators.js";
import type { ModeSpec } from "./modes.js";
import type { ModelInfo } from "@shellgen/decode";
import { silentProgress, type ProgressSink } from "./progress.js";
import { clip, recordKey, type ResultRecord } from "./record.js";
import { selectTasks } from "./select.js";
import { META_FILE, readResults, ResultStore, writeJsonAtomic } from "./store.js";
import { policyRefusal, type RunPolicy } from "./policy.js";
import { assertSamePolicy, type PolicyRef } from "./policy-ref.js";

/** Per-task workspaces, inside the run directory. */
export const WORK_DIR = ".work";

export interface BenchOptions {
  /** Model arguments; undefined means the embedded default model. */
  models: (string | undefined)[];
  modes: ModeSpec[];
  tiers?: number[];
  glob?: string;
  concurrency?: number;
  outDir: string;
  resume?: boolean;
  timeoutMs?: number;
  /** A folder of task files (`bench run --suite DIR`); default: the project's suite. */
  suiteDir?: string;
  progress?: ProgressSink;
  /** Set to stop taking new work (Ctrl-C); what is in flight finishes and is recorded. */
  signal?: AbortSignal;
  /** Every model mode decodes under this policy, and what it refuses is not run (`bench run --policy`). */
  policy?: RunPolicy;
  /** Generator factory (tests inject one; default opens the model through @shellgen/decode). */
  openModel?: (model: string | undefined) => Promise<Generator>;
}

export interface RunMeta {
  started: string;
  finished?: string;
  resumed: string[];
  host: string;
  cpu: string;
  cores: number;
  node: string;
  models: string[];
  /** Per model label: parameters, vocabulary and chat template, as the backend reported them. */
  modelInfo?: Record<string, ModelInfo>;
  modes: string[];
  tiers: number[] | "all";
  tasks?: string;
  /** the --suite folder (absolute); absent for the project's suite */
  suite?: string;
  concurrency: number;
  /** The --policy file every model mode decoded under; absent: none (the full grammars). */
  policy?: PolicyRef;
}

export interface BenchOutcome {
  outDir: string;
  ran: number;
  skipped: number;
  interrupted: boolean;
  records: ResultRecord[];
}

interface Job {
  task: Task;
  mode: ModeSpec;
  gen: () => Promise<Generator>;
}

export async function runBench(opts: BenchOptions): Promise<BenchOutcome> {
  const avail = await sandboxAvailable();
  if (!avail.ok) throw new SandboxUnavailableError(avail.reason, avail.fix);

  const tasks = selectTasks(opts.suiteDir ? loadTaskFolder(opts.suiteDir) : loadSuite(), { tiers: opts.tiers, glob: opts.glob });
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const progress = opts.progress ?? silentProgress;
  let skipped = 0;
  const earlier = opts.resume ? await readMeta(opts.outDir) : undefined;
  if (earlier) assertSamePolicy(opts.outDir, earlier.policy, opts.policy);

  // Models open lazily and once: a run that only needs the oracle never touches a model.
  const opened = new Map<string, Promise<Generator>>();
  const policy = opts.policy?.policy;
  const openModel = opts.openModel ?? ((m: string | undefined) => ModelGenerator.open(m, undefined, policy ? { policy } : {}));
  const generatorFor = (model: string | undefined) => () => {
    const key = model ?? "\u0000default";
    let g = opened.get(key);
    if (!g) opened.set(key, (g = openModel(model)));
    return g;
  };

  // Task-major order: a run stopped part-way still holds every mode's answer for the tasks it reached,
  // so its paired comparisons are complete as far as they go.
  // Native first within a task: the grammar modes after it check its command (nativeCheck).
  const modeOrder = [...opts.modes].sort((a, b) => Number(b.name === "native") - Number(a.name === "native"));
  const jobs: Job[] = [];
  for (const task of tasks) {
    for (const mode of modeOrder) {
      for (const model of mode.decode === null ? [undefined] : opts.models) {
        jobs.push({ task, mode, gen: mode.decode === null ? async () => oracleGenerator : generatorFor(model) });
      }
    }
  }

  let ran = 0;
  let pendingCount = 0;
  try {
    // Open every model first: a missing model fails the run before anything is written.
    // A record's model label is also only known once its generator is open.
    const labels = new Map<Job["gen"], string>();
    const infos: Record<string, ModelInfo> = {};
    for (const job of jobs) {
      if (labels.has(job.gen)) continue;
      const g = await job.gen();
      labels.set(job.gen, g.label);
      if (g.info) infos[g.label] = g.info;
    }

    const store = await ResultStore.open(opts.outDir, !!opts.resume);
    if (opts.resume) {
      const byLabel = new Map([...labels].map(([gen, label]) => [label, gen]));
      for (const r of (await readResults(opts.outDir)).records) {
        const gen = r.mode === "native" ? byLabel.get(r.model) : undefined;
        if (gen) (await gen()).noteNative?.(r.taskId, r.command);
      }
    }
    const modelLabels = [...new Set(jobs.filter((j) => j.mode.decode !== null).map((j) => labels.get(j.gen)!))];
    await writeMeta(opts, concurrency, modelLabels, infos);
    // Workspaces live in the run directory, so the ones a killed run left behind are swept here.
    const workRoot = join(opts.outDir, WORK_DIR);
    await rm(workRoot, { recursive: true, force: true });
    await mkdir(workRoot, { recursive: true });
    const pending = jobs.filter((job) => !store.has(recordKey({ model: labels.get(job.gen)!, mode: job.mode.name, taskId: job.task.id })));
    pendingCount = pending.length;
    skipped = jobs.length - pending.length;

    progress.start(pending.length, skipped);
    let next = 0;
    // A grammar mode checks the native command of its task (nativeCheck), so its decode waits
    // until the native decode of the same model and task, taken before it, has generated.
    const nativeGenerated = new Map<string, Promise<void>>();
    const worker = async () => {
      while (next < pending.length && !opts.signal?.aborted) {
        const job = pending[next++]!;
        const key = `${labels.get(job.gen)}\u0000${job.task.id}`;
        let generated: (() => void) | undefined;
        if (job.mode.name === "native") nativeGenerated.set(key, new Promise<void>((r) => (generated = r)));
        const before = job.mode.name === "native" ? undefined : nativeGenerated.get(key);
        const record = await runJob(job, { timeoutMs: opts.timeoutMs ?? 10_000, workRoot, policy }, before, generated);
        await store.append(record);
        ran++;
        progress.tick(record.passed, `${record.mode} ${record.taskId}`);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, pending.length)) }, worker));
    } finally {
      progress.finish();
    }
  } finally {
    for (const g of opened.values())
      await g.then(
        (x) => x.close(),
        () => undefined,
      );
  }
  await rm(join(opts.outDir, WORK_DIR), { recursive: true, force: true });
  const interrupted = !!opts.signal?.aborted && ran < pendingCount;
  if (!interrupted) await finishMeta(opts.outDir);
  const { records } = await readResults(opts.outDir);
  return { outDir: opts.outDir, ran, skipped, interrupted, records };
}

/** Thrown inside runTask's command source when the generator gave no command to run. */
class NoCommand extends Error {}

/** Thrown inside runTask's command source when the run's policy refuses the command: it is not run. */
class Refused extends Error {}

interface JobContext {
  timeoutMs: number;
  workRoot: string;
  policy?: RunPolicy["policy"];
}

/** `before`: generation starts once it settles; `generated`: called once this job's generation is over, however it ended. */
async function runJob(job: Job, ctx: JobContext, before?: Promise<void>, generated?: () => void): Promise<ResultRecord> {
  try {
    return await runJobOnce(job, ctx, before, generated);
  } finally {
    generated?.(); // a task whose setup failed never reached generation
  }
}

async function runJobOnce(job: Job, { timeoutMs, workRoot, policy }: JobContext, before?: Promise<void>, generated?: () => void): Promise<ResultRecord> {
  const { task, mode } = job;
  const generator = await job.gen();
  const base = { model: generator.label, mode: mode.name, taskId: task.id, tier: task.tier, category: task.category };
  const failed = (reason: string, error: string): ResultRecord => ({
    ...base,
    command: "",
    stdout: "",
    stderr: "",
    exitCode: null,
    passed: false,
    reason,
    tokens: { prompt: 0, completion: 0 },
    latencyMs: 0,
    path: "failed",
    error,
    at: new Date().toISOString(),
  });
  let gen: Generated | undefined;
  let genError: string | undefined;
  try {
    // The model sees the task's own workspace; runTask then runs its command in every state.
    const run = await runTask(
      task,
      async (dir) => {
        try {
          await before;
          gen = await generator.produce(task, mode, listWorkspace(dir), dir); // the listing `shellgen` grounds with; +exec modes try commands on copies of dir
        } catch (e) {
          genError = (e as Error).message.split("\n")[0] ?? String(e);
          throw e;
        } finally {
          generated?.();
        }
        if (gen.command.trim() === "") throw new NoCommand();
        // Whatever path produced it (a native retry, an +exec attempt), a refused command never runs.
        const refusal = policy && mode.decode !== null ? policyRefusal(policy, gen.command) : undefined;
        if (refusal) throw new Refused(refusal);
        return gen.command;
      },
      { timeoutMs, workRoot },
    );
    const { result } = run;
    return {
      ...base,
      ...generatedFields(gen!),
      stdout: clip(result.stdout),
      stderr: clip(result.stderr),
      exitCode: result.exitCode,
      passed: run.passed,
      reason: run.reason,
      execMs: result.durationMs,
      timedOut: result.timedOut,
      truncated: result.truncated,
      at: new Date().toISOString(),
    };
  } catch (e) {
    if (genError !== undefined) return failed(`generation failed: ${genError}`, genError);
    if (e instanceof Refused && gen) {
      return {
        ...base,
        ...generatedFields(gen),
        path: "failed",
        error: e.message,
        stdout: "",
        stderr: "",
        exitCode: null,
        passed: false,
        reason: `refused by the policy, not run: ${e.message}`,
        at: new Date().toISOString(),
      };
    }
    if (e instanceof NoCommand && gen) {
      return {
        ...base,
        ...generatedFields(gen),
        stdout: "",
        stderr: "",
        exitCode: null,
        passed: false,
        reason: `no command produced${gen.error ? `: ${gen.error}` : ""}`,
        at: new Date().toISOString(),
      };
    }
    // A broken task setup or checker must not stop the run; the record says what happened.
    const error = (e as Error).message.split("\n")[0] ?? String(e);
    return failed(`bench error: ${error}`, error);
  }
}

/** The record fields that come from generation (the audit trail included). */
function generatedFields(gen: Generated) {
  return {
    command: gen.command,
    tokens: gen.tokens,
    latencyMs: gen.latencyMs,
    path: gen.path,
    ...(gen.examples ? { examples: gen.examples } : {}),
    ...(gen.grammarPrograms ? { grammarPrograms: gen.grammarPrograms } : {}),
    ...(gen.error ? { error: gen.error } : {}),
    ...(gen.exec ? { exec: gen.exec } : {}),
    ...(gen.stripped ? { stripped: gen.stripped } : {}),
    ...(gen.nativeCheck ? { nativeCheck: gen.nativeCheck } : {}),
  };
}

const readMeta = (dir: string): Promise<RunMeta | undefined> =>
  readFile(join(dir, META_FILE), "utf8").then(
    (t) => JSON.parse(t) as RunMeta,
    () => undefined,
  );

async function writeMeta(opts: BenchOptions, concurrency: number, models: string[], infos: Record<string, ModelInfo>): Promise<void> {
  const file = join(opts.outDir, META_FILE);
  const prev = await readMeta(opts.outDir);
  const now = new Date().toISOString();
  const meta: RunMeta = {
    started: prev?.started ?? now,
    resumed: prev ? [...(prev.resumed ?? []), now] : [],
    host: hostname(),
    cpu: `${cpus()[0]?.model ?? "cpu"}`.trim(),
    cores: cpus().length,
    node: process.version,
    models: [...new Set([...(prev?.models ?? []), ...models])],
    ...(Object.keys(infos).length || prev?.modelInfo ? { modelInfo: { ...prev?.modelInfo, ...infos } } : {}),
    modes: [...new Set([...(prev?.modes ?? []), ...opts.modes.map((m) => m.name)])],
    tiers: opts.tiers?.length ? opts.tiers : "all",
    ...(opts.glob ? { tasks: opts.glob } : {}),
    ...(opts.suiteDir ? { suite: resolve(opts.suiteDir) } : {}),
    concurrency,
    ...(opts.policy ? { policy: { path: opts.policy.path, sha256: opts.policy.sha256 } } : {}),
  };
  await writeJsonAtomic(file, meta);
}

async function finishMeta(dir: string): Promise<void> {
  const file = join(dir, META_FILE);
  const meta = JSON.parse(await readFile(file, "utf8")) as RunMeta;
  await writeJsonAtomic(file, { ...meta, finished: new Date().toISOString() });
}
