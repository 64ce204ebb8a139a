// fromSchema: a JSON tool schema -> a grammar for a conforming JSON call (`as: "json"`) or for
// a `--name value` command line (`as: "cli"`). The schema is validated with ajv first; every
// keyword outside the supported set is an error naming it and its JSON pointer.
import { Ajv, type AnySchema, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Grammar } from "../grammar/ast.js";
import { sanitizeName } from "../grammar/names.js";
import { GrammargenError, Session, type Diagnostic } from "../ir.js";
import { cliGrammar } from "./cli.js";
import { JsonLowering } from "./json.js";
import { toShape } from "./shape.js";
import { readToolSource } from "./source.js";

export { readToolSource, type ToolSource } from "./source.js";
export type { Shape } from "./shape.js";

export interface FromSchemaOptions {
  as: "json" | "cli";
  /** Overrides the tool name (the command word for `cli`, the rule prefix for both). */
  name?: string;
}

/** An ajv instance of the draft the schema declares (draft-07 when it declares none). */
export function ajvFor(schema: Record<string, unknown>): Ajv {
  const draft = String(schema.$schema ?? "");
  const opts = { strict: false, allErrors: true, validateFormats: false } as const;
  if (draft.includes("2020-12")) return new Ajv2020(opts) as unknown as Ajv;
  if (draft.includes("2019-09")) return new Ajv2019(opts) as unknown as Ajv;
  return new Ajv(opts);
}

/** Compiles the tool's parameter schema with ajv: the oracle the grammars must agree with. */
export function compileSchema(doc: unknown, name?: string): ValidateFunction {
  const src = readToolSource(doc, name);
  const ajv = ajvFor(src.schema);
  validateWithAjv(ajv, src.schema, src.pointer);
  return ajv.compile(src.schema as AnySchema);
}

function validateWithAjv(ajv: Ajv, schema: Record<string, unknown>, base: string): void {
  if (!ajv.validateSchema(schema as AnySchema)) {
    const diagnostics: Diagnostic[] = (ajv.errors ?? []).map((e) => ({ severity: "error", stage: "schema", message: `not a valid JSON Schema: ${e.message ?? "invalid"}`, pointer: base + e.instancePath }));
    const first = diagnostics[0]!;
    throw new GrammargenError(`${first.message} (at ${first.pointer || "/"})`, diagnostics, "ESCHEMA");
  }
  try {
    ajv.compile(schema as AnySchema);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new GrammargenError(`schema does not compile: ${message}`, [{ severity: "error", stage: "schema", message, pointer: base }], "ESCHEMA");
  }
}

export function fromSchema(doc: unknown, opts: FromSchemaOptions): { grammar: Grammar; diagnostics: Diagnostic[] } {
  const session = new Session("schema");
  const src = readToolSource(doc, opts.name);
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
  const prefix = sanitizeName(src.name);
  if (opts.as === "cli") {
    const command = /^[A-Za-z0-9_.-]+$/.test(src.name) ? src.name : prefix;
    return { grammar: cliGrammar(command, shape, src.pointer), diagnostics: session.diagnostics };
  }
  const L = new JsonLowering(prefix, session);
  const body = L.value(shape, `${prefix}_args`);
  return { grammar: L.grammar(prefix, body), diagnostics: session.diagnostics };
}
