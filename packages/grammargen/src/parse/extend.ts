// What a help text says in prose about its options (borrowed.ts, prefixed.ts) becomes an IR
// extension, and a warning says what the grammar will take because of it.
import type { CommandSpec, Extension, Span } from "../ir.js";
import type { ParseResult } from "./help.js";

/** `result` with `spec` (the parsed one, possibly trimmed) extended by `extension`, and the warning `message` at `span`. */
export function withExtension(result: ParseResult, spec: CommandSpec, extension: Extension, message: string, span?: Span): ParseResult {
  return {
    spec: { ...spec, extensions: [...(spec.extensions ?? []), extension] },
    diagnostics: [...result.diagnostics, { severity: "warning", stage: "parse", message, ...(span ? { span } : {}) }],
  };
}
