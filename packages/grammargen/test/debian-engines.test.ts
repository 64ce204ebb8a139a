// The Debian-derived grammars (grammars/debian, generated from the committed corpora/debian
// texts by the build), and default-open built beside them, load in every engine the pack promises: llama.cpp (node-llama-cpp),
// XGrammar and Python Lark. Each check covers every program; XGrammar's compile against a
// vocabulary, the costly one, covers every grammar too, in one pass over a shared compiler.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildPack, emitGbnf, lowerCommand, parseHelp, recognize } from "../src/index.js";
import { ggufVocab, xgrammarCompiler, xgrammarMatcher, xgrammarParse } from "../src/emit/xgrammar.js";

const ROOT = join(import.meta.dirname, "../../..");
const GRAMMARS = join(ROOT, "grammars");
const DIR = join(GRAMMARS, "debian");
let names: string[] = [];

beforeAll(() => {
  // The build step itself: a no-op when grammars/debian already matches pack/debian.json.
  const r = buildPack(GRAMMARS, { generated: true });
  expect(r.drift, "grammars/debian differs from pack/debian.json: run npm run pack").toEqual([]);
  names = readdirSync(DIR)
    .filter((f) => f.endsWith(".gbnf"))
    .map((f) => f.slice(0, -".gbnf".length))
    .sort();
  // Every program's grammar, and default-open (the default grammar with every program's name).
  expect(names.length).toBe(r.debian + 1);
  expect(names).toContain("default-open");
}, 300_000);

describe("Debian-derived grammars load in every engine", () => {
  it("every grammar loads in llama.cpp (node-llama-cpp createGrammar)", async () => {
    const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
    const failed: string[] = [];
    for (const n of names) {
      try {
        await llama.createGrammar({ grammar: readFileSync(join(DIR, `${n}.gbnf`), "utf8") });
      } catch (e) {
        failed.push(`${n}: ${(e as Error).message.split("\n")[0]}`);
      }
    }
    expect(names.length).toBeGreaterThanOrEqual(1000);
    expect(failed).toEqual([]);
  }, 300_000);

  it("every grammar parses in XGrammar and compiles against the default model's vocabulary", async () => {
    const v = await ggufVocab(join(ROOT, "model", "shellgen-mini.gguf"));
    const compiler = await xgrammarCompiler(v.tokens, { prependSpace: v.prependSpace, stopTokenIds: v.eos === undefined ? undefined : [v.eos] });
    const failed: string[] = [];
    for (const n of names) {
      try {
        const g = await xgrammarParse(readFileSync(join(DIR, `${n}.gbnf`), "utf8"));
        (await compiler.compileGrammar(g)).dispose();
        g.dispose();
      } catch (e) {
        failed.push(`${n}: ${(e as Error).message.split("\n")[0]}`);
      }
    }
    expect(failed).toEqual([]);
  }, 600_000);

  it("every Lark grammar loads in Python Lark", () => {
    const py = `
import json, sys
from lark import Lark
bad = []
for path in sys.stdin.read().split("\\n"):
    if not path: continue
    try:
        Lark(open(path).read(), parser="earley", lexer="dynamic", start="start")
    except Exception as e:
        bad.append(path.rsplit("/", 1)[-1] + ": " + str(e).split("\\n")[0][:200])
print(json.dumps(bad))
`;
    const files = names.map((n) => join(DIR, `${n}.lark`));
    expect(files.every((f) => existsSync(f))).toBe(true);
    const out = execFileSync("/usr/bin/python3", ["-c", py], { input: files.join("\n"), encoding: "utf8", maxBuffer: 1 << 26 });
    expect(JSON.parse(out)).toEqual([]);
  }, 600_000);
});

describe("a program named like an XGrammar literal", () => {
  // `true` and `false` are programs (coreutils); XGrammar's lexer reads those words as
  // literals, so their rules are emitted under another name.
  for (const program of ["true", "false"]) {
    it(`the grammar of ${program} parses in XGrammar and accepts ${program} --help`, async () => {
      const g = lowerCommand(
        parseHelp(
          `Usage: ${program} [ignored command line arguments]\n  or:  ${program} OPTION\n\n      --help     display this help and exit\n      --version  output version information and exit\n`,
          { name: [program] },
        ).spec,
      );
      const gbnf = emitGbnf(g);
      const v = await ggufVocab(join(ROOT, "model", "shellgen-mini.gguf"));
      const compiler = await xgrammarCompiler(v.tokens, { prependSpace: v.prependSpace, stopTokenIds: v.eos === undefined ? undefined : [v.eos] });
      const compiled = await compiler.compileGrammar(await xgrammarParse(gbnf));
      const m = await xgrammarMatcher(compiled, v.eos!);
      expect(m.accepts(`${program} --help`)).toBe(true);
      expect(recognize(g, `${program} --help`).accepted).toBe(true);
      m.dispose();
      compiled.dispose();
    });
  }
});
