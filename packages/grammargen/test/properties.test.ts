// Property tests against real oracles: llama.cpp's GBNF parser (node-llama-cpp), Python Lark
// (Earley), and the in-repo checker reading both dialects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entryName, readCorpus, styleFor } from "../src/bench/corpus.js";
import { emitGbnf, emitLark, GrammargenError, lowerCommand, parseGrammarText, parseHelp, recognize, type CommandSpec } from "../src/index.js";
import { invocationArb, specArb } from "./gen.js";
import { gbnfLoads, larkCheck } from "./oracles.js";

const corpus = readCorpus();
const corpusGrammars = corpus.map((e) => {
  const { spec } = parseHelp(e.help, { name: entryName(e), style: styleFor(e) });
  return { name: e.name, spec, grammar: lowerCommand(spec) };
});

/** Mutations of a valid invocation: the strings most likely to sit on a grammar's edge. */
const mutate = (s: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(s),
    fc.nat({ max: s.length }).chain((i) => fc.constantFrom("-", "=", " ", "'", "x", "--", "|", "0").map((c) => s.slice(0, i) + c + s.slice(i))),
    fc.nat({ max: Math.max(0, s.length - 1) }).map((i) => s.slice(0, i) + s.slice(i + 1)),
    fc.nat({ max: s.length }).map((i) => s.slice(0, i)),
  );

describe("the spec generator", () => {
  // The properties below are only as good as what the generator makes: it must make the
  // shapes real programs have, not just flat option tables.
  it("makes nested subcommands, rest and variadic operands, repeatable options, and invocations that use them", () => {
    const specs = fc.sample(specArb, 300);
    const depth = (s: CommandSpec): number => 1 + Math.max(0, ...s.subcommands.map(depth));
    const all = (s: CommandSpec): CommandSpec[] => [s, ...s.subcommands.flatMap(all)];
    const share = (f: (s: CommandSpec) => boolean) => specs.filter(f).length / specs.length;
    expect(share((s) => s.subcommands.length > 0)).toBeGreaterThan(0.15);
    expect(share((s) => depth(s) >= 3)).toBeGreaterThan(0.02);
    expect(share((s) => all(s).some((c) => c.positionals.some((p) => p.rest)))).toBeGreaterThan(0.15);
    expect(share((s) => all(s).some((c) => c.positionals.some((p) => !p.rest && p.max >= 16)))).toBeGreaterThan(0.15);
    expect(share((s) => all(s).some((c) => c.options.some((o) => o.repeatable)))).toBeGreaterThan(0.3);
    expect(share((s) => !!s.globalOptions?.length)).toBeGreaterThan(0.05);
    const lines = fc.sample(
      specArb.chain((spec) => fc.tuple(fc.constant(spec), invocationArb(spec))),
      300,
    );
    const used = (f: (spec: CommandSpec, words: string[]) => boolean) => lines.filter(([spec, line]) => f(spec, line.split(" "))).length;
    expect(used((_, w) => w.includes("--"))).toBeGreaterThan(20);
    expect(
      used((spec, w) =>
        spec.subcommands.some((c) => w[1 + w.slice(1).findIndex((x) => [c.path.at(-1), ...c.aliases].includes(x))] !== undefined && w.includes(c.path.at(-1)!)),
      ),
    ).toBeGreaterThan(20);
    expect(
      used((spec, w) => all(spec).some((c) => c.options.some((o) => o.repeatable && o.short.some((l) => o.arity === "none" && w.includes(`-${l}${l}`))))),
    ).toBeGreaterThan(3);
  });
});

describe("emitted grammars load in the real engines", () => {
  it("every corpus GBNF loads in llama.cpp (node-llama-cpp createGrammar)", async () => {
    for (const c of corpusGrammars) expect(await gbnfLoads(emitGbnf(c.grammar)), c.name).toBe(true);
  });

  it("random specs give GBNF that llama.cpp loads", async () => {
    await fc.assert(
      fc.asyncProperty(specArb, async (spec) => {
        expect(await gbnfLoads(emitGbnf(lowerCommand(spec)))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe("Lark, GBNF and the checker agree", () => {
  // Python Lark runs once, on a batch collected from the properties below.
  const jobs: { grammar: string; inputs: string[]; expect: boolean[]; label: string }[] = [];

  it("invocations generated from the IR are accepted by both dialects", () => {
    fc.assert(
      fc.property(
        specArb.chain((spec) => fc.tuple(fc.constant(spec), fc.array(invocationArb(spec), { minLength: 1, maxLength: 6 }))),
        ([spec, invocations]) => {
          const g = lowerCommand(spec);
          const lark = parseGrammarText(emitLark(g), "lark");
          const gbnf = parseGrammarText(emitGbnf(g), "gbnf");
          for (const s of invocations) {
            expect(recognize(g, s).accepted, `${s}\n${emitLark(g)}`).toBe(true);
            expect(recognize(lark, s).accepted, s).toBe(true);
            expect(recognize(gbnf, s).accepted, s).toBe(true);
          }
          if (jobs.length < 40) jobs.push({ grammar: emitLark(g), inputs: invocations, expect: invocations.map(() => true), label: spec.path[0]! });
        },
      ),
      { numRuns: 80 },
    );
  }, 300_000);

  it("Lark and GBNF accept and reject the same mutated strings", () => {
    fc.assert(
      fc.property(
        specArb.chain((spec) =>
          fc.tuple(
            fc.constant(spec),
            invocationArb(spec).chain((s) => fc.array(mutate(s), { minLength: 1, maxLength: 8 })),
          ),
        ),
        ([spec, inputs]) => {
          const g = lowerCommand(spec);
          const lark = parseGrammarText(emitLark(g), "lark");
          const gbnf = parseGrammarText(emitGbnf(g), "gbnf");
          const verdicts = inputs.map((s) => recognize(g, s).accepted);
          inputs.forEach((s, i) => {
            expect(recognize(lark, s).accepted, s).toBe(verdicts[i]);
            expect(recognize(gbnf, s).accepted, s).toBe(verdicts[i]);
          });
          if (jobs.length < 80) jobs.push({ grammar: emitLark(g), inputs, expect: verdicts, label: spec.path[0]! });
        },
      ),
      { numRuns: 80 },
    );
  }, 300_000);

  it("corpus grammars agree with Python Lark on the corpus invocations", () => {
    for (const c of corpusGrammars) {
      const e = corpus.find((x) => x.name === c.name)!;
      const inputs = [...(e.invocations?.valid ?? []), ...(e.invocations?.invalid ?? [])];
      jobs.push({ grammar: emitLark(c.grammar), inputs, expect: inputs.map((s) => recognize(c.grammar, s).accepted), label: c.name });
    }
  });

  // A test of its own (vitest runs a file's tests in order, so the batch is complete here):
  // a disagreement fails this test, where an afterAll verdict could leave every test green.
  it("Python Lark loads every grammar above and accepts exactly what the checker accepts", () => {
    expect(jobs.length).toBeGreaterThan(corpusGrammars.length);
    const results = larkCheck(jobs);
    const problems: string[] = [];
    results.forEach((r, i) => {
      const job = jobs[i]!;
      if (!r.loaded) problems.push(`${job.label}: Lark refused the grammar: ${r.error}`);
      else
        for (const [k, s] of job.inputs.entries())
          if (r.accepted[k] !== job.expect[k])
            problems.push(`${job.label}: Python Lark ${r.accepted[k] ? "accepts" : "rejects"} ${JSON.stringify(s)}, the checker does not`);
    });
    expect(problems).toEqual([]);
  }, 600_000);
});

describe("robustness", () => {
  it("never throws an untyped error on random or mutated help text", () => {
    const texts = corpus.map((e) => e.help);
    const mutated = fc
      .tuple(fc.constantFrom(...texts), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.string({ maxLength: 20 })), { maxLength: 6 }))
      .map(([t, edits]) => {
        let s = t;
        for (const [at, del, ins] of edits) {
          const i = at % (s.length + 1);
          s = s.slice(0, i) + ins + s.slice(i + del);
        }
        return s;
      });
    fc.assert(
      fc.property(
        fc.oneof(mutated, fc.string({ maxLength: 400 }), fc.string({ unit: "binary", maxLength: 200 })),
        fc.constantFrom("tool", "git log"),
        (text, name) => {
          try {
            const { spec } = parseHelp(text, { name });
            const g = lowerCommand(spec as CommandSpec);
            emitLark(g);
            emitGbnf(g);
          } catch (e) {
            expect(e).toBeInstanceOf(GrammargenError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
