// The IR file text (src/ir-json.ts): it reads back to the value it was made from, and each
// option, operand and extension is one line, however deep in subcommands it sits.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatIrJson } from "../src/ir-json.js";

const ROOT = join(import.meta.dirname, "../../..");

/** The output's lines without indentation, trailing comma or `"key": ` prefix. */
const bareLines = (text: string): string[] =>
  text
    .slice(0, -1)
    .split("\n")
    .map((l) => l.trim().replace(/,$/, ""))
    .map((l) => {
      // A member line of a spanning object: drop its key (a JSON string) and the colon.
      const m = /^("(?:[^"\\]|\\.)*"): (.*)$/.exec(l);
      return m && l !== m[1] ? m[2]! : l;
    });

const text = fc.string({ unit: "binary", maxLength: 12 });
const valueType = fc.oneof(
  fc.record({ kind: fc.constant("word") }),
  fc.record({ kind: fc.constant("enum"), choices: fc.array(text, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant("url"), schemes: fc.array(text, { maxLength: 3 }) }, { requiredKeys: ["kind"] }),
);
const span = fc.record({ start: fc.nat(), end: fc.nat(), line: fc.nat() });
const option = fc.record(
  {
    short: fc.array(fc.string({ minLength: 1, maxLength: 1 }), { maxLength: 2 }),
    long: fc.array(text, { maxLength: 3 }),
    dashLong: fc.array(text, { maxLength: 2 }),
    arity: fc.constantFrom("none", "required", "optional"),
    value: fc.record({ type: valueType, metavar: text }, { requiredKeys: ["type"] }),
    repeatable: fc.boolean(),
    description: text,
    span,
  },
  { requiredKeys: ["short", "long", "arity", "repeatable", "description"] },
);
const positional = fc.record(
  { name: text, type: valueType, min: fc.nat(3), max: fc.nat(16), suppliedBy: fc.array(text, { maxLength: 2 }), span },
  { requiredKeys: ["name", "type", "min", "max"] },
);
const extension = fc.oneof(
  fc.record({ kind: fc.constant("tar-bundled"), letters: fc.array(fc.string({ minLength: 1, maxLength: 1 }), { maxLength: 4 }) }),
  fc.record({ kind: fc.constant("dd-operands"), keys: fc.array(fc.record({ key: text, type: valueType }), { maxLength: 3 }) }),
);
type Spec = { options: object[]; positionals: object[]; globalOptions?: object[]; extensions?: object[]; subcommands: Spec[] };
const { spec } = fc.letrec<{ spec: Spec }>((tie) => ({
  spec: fc.record(
    {
      path: fc.array(text, { minLength: 1, maxLength: 2 }),
      aliases: fc.array(text, { maxLength: 2 }),
      description: text,
      options: fc.array(option, { maxLength: 4 }),
      positionals: fc.array(positional, { maxLength: 2 }),
      globalOptions: fc.array(option, { maxLength: 2 }),
      extensions: fc.array(extension, { maxLength: 2 }),
      subcommands: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant([]), fc.array(tie("spec") as fc.Arbitrary<Spec>, { maxLength: 3 })),
    },
    { requiredKeys: ["path", "aliases", "options", "positionals", "subcommands"] },
  ) as fc.Arbitrary<Spec>,
}));

/** Every option, operand and extension object of a spec, its subcommands' included. */
const items = (s: Spec): object[] => [
  ...s.options,
  ...s.positionals,
  ...(s.globalOptions ?? []),
  ...(s.extensions ?? []).filter((e) => !("keys" in e)),
  ...s.subcommands.flatMap(items),
];

describe("formatIrJson", () => {
  test("JSON.parse reads back the value for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(formatIrJson(v))).toEqual(v);
      }),
      { numRuns: 500 },
    );
  });

  test("a value is split over lines only when it holds a list of lists or objects", () => {
    const spans = (v: unknown): boolean =>
      typeof v === "object" && v !== null && (Array.isArray(v) ? v.some((x) => typeof x === "object" && x !== null) : Object.values(v).some(spans));
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const lines = bareLines(formatIrJson(v));
        for (const l of lines) {
          if (["[", "{", "]", "}"].includes(l)) continue;
          // Any other line is one whole value (JSON.parse throws on a part of one) that needs no split.
          expect(spans(JSON.parse(l)), l).toBe(false);
        }
        // A spanning value: its opening and closing lines around its items; any other: one line.
        const count = (x: unknown): number => (spans(x) ? 2 + Object.values(x as object).reduce((n: number, y) => n + count(y), 0) : 1);
        expect(lines.length).toBe(count(v));
      }),
      { numRuns: 500 },
    );
  });

  test("each option, operand and extension of a spec, at any subcommand depth, is one line", () => {
    fc.assert(
      fc.property(spec, (s) => {
        const out = formatIrJson(s);
        expect(JSON.parse(out)).toEqual(s);
        const lines = new Set(bareLines(out));
        for (const o of items(s)) expect(lines.has(JSON.stringify(o)), JSON.stringify(o)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("drops what JSON.stringify drops and refuses a value with no JSON text", () => {
    const v = { a: undefined, b: [undefined, () => 1], c: { toJSON: () => [{ d: 1 }] } };
    expect(JSON.parse(formatIrJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
    expect(() => formatIrJson(undefined)).toThrow(/no JSON text/);
  });

  test("a committed golden is in this form", () => {
    const file = join(ROOT, "corpora/help/tar/ir.json");
    const t = readFileSync(file, "utf8");
    expect(formatIrJson(JSON.parse(t))).toBe(t);
  });
});
