// npm run bench:decode — decoding speed, native versus constrained, on the same prompts,
// the same model and one run. Reports per-token time ratios, in wall and in CPU time (the
// targets: constrained / native <= 1.15 with per-request grammars, <= 1.3 with the pack's
// default grammar), time to first token, and grammar
// compile time. To show where constrained time goes it also decodes under a permissive
// one-line grammar (the sampler's floor), the default programs without heredocs, and the
// per-request selected grammars, planned two ways: from the request alone, and as generate()
// plans them, after a free decode whose programs join the selection and whose text is the
// draft (the grammar a constrained-retry request samples under).
//
// --model takes a GGUF path or a bench model with a real vocabulary (qwen2: 151,936 tokens,
// llama3: 128,256; built from node-llama-cpp's llama.cpp bundle, see vocab-model.ts), and may
// be given several times: the models run one after another in this process and a closing
// table sets them side by side. Every report gives the vocabulary size and the time the
// grammar adds per token (constrained minus native, ms) beside the ratio, which hides it when
// native decoding is fast. --native-sampler also decodes the default and the per-request
// grammars with node-llama-cpp's own grammar sampler (the full-vocabulary pass on every
// rejected token) and checks that the ranked sampler gave the same text.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { defaultModelPath } from "../backend/index.js";
import { LocalModel } from "../backend/local-model.js";
import { EmbeddedBackend as EmbeddedBackendFor } from "../backend/embedded.js";
import { addStats, LIST_LENGTHS, type RankedStats, rankedStats, statsDelta, useGrammarSampler } from "../backend/ranked-grammar-sampling.js";
import { resolveModelArg } from "./vocab-model.js";
import { generate } from "../generate.js";
import { CHEAP_CONSTRUCTS, forDecoding, loadPack, packPlanner } from "../plan-pack.js";
import { decodingTerminals } from "../ground.js";
import { compose, emitGbnf } from "@shellgen/grammargen";
import { programsIn, writeFileAtomicSync } from "@shellgen/base";
import { completionPrompt, STOP_SEQUENCES } from "../prompt.js";
import type { LlamaGrammar } from "node-llama-cpp";

interface Run {
  ms: number;
  firstTokenMs: number;
  tokens: number;
  /** Process CPU time (all threads), whole run and up to the first token: on a shared,
   * loaded machine wall time mostly measures the other processes, CPU time much less. */
  cpuMs: number;
  firstTokenCpuMs: number;
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const FALLBACK_REQUESTS = [
  "How many lines are in notes.txt?",
  "Show the first 5 lines of data.csv",
  "List all files in the current directory with their sizes",
  "Find every .log file under logs",
  "Count the words in essay.txt",
  "Sort names.txt alphabetically and remove duplicates",
  "Print the second column of people.csv",
  "Search for the word error in app.log, ignoring case",
  "Show the last 20 lines of server.log",
  "Copy report.txt to backup/report.txt",
  "Replace every foo with bar in config.ini and print the result",
  "Count how many times each line occurs in words.txt",
  "Make a directory called archive",
  "Show disk usage of the src directory in human-readable form",
  "Compress notes.txt with gzip",
  "Print lines of access.log that contain 404",
  "Show the size of big.bin in bytes",
  "Number the lines of poem.txt",
  "Convert upper.txt to lowercase",
  "Create an empty file named todo.md",
];

function requests(n: number): string[] {
  const dir = join(process.cwd(), "corpora", "tasks");
  const out: string[] = [];
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)
      .filter((x) => /^tier\d+\.json$/.test(x))
      .sort()) {
      try {
        const tasks = JSON.parse(readFileSync(join(dir, f), "utf8")) as { request?: string }[];
        // Every k-th task, so all tiers are represented.
        const step = Math.max(1, Math.floor(tasks.length / Math.ceil(n / 4)));
        for (let i = 0; i < tasks.length; i += step) if (tasks[i]?.request) out.push(tasks[i]!.request!);
      } catch {
        /* a half-written suite file: skip it */
      }
    }
  }
  return (out.length >= n / 2 ? out : FALLBACK_REQUESTS).slice(0, n);
}

async function decode(model: LocalModel, request: string, grammar: LlamaGrammar | undefined, maxTokens: number, texts?: string[]): Promise<Run> {
  const t0 = performance.now();
  const c0 = cpuNow();
  let first = 0;
  let firstCpu = 0;
  const out = await model.complete(completionPrompt({ request }), {
    grammar,
    maxTokens,
    stop: grammar ? [] : STOP_SEQUENCES,
    seed: 42,
    onFirstToken: () => {
      first = performance.now() - t0;
      firstCpu = cpuNow() - c0;
    },
  });
  texts?.push(out.text);
  return { ms: performance.now() - t0, firstTokenMs: first, tokens: out.completionTokens, cpuMs: cpuNow() - c0, firstTokenCpuMs: firstCpu };
}

/** Under node-llama-cpp's own grammar sampler instead of the ranked one. */
async function decodeNativeSampler(model: LocalModel, request: string, grammar: LlamaGrammar, maxTokens: number, texts: string[]): Promise<Run> {
  useGrammarSampler(model.sequence, "native");
  try {
    return await decode(model, request, grammar, maxTokens, texts);
  } finally {
    useGrammarSampler(model.sequence, "ranked");
  }
}

function vocabularySize(model: LocalModel): number {
  const tokens = (model.model.fileInfo.metadata as { tokenizer?: { ggml?: { tokens?: readonly unknown[] } } }).tokenizer?.ggml?.tokens;
  return tokens?.length ?? NaN;
}

function summarise(runs: Run[]) {
  const tokens = runs.reduce((s, r) => s + r.tokens, 0);
  // Time after the first token, per token: decode speed without prompt evaluation.
  const decodeMs = runs.reduce((s, r) => s + (r.ms - r.firstTokenMs), 0);
  const decodeTokens = runs.reduce((s, r) => s + Math.max(0, r.tokens - 1), 0);
  const decodeCpuMs = runs.reduce((s, r) => s + (r.cpuMs - r.firstTokenCpuMs), 0);
  const ttft = runs.map((r) => r.firstTokenMs).sort((a, b) => a - b);
  return {
    requests: runs.length,
    tokens,
    totalMs: Math.round(runs.reduce((s, r) => s + r.ms, 0)),
    msPerToken: decodeTokens ? decodeMs / decodeTokens : NaN,
    cpuMsPerToken: decodeTokens ? decodeCpuMs / decodeTokens : NaN,
    tokensPerSecond: decodeTokens ? (1000 * decodeTokens) / decodeMs : NaN,
    medianFirstTokenMs: ttft[Math.floor(ttft.length / 2)] ?? NaN,
  };
}

export async function benchDecode(args: string[]): Promise<{ report: Record<string, unknown>; text: string }> {
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const modelPath = resolveModelArg(opt("model") ?? defaultModelPath());
  const compareSampler = args.includes("--native-sampler");
  // A decode cut by the wall-clock deadline on a loaded machine would differ for that reason
  // alone; node-llama-cpp's sampler is slow enough at a real vocabulary to reach it.
  if (compareSampler) process.env.SHELLGEN_DECODE_DEADLINE_MS ??= String(3_600_000);
  const n = Number(opt("requests") ?? 24);
  const maxTokens = Number(opt("max-tokens") ?? 48);
  // The 24 requests decode ~10 tokens each, a third of a second in all per mode: one pass
  // is at the mercy of the scheduler. Rounds repeat the interleaved passes and pool them.
  const rounds = Math.max(1, Number(opt("rounds") ?? 5));
  const out = opt("out");

  const threads = opt("threads") ? Number(opt("threads")) : undefined;
  const model = await LocalModel.open(modelPath, { threads });
  // Each grammar row decodes a prompt just decoded freely: reusing that decode's tokens would
  // time one token per decode. Only generate() end to end below reuses, as it does in use.
  model.reuseFree = false;
  const pack = await loadPack();
  const reqs = requests(n);

  // Grammar compile times: the pack default (first compile, uncached), a permissive
  // one-line grammar (the sampler's floor), and per-request composed grammars.
  const planner = await packPlanner(pack);
  let t = performance.now();
  const defaultPlan = await planner.plans({ request: reqs[0]!, ground: false, workspaceFiles: [] }).at(-1)!();
  const defaultGbnf = defaultPlan.text.gbnf;
  const defaultBuildMs = performance.now() - t;
  t = performance.now();
  const defaultGrammar = await model.grammar(defaultGbnf);
  const defaultCompileMs = performance.now() - t;
  const permissive = await model.grammar('root ::= " "? [^\\n]+ "\\n\\n"?');
  // The same default programs without heredocs: isolates what heredoc bodies cost the sampler.
  let noHeredoc: LlamaGrammar | undefined;
  if (pack.defaultCommands?.length) {
    const g = compose({
      commands: pack.defaultCommands.map((n) => pack.commands[n]!.ir),
      constructs: CHEAP_CONSTRUCTS as NonNullable<Parameters<typeof compose>[0]>["constructs"],
    });
    noHeredoc = await model.grammar(emitGbnf(forDecoding(decodingTerminals(g)))).catch(() => undefined);
  }

  const composeMs: number[] = [];
  const compileMs: number[] = [];
  const selected: (LlamaGrammar | undefined)[] = [];
  const afterFree: (LlamaGrammar | undefined)[] = [];
  for (const request of reqs) {
    // generate()'s planning inputs: the programs of the free decode, and its text as the draft
    // when it ended cleanly.
    const free = await model.complete(completionPrompt({ request }), { maxTokens, stop: STOP_SEQUENCES, seed: 42 });
    const draft = free.text.replace(/^ /, "");
    const freePlans = planner.plans({
      request,
      ground: true,
      workspaceFiles: [],
      programs: programsIn(draft),
      ...(free.finish === "stop" && draft.trim() !== "" ? { draft } : {}),
    });
    const freePlan = freePlans.length > 1 ? await freePlans[0]!().catch(() => undefined) : undefined;
    afterFree.push(freePlan ? await model.grammar(freePlan.text.gbnf).catch(() => undefined) : undefined);
    const attempts = planner.plans({ request, ground: true, workspaceFiles: [] });
    t = performance.now();
    const plan = attempts.length > 1 ? await attempts[0]!().catch(() => undefined) : undefined;
    composeMs.push(performance.now() - t);
    if (!plan) {
      selected.push(undefined);
      continue;
    }
    t = performance.now();
    selected.push(await model.grammar(plan.text.gbnf).catch(() => undefined));
    compileMs.push(performance.now() - t);
  }

  // Warm up the context once so the first measured request does not pay for it.
  await decode(model, reqs[0]!, undefined, 4);

  const native: Run[] = [];
  const constrained: Run[] = [];
  const floor: Run[] = [];
  const withoutHeredoc: Run[] = [];
  const perRequest: Run[] = [];
  const perRequestAfterFree: Run[] = [];
  const perRound: { selected: number; afterFree: number; default: number }[] = [];
  const nativeSamplerDefault: Run[] = [];
  const nativeSamplerAfterFree: Run[] = [];
  const texts = { ranked: [] as string[], native: [] as string[] };
  // The ranked sampler's counts per row: each row's own share of the checks and list passes.
  const byRow: Record<string, RankedStats> = {};
  const row = async (name: string, run: Promise<Run>): Promise<Run> => {
    const before = structuredClone(rankedStats(model.sequence));
    const r = await run;
    const after = rankedStats(model.sequence);
    if (before && after) byRow[name] = addStats(byRow[name], statsDelta(after, before));
    return r;
  };
  for (let round = 0; round < rounds; round++) {
    const mark = [native.length, constrained.length, perRequest.length, perRequestAfterFree.length] as const;
    for (let i = 0; i < reqs.length; i++) {
      native.push(await decode(model, reqs[i]!, undefined, maxTokens));
      constrained.push(await row("default", decode(model, reqs[i]!, defaultGrammar, maxTokens, compareSampler ? texts.ranked : undefined)));
      if (compareSampler) nativeSamplerDefault.push(await decodeNativeSampler(model, reqs[i]!, defaultGrammar, maxTokens, texts.native));
      floor.push(await decode(model, reqs[i]!, permissive, maxTokens));
      if (noHeredoc) withoutHeredoc.push(await decode(model, reqs[i]!, noHeredoc, maxTokens));
      if (selected[i]) perRequest.push(await row("selected", decode(model, reqs[i]!, selected[i], maxTokens)));
      if (afterFree[i])
        perRequestAfterFree.push(await row("afterFree", decode(model, reqs[i]!, afterFree[i], maxTokens, compareSampler ? texts.ranked : undefined)));
      if (afterFree[i] && compareSampler) nativeSamplerAfterFree.push(await decodeNativeSampler(model, reqs[i]!, afterFree[i]!, maxTokens, texts.native));
    }
    const nat = summarise(native.slice(mark[0])).msPerToken;
    perRound.push({
      default: summarise(constrained.slice(mark[1])).msPerToken / nat,
      selected: summarise(perRequest.slice(mark[2])).msPerToken / nat,
      afterFree: summarise(perRequestAfterFree.slice(mark[3])).msPerToken / nat,
    });
  }
  // End to end, as generate() runs it: the constrained mode decodes freely first and lets the
  // grammar verify; it samples under the grammar only when the free output is rejected.
  const backend = new EmbeddedBackendFor(model);
  const e2e = { native: [] as number[], constrained: [] as number[], noReuse: [] as number[], verified: 0, sampled: 0, nativeTokens: 0 };
  for (const request of reqs) {
    const t1 = performance.now();
    const plain = await generate({ backend, request, mode: "native", maxTokens });
    e2e.native.push(performance.now() - t1);
    e2e.nativeTokens += plain.tokens.completion;
    // The same call with the grammar decode starting from scratch, not after the free decode's
    // allowed tokens; the two go in turns first, since the second finds the request's plan composed.
    const timed = async (reuse: boolean) => {
      model.reuseFree = reuse;
      const t = performance.now();
      const out = await generate({ backend, request, mode: "constrained", maxTokens, planner });
      (reuse ? e2e.constrained : e2e.noReuse).push(performance.now() - t);
      model.reuseFree = false;
      return out;
    };
    const first = e2e.constrained.length % 2 === 0;
    if (first) await timed(false);
    const r = await timed(true);
    if (!first) await timed(false);
    if (r.tokens.completion > 0 && r.path === "constrained") r.speculative ? e2e.verified++ : e2e.sampled++;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  const s = {
    native: summarise(native),
    constrainedDefault: summarise(constrained),
    defaultNoHeredoc: summarise(withoutHeredoc),
    constrainedSelected: summarise(perRequest),
    selectedAfterFree: summarise(perRequestAfterFree),
    permissiveGrammar: summarise(floor),
    ...(compareSampler ? { defaultNativeSampler: summarise(nativeSamplerDefault), afterFreeNativeSampler: summarise(nativeSamplerAfterFree) } : {}),
  };
  const added = (x: { msPerToken: number }) => x.msPerToken - s.native.msPerToken;
  const addedCpu = (x: { cpuMsPerToken: number }) => x.cpuMsPerToken - s.native.cpuMsPerToken;
  /** Constrained minus native per grammar, by one of the two clocks. */
  const addedPerGrammar = (by: (x: { msPerToken: number; cpuMsPerToken: number }) => number) => ({
    defaultGrammar: by(s.constrainedDefault),
    selectedGrammar: by(s.constrainedSelected),
    selectedAfterFree: by(s.selectedAfterFree),
    defaultNoHeredoc: by(s.defaultNoHeredoc),
    permissiveGrammar: by(s.permissiveGrammar),
    ...(s.defaultNativeSampler && s.afterFreeNativeSampler
      ? { defaultNativeSampler: by(s.defaultNativeSampler), afterFreeNativeSampler: by(s.afterFreeNativeSampler) }
      : {}),
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const report = {
    model: modelPath,
    vocabulary: vocabularySize(model),
    threads: model.context.currentThreads,
    gpu: model.llama.gpu,
    maxTokens,
    ...s,
    ratio: {
      defaultGrammarTimePerToken: s.constrainedDefault.msPerToken / s.native.msPerToken,
      permissiveGrammarTimePerToken: s.permissiveGrammar.msPerToken / s.native.msPerToken,
      selectedGrammarTimePerToken: s.constrainedSelected.msPerToken / s.native.msPerToken,
      selectedAfterFreeTimePerToken: s.selectedAfterFree.msPerToken / s.native.msPerToken,
      defaultNoHeredocTimePerToken: s.defaultNoHeredoc.msPerToken / s.native.msPerToken,
      target: { selected: 1.15, default: 1.3 },
    },
    /** Constrained minus native, ms per token (wall, then CPU): what the grammar costs, whatever native costs. */
    addedMsPerToken: addedPerGrammar(added),
    addedCpuMsPerToken: addedPerGrammar(addedCpu),
    /** Where the ranked sampler's tokens came from: the greedy token, its top list, or the full pass. */
    sampler: { ...rankedStats(model.sequence) },
    /** The same, for the default grammar's, the per-request and the after-the-free-decode rows alone. */
    samplerByRow: byRow,
    ...(compareSampler
      ? {
          samplerAgreement: {
            decodes: texts.native.length,
            sameText: texts.native.filter((t, i) => t === texts.ranked[i]).length,
            differences: texts.native.flatMap((t, i) => (t === texts.ranked[i] ? [] : [{ native: t, ranked: texts.ranked[i] }])),
          },
        }
      : {}),
    rounds,
    perRound,
    cpuRatio: {
      defaultGrammarTimePerToken: s.constrainedDefault.cpuMsPerToken / s.native.cpuMsPerToken,
      permissiveGrammarTimePerToken: s.permissiveGrammar.cpuMsPerToken / s.native.cpuMsPerToken,
      selectedGrammarTimePerToken: s.constrainedSelected.cpuMsPerToken / s.native.cpuMsPerToken,
      selectedAfterFreeTimePerToken: s.selectedAfterFree.cpuMsPerToken / s.native.cpuMsPerToken,
      defaultNoHeredocTimePerToken: s.defaultNoHeredoc.cpuMsPerToken / s.native.cpuMsPerToken,
    },
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
    endToEnd: {
      nativeMs: Math.round(sum(e2e.native)),
      constrainedMs: Math.round(sum(e2e.constrained)),
      ratio: sum(e2e.constrained) / sum(e2e.native),
      nativeTokens: e2e.nativeTokens,
      addedMsPerNativeToken: (sum(e2e.constrained) - sum(e2e.native)) / e2e.nativeTokens,
      withoutReuseMs: Math.round(sum(e2e.noReuse)),
      addedMsPerNativeTokenWithoutReuse: (sum(e2e.noReuse) - sum(e2e.native)) / e2e.nativeTokens,
      acceptedFreeOutput: e2e.verified,
      sampledUnderGrammar: e2e.sampled,
    },
    grammar: {
      defaultGbnfChars: defaultGbnf.length,
      defaultBuildMs,
      defaultCompileMs,
      medianComposeMs: median(composeMs),
      medianSelectedCompileMs: median(compileMs),
    },
  };
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "n/a");
  const lines = [
    `model ${report.model} (vocabulary ${report.vocabulary} tokens, threads ${report.threads}, gpu ${String(report.gpu)}), ${reqs.length} requests x ${rounds} rounds, max ${maxTokens} tokens`,
    `load average ${report.loadAverage.join(" ")} (${cpus().length} CPUs)`,
    `                         tok/s    ms/tok  added ms  cpu ms/tok  added cpu   median TTFT ms   tokens`,
    ...Object.entries(s).map(
      ([k, v]) =>
        `${k.padEnd(24)} ${v.tokensPerSecond.toFixed(1).padStart(7)}  ${f(v.msPerToken).padStart(7)}  ${(k === "native" ? "" : f(added(v))).padStart(8)}  ${f(v.cpuMsPerToken).padStart(10)}  ${(k === "native" ? "" : f(addedCpu(v))).padStart(9)}  ${v.medianFirstTokenMs.toFixed(1).padStart(14)}  ${String(v.tokens).padStart(7)}`,
    ),
    `ranked grammar sampler: ${report.sampler.greedy ?? 0} tokens were the greedy token, ${report.sampler.ranked ?? 0} came from the top lists (${(report.sampler.byList ?? []).join(" / ")} from lists of ${LIST_LENGTHS.join(" / ")}), ${report.sampler.fullPass ?? 0} needed the full-vocabulary pass; ${report.sampler.checked ?? 0} tokens checked one by one, ${report.sampler.screened ?? 0} refused by their first character; ms in checks / list sampling / full passes: ${[report.sampler.ms?.checks, ...(report.sampler.ms?.lists ?? []), report.sampler.ms?.fullPass].map((x) => (x ?? 0).toFixed(0)).join(" / ")}${report.samplerAgreement ? `; same text as node-llama-cpp's sampler in ${report.samplerAgreement.sameText}/${report.samplerAgreement.decodes} decodes` : ""}`,
    ...Object.entries(byRow).map(
      ([k, v]) =>
        `  ${k}: ${v.greedy} greedy, ${v.byList.join(" / ")} from the lists, ${v.fullPass} full passes; ${v.checked} checked, ${v.screened} screened; ms in checks / lists / full passes ${[v.ms.checks, ...v.ms.lists, v.ms.fullPass].map((x) => x.toFixed(0)).join(" / ")}`,
    ),
    `ratio constrained/native time per token: default grammar ${f(report.ratio.defaultGrammarTimePerToken)} (target <= 1.3), selected ${f(report.ratio.selectedGrammarTimePerToken)} (target <= 1.15; ${f(report.ratio.selectedAfterFreeTimePerToken)} planned after the free decode), default without heredocs ${f(report.ratio.defaultNoHeredocTimePerToken)}, permissive one-line grammar ${f(report.ratio.permissiveGrammarTimePerToken)}`,
    `per round (wall): default ${perRound.map((r) => f(r.default)).join(" ")}; selected ${perRound.map((r) => f(r.selected)).join(" ")}; after the free decode ${perRound.map((r) => f(r.afterFree)).join(" ")}`,
    `the same in CPU time per token: default ${f(report.cpuRatio.defaultGrammarTimePerToken)}, selected ${f(report.cpuRatio.selectedGrammarTimePerToken)} (${f(report.cpuRatio.selectedAfterFreeTimePerToken)} after the free decode), default without heredocs ${f(report.cpuRatio.defaultNoHeredocTimePerToken)}, permissive ${f(report.cpuRatio.permissiveGrammarTimePerToken)}`,
    `generate() end to end: native ${report.endToEnd.nativeMs} ms, constrained ${report.endToEnd.constrainedMs} ms (ratio ${f(report.endToEnd.ratio)}, added ${f(report.endToEnd.addedMsPerNativeToken)} ms per token of the native output; ${report.endToEnd.withoutReuseMs} ms and ${f(report.endToEnd.addedMsPerNativeTokenWithoutReuse)} ms added when the grammar decode does not reuse the free decode's tokens); free output accepted by the grammar ${report.endToEnd.acceptedFreeOutput}, sampled under the grammar ${report.endToEnd.sampledUnderGrammar}`,
    `grammar: default GBNF ${report.grammar.defaultGbnfChars} chars, build ${report.grammar.defaultBuildMs.toFixed(1)} ms, compile ${report.grammar.defaultCompileMs.toFixed(1)} ms; per request: compose ${f(report.grammar.medianComposeMs)} ms + compile ${f(report.grammar.medianSelectedCompileMs)} ms (median)`,
  ];
  if (out) {
    writeFileAtomicSync(out, JSON.stringify(report, null, 2));
  }
  await model.close();
  return { report, text: lines.join("\n") };
}

/** Every --model in turn (one when none is given), then the models side by side. */
async function benchModels(args: string[]): Promise<string> {
  const models: string[] = [];
  const rest: string[] = [];
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--model" || args[i] === "--out") {
      const v = args[++i];
      if (v === undefined) throw new Error(`${args[i - 1]} needs a value`);
      if (args[i - 1] === "--model") models.push(v);
      else out = v;
    } else rest.push(args[i]!);
  }
  if (models.length === 0) models.push(defaultModelPath());
  const reports: Record<string, unknown>[] = [];
  const texts: string[] = [];
  for (const m of models) {
    const r = await benchDecode([...rest, "--model", m]);
    reports.push(r.report);
    texts.push(r.text);
    process.stdout.write(`${r.text}\n\n`);
  }
  if (out) {
    writeFileAtomicSync(out, JSON.stringify(models.length === 1 ? reports[0] : reports, null, 2));
  }
  return models.length > 1 ? sideBySide(reports as unknown as Report[]) : "";
}

interface Report {
  model: string;
  vocabulary: number;
  addedMsPerToken: Record<string, number>;
  addedCpuMsPerToken: Record<string, number>;
  endToEnd: { addedMsPerNativeToken: number; addedMsPerNativeTokenWithoutReuse: number };
  sampler: { fullPass?: number };
  native: { msPerToken: number; cpuMsPerToken: number };
  ratio: { defaultGrammarTimePerToken: number; selectedAfterFreeTimePerToken: number };
  loadAverage: number[];
}

function sideBySide(reports: Report[]): string {
  const f = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x.toFixed(3) : "n/a");
  const rows = [
    ["vocabulary", (r: Report) => String(r.vocabulary)],
    ["native ms/token (cpu)", (r: Report) => `${f(r.native.msPerToken)} (${f(r.native.cpuMsPerToken)})`],
    ["default grammar: added ms (cpu)", (r: Report) => `${f(r.addedMsPerToken.defaultGrammar)} (${f(r.addedCpuMsPerToken.defaultGrammar)})`],
    ["  ratio to native", (r: Report) => f(r.ratio.defaultGrammarTimePerToken)],
    [
      "per-request, after the free decode: added ms (cpu)",
      (r: Report) => `${f(r.addedMsPerToken.selectedAfterFree)} (${f(r.addedCpuMsPerToken.selectedAfterFree)})`,
    ],
    ["  ratio to native", (r: Report) => f(r.ratio.selectedAfterFreeTimePerToken)],
    ["per-request, from the request: added ms (cpu)", (r: Report) => `${f(r.addedMsPerToken.selectedGrammar)} (${f(r.addedCpuMsPerToken.selectedGrammar)})`],
    ["permissive one-line grammar: added ms (cpu)", (r: Report) => `${f(r.addedMsPerToken.permissiveGrammar)} (${f(r.addedCpuMsPerToken.permissiveGrammar)})`],
    [
      "node-llama-cpp's sampler, default: added ms (cpu)",
      (r: Report) => `${f(r.addedMsPerToken.defaultNativeSampler)} (${f(r.addedCpuMsPerToken.defaultNativeSampler)})`,
    ],
    [
      "node-llama-cpp's sampler, after free: added ms (cpu)",
      (r: Report) => `${f(r.addedMsPerToken.afterFreeNativeSampler)} (${f(r.addedCpuMsPerToken.afterFreeNativeSampler)})`,
    ],
    ["generate() end to end: added ms per token", (r: Report) => f(r.endToEnd.addedMsPerNativeToken)],
    ["  the same, grammar decode from scratch", (r: Report) => f(r.endToEnd.addedMsPerNativeTokenWithoutReuse)],
    ["tokens that needed the full pass", (r: Report) => String(r.sampler.fullPass ?? 0)],
    ["load average at the end", (r: Report) => r.loadAverage.join(" ")],
  ] as const;
  const names = reports.map((r) => String(r.model).split("/").pop()!);
  const width = Math.max(...rows.map(([k]) => k.length));
  const cols = names.map((n, i) => Math.max(n.length, ...rows.map(([, g]) => g(reports[i]!).length)));
  return [
    `${"".padEnd(width)}  ${names.map((n, i) => n.padStart(cols[i]!)).join("  ")}`,
    ...rows.map(([k, g]) => `${k.padEnd(width)}  ${reports.map((r, i) => g(r).padStart(cols[i]!)).join("  ")}`),
  ].join("\n");
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  benchModels(process.argv.slice(2))
    .then((text) => text && process.stdout.write(`${text}\n`))
    .catch((err: unknown) => {
      process.stderr.write(`bench:decode: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    });
}
