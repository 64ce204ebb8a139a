// Constructs and bounds of a composed grammar. Every bound is finite: nesting is unrolled
// level by level, never left to recursion.
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
  /** Lines in one heredoc body, and characters in one line. */
  heredocLines: number;
  heredocLineLength: number;
  /** Redirections after one command. */
  redirects: number;
  /** Words after a program with no grammar (--allow-unknown). */
  genericArgs: number;
}

export const DEFAULT_LIMITS: ComposeLimits = {
  pipeline: 8,
  list: 8,
  depth: 2,
  subst: 1,
  lines: 16,
  heredocLines: 64,
  heredocLineLength: 400,
  redirects: 4,
  genericArgs: 32,
};

export function parseConstructs(list: string): Construct[] {
  const out: Construct[] = [];
  for (const raw of list.split(",").map((s) => s.trim()).filter(Boolean)) {
    if (!(CONSTRUCTS as readonly string[]).includes(raw)) throw new RangeError(`unknown construct ${raw} (known: ${CONSTRUCTS.join(", ")})`);
    out.push(raw as Construct);
  }
  return out;
}
