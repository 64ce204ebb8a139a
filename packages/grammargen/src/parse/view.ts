// A text assembled from pieces of another (a man page's SYNOPSIS and option entries laid
// out as a help text), with the source offset of every character, so that the spans a
// parser reports on the assembled text can be moved back onto the source.
import type { Diagnostic } from "../diagnostics.js";
import type { Span } from "../ir.js";

export class TextView {
  private parts: string[] = [];
  private length = 0;
  /** at[i]: the source offset of the view's character i. */
  private readonly at: number[] = [];
  private sourceNewlines?: number[];

  constructor(readonly source: string) {}

  /** Copies source[from, to). */
  copy(from: number, to: number): this {
    this.parts.push(this.source.slice(from, to));
    for (let i = from; i < to; i++) this.at.push(i);
    this.length += to - from;
    return this;
  }

  /** Adds text that is not in the source, placed at source offset `anchor`. */
  add(text: string, anchor: number): this {
    this.parts.push(text);
    for (let i = 0; i < text.length; i++) this.at.push(anchor);
    this.length += text.length;
    return this;
  }

  get text(): string {
    if (this.parts.length > 1) this.parts = [this.parts.join("")];
    return this.parts[0] ?? "";
  }

  /** The source span of a span on the view. */
  toSource(span: Span): Span {
    if (this.at.length === 0) return span;
    const clamp = (i: number) => Math.max(0, Math.min(this.at.length - 1, i));
    const start = this.at[clamp(span.start)]!;
    const end = span.end > span.start ? this.at[clamp(span.end - 1)]! + 1 : start;
    return { start, end: Math.max(start, end), line: this.lineAt(start) };
  }

  private lineAt(offset: number): number {
    if (!this.sourceNewlines) {
      const nl: number[] = [];
      for (let i = this.source.indexOf("\n"); i >= 0; i = this.source.indexOf("\n", i + 1)) nl.push(i);
      this.sourceNewlines = nl;
    }
    let lo = 0;
    let hi = this.sourceNewlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sourceNewlines[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }

  /** Moves every `span` inside `value` (a spec, an option, a diagnostic) onto the source, in place. */
  remap<T>(value: T): T {
    const seen = new Set<object>();
    const walk = (v: unknown): void => {
      if (!v || typeof v !== "object" || seen.has(v)) return;
      seen.add(v);
      if (Array.isArray(v)) {
        for (const x of v) walk(x);
        return;
      }
      const o = v as Record<string, unknown>;
      for (const [k, x] of Object.entries(o)) {
        if (k === "span" && x && typeof x === "object" && typeof (x as Span).start === "number") o[k] = this.toSource(x as Span);
        else walk(x);
      }
    };
    walk(value);
    return value;
  }

  remapDiagnostics(ds: Diagnostic[]): Diagnostic[] {
    return ds.map((d) => (d.span ? { ...d, span: this.toSource(d.span) } : d));
  }
}
