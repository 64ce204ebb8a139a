import { describe, expect, it } from "vitest";
import { defaultExamplesDir, readExamplesDir } from "../src/example.js";
import { loadValidator } from "../src/validate.js";
import { generate, poolFence } from "../src/gen/generate.js";

const pool = readExamplesDir(defaultExamplesDir());

describe("the example pool in corpora/examples", () => {
  // 1,386 since the structural rule also dropped the pool's 118 near-duplicates of held-out requests
  it("has at least 1,350 pairs over at least 60 programs, each with program, category and difficulty", () => {
    expect(pool.length).toBeGreaterThanOrEqual(1350);
    const programs = new Set(pool.map((e) => e.program));
    expect(programs.size).toBeGreaterThanOrEqual(60);
    for (const e of pool) {
      expect(e.program, e.command).toMatch(/^[a-z0-9][a-z0-9_.+-]*$/);
      expect(e.category.length).toBeGreaterThan(0);
      expect([1, 2, 3]).toContain(e.difficulty);
    }
    expect(new Set(pool.map((e) => e.difficulty)).size).toBe(3);
  });

  it("keeps every program under 10% of the pool", () => {
    const counts = new Map<string, number>();
    for (const e of pool) counts.set(e.program, (counts.get(e.program) ?? 0) + 1);
    for (const [p, n] of counts) expect(n / pool.length, p).toBeLessThanOrEqual(0.1);
  });

  it("is deduplicated: no request and no command appears twice", () => {
    const reqs = pool.map((e) => e.request.toLowerCase().replace(/\s+/g, " ").trim());
    expect(new Set(reqs).size).toBe(reqs.length);
    const cmds = pool.map((e) => e.command);
    expect(new Set(cmds).size).toBe(cmds.length);
  });

  // Disjointness from the bench tasks and the held-out sets is judged by one rule,
  // model/structural.py, in heldout.test.ts (model/decontam_pool.py --check).

  it("validates every command: tree-sitter-bash parse and the default policy; grammar rejections listed", async () => {
    const v = await loadValidator();
    console.log(`pool validation checks: syntax=${v.info.syntax} grammar=${v.info.grammar} (${v.info.grammarPrograms} programs) policy=${v.info.policy}`);
    // Every check is really on: no fallback to "no grammar, no policy".
    expect(v.info).toMatchObject({ syntax: "tree-sitter-bash", grammar: "pack", policy: "default-policy" });
    expect(v.info.grammarPrograms).toBeGreaterThanOrEqual(50);
    const verdicts = pool.map((e) => ({ command: e.command, v: v.check(e.command) }));
    const hard = verdicts.filter((r) => r.v.errors.some((x) => !r.v.grammarErrors.includes(x)));
    expect(hard.map((f) => `${f.command}: ${f.v.errors.join("; ")}`)).toEqual([]);
    // Program grammars are generated from help text by another part and still reject some
    // real GNU usage (e.g. `find src -name todo.md`); those are listed for that part to
    // fix rather than silently dropped. They must stay a small minority of the pool.
    const disputed = verdicts.filter((r) => r.v.grammarErrors.length);
    if (disputed.length) console.log(`grammar rejections (${disputed.length}):\n` + disputed.map((d) => `  ${d.v.grammarErrors[0]!.slice(0, 200)}`).join("\n"));
    expect(disputed.length / pool.length).toBeLessThan(0.1);
  });

  it("comes from the generator in the repo (every stored pair is one it produces)", () => {
    const produced = new Set(generate(5, poolFence()).examples.map((e) => `${e.request}\u0000${e.command}`));
    const foreign = pool.filter((e) => !produced.has(`${e.request}\u0000${e.command}`));
    expect(
      foreign.map((e) => e.command),
      "regenerate the pool with `npm run gen -w @shellgen/fewshot`",
    ).toEqual([]);
  });
});
