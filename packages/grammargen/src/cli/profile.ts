// `grammargen profile`: a least-privilege policy learned from the commands a team or a model
// really ran (histories, JSON Lines, `shellgen run` logs, bench runs), over a base policy.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { repoRoot } from "@shellgen/base";
import { GrammargenError } from "../diagnostics.js";
import { defaultPolicyPath } from "../policy/default.js";
import { checkPolicy } from "../policy/check.js";
import { loadPolicy } from "../policy/load.js";
import { globRegExp } from "../policy/policy.js";
import { evaluationTasks, selectBench } from "../profile/bench.js";
import { learn } from "../profile/learn.js";
import { buildProfile } from "../profile/policy.js";
import { readInput, type Observed, type ReadProblem } from "../profile/read.js";
import { packSpecs } from "../profile/specs.js";
import { readArgs, usageError } from "./args.js";
import { writeAtomic, type Io } from "./output.js";

const USAGE =
  "usage: grammargen profile [--from FILE|DIR]... [--from-bench RUN --model M [--eval-share F] [--tasks GLOB] [--eval-out FILE]] [--base POLICY] [--min-count N] [--root DIR] [--pack DIR] [--out POLICY.yaml]";

function packDir(given: string | undefined): string | undefined {
  if (given) return given;
  const root = repoRoot();
  if (root) return join(root, "grammars", "pack");
  try {
    return join(dirname(createRequire(import.meta.url).resolve("@shellgen/grammars/package.json")), "pack");
  } catch {
    return undefined;
  }
}

export async function profileCommand(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, {
    values: ["base", "min-count", "out", "from-bench", "model", "eval-share", "tasks", "eval-out", "root", "pack", "name"],
    repeated: ["from"],
  });
  if (args.positionals.length) throw usageError(`unexpected argument ${args.positionals[0]} (inputs are given with --from)`);
  const froms = args.repeated.get("from") ?? [];
  const bench = args.values.get("from-bench");
  if (froms.length === 0 && !bench) throw usageError(USAGE);
  const model = args.values.get("model");
  if (bench && model === undefined) throw usageError("--from-bench needs --model M (the model whose passing commands to learn)");
  const minText = args.values.get("min-count") ?? "1";
  if (!/^\d+$/.test(minText) || Number(minText) < 1) throw usageError(`--min-count must be a whole number of at least 1, not ${JSON.stringify(minText)}`);
  const shareText = args.values.get("eval-share") ?? "0";
  const evalShare = Number(shareText);
  if (!/^(0(\.\d+)?|1(\.0*)?|\.\d+)$/.test(shareText)) throw usageError(`--eval-share must be a number from 0 to 1, not ${JSON.stringify(shareText)}`);
  if (!bench && (args.values.has("eval-share") || args.values.has("tasks") || args.values.has("eval-out") || model !== undefined))
    throw usageError("--model, --eval-share, --tasks and --eval-out go with --from-bench RUN");

  const base = loadPolicy(args.values.get("base") ?? defaultPolicyPath);
  const root = args.values.get("root") ?? base.paths?.root ?? "/";
  const observed: Observed[] = [];
  const problems: ReadProblem[] = [];
  const sources: string[] = [];
  for (const f of froms) {
    const r = readInput(f);
    // A bench run read with --from teaches what passed (every model).
    const kept = r.format === "bench" ? r.commands.filter((c) => c.passed !== false) : r.format === "run-log" ? r.commands.filter((c) => c.passed) : r.commands;
    observed.push(...kept);
    problems.push(...r.problems);
    sources.push(`${f} (${r.format}, ${kept.length} commands)`);
  }
  if (bench) {
    const r = readInput(bench);
    if (r.format !== "bench") throw new GrammargenError(`--from-bench ${bench} is not a bench run (no model, taskId and passed fields)`, [], "EREAD");
    const tasks = args.values.get("tasks");
    const sel = selectBench(r.commands, { model: model!, evalShare, ...(tasks ? { tasks: globRegExp(tasks) } : {}) });
    if (sel.kept.length + sel.failing + sel.heldOut === 0)
      throw new GrammargenError(
        `--from-bench ${bench} holds no records of model ${model} (models: ${[...new Set(r.commands.map((c) => c.model))].join(", ")})`,
        [],
        "EREAD",
      );
    observed.push(...sel.kept);
    problems.push(...r.problems);
    sources.push(`${bench} (model ${model}: ${sel.kept.length} passing commands; ${sel.failing} failing and ${sel.heldOut} held out for evaluation left out)`);
    const evalOut = args.values.get("eval-out");
    if (evalOut)
      await writeAtomic(
        evalOut,
        `${evaluationTasks(
          r.commands.map((c) => c.taskId ?? ""),
          evalShare,
        )}\n`,
      );
  }
  const verdicts = new Map<string, boolean>();
  const clean = (c: string): boolean => verdicts.get(c) ?? verdicts.set(c, checkPolicy(base, c).length === 0).get(c)!;
  const learned = learn(observed, packSpecs(packDir(args.values.get("pack"))), root, clean);
  learned.problems.unshift(...problems);
  for (const p of learned.problems.slice(0, 20)) io.stderr(`grammargen: warning: ${p.file}:${p.line}: ${p.message} (skipped)\n`);
  if (learned.problems.length > 20) io.stderr(`grammargen: warning: ${learned.problems.length - 20} more lines skipped\n`);
  if (learned.used === 0) throw new GrammargenError(`profile: no command could be read from ${[...froms, ...(bench ? [bench] : [])].join(", ")}`, [], "EEMPTY");
  const name = args.values.get("name");
  const profile = buildProfile(learned, base, { minCount: Number(minText), sources, ...(name ? { name } : {}) });
  // The learned file must load as a policy: checked before it is written.
  loadPolicy(JSON.parse(JSON.stringify(profile.policy)) as object);
  const out = args.values.get("out");
  if (out) await writeAtomic(out, profile.yaml);
  else io.stdout(profile.yaml);
  const options = profile.policy.options?.reduce((n, r) => n + r.allow.length, 0) ?? 0;
  io.stderr(
    `profile: ${learned.used} of ${learned.read} commands counted, ${learned.problems.length} lines skipped; ${profile.policy.commands.allow?.length ?? 0} programs, ${profile.policy.options?.length ?? 0} rules, ${options} option spellings allowed${out ? `; wrote ${out}` : ""}\n`,
  );
  return 0;
}
