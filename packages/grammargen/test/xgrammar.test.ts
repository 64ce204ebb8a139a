// XGrammar (vLLM, SGLang, MLC-LLM) as a CI oracle for the emitted GBNF: every pack grammar
// parses as emitted and compiles against the default model's vocabulary (the composed
// defaults included), and XGrammar's verdicts agree with the in-repo checker on the
// composition cases. Compile times are measured by `npm run bench:xgrammar`, not asserted here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildPack, compose, emitGbnf, parseGrammarText, recognize } from "../src/index.js";
import { CASES } from "../src/compose/cases.js";
import { TABLE_PROGRAMS } from "../src/compose/table.js";
import { ggufVocab, xgrammarCompiler, xgrammarMatcher, xgrammarParse } from "../src/emit/xgrammar.js";
import type { CommandSpec } from "../src/ir.js";

const ROOT = join(import.meta.dirname, "../../..");
const PACK = join(ROOT, "grammars", "pack");
const gbnfFiles = readdirSync(PACK)
  .filter((f) => f.endsWith(".gbnf"))
  .sort();
let vocabP: ReturnType<typeof ggufVocab> | undefined;
const vocab = () => (vocabP ??= ggufVocab(join(ROOT, "model", "shellgen-mini.gguf")));
let compilerP: ReturnType<typeof xgrammarCompiler> | undefined;
const compiler = () =>
  (compilerP ??= vocab().then((v) => xgrammarCompiler(v.tokens, { prependSpace: v.prependSpace, stopTokenIds: v.eos === undefined ? undefined : [v.eos] })));

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

  it("compiles every pack grammar against the default model's vocabulary, the composed defaults included", async () => {
    expect((await vocab()).tokens.length).toBe(2048);
    const compiled: string[] = [];
    for (const f of gbnfFiles) {
      const g = await xgrammarParse(readFileSync(join(PACK, f), "utf8"));
      (await (await compiler()).compileGrammar(g)).dispose();
      g.dispose();
      compiled.push(f);
    }
    expect(compiled).toEqual(gbnfFiles);
    expect(compiled).toEqual(expect.arrayContaining(["default.gbnf", "default-policy.gbnf"]));
  }, 600_000);

  it("agrees with the in-repo checker on every composition case", async () => {
    const specs = TABLE_PROGRAMS.map((p) => JSON.parse(readFileSync(join(PACK, `${p}.ir.json`), "utf8")) as CommandSpec);
    const g = compose({ commands: specs });
    const compiled = await (await compiler()).compileGrammar(await xgrammarParse(emitGbnf(g)));
    const xg = await xgrammarMatcher(compiled, (await vocab()).eos!);
    const disagree: string[] = [];
    let checked = 0;
    for (const c of CASES)
      for (const [input, expected] of [...c.valid.map((v) => [v, true] as const), ...c.invalid.map((v) => [v, false] as const)]) {
        const ours = recognize(g, input).accepted;
        const theirs = xg.accepts(input);
        checked++;
        if (ours !== theirs || ours !== expected) disagree.push(`${JSON.stringify(input)}: expected ${expected}, checker ${ours}, XGrammar ${theirs}`);
      }
    xg.dispose();
    compiled.dispose();
    expect(checked).toBe(CASES.reduce((n, c) => n + c.valid.length + c.invalid.length, 0));
    expect(checked).toBeGreaterThanOrEqual(140);
    expect(disagree).toEqual([]);
  }, 600_000);

  // The shipped composed grammars, read back by the checker, against XGrammar's matcher: on
  // the composition cases and the coverage set (realistic commands and near-misses).
  // default-open is generated with the Debian-derived set (grammars/debian), not committed.
  for (const name of ["default", "default-policy", "default-open"]) {
    it(`agrees with the in-repo checker on ${name}.gbnf`, async () => {
      if (name === "default-open") expect(buildPack(join(ROOT, "grammars"), { generated: true }).drift).toEqual([]);
      const text = readFileSync(join(name === "default-open" ? join(ROOT, "grammars", "debian") : PACK, `${name}.gbnf`), "utf8");
      const ours = parseGrammarText(text, "gbnf");
      const compiled = await (await compiler()).compileGrammar(await xgrammarParse(text));
      const xg = await xgrammarMatcher(compiled, (await vocab()).eos!);
      const inputs = [
        ...CASES.flatMap((c) => [...c.valid, ...c.invalid]),
        ...coverageLines("valid.txt"),
        ...coverageLines("invalid.txt"),
        ...(name === "default-open" ? coverageLines("everyday.txt") : []),
      ];
      const disagree = inputs.filter((s) => recognize(ours, s).accepted !== xg.accepts(s)).map((s) => JSON.stringify(s));
      const accepted = inputs.filter((s) => xg.accepts(s)).length;
      xg.dispose();
      compiled.dispose();
      expect(inputs.length).toBeGreaterThan(500);
      // Both verdicts occur: an engine that accepts or rejects everything would agree with nothing.
      expect(accepted).toBeGreaterThan(inputs.length / 3);
      expect(accepted).toBeLessThan(inputs.length);
      expect(disagree).toEqual([]);
    }, 600_000);
  }
});

function coverageLines(file: string): string[] {
  return readFileSync(join(ROOT, "corpora", "coverage", file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"));
}
