// Matches lexical expressions (no non-terminal rules inside) at a position and returns every
// end position, so the recogniser never depends on greedy lexing. Records the furthest point
// any character comparison reached, for error reasons.
import type { Expr, Rule } from "../grammar/ast.js";

export interface Failure {
  pos: number;
  expected: Set<string>;
}

export function describeClass(e: Extract<Expr, { kind: "cls" }>): string {
  const show = (c: number) => (c === 0x20 ? "space" : c === 0x0a ? "\\n" : c === 0x09 ? "\\t" : String.fromCodePoint(c));
  const body = e.ranges.map(([a, b]) => (a === b ? show(a) : `${show(a)}-${show(b)}`)).join("");
  return e.ranges.length === 0 ? (e.negated ? "any character" : "nothing") : `[${e.negated ? "^" : ""}${body}]`;
}

export class Matcher {
  private readonly memo = new Map<Expr, Map<number, number[]>>();
  readonly failure: Failure = { pos: -1, expected: new Set() };
  /** Terminal rules being matched, innermost last, so reasons say size rather than [0-9]. */
  private context: string[] = [];

  constructor(
    private readonly input: number[],
    private readonly rules: Map<string, Rule>,
    private readonly nameOf: (r: Rule) => string,
  ) {}

  private fail(pos: number, what: string, literal = false): void {
    const label = literal || this.context.length === 0 ? what : this.context[this.context.length - 1]!;
    if (pos > this.failure.pos) {
      this.failure.pos = pos;
      this.failure.expected = new Set([label]);
    } else if (pos === this.failure.pos) this.failure.expected.add(label);
  }

  ends(e: Expr, pos: number): number[] {
    let byPos = this.memo.get(e);
    if (!byPos) this.memo.set(e, (byPos = new Map()));
    const hit = byPos.get(pos);
    if (hit) return hit;
    const out = this.compute(e, pos);
    byPos.set(pos, out);
    return out;
  }

  private compute(e: Expr, pos: number): number[] {
    const s = this.input;
    switch (e.kind) {
      case "lit": {
        let i = 0;
        const cps = [...e.text].map((c) => c.codePointAt(0)!);
        for (; i < cps.length; i++) {
          if (s[pos + i] !== cps[i]) {
            this.fail(pos + i, JSON.stringify(e.text), true);
            return [];
          }
        }
        return [pos + cps.length];
      }
      case "cls": {
        const c = s[pos];
        if (c === undefined) {
          this.fail(pos, describeClass(e));
          return [];
        }
        let inside = false;
        for (const [a, b] of e.ranges) if (c >= a && c <= b) inside = true;
        if (inside !== e.negated) return [pos + 1];
        this.fail(pos, describeClass(e));
        return [];
      }
      case "ref": {
        const r = this.rules.get(e.name)!;
        if (r.terminal) this.context.push(this.nameOf(r));
        try {
          return this.ends(r.expr, pos);
        } finally {
          if (r.terminal) this.context.pop();
        }
      }
      case "seq": {
        let cur = [pos];
        for (const item of e.items) {
          const next = new Set<number>();
          for (const p of cur) for (const q of this.ends(item, p)) next.add(q);
          if (next.size === 0) return [];
          cur = [...next];
        }
        return cur;
      }
      case "alt": {
        const out = new Set<number>();
        for (const item of e.items) for (const q of this.ends(item, pos)) out.add(q);
        return [...out];
      }
      case "rep": {
        const result = new Set<number>();
        if (e.min === 0) result.add(pos);
        let cur = new Set([pos]);
        const settled = new Set<number>(e.min === 0 ? [pos] : []);
        for (let i = 1; i <= e.max && cur.size; i++) {
          const next = new Set<number>();
          for (const p of cur) for (const q of this.ends(e.item, p)) next.add(q);
          if (i >= e.min) {
            // Once past the minimum, a position reached again adds nothing it did not add before.
            cur = new Set([...next].filter((q) => !settled.has(q)));
            for (const q of next) {
              result.add(q);
              settled.add(q);
            }
          } else cur = next;
        }
        return [...result];
      }
      default: {
        const never: never = e;
        return never;
      }
    }
  }
}
