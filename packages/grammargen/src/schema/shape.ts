// JSON Schema -> Shape: a small closed set of value shapes that both grammar lowerings (JSON
// and CLI) read. Every keyword is either supported exactly, ignored because it is only an
// annotation, or rejected with its JSON pointer; nothing is loosened. The few places where a
// shape is tighter than the schema (canonical property order, no unlisted properties when
// additionalProperties is left open) are reported as warnings.
import type { Session } from "../diagnostics.js";

export type Shape =
  | { kind: "any" }
  | { kind: "literal"; values: unknown[] }
  | { kind: "string"; min: number; max: number | undefined; pattern?: string }
  | { kind: "integer" }
  | { kind: "number" }
  | { kind: "boolean" }
  | { kind: "null" }
  | { kind: "array"; items: Shape; min: number; max: number | undefined }
  | { kind: "object"; props: { key: string; shape: Shape; required: boolean }[]; open: boolean }
  | { kind: "union"; items: Shape[] }
  | { kind: "never" };

/** Keywords that constrain nothing. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "default",
  "examples",
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "deprecated",
  "readOnly",
  "writeOnly",
  "strict",
]);
const SUPPORTED = new Set([
  "type",
  "enum",
  "const",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "anyOf",
  "oneOf",
  "$ref",
]);
const TYPES = ["string", "integer", "number", "boolean", "null", "array", "object"] as const;
type TypeName = (typeof TYPES)[number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");

export interface ShapeContext {
  root: Record<string, unknown>;
  /** Pointer of the root schema inside the input document. */
  base: string;
  session: Session;
  /** Decides whether a JSON value satisfies a (sub-)schema (ajv), to filter enum/const values exactly. */
  accepts: (schema: Record<string, unknown>, value: unknown) => boolean;
}

export function toShape(ctx: ShapeContext): Shape {
  return shapeOf(ctx, ctx.root, "", []);
}

/** The JSON Pointer steps of a local "#/..." $ref, or undefined when a %-escape is malformed. */
export function refParts(ref: string): string[] | undefined {
  try {
    return ref
      .slice(1)
      .split("/")
      .slice(1)
      .map((p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~"));
  } catch {
    return undefined; // decodeURIComponent throws URIError on "%zz"
  }
}

function resolve(ctx: ShapeContext, ref: string, at: string): { schema: unknown; pointer: string } {
  if (!ref.startsWith("#")) {
    ctx.session.error(`$ref ${JSON.stringify(ref)} is not local; only "#/..." references are supported`, undefined, ctx.base + at + "/$ref");
    return { schema: {}, pointer: at };
  }
  const parts = refParts(ref);
  if (!parts) {
    ctx.session.error(`$ref ${JSON.stringify(ref)} is not a valid URI fragment (a bad %-escape)`, undefined, ctx.base + at + "/$ref");
    return { schema: {}, pointer: at };
  }
  let cur: unknown = ctx.root;
  for (const p of parts) {
    if (!isObject(cur) && !Array.isArray(cur)) cur = undefined;
    else cur = (cur as Record<string, unknown>)[p];
    if (cur === undefined) {
      ctx.session.error(`$ref ${JSON.stringify(ref)} does not resolve`, undefined, ctx.base + at + "/$ref");
      return { schema: {}, pointer: at };
    }
  }
  return { schema: cur, pointer: ref.slice(1) };
}

function shapeOf(ctx: ShapeContext, schema: unknown, at: string, refStack: string[]): Shape {
  const s = ctx.session;
  if (schema === true) return { kind: "any" };
  if (schema === false) return { kind: "never" };
  if (!isObject(schema)) {
    s.error("a schema must be an object or a boolean", undefined, ctx.base + at);
    return { kind: "never" };
  }
  for (const k of Object.keys(schema)) {
    if (!SUPPORTED.has(k) && !ANNOTATIONS.has(k)) s.error(`unsupported keyword "${k}"`, undefined, `${ctx.base}${at}/${esc(k)}`);
  }

  // $ref with siblings: the referenced schema and the siblings both apply.
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (refStack.includes(ref)) {
      s.error(`cyclic $ref: ${[...refStack, ref].join(" -> ")}`, undefined, `${ctx.base}${at}/$ref`);
      return { kind: "never" };
    }
    const target = resolve(ctx, ref, at);
    const siblings = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$ref" && !ANNOTATIONS.has(k)));
    const inner = shapeOf(ctx, target.schema, target.pointer, [...refStack, ref]);
    if (!Object.keys(siblings).length) return inner;
    if (!isObject(target.schema)) return intersectNever(inner, shapeOf(ctx, siblings, at, refStack));
    const merged = mergeSchemas(ctx, target.schema, siblings, at);
    return merged ? shapeOf(ctx, merged, at, [...refStack, ref]) : { kind: "never" };
  }

  // anyOf / oneOf: one branch each; siblings are folded into every branch.
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || !list.length) {
      s.error(`${key} must be a non-empty array`, undefined, `${ctx.base}${at}/${key}`);
      return { kind: "never" };
    }
    const siblings = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== key && !ANNOTATIONS.has(k)));
    const branches = list.map((b, i) => {
      const p = `${at}/${key}/${i}`;
      let sub: unknown = b;
      if (Object.keys(siblings).length && isObject(b)) sub = mergeSchemas(ctx, b, siblings, p) ?? false;
      return shapeOf(ctx, sub, p, refStack);
    });
    if (key === "oneOf" && !disjoint(branches)) {
      s.error(
        "oneOf branches overlap, so 'exactly one' cannot be expressed in a grammar; make them disjoint (different types or a distinguishing const/enum property) or use anyOf",
        undefined,
        `${ctx.base}${at}/oneOf`,
      );
    }
    return union(branches);
  }

  if ("enum" in schema || "const" in schema) {
    const values: unknown[] = "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? (schema.enum as unknown[]) : [];
    if ("const" in schema && "enum" in schema) {
      const inEnum = (schema.enum as unknown[]).filter((v) => JSON.stringify(v) === JSON.stringify(schema.const));
      return { kind: "literal", values: inEnum };
    }
    // The other keywords still apply: keep the values that satisfy the whole schema.
    const kept = values.filter((v) => ctx.accepts(schema, v));
    return kept.length ? { kind: "literal", values: kept } : { kind: "never" };
  }

  let types: TypeName[];
  if (schema.type === undefined) {
    const typed = Object.keys(schema).filter((k) => SUPPORTED.has(k) && k !== "type");
    if (!typed.length) return { kind: "any" };
    // Without `type`, keywords constrain only values of their own type; every other type passes.
    types = ["string", "number", "boolean", "null", "array", "object"];
  } else {
    const list = Array.isArray(schema.type) ? schema.type : [schema.type];
    types = list.filter((t): t is TypeName => (TYPES as readonly string[]).includes(t as string));
    if (types.length !== list.length) s.error(`unknown type ${JSON.stringify(schema.type)}`, undefined, `${ctx.base}${at}/type`);
    // integer is a subset of number; both listed means number.
    if (types.includes("number")) types = types.filter((t) => t !== "integer");
  }
  return union(types.map((t) => typed(ctx, schema, t, at, refStack)));
}

function typed(ctx: ShapeContext, schema: Record<string, unknown>, t: TypeName, at: string, refStack: string[]): Shape {
  const s = ctx.session;
  const num = (k: string): number | undefined => {
    const v = schema[k];
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
      s.error(`${k} must be a non-negative integer`, undefined, `${ctx.base}${at}/${k}`);
      return undefined;
    }
    return v;
  };
  switch (t) {
    case "string": {
      const min = num("minLength") ?? 0;
      const max = num("maxLength");
      // minLength above maxLength: no string of this type exists (ajv accepts such a schema).
      if (max !== undefined && min > max) return { kind: "never" };
      if (typeof schema.pattern === "string") {
        if (schema.minLength !== undefined || schema.maxLength !== undefined) {
          s.error(
            "pattern together with minLength/maxLength cannot be expressed exactly; fold the length into the pattern",
            undefined,
            `${ctx.base}${at}/pattern`,
          );
        }
        return { kind: "string", min, max, pattern: schema.pattern };
      }
      return { kind: "string", min, max };
    }
    case "integer":
    case "number":
    case "boolean":
    case "null":
      return { kind: t };
    case "array": {
      if (Array.isArray(schema.items)) s.error("tuple-form items (an array of schemas) is not supported", undefined, `${ctx.base}${at}/items`);
      const items = schema.items === undefined ? ({ kind: "any" } as Shape) : shapeOf(ctx, schema.items, `${at}/items`, refStack);
      const min = num("minItems") ?? 0;
      const max = num("maxItems");
      return max !== undefined && min > max ? { kind: "never" } : { kind: "array", items, min, max };
    }
    case "object": {
      const props = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      for (const r of required) {
        if (!(r in props)) s.error(`required property "${r}" is not in properties, so no instance can name it`, undefined, `${ctx.base}${at}/required`);
      }
      const ap = schema.additionalProperties;
      if (ap !== undefined && ap !== false && ap !== true) {
        s.error("additionalProperties with a schema is not supported (only false or true)", undefined, `${ctx.base}${at}/additionalProperties`);
      }
      const entries = Object.entries(props).map(([key, sub]) => ({
        key,
        shape: shapeOf(ctx, sub, `${at}/properties/${esc(key)}`, refStack),
        required: required.includes(key),
      }));
      const open = ap !== false;
      if (open && entries.length) {
        s.warn("additionalProperties is not false: the grammar offers only the listed properties", undefined, `${ctx.base}${at}`);
      }
      return { kind: "object", props: entries, open: open && !entries.length };
    }
  }
}

function union(items: Shape[]): Shape {
  const flat = items.flatMap((i) => (i.kind === "union" ? i.items : [i])).filter((i) => i.kind !== "never");
  if (!flat.length) return { kind: "never" };
  return flat.length === 1 ? flat[0]! : { kind: "union", items: flat };
}

function intersectNever(a: Shape, b: Shape): Shape {
  return a.kind === "never" || b.kind === "never" ? { kind: "never" } : a;
}

/** Both schemas must hold: merge their keywords, refusing any keyword both set differently. */
function mergeSchemas(ctx: ShapeContext, a: Record<string, unknown>, b: Record<string, unknown>, at: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (!(k in out) || JSON.stringify(out[k]) === JSON.stringify(v)) {
      out[k] = v;
      continue;
    }
    if (k === "required" && Array.isArray(v) && Array.isArray(out[k])) {
      out[k] = [...new Set([...(out[k] as string[]), ...(v as string[])])];
      continue;
    }
    ctx.session.error(
      `"${k}" is set both here and in the schema it combines with; the intersection cannot be expressed`,
      undefined,
      `${ctx.base}${at}/${esc(k)}`,
    );
    return undefined;
  }
  return out;
}

/** Branch kinds that never share a value, or objects told apart by a const/enum property. */
function disjoint(branches: Shape[]): boolean {
  const sig = (s: Shape): string => (s.kind === "integer" ? "number" : s.kind);
  for (let i = 0; i < branches.length; i++) {
    for (let j = i + 1; j < branches.length; j++) {
      const a = branches[i]!;
      const b = branches[j]!;
      if (a.kind === "union" || b.kind === "union" || a.kind === "any" || b.kind === "any") return false;
      if (a.kind === "literal" && b.kind === "literal") {
        if (a.values.some((v) => b.values.some((w) => JSON.stringify(v) === JSON.stringify(w)))) return false;
        continue;
      }
      if (a.kind === "literal" || b.kind === "literal") {
        const lit = (a.kind === "literal" ? a : b) as Extract<Shape, { kind: "literal" }>;
        const other = a.kind === "literal" ? b : a;
        if (lit.values.some((v) => typeOfValue(v) === sig(other) || (other.kind === "number" && typeof v === "number"))) return false;
        continue;
      }
      if (sig(a) !== sig(b)) continue;
      if (a.kind === "object" && b.kind === "object" && discriminated(a, b)) continue;
      return false;
    }
  }
  return true;
}

function typeOfValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "number" ? "number" : typeof v;
}

function discriminated(a: Extract<Shape, { kind: "object" }>, b: Extract<Shape, { kind: "object" }>): boolean {
  return a.props.some((p) => {
    const q = b.props.find((x) => x.key === p.key);
    if (!q || !p.required || !q.required || p.shape.kind !== "literal" || q.shape.kind !== "literal") return false;
    const qs = q.shape.values.map((v) => JSON.stringify(v));
    return p.shape.values.every((v) => !qs.includes(JSON.stringify(v)));
  });
}
