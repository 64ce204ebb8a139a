// `bench run --policy FILE` with the real default model, decode, grammargen and the sandbox: a
// policy that denies a program keeps it out of every command that runs, what it refuses is
// recorded and never run, the run records the policy, and a resume under another policy is refused.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { programsIn } from "@shellgen/base";
import { main, parseModes, runBench } from "@shellgen/bench";
import { readRunPolicy } from "../src/run/policy.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const model = process.env.SHELLGEN_MODEL || join(root, "model/shellgen-mini.gguf");
const why = !existsSync(model) ? `no model at ${model} (npm run model:export)` : "";
const dir = mkdtempSync(join(tmpdir(), "shellgen-policy-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noWc = join(dir, "no-wc.yaml");
writeFileSync(noWc, "version: 1\nname: no-wc\ncommands:\n  deny: [wc]\n");
const noCat = join(dir, "no-cat.yaml");
writeFileSync(noCat, "version: 1\nname: no-cat\ncommands:\n  deny: [cat]\n");

function cli(argv: string[]) {
  let out = "";
  let err = "";
  const io = { out: (s: string) => (out += s), err: (s: string) => (err += s) };
  return main(argv, io).then((code) => ({ code, out, err }));
}

it("a missing or invalid policy file is a one-line usage error before anything runs", async () => {
  const out = join(dir, "never");
  const missing = await cli(["run", "--modes", "oracle", "--policy", join(dir, "nope.yaml"), "--out", out]);
  expect(missing.code).toBe(2);
  expect(missing.err).toMatch(/^bench: --policy: no such file: .*nope\.yaml\n$/);
  const bad = join(dir, "bad.yaml");
  writeFileSync(bad, "version: 1\ncommands:\n  deny: wc\n");
  const invalid = await cli(["run", "--modes", "oracle", "--policy", bad, "--out", out]);
  expect(invalid.code).toBe(2);
  expect(invalid.err).toMatch(/^bench: --policy .*bad\.yaml: invalid policy .*\/commands\/deny/);
  const broken = join(dir, "broken.yaml");
  writeFileSync(broken, "version: 1\ncommands: [\n");
  expect((await cli(["run", "--modes", "oracle", "--policy", broken, "--out", out])).err).toMatch(/is not valid YAML/);
  expect(existsSync(out)).toBe(false);
});

it.skipIf(why !== "")(
  `decodes under the policy, never runs what it refuses, and resumes only under the same policy${why ? ` [skipped: ${why}]` : ""}`,
  async () => {
    const out = join(dir, "run");
    const policy = readRunPolicy(noWc);
    const modes = parseModes(["native", "constrained-retry"]);
    // Counting tasks: the model's own answer is wc.
    const glob = "t1-count-lines,t1-count-words,t1-count-bytes";
    const r = await runBench({ models: [undefined], modes, glob, outDir: out, policy });
    expect(r.records).toHaveLength(6);
    const usesWc = (c: string) => programsIn(c).includes("wc");
    // The free decode reaches for wc; the policy refuses it and the bench does not run it.
    const natives = r.records.filter((x) => x.mode === "native");
    expect(
      natives.some((x) => usesWc(x.command)),
      natives.map((x) => x.command).join("\n"),
    ).toBe(true);
    for (const x of r.records.filter((x) => usesWc(x.command))) {
      expect(x.passed).toBe(false);
      expect(x.exitCode).toBeNull();
      expect(x.path).toBe("failed");
      expect(x.reason).toMatch(/^refused by the policy, not run: policy commands\.deny/);
    }
    // Under the policy's grammar the constrained decode never writes wc.
    const constrained = r.records.filter((x) => x.mode === "constrained-retry");
    for (const x of constrained) expect(usesWc(x.command), x.command).toBe(false);
    expect(constrained.some((x) => x.path === "constrained")).toBe(true);

    const meta = JSON.parse(readFileSync(join(out, "run.json"), "utf8"));
    expect(meta.policy).toEqual({ path: noWc, sha256: policy.sha256 });
    expect(policy.sha256).toMatch(/^[0-9a-f]{64}$/);
    const text = await cli(["report", out]);
    expect(text.out).toContain(`policy: ${noWc} (sha256 ${policy.sha256.slice(0, 12)})`);
    expect(readFileSync(join(out, "report.md"), "utf8")).toContain(`policy: ${noWc} (sha256 ${policy.sha256.slice(0, 12)})`);
    const json = await cli(["report", out, "--json"]);
    expect(JSON.parse(json.out).policy).toEqual(meta.policy);
    const cmp = await cli(["compare", out, out]);
    expect(cmp.out).toContain(`A: ${out} (policy: ${noWc} (sha256 ${policy.sha256.slice(0, 12)}))`);

    // Another policy, or none, cannot continue this run; the same one can.
    await expect(runBench({ models: [undefined], modes, glob, outDir: out, resume: true, policy: readRunPolicy(noCat) })).rejects.toThrow(
      /was run with policy .*no-wc\.yaml .*, not .*no-cat\.yaml/,
    );
    const none = await cli(["run", "--modes", "native,constrained-retry", "--tasks", glob, "--out", out, "--resume"]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/was run with policy .*no-wc\.yaml.*, not none; resume it --policy /);
    const again = await runBench({ models: [undefined], modes, glob, outDir: out, resume: true, policy });
    expect(again.ran).toBe(0);
    expect(again.skipped).toBe(6);
  },
  300_000,
);
