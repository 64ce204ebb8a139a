// Bench scores stay honest only if the default model never trained on anything close to
// a bench task or a held-out request. This checks the committed training data itself
// (model/data/*.jsonl.gz, digest-pinned by its manifest) against the current tasks.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe.skipIf(!existsSync(`${ROOT}model/data/manifest.json`))("default model training data", () => {
  it("the closeness check catches near-copies of a task and passes a distant pair", () => {
    const out = execFileSync("/usr/bin/python3", ["model/check_data.py", "--selftest"], { cwd: ROOT }).toString();
    expect(JSON.parse(out)).toEqual({ selftest_failures: [] });
  });

  it("has no pair close to a bench task or held-out request, and matches its manifest", () => {
    let out: string;
    try {
      out = execFileSync("/usr/bin/python3", ["model/check_data.py"], { cwd: ROOT, maxBuffer: 16 << 20 }).toString();
    } catch (e) {
      // exit 1 still prints the report; show it so the offending pairs are visible
      out = String((e as { stdout?: Buffer }).stdout ?? e);
    }
    const report = JSON.parse(out) as { pairs: number; references: number; digest_ok: boolean; close: number; examples: unknown[] };
    expect(report.pairs).toBeGreaterThan(10_000);
    expect(report.references).toBeGreaterThan(100);
    expect(report.digest_ok).toBe(true);
    expect(report.examples).toEqual([]);
    expect(report.close).toBe(0);
  });
});
