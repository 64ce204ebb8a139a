// bench compare: McNemar's test against hand-computed values, and two runs paired task by task.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compareRuns, exactBinomialP, main, mcnemar, type ResultRecord } from "@shellgen/bench";

describe("McNemar's test", () => {
  it("matches hand-computed p-values", () => {
    // b=1, c=6: n=7, P(X<=1) = (C(7,0)+C(7,1))/2^7 = 8/128; two-sided: 16/128 = 0.125.
    expect(mcnemar(1, 6)).toEqual({ b: 1, c: 6, test: "exact binomial", p: 0.125 });
    // b=0, c=5: 2 * 1/32 = 0.0625.
    expect(mcnemar(0, 5).p).toBeCloseTo(0.0625, 12);
    // b=3, c=3: the whole distribution, capped at 1.
    expect(mcnemar(3, 3).p).toBe(1);
    expect(mcnemar(0, 0).p).toBe(1);
    // b=10, c=25 (35 discordant): chi2 = (|10-25|-1)^2/35 = 196/35 = 5.6, p = erfc(sqrt(2.8)) = 0.0179605.
    const big = mcnemar(10, 25);
    expect(big.test).toBe("chi-squared (continuity-corrected)");
    expect(big.statistic).toBeCloseTo(5.6, 12);
    expect(big.p).toBeCloseTo(0.0179605, 6);
  });

  it("the exact p-value is symmetric in b and c and at most 1 (property)", () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(60), (b, c) => {
        const p = exactBinomialP(b, c);
        expect(p).toBe(exactBinomialP(c, b));
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("refuses counts that are not counts", () => {
    expect(() => mcnemar(-1, 2)).toThrow(/non-negative integers/);
  });
});

const rec = (model: string, taskId: string, command: string, passed: boolean, path = "native"): ResultRecord => ({
  model,
  mode: "native",
  taskId,
  tier: 1,
  command,
  stdout: "",
  stderr: "",
  exitCode: passed ? 0 : 1,
  passed,
  reason: passed ? "ok" : "stdout differs",
  tokens: { prompt: 1, completion: 1 },
  latencyMs: 1,
  path,
});

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function runDir(records: ResultRecord[]): string {
  const d = mkdtempSync(join(tmpdir(), "shellgen-compare-"));
  dirs.push(d);
  writeFileSync(join(d, "results.jsonl"), records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return d;
}

describe("bench compare", () => {
  // A: passes t0..t5; B (another model): passes t0 and t6, t1 with the same command fails.
  const a = [0, 1, 2, 3, 4, 5, 6].map((i) => rec("v4.gguf", `t${i}`, `cmd ${i}`, i <= 5));
  const b = [0, 1, 2, 3, 4, 5, 6].map((i) =>
    rec("mini12.gguf", `t${i}`, i === 1 ? "cmd 1" : `other ${i}`, i === 0 || i === 6, i === 2 ? "retry-native" : "native"),
  );

  it("pairs the two models mode by mode, with per-task changes by cause and the p-value", () => {
    const c = compareRuns(a, b, { a: "A", b: "B" });
    expect(c.pairs).toHaveLength(1);
    const p = c.pairs[0]!;
    expect([p.modelA, p.modelB, p.mode, p.tasks, p.passedA, p.passedB, p.kept, p.unresolved]).toEqual(["v4.gguf", "mini12.gguf", "native", 7, 6, 2, 1, 0]);
    expect(p.changes.map((x) => [x.taskId, x.kind, x.cause])).toEqual([
      ["t6", "fixed", "other command"],
      ["t1", "regressed", "same command"],
      ["t2", "regressed", "decoding path"],
      ["t3", "regressed", "other command"],
      ["t4", "regressed", "other command"],
      ["t5", "regressed", "other command"],
    ]);
    // one fixed, five regressed: 2 * (1 + 6) / 64
    expect(p.test.p).toBeCloseTo(14 / 64, 12);
  });

  it("a command the B run's policy refused (never run) is a policy change, not the same command", () => {
    const refused: ResultRecord = {
      ...rec("v4.gguf", "t0", "cmd 0", false, "failed"),
      exitCode: null,
      error: "policy commands.allow: cmd is not in the policy's allowed commands",
      reason: "refused by the policy, not run: policy commands.allow: cmd is not in the policy's allowed commands",
    };
    const p = compareRuns([rec("v4.gguf", "t0", "cmd 0", true)], [refused], { a: "A", b: "B" }).pairs[0]!;
    expect(p.changes.map((x) => [x.kind, x.cause])).toEqual([["regressed", "policy"]]);
    expect(p.changes[0]!.detail).not.toMatch(/both ran/);
    expect(p.byCause.regressed.policy).toBe(1);
  });

  it("prints the comparison, and --json the same as data; a missing run is a usage error", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
    const [da, db] = [runDir(a), runDir(b)];
    expect(await main(["compare", da, db], io)).toBe(0);
    expect(out.join("")).toContain("v4.gguf -> mini12.gguf, native: 6/7 (85.7%) -> 2/7 (28.6%), -57.1 points");
    expect(out.join("")).toContain("McNemar (exact binomial): p = 0.2188");
    out.length = 0;
    expect(await main(["compare", da, db, "--json"], io)).toBe(0);
    expect(JSON.parse(out.join("")).pairs[0].test.p).toBeCloseTo(0.21875, 12);
    expect(await main(["compare", da, join(db, "nope")], io)).toBe(2);
    expect(err.join("")).toMatch(/^bench: no results in .*nope\/results\.jsonl/);
  });
});
