// Bench scores stay honest only if the default model never trained on anything close to
// a bench task or a held-out request, and it should learn only commands the decoder's own
// front end accepts. This checks the committed training data itself (model/data/*.jsonl.gz,
// digest-pinned by its manifest): decontaminated against the current tasks, every command
// (targets and retrieved examples) parsing with tree-sitter-bash and passing the default policy.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe.skipIf(!existsSync(`${ROOT}model/data/manifest.json`))("default model training data", () => {
  it("the closeness check catches near-copies of a task and passes a distant pair", () => {
    const out = execFileSync("/usr/bin/python3", ["model/check_data.py", "--selftest"], { cwd: ROOT }).toString();
    expect(JSON.parse(out)).toEqual({ selftest_failures: [] });
  });

  it("has no pair close to a bench task or held-out request, no command that fails to parse or breaks the policy, and matches its manifest", () => {
    let out: string;
    try {
      out = execFileSync("/usr/bin/python3", ["model/check_data.py"], { cwd: ROOT, maxBuffer: 16 << 20 }).toString();
    } catch (e) {
      // exit 1 still prints the report; show it so the offending pairs are visible
      out = String((e as { stdout?: Buffer }).stdout ?? e);
    }
    const report = JSON.parse(out) as {
      pairs: number;
      commands: number;
      references: number;
      digest_ok: boolean;
      close: number;
      examples: unknown[];
      unparsed: number;
      unparsed_examples: unknown[];
      policy: number;
      policy_examples: unknown[];
    };
    expect(report.pairs).toBeGreaterThan(10_000);
    expect(report.references).toBeGreaterThan(100);
    expect(report.digest_ok).toBe(true);
    expect(report.examples).toEqual([]);
    expect(report.close).toBe(0);
    expect(report.commands).toBeGreaterThan(10_000);
    expect(report.unparsed_examples).toEqual([]);
    expect(report.unparsed).toBe(0);
    expect(report.policy_examples).toEqual([]);
    expect(report.policy).toBe(0);
  }, 900_000); // 137k pairs and their shots: about a minute on an idle core, over 7 at a load of 10

  it("carries the tldr-pages attribution beside the data derived from it", () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}model/data/manifest.json`, "utf8")) as { tldr_pairs?: number };
    expect(manifest.tldr_pairs).toBeGreaterThan(0);
    const notice = readFileSync(`${ROOT}model/data/NOTICE.md`, "utf8");
    expect(notice).toMatch(/tldr-pages/);
    expect(notice).toMatch(/CC-BY 4\.0|Creative Commons Attribution 4\.0/);
  });
});
