// The `bench` command: run the suite against models and modes, and report on a run.
import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SandboxUnavailableError } from "@shellgen/sandbox";
import { jsonSummary, loadReport, taskText, toMarkdown, toText, writeReport } from "../report/index.js";
import { compareRuns, compareText } from "../compare/compare.js";
import { readResults } from "../run/store.js";
import { BENCH_MODES, DEFAULT_MODES, parseModes, UsageError } from "../run/modes.js";
import { Progress } from "../run/progress.js";
import { policyLabel, type PolicyRef } from "../run/policy-ref.js";
import { parseTiers } from "../run/select.js";
import { META_FILE, RESULTS_FILE } from "../run/store.js";
import type { RunMeta } from "../run/runner.js";
import { loadTaskFolder, SuiteError } from "../suite/index.js";
import { has, one, parseArgs, positiveInt } from "./args.js";
import { cmdTrace, TRACE_FLAGS } from "./trace.js";

const OUT_ROOT = ".bench-out";

const HELP = `bench: the shellgen task suite, run in a bubblewrap sandbox

usage:
  bench run [--suite DIR] [--tier N[,M]] [--tasks GLOB] [--model PATH|URL]... [--modes A,B,...]
            [--policy FILE] [--concurrency N] [--timeout MS] [--out DIR] [--resume]
  bench report [DIR] [--json | --markdown | --task ID]
  bench compare RUN_A RUN_B [--json]
  bench trace TASK [--model PATH|URL] [--mode MODE] [--top K] [--json] [--suite DIR]
  bench trace --run DIR [--top K] [--fixed N]

run      executes every (model, mode, task) and appends one JSON line per result to
         DIR/results.jsonl, then writes DIR/report.md and DIR/report.html.
         defaults: all tiers, the embedded default model, modes ${DEFAULT_MODES.join(",")},
         concurrency 2, DIR = ${OUT_ROOT}/run-<timestamp>. --resume continues DIR (default: the
         latest run) and skips what is already recorded. --model may repeat.
         modes: ${BENCH_MODES.map((m) => m.name).join(", ")}
         (oracle runs the canonical solutions and loads no model). Any model mode may end in
         +exec (fewshot+constrained-retry+ground+exec): the agent's improvement loop tries up to
         3 commands on copies of the workspace, seeing only exit status, stderr and file changes.
         --policy FILE (JSON or YAML, grammargen's policy format) decodes every model mode
         under the policy: the grammars are composed under it, and a command it refuses is
         recorded as failed and not run. run.json keeps its path and sha256, which the
         reports and compare show; --resume refuses a run started with another policy.
         --suite DIR runs a folder of your own task files (*.json arrays of tasks, the
         format of corpora/tasks/task.schema.json) instead of the built-in suite; a malformed
         file stops the run before anything executes (exit 2).
         Every report splits each mode into novel and covered tasks (corpora/tasks/coverage.json,
         or DIR/coverage.json for --suite DIR); without that file it shows the whole suite only.
report   re-reads DIR (default: the latest run), writes report.md and report.html and prints
         a summary; --json prints {runs, transitions, coverage, study, causes} for scripts instead, --markdown prints
         the Markdown report (the README's results table comes from it). Both reports list every
         task (commands, decoding path, verdicts) and trace each regression to its cause.
         --task ID prints that one task across every model and mode.
compare  pairs two runs (the same model and mode in both; or, when each run holds one model,
         the same mode across the two models) task by task: fixed and regressed tasks with
         their cause, the change in pass rate and McNemar's paired test with its p-value
         (exact binomial below 25 discordant tasks). --json prints the same as data.
trace    decodes one task in one mode (default constrained-retry; the embedded default model
         unless --model) and prints each step: the model's top K tokens natively (ln p), the
         top K the grammar allows, how many tokens it allows, and the token taken; for every
         decode the mode made. K defaults to 5. llama-server (http://host:port) reports the
         native top K only; an endpoint without token probabilities is an error (exit 1).
         --run DIR traces every regressed task of a run in the mode it regressed in, and the
         first N fixed ones per model (--fixed, default 5), into DIR/traces.jsonl, and rewrites
         the reports: report.html then shows each trace.
`;

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const defaultIo: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `run-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/** The most recently modified run directory under .bench-out that holds results. */
function latestRun(): string | undefined {
  if (!existsSync(OUT_ROOT)) return undefined;
  const dirs = readdirSync(OUT_ROOT)
    .map((n) => join(OUT_ROOT, n))
    .filter((d) => existsSync(join(d, RESULTS_FILE)))
    .sort((a, b) => statSync(join(b, RESULTS_FILE)).mtimeMs - statSync(join(a, RESULTS_FILE)).mtimeMs);
  return dirs[0];
}

async function cmdRun(argv: string[], io: Io): Promise<number> {
  const p = parseArgs(argv, {
    tier: { value: true },
    tasks: { value: true },
    model: { value: true, repeat: true },
    modes: { value: true, repeat: true },
    concurrency: { value: true },
    timeout: { value: true },
    out: { value: true },
    resume: {},
    help: {},
    suite: { value: true },
    policy: { value: true },
  });
  if (has(p, "help")) {
    io.out(HELP);
    return 0;
  }
  if (p.positionals.length) throw new UsageError(`bench run takes no positional arguments (got "${p.positionals[0]}")`);
  const modes = parseModes((p.flags.get("modes") ?? [DEFAULT_MODES.join(",")]).flatMap((m) => m.split(",")));
  const tierArg = one(p, "tier");
  const tiers = tierArg !== undefined ? parseTiers(tierArg) : undefined;
  const resume = has(p, "resume");
  let out = one(p, "out");
  if (!out && resume) {
    out = latestRun();
    if (!out) throw new UsageError(`--resume: no earlier run under ${OUT_ROOT}/; pass --out DIR`);
  }
  out = resolve(out ?? join(OUT_ROOT, stamp()));
  const models = p.flags.get("model") ?? [undefined];
  const suite = one(p, "suite");
  if (suite !== undefined) {
    if (!existsSync(suite) || !statSync(suite).isDirectory()) throw new UsageError(`--suite: no such folder: ${suite}`);
    // Validate before a run directory is made or a model is opened.
    loadTaskFolder(suite);
  }

  const policyFile = one(p, "policy");
  // Read and validated before a run directory is made or a model is opened.
  const policy = policyFile !== undefined ? (await import("../run/policy.js")).readRunPolicy(policyFile) : undefined;

  const abort = new AbortController();
  const onSigint = () => {
    if (abort.signal.aborted) process.exit(130);
    io.err("\nbench: stopping after the commands in flight (Ctrl-C again to quit now); resume with --resume\n");
    abort.abort();
  };
  process.on("SIGINT", onSigint);
  try {
    // The runner brings decode, fewshot, the agent and node-llama-cpp: loaded only to run,
    // so `bench --help`, `report` and `ls` start without them.
    const { runBench } = await import("../run/runner.js");
    const outcome = await runBench({
      models,
      modes,
      tiers,
      glob: one(p, "tasks"),
      ...(suite !== undefined ? { suiteDir: resolve(suite) } : {}),
      concurrency: positiveInt(one(p, "concurrency"), "concurrency", 2),
      timeoutMs: positiveInt(one(p, "timeout"), "timeout", 10_000),
      outDir: out,
      resume,
      ...(policy ? { policy } : {}),
      progress: new Progress(process.stderr),
      signal: abort.signal,
    });
    if (outcome.interrupted) {
      io.err(
        `bench: interrupted after ${outcome.ran} runs; results so far in ${outcome.outDir}/${RESULTS_FILE} (continue with: bench run --resume --out ${outcome.outDir}${policy ? ` --policy ${policy.path}` : ""})\n`,
      );
      return 130;
    }
    const w = await writeReport(out);
    io.out(toText(w.report));
    if (w.meta?.policy) io.out(`policy: ${policyLabel(w.meta.policy)}\n`);
    io.out(`report: ${w.markdown}\n        ${w.html}\n`);
    return 0;
  } finally {
    process.off("SIGINT", onSigint);
  }
}

async function cmdReport(argv: string[], io: Io): Promise<number> {
  const p = parseArgs(argv, { json: {}, markdown: {}, task: { value: true }, help: {} });
  if (has(p, "help")) {
    io.out(HELP);
    return 0;
  }
  if (p.positionals.length > 1) throw new UsageError("bench report takes one directory");
  const dir = p.positionals[0] ?? latestRun();
  if (!dir) throw new UsageError(`no run directory given and none under ${OUT_ROOT}/`);
  if (!existsSync(dir)) throw new UsageError(`no such directory: ${dir}`);
  const task = one(p, "task");
  if (task !== undefined) {
    const { report } = await loadReport(dir);
    const text = taskText(report, task);
    if (!text) throw new UsageError(`no task "${task}" in ${dir}`);
    io.out(text);
    return 0;
  }
  if (has(p, "json")) {
    const { report, meta } = await loadReport(dir);
    io.out(`${JSON.stringify({ ...jsonSummary(report), ...(meta?.policy ? { policy: meta.policy } : {}) })}\n`);
    return 0;
  }
  const w = await writeReport(dir);
  if (has(p, "markdown")) {
    io.out(toMarkdown(w.report, w.meta));
    return 0;
  }
  io.out(toText(w.report));
  if (w.meta?.policy) io.out(`policy: ${policyLabel(w.meta.policy)}\n`);
  io.out(`report: ${w.markdown}\n        ${w.html}\n`);
  return 0;
}

async function cmdCompare(argv: string[], io: Io): Promise<number> {
  const p = parseArgs(argv, { json: {}, help: {} });
  if (has(p, "help")) {
    io.out(HELP);
    return 0;
  }
  if (p.positionals.length !== 2) throw new UsageError("bench compare takes two run directories: RUN_A RUN_B");
  const [a, b] = p.positionals as [string, string];
  const load = async (dir: string) => {
    if (!existsSync(join(dir, RESULTS_FILE))) throw new UsageError(`no results in ${join(dir, RESULTS_FILE)}`);
    return (await readResults(dir)).records;
  };
  const policyOf = async (dir: string): Promise<PolicyRef | undefined> =>
    await readFile(join(dir, META_FILE), "utf8").then(
      (t) => (JSON.parse(t) as RunMeta).policy,
      () => undefined,
    );
  const c = compareRuns(await load(a), await load(b), { a, b }, { a: await policyOf(a), b: await policyOf(b) });
  io.out(has(p, "json") ? `${JSON.stringify(c)}\n` : compareText(c));
  return 0;
}

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case "run":
        return await cmdRun(rest, io);
      case "report":
        return await cmdReport(rest, io);
      case "compare":
        return await cmdCompare(rest, io);
      case "trace": {
        const p = parseArgs(rest, TRACE_FLAGS);
        if (has(p, "help")) {
          io.out(HELP);
          return 0;
        }
        return await cmdTrace(p, io.out, io.err);
      }
      case undefined:
        io.err(HELP);
        return 2;
      case "help":
      case "--help":
      case "-h":
        io.out(HELP);
        return 0;
      default:
        throw new UsageError(`unknown command "${cmd}" (expected run, report, compare or trace; see bench --help)`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`bench: ${e.message}\n`);
      return 2;
    }
    if (e instanceof SandboxUnavailableError) {
      io.err(`bench: refusing to execute commands without a sandbox: ${e.reason}; ${e.fix}\n`);
      return 1;
    }
    if (e instanceof SuiteError) {
      io.err(`${e.firstLine}\n`);
      return 2;
    }
    io.err(`bench: ${(e as Error).message.split("\n")[0]}\n`);
    return 1;
  }
}
