// Constructs and bounds of a composed grammar. Nesting (depth, subst) is always finite:
// it is unrolled level by level, never left to recursion. Counts of things side by side
// (pipeline stages, list items, lines, words) are unbounded by default: `x*` is one loop in
// every engine, while a bound such as {0,7} around a command choice is unrolled by XGrammar
// into copies of every command's positions (seconds to compile). A policy's pipeline
// maxLength, or a caller's limits, still bound them.
import { UNBOUNDED } from "../grammar/names.js";

export const CONSTRUCTS = ["pipe", "and", "or", "seq", "redirect", "subst", "xargs", "exec", "loop", "if", "heredoc", "background", "assign"] as const;
export type Construct = (typeof CONSTRUCTS)[number];

export interface ComposeLimits {
  /** Commands in one pipeline. */
  pipeline: number;
  /** Pipelines joined by && / || / ; / & in one list. */
  list: number;
  /** Nesting of loops, ifs, subshells and groups. */
  depth: number;
  /** Nesting of $(...) inside arguments. */
  subst: number;
  /** Top-level lines (a heredoc body counts as part of its line). */
  lines: number;
  /** Lines in one heredoc body, and characters in one line (unbounded: body lines are `[^\n]*`). */
  heredocLines: number;
  heredocLineLength: number;
  /** Redirections after one command. */
  redirects: number;
  /** Words after a program with no grammar (--allow-unknown). */
  genericArgs: number;
}

export const DEFAULT_LIMITS: ComposeLimits = {
  pipeline: UNBOUNDED,
  list: UNBOUNDED,
  depth: 2,
  subst: 1,
  lines: UNBOUNDED,
  heredocLines: UNBOUNDED,
  heredocLineLength: UNBOUNDED,
  redirects: UNBOUNDED,
  genericArgs: UNBOUNDED,
};

export function parseConstructs(list: string): Construct[] {
  const out: Construct[] = [];
  for (const raw of list.split(",").map((s) => s.trim()).filter(Boolean)) {
    if (!(CONSTRUCTS as readonly string[]).includes(raw)) throw new RangeError(`unknown construct ${raw} (known: ${CONSTRUCTS.join(", ")})`);
    out.push(raw as Construct);
  }
  return out;
}

/** n - k for a count that may be UNBOUNDED (which stays UNBOUNDED), never below 0. */
export const less = (n: number, k: number): number => (n >= UNBOUNDED ? UNBOUNDED : Math.max(0, n - k));
