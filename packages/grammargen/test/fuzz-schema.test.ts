// Fuzzing JSON tool schema -> grammar with fast-check (seed: test/setup/fast-check.ts, FC_SEED).
// FUZZ_RUNS (default 10,000) schemas; `npm run fuzz` runs a longer one on a random seed.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GrammargenError } from "../src/diagnostics.js";
import { fromSchema } from "../src/schema/index.js";
import { schemaDocs } from "./fuzz-schema-gen.js";
import { checkEngines, FUZZ_RUNS, FuzzStats } from "./fuzz-verdict.js";

const dir = fileURLToPath(new URL("../../../corpora/schemas/", import.meta.url));
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(dir + f, "utf8")) as unknown);

const show = (v: unknown): string => {
  try {
    return JSON.stringify(v)?.slice(0, 300) ?? String(v);
  } catch {
    return String(v);
  }
};

describe("fuzzed JSON schemas", () => {
  const stats = new FuzzStats();

  it(
    `${FUZZ_RUNS} schemas: a grammar or one clear GrammargenError, never over 1 s CPU`,
    () => {
      fc.assert(
        fc.property(schemaDocs(corpus), (c) => {
          const label = `as=${c.as} name=${JSON.stringify(c.name)} doc=${show(c.doc)}`;
          const problem = stats.run(label, () => {
            const { grammar } = fromSchema(c.doc, { as: c.as, ...(c.name !== undefined ? { name: c.name } : {}) });
            // An empty call: Lark must give the checker's verdict on it.
            return { grammar, inputs: c.as === "json" ? ["{}", '{"a": 1}'] : ["x", "x --a 1"] };
          });
          if (problem) throw new Error(problem);
        }),
        { numRuns: FUZZ_RUNS },
      );
      console.log(stats.summary("schema fuzz"));
      expect(stats.cases).toBeGreaterThanOrEqual(FUZZ_RUNS);
      expect(stats.grammars).toBeGreaterThan(FUZZ_RUNS * 0.15);
      expect([...stats.errors.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(FUZZ_RUNS * 0.05);
    },
    Math.max(600_000, FUZZ_RUNS * 30),
  ); // `npm run fuzz` runs 100,000 cases

  it("regressions the fuzz found stay fixed", () => {
    const base = { type: "object", properties: { a: { type: "string" } } };
    const cases: [unknown, RegExp][] = [
      // ajv threw a plain Error on a non-string $schema; String() threw on one without a prototype.
      [{ ...base, $schema: { type: "strng" } }, /not a valid JSON Schema/],
      [{ ...base, $schema: Object.assign(Object.create(null), { type: "string" }) }, /not a valid JSON Schema/],
      // decodeURIComponent threw URIError on a bad %-escape in a $ref.
      [{ type: "object", properties: { a: { $ref: "#/$defs/%zz" } } }, /\$ref|resolve|URI/],
      // minItems above maxItems reached rep(1, 0) and a RangeError.
      [{ type: "object", properties: { a: { type: "array", minItems: 2, maxItems: 1 } }, required: ["a"] }, /no (JSON value|object|array) satisfies/],
    ];
    for (const [doc, message] of cases) {
      const err = (() => {
        try {
          fromSchema(doc, { as: "json", name: "t" });
        } catch (e) {
          return e;
        }
      })();
      expect(err, JSON.stringify(doc)).toBeInstanceOf(GrammargenError);
      expect((err as Error).message).toMatch(message);
    }
  });

  it("a sample of the grammars loads in llama.cpp and Python Lark", async () => {
    expect(stats.sampled.length).toBeGreaterThan(0);
    await checkEngines(stats.sampled);
  }, 600_000);
});
