// Reads a tool definition in any of the shapes tools are published in, and finds its
// parameter schema: an OpenAI function (`{type:"function", function:{name, parameters}}`
// or the bare `{name, parameters}`), an MCP tool (`{name, inputSchema}`), or a plain JSON Schema.
import { GrammargenError } from "../diagnostics.js";

export interface ToolSource {
  name: string;
  description?: string;
  /** The parameter schema itself. */
  schema: Record<string, unknown>;
  /** JSON pointer of the schema inside the document, for diagnostics. */
  pointer: string;
  /** The whole document; local $refs resolve against the schema's own root (see resolveRoot). */
  kind: "openai" | "mcp" | "json-schema";
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function readToolSource(doc: unknown, name?: string): ToolSource {
  if (!isObject(doc))
    throw new GrammargenError(
      "schema must be a JSON object (a tool definition or a JSON Schema)",
      [{ severity: "error", stage: "schema", message: "not an object", pointer: "" }],
      "ESCHEMA",
    );
  if (doc.type === "function" && isObject(doc.function)) {
    const fn = doc.function;
    const params = fn.parameters ?? { type: "object", properties: {}, additionalProperties: false };
    if (!isObject(params)) throw bad("/function/parameters", "parameters must be an object");
    return { name: name ?? String(fn.name ?? "tool"), description: strOf(fn.description), schema: params, pointer: "/function/parameters", kind: "openai" };
  }
  if (typeof doc.name === "string" && isObject(doc.parameters)) {
    return { name: name ?? doc.name, description: strOf(doc.description), schema: doc.parameters, pointer: "/parameters", kind: "openai" };
  }
  if (typeof doc.name === "string" && "inputSchema" in doc) {
    if (!isObject(doc.inputSchema)) throw bad("/inputSchema", "inputSchema must be an object");
    return { name: name ?? doc.name, description: strOf(doc.description), schema: doc.inputSchema, pointer: "/inputSchema", kind: "mcp" };
  }
  return { name: name ?? String(doc.title ?? "tool"), description: strOf(doc.description), schema: doc, pointer: "", kind: "json-schema" };
}

const strOf = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function bad(pointer: string, message: string): GrammargenError {
  return new GrammargenError(`${message} (at ${pointer})`, [{ severity: "error", stage: "schema", message, pointer }], "ESCHEMA");
}
