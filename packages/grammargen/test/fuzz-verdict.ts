// The fuzz suites' shared verdict: each case ends in a grammar or in one GrammargenError with
// a clear message, within 1 s of CPU time; a sample of the grammars must load in llama.cpp
// and Python Lark and agree with the in-repo checker there.
import { expect } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { emitGbnf } from "../src/emit/gbnf.js";
import { emitLark } from "../src/emit/lark.js";
import type { Grammar } from "../src/grammar/ast.js";
import { GrammargenError } from "../src/diagnostics.js";
import { gbnfLoads, larkCheck } from "./oracles.js";

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** One grammar in this many goes to the real engines (node-llama-cpp, Python Lark). */
export const SAMPLE_EVERY = Number(process.env.FUZZ_SAMPLE_EVERY ?? 200);
export const CPU_LIMIT_MS = 1000;

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

export interface Sampled {
  label: string;
  grammar: Grammar;
  lark: string;
  gbnf: string;
  inputs: string[];
}

export class FuzzStats {
  cases = 0;
  grammars = 0;
  errors = new Map<string, number>();
  maxCpuMs = 0;
  totalCpuMs = 0;
  maxCase = "";
  sampled: Sampled[] = [];

  /**
   * Runs one case. Returns a problem description, or undefined when the case is fine.
   * CPU time (process.cpuUsage) rather than wall time, so a loaded machine does not fail it.
   */
  run(label: string, build: () => { grammar: Grammar; inputs: string[] }): string | undefined {
    this.cases++;
    const t0 = process.cpuUsage();
    let out: Sampled | undefined;
    let err: unknown;
    try {
      const { grammar, inputs } = build();
      out = { label, grammar, lark: emitLark(grammar), gbnf: emitGbnf(grammar), inputs };
    } catch (e) {
      err = e;
    }
    const ms = cpuMs(t0);
    this.totalCpuMs += ms;
    if (ms > this.maxCpuMs) [this.maxCpuMs, this.maxCase] = [ms, label];
    if (ms > CPU_LIMIT_MS) return `took ${ms.toFixed(0)} ms of CPU (limit ${CPU_LIMIT_MS}): ${label}`;
    if (err !== undefined) {
      if (!(err instanceof GrammargenError))
        return `untyped ${(err as Error)?.name ?? typeof err}: ${(err as Error)?.message ?? String(err)}\n${(err as Error)?.stack ?? ""}\ncase: ${label}`;
      // parseHelp wraps a parser bug into EPARSE "could not parse the help text: <TypeError ...>"; that is still a bug.
      if (/^could not parse the help text: /.test(err.message)) return `internal error behind a GrammargenError: ${err.message}\ncase: ${label}`;
      if (!clearMessage(err.message)) return `unclear error message ${JSON.stringify(err.message)} (${err.code}): ${label}`;
      this.errors.set(err.code, (this.errors.get(err.code) ?? 0) + 1);
      return undefined;
    }
    this.grammars++;
    if (this.grammars % SAMPLE_EVERY === 1) this.sampled.push(out!);
    return undefined;
  }

  summary(what: string): string {
    const errs = [...this.errors]
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(", ");
    return `${what}: ${this.cases} cases, ${this.grammars} grammars, errors {${errs}}, CPU ${(this.totalCpuMs / 1000).toFixed(1)} s in all, max CPU ${this.maxCpuMs.toFixed(1)} ms per case (${this.maxCase.slice(0, 80)}), ${this.sampled.length} sampled for the engines`;
  }
}

/** A message a user can act on: words, not a stack or an object dump, and not endless. */
export function clearMessage(m: string): boolean {
  return (
    m.trim().length >= 8 &&
    m.length <= 2000 &&
    /[a-z]{3,}/i.test(m) &&
    !/\bat .+:\d+:\d+\)?$/m.test(m) &&
    !m.includes("[object Object]") &&
    !/\bundefined\b/.test(m)
  );
}

/** Loads every sampled grammar in llama.cpp and Python Lark; both must load it, and Lark must agree with the checker. */
export async function checkEngines(sampled: Sampled[]): Promise<void> {
  const problems: string[] = [];
  for (const s of sampled) {
    const loaded = await gbnfLoads(s.gbnf);
    if (loaded !== true) problems.push(`llama.cpp refused the GBNF of ${s.label}: ${loaded}`);
  }
  const results = larkCheck(sampled.map((s) => ({ grammar: s.lark, inputs: s.inputs })));
  results.forEach((r, i) => {
    const s = sampled[i]!;
    if (!r.loaded) return problems.push(`Python Lark refused the grammar of ${s.label}: ${r.error}`);
    s.inputs.forEach((input, k) => {
      const want = recognize(s.grammar, input).accepted;
      if (r.accepted[k] !== want)
        problems.push(`${s.label}: Python Lark ${r.accepted[k] ? "accepts" : "rejects"} ${JSON.stringify(input)}, the checker does not`);
    });
  });
  expect(problems).toEqual([]);
}
