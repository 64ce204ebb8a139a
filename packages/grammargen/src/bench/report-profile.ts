// npm run report:profile [-- --json FILE] [--model GGUF]... [--limit N] [--commands N] [--runs N]
// What a learned policy (grammargen profile) keeps and what it costs, on two corpora:
//  - the tldr examples of the training data (model/data/train.jsonl.gz, source "tldr"), split
//    by page (family "tldr:PAGE"): a stable hash of the page puts 20% of the pages aside, so
//    no page is on both sides;
//  - the example pool (corpora/examples/*.jsonl, the held-out files left out), split by a
//    stable hash of the command.
// Learn from the 80% with the default policy as the base, then for each held-out command that
// is one simple command of a program the pack has: is it accepted by the help-derived grammar
// (no policy), by the help-derived grammar under the default policy, and by the learned one?
// Sizes: options per program (IR spellings against the allow-list) and the GBNF bytes of the
// composition of every learned program, under the default policy and under the learned one.
// Safety: every line of the default policy's probe (test/fixtures/policy-probe.jsonl) that it
// blocks, against the learned checker and grammar. Speed, at each --model's vocabulary
// (default: the default model): XGrammar compile time of both compositions, and the time the
// matcher adds per generated token (bitmask + accept) under each, over the same tokens: the
// first --commands (default 60) held-out commands both compositions accept, tokenized by the
// model as it would generate them. --runs (default 3) compiles and passes each.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { recognize } from "../check/recognize.js";
import { writeAtomic } from "../cli/output.js";
import { compose } from "../compose/compose.js";
import { emitGbnf } from "../emit/gbnf.js";
import type { Grammar } from "../grammar/ast.js";
import type { CommandSpec } from "../ir.js";
import { checkPolicy } from "../policy/check.js";
import { defaultPolicyPath } from "../policy/default.js";
import { loadPolicy } from "../policy/load.js";
import type { Policy } from "../policy/policy.js";
import { learn, type SpecIndex } from "../profile/learn.js";
import { buildProfile } from "../profile/policy.js";
import type { Observed } from "../profile/read.js";
import { packSpecs } from "../profile/specs.js";
import { readPairs } from "./pairs.js";
import { perToken, tokenizeAll, turn } from "./token-cost.js";

const ROOT = join(import.meta.dirname, "../../../..");
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const heldOut = (key: string): boolean => createHash("sha256").update(key).digest().readUInt32BE(0) / 2 ** 32 < 0.2;
const simple = (c: string): boolean => !/[|;&<>`$(){}\n]/.test(c);

interface Item {
  command: string;
  group: string;
}

/** The program words a simple command names in the pack: "git commit" when the pack has it, else the program. */
function specFor(command: string, specs: SpecIndex): CommandSpec | undefined {
  const w = command.trim().split(/\s+/);
  return specs.get(`${w[0]} ${w[1]}`) ?? specs.get(w[0]!);
}

function grammarCache(policy: Policy | undefined) {
  const cache = new Map<string, Grammar | null>();
  return (spec: CommandSpec): Grammar | null => {
    const key = spec.path.join(" ");
    if (!cache.has(key)) {
      let g: Grammar | null = null;
      try {
        g = compose({ commands: [spec], ...(policy ? { policy } : {}), optimize: false });
      } catch {
        g = null; // every program denied: nothing accepted
      }
      cache.set(key, g);
    }
    return cache.get(key)!;
  };
}

async function corpus(name: string, train: Item[], test: Item[], specs: SpecIndex, base: Policy) {
  const observed: Observed[] = train.map((t, i) => ({ command: t.command, file: name, line: i + 1 }));
  const learned = learn(observed, specs, base.paths?.root ?? "/workspace");
  const { policy } = buildProfile(learned, base, { minCount: 1, sources: [name] });
  const free = grammarCache(undefined);
  const full = grammarCache(base);
  const mine = grammarCache(policy);
  const limit = Number(arg("limit") ?? "100000");
  const rows = { heldOut: 0, checked: 0, free: 0, full: 0, learned: 0, learnedOfFull: 0, seenProgram: 0, learnedSeen: 0, fullSeen: 0 };
  const allowed = new Set(policy.commands.allow);
  for (const t of test.slice(0, limit)) {
    rows.heldOut++;
    if (!simple(t.command)) continue;
    const spec = specFor(t.command, specs);
    if (!spec) continue;
    rows.checked++;
    const ok = (g: Grammar | null) => !!g && recognize(g, t.command).accepted;
    const a = ok(free(spec));
    const b = ok(full(spec));
    const c = ok(mine(spec));
    rows.free += +a;
    rows.full += +b;
    rows.learned += +c;
    if (b && c) rows.learnedOfFull++;
    if (allowed.has(spec.path[0]!)) {
      rows.seenProgram++;
      rows.fullSeen += +b;
      rows.learnedSeen += +c;
    }
  }
  // Options per program: the IR's spellings against the allow-list, over the learned programs the pack has.
  const sizes: { program: string; full: number; learned: number }[] = [];
  for (const r of policy.options ?? []) {
    const spec = specs.get(r.command);
    if (!spec) continue;
    const full = spec.options.reduce((n, o) => n + o.short.length + o.long.length + (o.dashLong?.length ?? 0), 0);
    sizes.push({ program: r.command, full, learned: r.allow.length });
  }
  const learnedSpecs = [...specs.values()].filter((s) => allowed.has(s.path[0]!));
  const t0 = performance.now();
  const gFull = emitGbnf(compose({ commands: learnedSpecs, policy: base }));
  const t1 = performance.now();
  const gLearned = emitGbnf(compose({ commands: learnedSpecs, policy }));
  const t2 = performance.now();
  // Safety: the probe's blocked lines against the learned policy.
  const probe = readFileSync(join(ROOT, "packages/grammargen/test/fixtures/policy-probe.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { command: string; verdict: string });
  const blocked = probe.filter((p) => p.verdict === "block");
  // The grammar cannot see inline code and some operands (the checker's part): a leak is a
  // blocked line the learned grammar accepts where the default policy's grammar over the same
  // programs refuses it.
  const gPolicy = compose({ commands: learnedSpecs, policy });
  const gBase = compose({ commands: learnedSpecs, policy: base });
  const leaks = blocked.filter((p) => checkPolicy(policy, p.command).length === 0).map((p) => p.command);
  const learnedAccepts = blocked.filter((p) => recognize(gPolicy, p.command).accepted);
  const baseAccepts = blocked.filter((p) => recognize(gBase, p.command).accepted).length;
  const grammarLeaks = learnedAccepts.filter((p) => !recognize(gBase, p.command).accepted).map((p) => p.command);
  // Per-token speed is timed over commands both compositions accept, so both matchers walk the same tokens.
  const tokenCommands: string[] = [];
  const want = Number(arg("commands") ?? "60");
  for (const c of new Set(test.map((t) => t.command))) {
    if (tokenCommands.length >= want) break;
    if (recognize(gPolicy, c).accepted && recognize(gBase, c).accepted) tokenCommands.push(c);
  }
  return {
    name,
    train: train.length,
    test: test.length,
    counted: learned.used,
    programs: allowed.size,
    rules: policy.options?.length ?? 0,
    rows,
    options: {
      programs: sizes.length,
      full: sizes.reduce((n, s) => n + s.full, 0),
      learned: sizes.reduce((n, s) => n + s.learned, 0),
      widest: sizes.sort((a, b) => b.full - a.full).slice(0, 8),
    },
    bytes: { full: gFull.length, learned: gLearned.length, composeMsFull: t1 - t0, composeMsLearned: t2 - t1 },
    safety: { blocked: blocked.length, checkerLeaks: leaks, grammarLeaks, learnedGrammarAccepts: learnedAccepts.length, baseGrammarAccepts: baseAccepts },
    gbnf: { full: gFull, learned: gLearned },
    tokenCommands,
  };
}

interface Speed {
  model: string;
  vocabulary: number;
  name: string;
  /** compile, one per run */
  ms: number[];
  /** bitmask + accept per token, one pass over the same tokens per run */
  perToken: { commands: number; tokens: number; acceptedCommands: number; ms: number[]; cpuMs: number[] };
}

async function xgrammarTimes(model: string, grammars: { name: string; gbnf: string; commands: string[] }[], runs: number): Promise<Speed[]> {
  const { generatedText, ggufVocab, withLeadingSpace, xgrammarCompiler, xgrammarParse } = await import("../emit/xgrammar.js");
  const vocab = await ggufVocab(model);
  const compiler = await xgrammarCompiler(vocab.tokens, {
    vocabType: vocab.vocabType,
    prependSpace: vocab.prependSpace,
    stopTokenIds: vocab.eos === undefined ? undefined : [vocab.eos],
  });
  (await compiler.compileGrammar(await xgrammarParse('root ::= "warm" [a-z]*'))).dispose();
  const out: Speed[] = [];
  for (const g of grammars) {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      await turn();
      const parsed = await xgrammarParse(g.gbnf);
      const t0 = performance.now();
      const c = await compiler.compileGrammar(parsed);
      ms.push(performance.now() - t0);
      c.dispose();
      parsed.dispose();
    }
    // As generated after "Command:": the root takes the optional leading space the model writes.
    const tokens = await tokenizeAll(
      model,
      g.commands.map((c) => generatedText(c, vocab)),
    );
    const compiled = await compiler.compileGrammar(await xgrammarParse(withLeadingSpace(g.gbnf)));
    const passes = [];
    try {
      await perToken(compiled, tokens.slice(0, 1)); // the matcher's first steps warm up
      for (let i = 0; i < runs; i++) passes.push(await perToken(compiled, tokens));
    } finally {
      compiled.dispose();
    }
    out.push({
      model,
      vocabulary: vocab.tokens.length,
      name: g.name,
      ms,
      perToken: {
        commands: g.commands.length,
        tokens: passes[0]!.tokens,
        acceptedCommands: passes[0]!.acceptedCommands,
        ms: passes.map((r) => r.ms),
        cpuMs: passes.map((r) => r.cpuMs),
      },
    });
  }
  return out;
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log("usage: npm run report:profile -- [--json FILE] [--model GGUF]... [--limit N] [--commands N] [--runs N]");
    return;
  }
  const specs = packSpecs(join(ROOT, "grammars/pack"));
  const base = loadPolicy(defaultPolicyPath);
  const tldr = readPairs(join(ROOT, "model/data/train.jsonl")).filter((p) => p.source === "tldr") as (ReturnType<typeof readPairs>[number] & {
    family?: string;
  })[];
  const tItems = tldr.map((p) => ({ command: p.command, group: p.family ?? p.command }));
  const pool: Item[] = [];
  for (const f of readdirSync(join(ROOT, "corpora/examples")).filter((f) => f.endsWith(".jsonl") && !f.startsWith("heldout")))
    for (const l of readFileSync(join(ROOT, "corpora/examples", f), "utf8").split("\n"))
      if (l.trim()) pool.push({ command: (JSON.parse(l) as { command: string }).command, group: (JSON.parse(l) as { command: string }).command });
  const results = [];
  for (const [name, items] of [
    ["tldr (split by page)", tItems],
    ["example pool (split by example)", pool],
  ] as const) {
    const train = items.filter((i) => !heldOut(i.group));
    const test = items.filter((i) => heldOut(i.group));
    const r = await corpus(name, train, test, specs, base);
    results.push(r);
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "n/a");
    const x = r.rows;
    console.log(`\n## ${name}: learn from ${r.train}, test on ${r.test} (${x.checked} simple commands of a pack program)`);
    console.log(`learned policy: ${r.programs} programs, ${r.rules} rules (${r.counted} commands counted)`);
    console.log(
      `accepted, all checked: help-derived ${pct(x.free, x.checked)}, help-derived + default policy ${pct(x.full, x.checked)}, learned ${pct(x.learned, x.checked)}`,
    );
    console.log(
      `accepted, program seen in training (${x.seenProgram}): help + default ${pct(x.fullSeen, x.seenProgram)}, learned ${pct(x.learnedSeen, x.seenProgram)}`,
    );
    console.log(`learned keeps ${pct(x.learnedOfFull, x.full)} of what help + default accepts`);
    console.log(`options (${r.options.programs} programs): ${r.options.full} spellings in the IRs -> ${r.options.learned} allowed`);
    console.log(`GBNF of the learned programs: ${r.bytes.full} bytes under the default policy -> ${r.bytes.learned} learned`);
    console.log(
      `probe: ${r.safety.blocked} lines the default blocks; the learned checker passes ${r.safety.checkerLeaks.length}; the learned grammar accepts ${r.safety.learnedGrammarAccepts} (the default's grammar over the same programs ${r.safety.baseGrammarAccepts}), ${r.safety.grammarLeaks.length} of them refused by the default's grammar`,
    );
    for (const l of [...r.safety.checkerLeaks, ...r.safety.grammarLeaks]) console.log(`  LEAK ${l}`);
  }
  const models = process.argv.flatMap((a, i) => (a === "--model" && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
  if (!models.length) models.push(join(ROOT, "model/shellgen-mini.gguf"));
  const speed: Speed[] = [];
  const runs = Number(arg("runs") ?? "3");
  for (const model of models) {
    const rows = await xgrammarTimes(
      model,
      results.flatMap((r) => [
        { name: `${r.name}: full`, gbnf: r.gbnf.full, commands: r.tokenCommands },
        { name: `${r.name}: learned`, gbnf: r.gbnf.learned, commands: r.tokenCommands },
      ]),
      runs,
    );
    speed.push(...rows);
    const f = (xs: number[], d: number) => xs.map((m) => m.toFixed(d)).join(" / ");
    console.log(`\n## XGrammar at ${model} (${rows[0]?.vocabulary} tokens): compile ms and bitmask + accept ms per token (wall; cpu), ${runs} runs each`);
    for (const s of rows)
      console.log(
        `${s.name.padEnd(42)} compile ${f(s.ms, 0)}; per token ${f(s.perToken.ms, 3)} (cpu ${f(s.perToken.cpuMs, 3)}) over ${s.perToken.tokens} tokens of ${s.perToken.commands} commands, ${s.perToken.acceptedCommands} accepted`,
      );
  }
  const json = arg("json");
  if (json) await writeAtomic(json, `${JSON.stringify({ results: results.map(({ gbnf: _g, ...r }) => r), speed, loadAverage: loadavg() }, null, 2)}\n`);
}

main().catch((e) => {
  console.error(`report:profile: ${(e as Error).message}`);
  process.exit(1);
});
