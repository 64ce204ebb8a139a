// fromSchema: a JSON tool schema -> a grammar for a conforming JSON call (`as: "json"`) or for
// a `--name value` command line (`as: "cli"`). The schema is validated with ajv first; every
// keyword outside the supported set is an error naming it and its JSON pointer.
import { createRequire } from "node:module";
import type { Ajv, AnySchema, ValidateFunction } from "ajv";
import type { Grammar } from "../grammar/ast.js";
import { sanitizeName } from "../grammar/names.js";
import { GrammargenError, Session, type Diagnostic } from "../diagnostics.js";
import { cliGrammar } from "./cli.js";
import { JsonLowering } from "./json.js";
import { refParts, toShape } from "./shape.js";
import { readToolSource } from "./source.js";

export { readToolSource, type ToolSource } from "./source.js";
export type { Shape } from "./shape.js";
import type { Shape } from "./shape.js";

export interface FromSchemaOptions {
  as: "json" | "cli";
  /** Overrides the tool name (the command word for `cli`, the rule prefix for both). */
  name?: string;
}

/**
 * An ajv instance of the draft the schema declares (draft-07 when it declares none), fresh per
 * schema so compiled schemas never pile up. It skips meta-validation unless `forMeta`: that is
 * done by one cached instance per draft (metaAjv), since compiling the meta-schema again in
 * every instance cost ~20 ms per schema.
 */
export function ajvFor(schema: Record<string, unknown>, forMeta = false): Ajv {
  // ajv loads on the first schema, not at import: the decode and pack paths never need it.
  const require = createRequire(import.meta.url);
  // Not String(): a non-string $schema (an object without a prototype) would throw; ajv then reports it.
  const draft = typeof schema.$schema === "string" ? schema.$schema : "";
  const opts = { strict: false, allErrors: true, validateFormats: false, validateSchema: forMeta } as const;
  if (draft.includes("2020-12")) return new (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020(opts) as unknown as Ajv;
  if (draft.includes("2019-09")) return new (require("ajv/dist/2019.js") as typeof import("ajv/dist/2019.js")).Ajv2019(opts) as unknown as Ajv;
  return new (require("ajv") as typeof import("ajv")).Ajv(opts);
}

const metaAjvs = new Map<string, Ajv>();
/** The cached instance that meta-validates schemas of this one's draft (validateSchema adds no schemas). */
function metaAjv(schema: Record<string, unknown>): Ajv {
  const draft = typeof schema.$schema === "string" ? schema.$schema : "";
  const key = draft.includes("2020-12") ? "2020-12" : draft.includes("2019-09") ? "2019-09" : "07";
  let ajv = metaAjvs.get(key);
  if (!ajv) metaAjvs.set(key, (ajv = ajvFor(schema, true)));
  return ajv;
}

/** Compiles the tool's parameter schema with ajv: the oracle the grammars must agree with. */
export function compileSchema(doc: unknown, name?: string): ValidateFunction {
  const src = readToolSource(doc, name);
  const ajv = ajvFor(src.schema);
  validateWithAjv(ajv, src.schema, src.pointer);
  return ajv.compile(src.schema as AnySchema);
}

function validateWithAjv(ajv: Ajv, schema: Record<string, unknown>, base: string): void {
  const meta = metaAjv(schema);
  let valid: boolean;
  try {
    valid = meta.validateSchema(schema as AnySchema) as boolean;
  } catch (err) {
    // ajv throws (rather than reporting) on some malformed documents, e.g. a non-string $schema.
    const message = `not a valid JSON Schema: ${err instanceof Error ? err.message : String(err)}`;
    throw new GrammargenError(`${message} (at ${base || "/"})`, [{ severity: "error", stage: "schema", message, pointer: base }], "ESCHEMA");
  }
  if (!valid) {
    const diagnostics: Diagnostic[] = (meta.errors ?? []).map((e) => ({
      severity: "error",
      stage: "schema",
      message: `not a valid JSON Schema: ${e.message ?? "invalid"}`,
      pointer: base + e.instancePath,
    }));
    const first = diagnostics[0]!;
    throw new GrammargenError(`${first.message} (at ${first.pointer || "/"})`, diagnostics, "ESCHEMA");
  }
  // ajv overflows its stack on a pure $ref cycle, so find cycles first and name them.
  const cycle = findRefCycle(schema);
  if (cycle) {
    const message = `cyclic $ref: ${cycle.refs.join(" -> ")}`;
    throw new GrammargenError(
      `${message} (at ${base}${cycle.pointer})`,
      [{ severity: "error", stage: "schema", message, pointer: base + cycle.pointer }],
      "ESCHEMA",
    );
  }
  try {
    ajv.compile(schema as AnySchema);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new GrammargenError(`schema does not compile: ${message}`, [{ severity: "error", stage: "schema", message, pointer: base }], "ESCHEMA");
  }
}

/** Validates the schema and reads it into a Shape; throws a GrammargenError naming the first error. */
export function schemaShape(doc: unknown, name?: string): { source: ReturnType<typeof readToolSource>; shape: Shape; diagnostics: Diagnostic[] } {
  const session = new Session("schema");
  const src = readToolSource(doc, name);
  const ajv = ajvFor(src.schema);
  validateWithAjv(ajv, src.schema, src.pointer);

  // enum/const values are kept only where ajv says the whole sub-schema accepts them.
  const defs = { $defs: src.schema.$defs, definitions: src.schema.definitions };
  const compiled = new Map<string, ValidateFunction>();
  const accepts = (schema: Record<string, unknown>, value: unknown): boolean => {
    const sub = { ...schema, ...Object.fromEntries(Object.entries(defs).filter(([, v]) => v !== undefined)) };
    delete sub.$schema;
    delete sub.$id;
    const key = JSON.stringify(sub);
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajvFor(src.schema).compile(sub as AnySchema);
      compiled.set(key, fn);
    }
    return fn(value) as boolean;
  };

  const shape = toShape({ root: src.schema, base: src.pointer, session, accepts });
  if (session.failed) {
    const errors = session.diagnostics.filter((d) => d.severity === "error");
    const first = errors[0]!;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    throw new GrammargenError(`${first.message} at ${first.pointer || "/"}${more}`, session.diagnostics, "ESCHEMA");
  }
  return { source: src, shape, diagnostics: session.diagnostics };
}

export function fromSchema(doc: unknown, opts: FromSchemaOptions): { grammar: Grammar; diagnostics: Diagnostic[] } {
  const { source: src, shape, diagnostics } = schemaShape(doc, opts.name);
  const prefix = sanitizeName(src.name);
  if (opts.as === "cli") {
    const command = /^[A-Za-z0-9_.-]+$/.test(src.name) ? src.name : prefix;
    return { grammar: cliGrammar(command, shape, src.pointer), diagnostics };
  }
  const L = new JsonLowering(prefix, new Session("schema"));
  const body = L.value(shape, `${prefix}_args`);
  return { grammar: L.grammar(prefix, body), diagnostics };
}

/** A $ref cycle: following references from some $ref leads back to it. Grammars stay finite, so any cycle is refused. */
export function findRefCycle(root: unknown): { refs: string[]; pointer: string } | undefined {
  const refsUnder = (node: unknown, at: string, out: { ref: string; pointer: string }[] = []) => {
    if (Array.isArray(node)) node.forEach((n, i) => refsUnder(n, `${at}/${i}`, out));
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === "$ref" && typeof v === "string") out.push({ ref: v, pointer: `${at}/$ref` });
        else if (k !== "enum" && k !== "const" && k !== "default" && k !== "examples") refsUnder(v, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
      }
    }
    return out;
  };
  const target = (ref: string): unknown => {
    if (!ref.startsWith("#")) return undefined;
    let cur: unknown = root;
    for (const p of refParts(ref) ?? [undefined]) {
      if (p === undefined) return undefined;
      cur = cur && typeof cur === "object" ? (cur as Record<string, unknown>)[p] : undefined;
    }
    return cur;
  };
  const state = new Map<string, "active" | "done">();
  const visit = (ref: string, path: string[]): { refs: string[]; pointer: string } | undefined => {
    if (state.get(ref) === "done") return undefined;
    if (state.get(ref) === "active") return { refs: [...path, ref], pointer: "" };
    state.set(ref, "active");
    for (const inner of refsUnder(target(ref), ref.slice(1))) {
      const hit = visit(inner.ref, [...path, ref]);
      if (hit) return hit.pointer ? hit : { ...hit, pointer: inner.pointer };
    }
    state.set(ref, "done");
    return undefined;
  };
  for (const { ref } of refsUnder(root, "")) {
    const hit = visit(ref, []);
    if (hit) return hit;
  }
  return undefined;
}
