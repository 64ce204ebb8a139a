// compose's namesOnly: programs known by name take any words, every other name stays refused,
// and the programs the grammar holds keep their own grammar.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { compose, emitGbnf, emitLark, loadPolicy, parseGrammarText, parseHelp, recognize } from "../src/index.js";
import { join } from "node:path";
import { ggufVocab, xgrammarCompiler, xgrammarMatcher, xgrammarParse } from "../src/emit/xgrammar.js";
import { SPECS } from "./fixtures/compose-specs.js";

const vcsStatus = parseHelp("Usage: vcs status [-s] [--short] [PATH...]\n\nOptions:\n  -s, --short   give the output in the short format\n", {
  name: ["vcs", "status"],
}).spec;
const held = [SPECS.cat!, SPECS.sort!, SPECS.uniq!, vcsStatus];
const NAMES = ["frobctl", "zq", "mk.fs", "vcs clone", "vcs push", "cat", "sort", "for", "bad name!", "-x"];
const g = compose({ commands: held, namesOnly: NAMES });
const accepts = (cmd: string) => recognize(g, cmd).accepted;

describe("namesOnly", () => {
  test("a program known by name takes any words, alone or in a pipeline, under a wrapper-free list", () => {
    expect(accepts("frobctl")).toBe(true);
    expect(accepts("frobctl --anything -x 'a b' $HOME | sort -n")).toBe(true);
    expect(accepts("cat a | zq -r . > out.json")).toBe(true);
    expect(accepts("mk.fs /dev/sdb1 && cat log")).toBe(true);
    expect(accepts("x=$(zq 1)")).toBe(true);
  });

  test("a name no list holds is refused, misspellings and prefixes of known names included", () => {
    for (const c of ["frobct", "frobctll", "frob ctl", "zqq a", "mkfs /dev/sdb1", "bad name!", "-x", "vcs"]) expect(accepts(c), c).toBe(false);
  });

  test("a held program keeps its own grammar: its unknown options stay refused", () => {
    expect(accepts("cat -n a")).toBe(true);
    expect(accepts("cat --bogus a")).toBe(false);
    expect(accepts("sort --nope")).toBe(false);
    expect(accepts("vcs status -s")).toBe(true);
    expect(accepts("vcs status --bogus")).toBe(false);
  });

  test("the other subcommands of a held program take any words; unknown ones stay refused", () => {
    expect(accepts("vcs clone --depth 1 https://example.com/r.git")).toBe(true);
    expect(accepts("vcs push -u origin main")).toBe(true);
    expect(accepts("vcs comit -m x")).toBe(false);
  });

  test("keywords, builtins and the grammar's own programs are never names", () => {
    expect(accepts("for x")).toBe(false);
    expect(accepts("for f in a b; do cat $f; done")).toBe(true);
  });

  test("a policy's denied programs are not names", () => {
    const policy = loadPolicy({ version: 1, commands: { deny: ["frobctl"] } });
    const denied = compose({ commands: held, namesOnly: NAMES, policy });
    expect(recognize(denied, "frobctl -x").accepted).toBe(false);
    expect(recognize(denied, "zq -x").accepted).toBe(true);
  });

  test("both dialects read back to the same language", () => {
    for (const [text, dialect] of [
      [emitGbnf(g), "gbnf"],
      [emitLark(g), "lark"],
    ] as const) {
      const back = parseGrammarText(text, dialect);
      for (const c of ["frobctl -x a", "vcs push", "cat -n a | zq"]) expect(recognize(back, c).accepted, `${dialect}: ${c}`).toBe(true);
      for (const c of ["frobct -x", "vcs comit", "cat --bogus"]) expect(recognize(back, c).accepted, `${dialect}: ${c}`).toBe(false);
    }
  });

  test("property: any listed name takes any plain words; one letter more is refused", () => {
    const base = compose({ commands: [SPECS.cat!] });
    const word = fc.stringMatching(/^[a-z][a-z0-9]{2,7}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 6 }),
        fc.array(fc.stringMatching(/^-{0,2}[a-z0-9]{1,6}$/), { maxLength: 4 }),
        (names, args) => {
          // Names the grammar already has (cat, builtins, keywords, shells) keep their own rules.
          const free = names.filter((n) => !recognize(base, n).accepted && !recognize(base, `${n}z`).accepted);
          if (free.length === 0 || free.some((n) => free.includes(`${n}z`))) return;
          const h = compose({ commands: [SPECS.cat!], namesOnly: free });
          for (const n of free) {
            expect(recognize(h, [n, ...args].join(" ")).accepted).toBe(true);
            expect(recognize(h, [`${n}z`, ...args].join(" ")).accepted).toBe(false);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  test("XGrammar agrees with the checker where one name is a prefix of another (a flat choice misleads it)", async () => {
    const h = compose({ commands: [SPECS.cat!], namesOnly: ["ab", "ar", "arc", "arch", "zq"] });
    const gbnf = emitGbnf(h, { shareAll: true, flatLiterals: true });
    const v = await ggufVocab(join(import.meta.dirname, "../../../model/shellgen-mini.gguf"));
    const compiler = await xgrammarCompiler(v.tokens, { prependSpace: v.prependSpace, stopTokenIds: [v.eos!] });
    const m = await xgrammarMatcher(await compiler.compileGrammar(await xgrammarParse(gbnf)), v.eos!);
    const cases = ["ab", "ab x", "arc -v", "arch", "zq 1 | cat", "abc", "abch x", "ac", "zqc", "arcc"];
    const disagree = cases.filter((c) => m.accepts(c) !== recognize(h, c).accepted);
    expect(cases.filter((c) => recognize(h, c).accepted)).toEqual(["ab", "ab x", "arc -v", "arch", "zq 1 | cat"]);
    expect(disagree).toEqual([]);
    m.dispose();
  });
});
