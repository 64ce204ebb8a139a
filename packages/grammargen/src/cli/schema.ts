// `grammargen from-schema <file|-> [--as json|cli] [--format lark|gbnf] [--name NAME] [--out FILE]`:
// a tool schema (OpenAI function, MCP tool or JSON Schema) -> a grammar.
import { readFile, stat } from "node:fs/promises";
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { GrammargenError } from "../diagnostics.js";
import { fromSchema } from "../schema/index.js";
import { outputFormat, readArgs, usageError } from "./args.js";
import { deliver, type Io } from "./output.js";

/** Tool schemas are small; anything past this is not one (and would stall the parser). */
export const MAX_SCHEMA_BYTES = 4_000_000;
const USAGE = "usage: grammargen from-schema <file|-> [--as json|cli] [--format lark|gbnf] [--name NAME] [--out FILE]";

export async function fromSchemaCommand(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["as", "format", "out", "name"], booleans: ["check"] });
  const [file, ...extra] = args.positionals;
  if (!file || extra.length) throw usageError(USAGE);
  const as = args.values.get("as") ?? "json";
  if (as !== "json" && as !== "cli") throw usageError(`--as must be json or cli, not ${JSON.stringify(as)}`);
  const format = outputFormat(args, ["lark", "gbnf"] as const);
  let text: string;
  if (file === "-") text = await io.readStdin();
  else {
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new GrammargenError(`cannot read ${file}: no such file`, [], "ENOENT");
    if (!info.isFile()) throw new GrammargenError(`cannot read ${file}: not a regular file`, [], "EUSAGE");
    if (info.size > MAX_SCHEMA_BYTES)
      throw new GrammargenError(`${file} is ${(info.size / 1e6).toFixed(1)} MB; a tool schema must be under ${MAX_SCHEMA_BYTES / 1e6} MB`, [], "ETOOBIG");
    text = await readFile(file, "utf8");
  }
  if (Buffer.byteLength(text) > MAX_SCHEMA_BYTES)
    throw new GrammargenError(
      `the schema is ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB; a tool schema must be under ${MAX_SCHEMA_BYTES / 1e6} MB`,
      [],
      "ETOOBIG",
    );
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new GrammargenError(`${file === "-" ? "stdin" : file} is not JSON: ${(e as Error).message}`, [], "ESCHEMA");
  }
  const { grammar, diagnostics } = fromSchema(doc, { as, ...(args.values.has("name") ? { name: args.values.get("name")! } : {}) });
  for (const d of diagnostics) io.stderr(`grammargen: ${d.severity}: ${d.message}${d.pointer !== undefined ? ` (at ${d.pointer || "/"})` : ""}\n`);
  const out = format === "gbnf" ? emitGbnf(grammar) : emitLark(grammar);
  return deliver(io, out, args.values.get("out"), args.booleans.has("check"));
}
