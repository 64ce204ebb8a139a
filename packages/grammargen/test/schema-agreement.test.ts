// Schema grammars agree with ajv: for every tool schema in corpora/schemas, 10,000 distinct
// instances generated near the schema (valid ones and near misses) are accepted by the JSON
// grammar exactly when ajv accepts them. All of them go through the grammar AST compiled to one
// RegExp (fast); the first EARLEY of them also go through the in-repo Earley checker, which must
// give the same verdict. Property order is the schema's (the grammar's canonical order).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { compileSchema, fromSchema, schemaShape } from "../src/schema/index.js";
import { grammarRegExp } from "../src/schema/fast.js";
import { near, spelling } from "./schema-instances.js";

const dir = fileURLToPath(new URL("../../../corpora/schemas/", import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const PER_SCHEMA = Number(process.env.SCHEMA_INSTANCES ?? 10_000);
const EARLEY = Math.min(PER_SCHEMA, Number(process.env.SCHEMA_EARLEY ?? 400));

describe("schema grammars agree with ajv", () => {
  test("the corpus holds at least 15 tool schemas", () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
  });
  for (const file of files) {
    test(`${file}: ${PER_SCHEMA} instances`, () => {
      const doc = JSON.parse(readFileSync(dir + file, "utf8"));
      const { shape } = schemaShape(doc);
      const { grammar } = fromSchema(doc, { as: "json" });
      const validate = compileSchema(doc);
      const fast = grammarRegExp(grammar);
      if (!fast) throw new Error(`${file}: grammar is recursive; the fast path cannot check it`);
      // seed: FC_SEED (test/setup)
      const samples = fc.sample(fc.tuple(near(shape), fc.nat()), { numRuns: Math.ceil(PER_SCHEMA * 1.6) });
      let valid = 0;
      const disagreements: string[] = [];
      const seen = new Set<string>();
      for (const [value, roll] of samples) {
        if (seen.size >= PER_SCHEMA) break;
        const text = spelling(value, roll);
        // The same text twice would only re-check one verdict.
        if (seen.has(text)) continue;
        seen.add(text);
        const want = validate(JSON.parse(text)) as boolean;
        const got = fast.test(text);
        if (want) valid++;
        if (want !== got && disagreements.length < 5)
          disagreements.push(`${want ? "ajv accepts" : "ajv rejects"} but grammar ${got ? "accepts" : "rejects"}: ${text}`);
        if (seen.size <= EARLEY) {
          const earley = recognize(grammar, text).accepted;
          if (earley !== got && disagreements.length < 5)
            disagreements.push(`Earley checker ${earley ? "accepts" : "rejects"} but the RegExp does not: ${text}`);
        }
      }
      expect(disagreements).toEqual([]);
      expect(seen.size).toBe(PER_SCHEMA);
      // Both sides of the boundary are exercised.
      expect(valid).toBeGreaterThan(PER_SCHEMA * 0.05);
      expect(valid).toBeLessThan(PER_SCHEMA * 0.95);
    });
  }
});
