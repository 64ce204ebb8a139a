import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { openPool, exampleBlock, type Pool } from "../src/pool.js";
import { defaultExamplesDir, PoolError, readHeldout } from "../src/example.js";
import { staticExamples } from "../src/static.js";
import { estimateTokens } from "../src/tokens.js";
import { tempDir } from "./helpers.js";

let pool: Pool;
beforeAll(async () => {
  pool = await openPool({ dir: tempDir("retrieve"), index: ":memory:" });
});
afterAll(async () => pool.close());

/** Share of queries whose top-3 examples include one that uses the needed program. */
function top3Share(file: string): { share: number; top1: number; n: number } {
  const qs = readHeldout(join(defaultExamplesDir(), file));
  let any = 0;
  let first = 0;
  for (const q of qs) {
    const progs = pool.retrieve(q.request, { k: 3, minRelative: 0, tokenBudget: 1e6 }).examples.map((e) => e.program);
    if (progs.includes(q.program)) any++;
    if (progs[0] === q.program) first++;
  }
  return { share: any / qs.length, top1: first / qs.length, n: qs.length };
}

describe("retrieval on the real pool", () => {
  it("finds the right program for held-out requests that are not in the pool", () => {
    const test = top3Share("heldout.jsonl");
    const dev = top3Share("heldout-dev.jsonl");
    console.log(
      `held-out top-3 program share: test ${(test.share * 100).toFixed(1)}% (top-1 ${(test.top1 * 100).toFixed(1)}%, n=${test.n}); ` +
        `dev ${(dev.share * 100).toFixed(1)}% (top-1 ${(dev.top1 * 100).toFixed(1)}%, n=${dev.n})`,
    );
    expect(test.n).toBeGreaterThanOrEqual(100);
    // The target is 90%; this guards the level reached so far (see the report).
    expect(test.share).toBeGreaterThanOrEqual(0.8);
    expect(dev.share).toBeGreaterThanOrEqual(0.85);
  });

  it("explains each choice with its scores", () => {
    const r = pool.retrieve("find all python files modified in the last 3 days under src");
    expect(r.examples.length).toBeGreaterThan(0);
    expect(r.examples[0]!.program).toBe("find");
    for (const e of r.examples) {
      expect(e.why).toMatch(/bm25 \d+\.\d+; relevance \d\.\d+; redundancy \d\.\d+; mmr -?\d\.\d+; \d+ tokens/);
      expect(e.score).toBeGreaterThan(0);
      expect(e.score).toBeLessThanOrEqual(1);
    }
    expect(r.examples[0]!.why).toContain("matched");
  });

  it("never returns two examples of the same command shape, and says which it dropped", () => {
    const r = pool.retrieve("find files modified in the last days", { k: 6, minRelative: 0 });
    const shapes = r.examples.map((e) =>
      e.command
        .replace(/'[^']*'/g, "_")
        .split(" ")
        .map((w, i) => (i === 0 || w.startsWith("-") ? w : "_"))
        .join(" "),
    );
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(r.skipped.some((s) => s.why.startsWith("near-duplicate of #"))).toBe(true);
  });

  it("stays within the caller's token budget and adapts k to it", () => {
    const big = pool.retrieve("compress a folder into a tar archive", { k: 8, tokenBudget: 1000, minRelative: 0 });
    const small = pool.retrieve("compress a folder into a tar archive", { k: 8, tokenBudget: 60, minRelative: 0 });
    expect(small.promptTokens).toBeLessThanOrEqual(60);
    expect(small.examples.length).toBeLessThan(big.examples.length);
    expect(small.promptTokens).toBe(small.examples.reduce((s, e) => s + estimateTokens(exampleBlock(e)), 0));
    expect(pool.retrieve("compress a folder", { tokenBudget: 5 }).examples).toEqual([]);
  });

  it("returns fewer than k when the rest are far less relevant", () => {
    // (The pool's "kernel release" pairs went with the held-out decontamination; a request
    // with one clearly best example keeps the property visible.)
    const strict = pool.retrieve("print the kernel version", { k: 6, minRelative: 0.9 });
    const loose = pool.retrieve("print the kernel version", { k: 6, minRelative: 0 });
    expect(strict.examples.length).toBeLessThan(loose.examples.length);
    expect(strict.skipped.some((s) => /below 0.9 x best/.test(s.why))).toBe(true);
  });

  it("trades relevance for diversity as lambda falls", () => {
    const programs = (lambda: number) =>
      new Set(pool.retrieve("count the lines in a file", { k: 5, lambda, minRelative: 0 }).examples.map((e) => e.program)).size;
    expect(programs(0.2)).toBeGreaterThanOrEqual(programs(1));
  });

  it("rejects an empty request and bad options with a clear error", () => {
    expect(() => pool.retrieve("   ")).toThrow(PoolError);
    expect(() => pool.retrieve("list files", { lambda: 2 })).toThrow(/lambda in \[0, 1\]/);
  });

  it("gives a fixed, diverse static block for the baseline", () => {
    const a = staticExamples(6);
    expect(a).toEqual(staticExamples(6));
    expect(a).toHaveLength(6);
    expect(new Set(a.map((e) => e.command.split(" ")[0])).size).toBe(6);
    expect(staticExamples(0)).toEqual([]);
  });
});
