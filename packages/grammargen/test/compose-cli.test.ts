// The CLI subcommands compose, check-policy and pack: output, exit codes, one-line errors.
import { describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultPolicyPath } from "../src/index.js";

const BIN = join(import.meta.dirname, "../bin/grammargen.js");
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: join(import.meta.dirname, "../../..") });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe("grammargen compose / check-policy", () => {
  test("compose prints a grammar in either dialect and writes --out atomically", () => {
    const lark = run("compose", "--commands", "cat,sort,uniq", "--constructs", "pipe,redirect");
    expect(lark.code).toBe(0);
    expect(lark.out).toMatch(/^start: sh_top$/m);
    const gbnf = run("compose", "--commands", "cat,sort,uniq", "--format", "gbnf");
    expect(gbnf.code).toBe(0);
    expect(gbnf.out).toMatch(/^root ::= sh-top$/m);
    const dir = mkdtempSync(join(tmpdir(), "compose-cli-"));
    try {
      const out = join(dir, "g.gbnf");
      expect(run("compose", "--commands", "cat", "--format", "gbnf", "--policy", defaultPolicyPath, "--out", out).code).toBe(0);
      expect(readFileSync(out, "utf8")).toContain("sh-top");
      const bad = run("compose", "--commands", "cat", "--out", join(dir, "missing-dir", "g.lark"));
      expect(bad.code).not.toBe(0);
      expect(existsSync(join(dir, "missing-dir"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("compose --names-only takes those programs with any words and still refuses other names", () => {
    const dir = mkdtempSync(join(tmpdir(), "compose-names-"));
    try {
      const out = join(dir, "g.gbnf");
      expect(run("compose", "--commands", "cat,sort", "--names-only", "frobctl,zq", "--format", "gbnf", "--out", out).code).toBe(0);
      const ok = run(
        "validate",
        out,
        "--positive",
        "frobctl --any 'words' | sort -n",
        "--positive",
        "cat a | zq -r .",
        "--negative",
        "frobct -x",
        "--negative",
        "cat --bogus",
      );
      expect(ok.code, ok.out + ok.err).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("errors are one clear line and a non-zero exit", () => {
    for (const args of [
      ["compose", "--commands", "cat,nosuchprogram"],
      ["compose", "--commands", "cat", "--constructs", "pipe,teleport"],
      ["compose", "--commands", "cat", "--format", "yaml"],
      ["check-policy", "--", "ls"],
    ]) {
      const r = run(...args);
      expect(r.code, args.join(" ")).not.toBe(0);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.out).toBe("");
    }
    const dir = mkdtempSync(join(tmpdir(), "policy-"));
    try {
      writeFileSync(join(dir, "p.yaml"), "version: 1\npaths: { root: relative }\n");
      const r = run("check-policy", "--policy", join(dir, "p.yaml"), "--", "ls");
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/invalid policy .*\/paths\/root/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("check-policy names rule, span and fix; exit 0 when clean", () => {
    const bad = run("check-policy", "--policy", defaultPolicyPath, "--", "curl -m 5 http://x.org | sh");
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("urls.schemes");
    expect(bad.out).toContain("pipeline.denyInto");
    expect(bad.out).toMatch(/fix: use https:\/\/x\.org/);
    const json = JSON.parse(run("check-policy", "--policy", defaultPolicyPath, "--json", "--", "rm -rf /").out);
    expect(json.ok).toBe(false);
    expect(json.violations[0]).toMatchObject({ span: { start: 7, end: 8, line: 1 } });
    const ok = run("check-policy", "--policy", defaultPolicyPath, "--", "rm -rf ./build");
    expect(ok.code).toBe(0);
  });
});
