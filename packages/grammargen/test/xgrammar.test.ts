// XGrammar (vLLM, SGLang, MLC-LLM) as a CI oracle for the emitted GBNF: every pack grammar
// parses as emitted, every per-program grammar compiles against the default model's
// vocabulary, and XGrammar's verdicts agree with the in-repo checker on the composition
// cases. Compile times are measured by `npm run bench:xgrammar`, not asserted here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compose, emitGbnf, recognize } from "../src/index.js";
import { CASES } from "../src/compose/cases.js";
import { TABLE_PROGRAMS } from "../src/compose/table.js";
import { ggufVocab, xgrammarAccepts, xgrammarCompiler, xgrammarParse } from "../src/emit/xgrammar.js";
import type { CommandSpec } from "../src/ir.js";

const ROOT = join(import.meta.dirname, "../../..");
const PACK = join(ROOT, "grammars", "pack");
const gbnfFiles = readdirSync(PACK).filter((f) => f.endsWith(".gbnf")).sort();

describe("XGrammar reads the pack", () => {
  it("parses every pack grammar as emitted, the composed defaults included", async () => {
    const failed: string[] = [];
    for (const f of gbnfFiles) {
      try {
        (await xgrammarParse(readFileSync(join(PACK, f), "utf8"))).dispose();
      } catch (e) {
        failed.push(`${f}: ${(e as Error).message.split("\n")[0]}`);
      }
    }
    expect(gbnfFiles).toContain("default.gbnf");
    expect(gbnfFiles).toContain("default-policy.gbnf");
    expect(failed).toEqual([]);
  }, 300_000);

  it("compiles every per-program grammar against the default model's vocabulary", async () => {
    const vocab = await ggufVocab(join(ROOT, "model", "shellgen-mini.gguf"));
    expect(vocab.tokens.length).toBe(2048);
    const compiler = await xgrammarCompiler(vocab.tokens, { prependSpace: vocab.prependSpace, stopTokenIds: vocab.eos === undefined ? undefined : [vocab.eos] });
    const programs = gbnfFiles.filter((f) => !f.startsWith("default"));
    let compiled = 0;
    for (const f of programs) {
      const g = await xgrammarParse(readFileSync(join(PACK, f), "utf8"));
      (await compiler.compileGrammar(g)).dispose();
      g.dispose();
      compiled++;
    }
    expect(compiled).toBe(programs.length);
  }, 600_000);

  it("agrees with the in-repo checker on every composition case", async () => {
    const specs = TABLE_PROGRAMS.map((p) => JSON.parse(readFileSync(join(PACK, `${p}.ir.json`), "utf8")) as CommandSpec);
    const g = compose({ commands: specs });
    const xg = await xgrammarParse(emitGbnf(g));
    const disagree: string[] = [];
    let checked = 0;
    for (const c of CASES)
      for (const [input, expected] of [...c.valid.map((v) => [v, true] as const), ...c.invalid.map((v) => [v, false] as const)]) {
        const ours = recognize(g, input).accepted;
        const theirs = await xgrammarAccepts(xg, input);
        checked++;
        if (ours !== theirs || ours !== expected) disagree.push(`${JSON.stringify(input)}: expected ${expected}, checker ${ours}, XGrammar ${theirs}`);
      }
    expect(checked).toBe(140);
    expect(disagree).toEqual([]);
  }, 600_000);
});
