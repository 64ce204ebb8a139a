// What grammargen reports: diagnostics collected per stage (Session), and the one error
// type it throws (GrammargenError, with a code the CLI maps to an exit status).
import type { Span } from "./ir.js";

export type Severity = "error" | "warning";

export interface Diagnostic {
  severity: Severity;
  stage: "read" | "parse" | "lower" | "policy" | "emit" | "check" | "schema";
  message: string;
  span?: Span;
  /** JSON pointer, for schema diagnostics. */
  pointer?: string;
  /** Which text the span is on, where a result was read from a help text and a man page together. */
  origin?: "help" | "man";
}

/** Collects diagnostics for one stage instead of throwing at the first problem. */
export class Session {
  readonly diagnostics: Diagnostic[] = [];
  constructor(readonly stage: Diagnostic["stage"]) {}
  error(message: string, span?: Span, pointer?: string): void {
    this.diagnostics.push({ severity: "error", stage: this.stage, message, span, pointer });
  }
  warn(message: string, span?: Span, pointer?: string): void {
    this.diagnostics.push({ severity: "warning", stage: this.stage, message, span, pointer });
  }
  get failed(): boolean {
    return this.diagnostics.some((d) => d.severity === "error");
  }
}

/** A typed failure: every error grammargen throws is one of these, never a bare Error. */
export class GrammargenError extends Error {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[] = [],
    readonly code: string = "EGRAMMARGEN",
  ) {
    super(message);
    this.name = "GrammargenError";
  }
}
