// JSON tool schemas for fuzzing: random schemas over the supported keywords and beyond them,
// mutations of corpora/schemas, every wrapper (OpenAI function, MCP tool, plain schema), and
// documents that are not schemas at all.
import fc from "fast-check";

const WORDS = ["a", "b", "name", "path", "count", "mode", "items", "x_y", "query", "limit", "tags", "id"];
const word = fc.tuple(fc.constantFrom(...WORDS), fc.nat({ max: 30 })).map(([w, n]) => (n < 10 ? w : `${w}_${n}`));
const key = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "a b", "ключ", "😀", 'a"b', "a\\b", "a/b", "~0", "$ref", "__proto__", "constructor", "x\ny") },
);
const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.boolean(),
  fc.constant(null),
);
const pattern = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "^[a-z]+$",
      "^\\d{3}-\\d{4}$",
      "^(a|b|c)$",
      "^[^@\\s]+@[^@\\s]+$",
      "[0-9]",
      "^x*$",
      "^\\w{1,64}$",
      "^.{0,10}$",
      "^[A-Z]{2}(-[0-9]+)?$",
      "^\\p{L}+$",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom("(", "[", "a{2,1}", "^(?=x)y$", "^(a+)+$", "\\", "^[z-a]$", "^a{0,100000}$", "(?<n>x)", "^\\u00e9$", "^$") },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const TYPES = ["string", "integer", "number", "boolean", "null", "array", "object"];
const ref = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("#/$defs/a", "#/$defs/b") },
  { weight: 1, arbitrary: fc.constantFrom("#/definitions/a", "#/properties/x", "#", "#/$defs/missing", "#/$defs/%zz", "other.json#/a", "#/$defs/a~1b", "") },
);

/** A random schema, depth-bounded, over the supported keywords and a few unsupported ones. */
export const schemaArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    // The supported keywords, most of the time: these must give grammars.
    { weight: 6, arbitrary: fc.record({ type: fc.constantFrom(...TYPES.filter((t) => t !== "array" && t !== "object")) }) },
    {
      weight: 3,
      arbitrary: fc.record(
        { type: fc.constant("string"), minLength: fc.nat({ max: 20 }), maxLength: fc.oneof(fc.nat({ max: 40 }), fc.constant(100_000)), pattern },
        { requiredKeys: ["type"] },
      ),
    },
    { weight: 2, arbitrary: fc.record({ type: fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ enum: fc.uniqueArray(scalar, { minLength: 1, maxLength: 6, selector: (v) => JSON.stringify(v) }) }) },
    { weight: 2, arbitrary: fc.record({ const: scalar }) },
    {
      weight: 3,
      arbitrary: fc.record(
        { type: fc.constant("array"), items: tie("node"), minItems: fc.nat({ max: 5 }), maxItems: fc.oneof(fc.nat({ max: 8 }), fc.constant(5000)) },
        { requiredKeys: ["type"] },
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .record(
          {
            type: fc.constant("object"),
            properties: fc.dictionary(key, tie("node"), { maxKeys: 5 }),
            required: fc.array(fc.nat(), { maxLength: 3 }),
            stray: fc.option(key, { freq: 8 }),
            additionalProperties: fc.oneof(fc.boolean(), tie("node")),
          },
          { requiredKeys: ["type", "properties"] },
        )
        // Required names mostly come from the properties; now and then one does not.
        .map(({ required, stray, properties, ...o }) => {
          const keys = Object.keys(properties);
          const names = [...new Set([...(keys.length ? (required ?? []).map((i) => keys[i % keys.length]!) : []), ...(stray ? [stray] : [])])];
          return { ...o, properties, ...(names.length ? { required: names } : {}) };
        }),
    },
    { weight: 2, arbitrary: fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ oneOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ $ref: ref }) },
    // Keywords outside the supported set and malformed keyword values: these must give clear errors.
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.record({ type: fc.constant("string"), format: fc.constantFrom("date", "email", "uri", "weird") }),
        fc.record(
          {
            type: fc.constant("integer"),
            minimum: fc.integer({ min: -5, max: 5 }),
            maximum: fc.integer({ min: -5, max: 50 }),
            multipleOf: fc.constantFrom(1, 2, 0.5),
          },
          { requiredKeys: ["type"] },
        ),
        fc.record({ type: fc.constant("array"), items: tie("node"), uniqueItems: fc.boolean() }),
        fc.record({ type: fc.constant("object"), patternProperties: fc.constant({ "^x": { type: "string" } }) }),
        fc.record({ allOf: fc.array(tie("node"), { maxLength: 2 }) }),
        fc.record({ not: tie("node") }),
        fc.record({ if: tie("node"), then: tie("node") }),
        fc.record({ enum: fc.array(scalar, { maxLength: 6 }) }),
        fc.record({ anyOf: fc.array(tie("node"), { maxLength: 3 }) }),
        fc.constantFrom<Record<string, unknown>>(
          {},
          { type: "object" },
          { type: "strng" },
          { type: "string", description: "x" },
          { nullable: true },
          { type: 5 },
          { required: "x" },
          { properties: [] },
          { items: [{ type: "string" }] },
        ),
      ),
    },
  ),
})).node;

/** A root: usually an object schema with $defs that $refs can land on. */
export const rootSchemaArb: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.dictionary(key, schemaArb, { minKeys: 0, maxKeys: 6 }),
    fc.array(key, { maxLength: 3 }),
    fc.option(fc.record({ a: schemaArb, b: schemaArb }), { nil: undefined, freq: 4 }),
    fc.constantFrom(
      undefined,
      undefined,
      undefined,
      "http://json-schema.org/draft-07/schema#",
      "https://json-schema.org/draft/2020-12/schema",
      "https://json-schema.org/draft/2019-09/schema",
      "nonsense",
    ),
    fc.boolean(),
  )
  .map(([properties, picks, defs, $schema, closed]) => ({
    type: "object",
    properties,
    // Required names come from the properties, except now and then one that does not.
    ...(picks.length
      ? { required: [...new Set(picks.map((k, i) => (i === 2 ? k : (Object.keys(properties)[k.length % Math.max(1, Object.keys(properties).length)] ?? k))))] }
      : {}),
    ...(defs ? { $defs: defs } : {}),
    ...($schema ? { $schema } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  }));

/** Mutations of a JSON document: set, delete or retype a value at a random path. */
type Mutation = [path: number[], kind: number, value: unknown];
const mutation: fc.Arbitrary<Mutation> = fc.tuple(
  fc.array(fc.nat(), { maxLength: 6 }),
  fc.nat({ max: 5 }),
  fc.oneof(scalar, schemaArb, fc.constantFrom("#/$defs/x", [], {}, ["a", "a"], -1, 1e308)),
);

function mutate(doc: unknown, [path, kind, value]: Mutation): unknown {
  const copy = structuredClone(doc);
  let parent: Record<string, unknown> | unknown[] | undefined;
  let k: string | number | undefined;
  let cur: unknown = copy;
  for (const step of path) {
    if (cur === null || typeof cur !== "object") break;
    const keys = Array.isArray(cur) ? cur.map((_, i) => i) : Object.keys(cur);
    if (keys.length === 0) break;
    parent = cur as Record<string, unknown>;
    k = keys[step % keys.length]!;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  if (parent === undefined || k === undefined) return kind === 0 ? value : copy;
  const p = parent as Record<string | number, unknown>;
  // Arrays lose an element by splice: a JSON document never has holes.
  if (kind === 0) Array.isArray(parent) ? parent.splice(k as number, 1) : delete p[k];
  else if (kind === 1) p[k] = value;
  else if (kind === 2)
    p[k] =
      typeof cur === "string"
        ? [cur]
        : typeof cur === "number"
          ? String(cur)
          : Array.isArray(cur)
            ? {}
            : cur === null
              ? 0
              : typeof cur === "object"
                ? [cur]
                : null;
  else if (kind === 3 && cur && typeof cur === "object" && !Array.isArray(cur))
    (cur as Record<string, unknown>)[
      ["enum", "const", "$ref", "minItems", "pattern", "anyOf", "items", "required", "additionalProperties", "unknownKeyword"][path.length % 10]!
    ] = value;
  else if (kind === 4 && Array.isArray(cur)) cur.push(value);
  else p[k] = structuredClone(cur);
  return copy;
}

/** A tool document: a schema inside one of the wrappers vendors use, or something else entirely. */
function wrap(schema: unknown, how: number, name: string): unknown {
  switch (how) {
    case 0:
      return { type: "function", function: { name, description: "a tool", parameters: schema } };
    case 1:
      return { name, description: "an MCP tool", inputSchema: schema };
    case 2:
      return { type: "function", name, parameters: schema };
    default:
      return schema;
  }
}

export function schemaDocs(corpus: unknown[]): fc.Arbitrary<{ doc: unknown; as: "json" | "cli"; name?: string }> {
  const name = fc.oneof({ weight: 6, arbitrary: word }, { weight: 1, arbitrary: fc.constantFrom("", "bad name", "tool-1", "x".repeat(300), "😀") });
  const generated = fc.tuple(rootSchemaArb, fc.nat({ max: 3 }), name).map(([s, how, n]) => wrap(s, how, n));
  const mutated = fc.tuple(fc.constantFrom(...corpus), fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([d, ms]) => ms.reduce(mutate, d));
  const junk = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(null, 3, "schema", [], { type: "function" }, { inputSchema: 5 }, { function: { parameters: null } }),
  );
  const doc = fc.oneof({ weight: 5, arbitrary: generated }, { weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: junk });
  return fc
    .record({ doc, as: fc.constantFrom("json" as const, "cli" as const), name: fc.option(name, { nil: undefined, freq: 6 }) })
    .map((c) => (c.name === undefined ? { doc: c.doc, as: c.as } : c));
}
