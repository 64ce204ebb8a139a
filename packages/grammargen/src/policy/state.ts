// The checker's state while it walks one command line: where violations go, the working
// directory and variables it tracks, and how parse offsets map to spans in the user's text.
import type { Word, WordEnv } from "@shellgen/base";
import type { Span } from "../ir.js";
import type { Policy, PolicyViolation } from "./policy.js";

export interface State {
  policy: Policy;
  source: string;
  /** Offset of `source` inside the text the user gave (for `sh -c '...'` recursion). */
  base: number;
  top: string;
  cwd: string;
  out: PolicyViolation[];
  env: WordEnv;
}

function spanOf(st: State, start: number, end: number): Span {
  const s = st.base + start;
  const line = st.top.slice(0, s).split("\n").length;
  return { start: s, end: st.base + end, line };
}

export function add(st: State, rule: string, w: { start: number; end: number }, message: string, fix: string): void {
  const span = spanOf(st, w.start, w.end);
  if (st.out.some((v) => v.rule === rule && v.span.start === span.start && v.span.end === span.end)) return;
  st.out.push({ rule, message, span, fix });
}

export type WalkState = State & { map: (b: number) => number };

export const mapW = (st: WalkState, w: { startIndex: number; endIndex: number } | Word): { start: number; end: number } =>
  "startIndex" in w ? { start: st.map(w.startIndex), end: st.map(w.endIndex) } : { start: st.map(w.start), end: st.map(w.end) };
