// fromSchema on bad and edge-case input: each unsupported keyword is named with its JSON
// pointer, cycles are refused, nothing is loosened; the CLI writes no partial output. The
// corpus schemas' grammars load in Python Lark and node-llama-cpp, and the CLI mapping works.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getLlama } from "node-llama-cpp";
import { describe, expect, test } from "vitest";
import { main } from "../src/cli/main.js";
import { emitGbnf, emitLark, GrammargenError, recognize } from "../src/index.js";
import { fromSchema } from "../src/schema/index.js";

const dir = fileURLToPath(new URL("../../../corpora/schemas/", import.meta.url));
const larkCheck = fileURLToPath(new URL("../scripts/lark_check.py", import.meta.url));
const schemas = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const load = (f: string) => JSON.parse(readFileSync(dir + f, "utf8"));
const obj = (properties: object, extra: object = {}) => ({ type: "object", properties, additionalProperties: false, ...extra });

function failure(schema: unknown, as: "json" | "cli" = "json"): GrammargenError {
  try {
    fromSchema(schema, { as });
  } catch (e) {
    if (e instanceof GrammargenError) return e;
    throw e;
  }
  throw new Error("expected a GrammargenError");
}

describe("schema errors", () => {
  test("an unsupported keyword is named with its JSON pointer", () => {
    const e = failure({ type: "function", function: { name: "f", parameters: obj({ n: { type: "integer", minimum: 3 } }) } });
    expect(e.message).toMatch(/unsupported keyword "minimum" at \/function\/parameters\/properties\/n\/minimum/);
    expect(e.diagnostics[0]!.pointer).toBe("/function/parameters/properties/n/minimum");
    expect(failure({ name: "t", inputSchema: obj({ a: { type: "string", format: "date" } }) }).message).toMatch(
      /"format" at \/inputSchema\/properties\/a\/format/,
    );
    expect(failure(obj({ a: { type: "array", uniqueItems: true } })).message).toMatch(/"uniqueItems" at \/properties\/a\/uniqueItems/);
    expect(failure(obj({ a: { allOf: [{ type: "string" }] } })).message).toMatch(/"allOf"/);
  });

  test("a cyclic $ref is refused with the cycle spelled out", () => {
    const e = failure({ ...obj({ a: { $ref: "#/$defs/x" } }), $defs: { x: { $ref: "#/$defs/y" }, y: { $ref: "#/$defs/x" } } });
    expect(e.message).toBe("cyclic $ref: #/$defs/x -> #/$defs/y -> #/$defs/x (at /$defs/y/$ref)");
    expect(
      failure({ ...obj({ n: { $ref: "#/$defs/node" } }), $defs: { node: obj({ kids: { type: "array", items: { $ref: "#/$defs/node" } } }) } }).message,
    ).toMatch(/cyclic \$ref: #\/\$defs\/node -> #\/\$defs\/node/);
    expect(failure({ ...obj({ a: { $ref: "#/$defs/missing" } }) }).message).toMatch(/missing|resolve/);
  });

  test("an invalid schema is caught by ajv first", () => {
    expect(failure(obj({ a: { type: "strng" } })).message).toMatch(/not a valid JSON Schema.*\/properties\/a\/type/);
    expect(failure(obj({ a: { type: "string", minLength: -1 } })).message).toMatch(/not a valid JSON Schema/);
  });

  test("constraints that a grammar cannot hold exactly are refused, not loosened", () => {
    expect(failure(obj({ a: { oneOf: [{ type: "string" }, { type: "string", maxLength: 3 }] } })).message).toMatch(/oneOf branches overlap/);
    expect(failure(obj({ a: { type: "string", pattern: "^a+$", maxLength: 3 } })).message).toMatch(/pattern together with minLength/);
    expect(failure(obj({ a: { type: "object", additionalProperties: { type: "string" } } })).message).toMatch(/additionalProperties with a schema/);
    expect(failure(obj({ when: obj({ at: { type: "string" } }) }, { required: ["when"] }), "cli").message).toMatch(
      /an object value cannot be passed as --name value; use --as json \(at \/properties\/when\)/,
    );
    // Disjoint oneOf branches (a const discriminator) are fine.
    const ok = fromSchema(
      obj({ w: { oneOf: [obj({ k: { const: "a" } }, { required: ["k"] }), obj({ k: { const: "b" }, n: { type: "integer" } }, { required: ["k"] })] } }),
      { as: "json" },
    );
    expect(recognize(ok.grammar, '{"w":{"k":"b","n":2}}').accepted).toBe(true);
    expect(recognize(ok.grammar, '{"w":{"k":"c"}}').accepted).toBe(false);
  });

  test("an open object is offered only its listed properties, with a warning", () => {
    const { grammar, diagnostics } = fromSchema({ type: "object", properties: { a: { type: "integer" } } }, { as: "json" });
    expect(diagnostics.map((d) => d.message)).toContain("additionalProperties is not false: the grammar offers only the listed properties");
    expect(recognize(grammar, '{"a": 1}').accepted).toBe(true);
    expect(recognize(grammar, '{"b": 1}').accepted).toBe(false);
  });
});

describe("from-schema CLI", () => {
  const io = () => {
    const out = { stdout: "", stderr: "" };
    return { out, io: { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t), readStdin: async () => "" } };
  };

  test("writes a Lark or GBNF grammar, json or cli", async () => {
    const work = mkdtempSync(join(tmpdir(), "gg-schema-"));
    const a = io();
    expect(await main(["from-schema", dir + "read_file.openai.json", "--format", "gbnf", "--out", join(work, "r.gbnf")], a.io)).toBe(0);
    expect(readFileSync(join(work, "r.gbnf"), "utf8")).toMatch(/^root ::= read-file$/m);
    const b = io();
    expect(await main(["from-schema", dir + "read_file.openai.json", "--as", "cli"], b.io)).toBe(0);
    expect(b.out.stdout).toMatch(/"--path"/);
  });

  test("bad input: one clear line on stderr, non-zero exit, no output file", async () => {
    const work = mkdtempSync(join(tmpdir(), "gg-schema-"));
    const big = join(work, "big.json");
    writeFileSync(big, `{"type":"object","description":"${"x".repeat(50_000_000)}"}`);
    const cyclic = join(work, "cyclic.json");
    writeFileSync(cyclic, JSON.stringify({ $defs: { a: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" }));
    const truncated = join(work, "cut.json");
    writeFileSync(truncated, readFileSync(dir + "http_request.openai.json", "utf8").slice(0, 300));
    for (const [file, pattern] of [
      [big, /50\.0 MB; a tool schema must be under 4 MB/],
      [cyclic, /cyclic \$ref/],
      [truncated, /is not JSON/],
    ] as const) {
      const r = io();
      const out = join(work, "out.lark");
      expect(await main(["from-schema", file, "--out", out], r.io)).toBe(1);
      expect(r.out.stderr).toMatch(pattern);
      expect(r.out.stderr.trim().split("\n")).toHaveLength(1);
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(work).filter((f) => f.includes("out.lark"))).toEqual([]);
    }
  });
});

describe("corpus schema grammars load where they are used", () => {
  const grammars = schemas.flatMap((f) =>
    (["json", "cli"] as const).flatMap((as) => {
      try {
        return [{ name: `${f} (${as})`, grammar: fromSchema(load(f), { as }).grammar }];
      } catch (e) {
        // Only the CLI mapping may refuse (nested objects, null); JSON always works.
        if (as === "json") throw e;
        return [];
      }
    }),
  );

  test("every schema gives a JSON grammar, and most a CLI grammar", () => {
    expect(grammars.filter((g) => g.name.endsWith("(json)"))).toHaveLength(schemas.length);
    expect(grammars.filter((g) => g.name.endsWith("(cli)")).length).toBeGreaterThanOrEqual(10);
  });

  test("Python Lark loads them", () => {
    const jobs = grammars.map((g) => ({ grammar: emitLark(g.grammar), inputs: [] }));
    const r = spawnSync("/usr/bin/python3", [larkCheck], { input: JSON.stringify(jobs), encoding: "utf8", maxBuffer: 64 << 20 });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { loaded: boolean; error?: string }[];
    expect(out.map((o, i) => (o.loaded ? "" : `${grammars[i]!.name}: ${o.error}`)).filter(Boolean)).toEqual([]);
  }, 180_000);

  test("node-llama-cpp loads the GBNF", async () => {
    const llama = await getLlama({ gpu: false, build: "never" });
    for (const g of grammars) await expect(llama.createGrammar({ grammar: emitGbnf(g.grammar) }), g.name).resolves.toBeDefined();
  });

  test("the CLI mapping accepts and rejects command lines", () => {
    const { grammar } = fromSchema(load("search_files.mcp.json"), { as: "cli" });
    for (const s of [
      "search_files --pattern TODO",
      "search_files --pattern 'a b' --path src --case_sensitive --context_lines 2 --file_types ts --file_types md",
    ])
      expect(recognize(grammar, s).accepted, s).toBe(true);
    for (const s of [
      "search_files",
      "search_files --path src",
      "search_files --pattern x --context_lines 4",
      "search_files --pattern x --file_types TS",
      "search_files --pattern x --bogus 1",
    ])
      expect(recognize(grammar, s).accepted, s).toBe(false);
  });
});
