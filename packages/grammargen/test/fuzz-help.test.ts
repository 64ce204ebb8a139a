// Fuzzing help text -> grammar with fast-check (seed: test/setup/fast-check.ts, FC_SEED).
// FUZZ_RUNS (default 10,000) cases; `npm run fuzz` runs a longer one on a random seed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCorpus } from "../src/bench/corpus.js";
import { lowerCommand } from "../src/lower/command.js";
import { parseHelp } from "../src/parse/help.js";
import { helpCases } from "./fuzz-help-gen.js";
import { checkEngines, FUZZ_RUNS, FuzzStats } from "./fuzz-verdict.js";

const texts = readCorpus().map((e) => e.help);

describe("fuzzed help texts", () => {
  const stats = new FuzzStats();

  it(
    `${FUZZ_RUNS} help texts: a grammar or one clear GrammargenError, never over 1 s CPU`,
    () => {
      fc.assert(
        fc.property(helpCases(texts), (c) => {
          const label = `${JSON.stringify(c.name)} style=${c.style ?? "auto"} text=${JSON.stringify(c.text.slice(0, 200))} (${c.text.length} chars)`;
          const problem = stats.run(label, () => {
            const { spec } = parseHelp(c.text, { name: c.name, ...(c.style ? { style: c.style } : {}) });
            const grammar = lowerCommand(spec);
            // The bare command and a plausible invocation: Lark must give the checker's verdict on both.
            return { grammar, inputs: [spec.path.join(" "), `${spec.path.join(" ")} -x file.txt`] };
          });
          if (problem) throw new Error(problem);
        }),
        { numRuns: FUZZ_RUNS },
      );
      console.log(stats.summary("help fuzz"));
      expect(stats.cases).toBeGreaterThanOrEqual(FUZZ_RUNS);
      // The generators must reach both outcomes, or the fuzz tests less than it says.
      expect(stats.grammars).toBeGreaterThan(FUZZ_RUNS * 0.3);
      expect([...stats.errors.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(FUZZ_RUNS * 0.01);
    },
    Math.max(600_000, FUZZ_RUNS * 30),
  ); // `npm run fuzz` runs 100,000 cases

  it("regressions the fuzz found stay fixed", () => {
    // A usage line holding U+2028 (which `.` does not match) made parseUsage read null[2].
    const { spec } = parseHelp("usage: tool\u2028 [-a] [-b file] name\n", { name: "tool" });
    expect(spec.path).toEqual(["tool"]);
  });

  it("a sample of the grammars loads in llama.cpp and Python Lark", async () => {
    expect(stats.sampled.length).toBeGreaterThan(0);
    await checkEngines(stats.sampled);
  }, 600_000);
});
