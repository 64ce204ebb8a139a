// Constructs and bounds of a composed grammar. Nesting of compound commands (depth) is
// finite, unrolled level by level; $(...) recurses, since a level of its own would copy
// every command grammar. Counts of things side by side (pipeline stages, list items,
// lines, words) are unbounded by default: `x*` is one loop in
// every engine, while a bound such as {0,7} around a command choice is unrolled by XGrammar
// into copies of every command's positions (seconds to compile). A policy's pipeline
// maxLength, or a caller's limits, still bound them.
import { GrammargenError } from "../diagnostics.js";
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
  /** 0: no $(...) in arguments; any other value: $(...) nested to any depth (a recursive rule). */
  subst: number;
  /** Top-level lines (a heredoc body counts as part of its line). */
  lines: number;
  /** Lines in one heredoc body. */
  heredocLines: number;
  /**
   * Characters in one heredoc body line. Unbounded by default, like every other character-level
   * count (words, quoted strings): `[^\n]*` is one loop, while a bound is unrolled by XGrammar
   * (measured on cat+sort+wc composed: 0.4-2 s to compile unbounded, 29-43 s at 4096, 104 s at
   * 256; llama.cpp and Lark load either). A caller may still bound it.
   */
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

/** Every limit is a whole number >= its least useful value, or UNBOUNDED (Infinity counts as that). */
export function checkLimits(lim: ComposeLimits): ComposeLimits {
  const least: Record<keyof ComposeLimits, number> = {
    pipeline: 1,
    list: 1,
    depth: 0,
    subst: 0,
    lines: 1,
    heredocLines: 0,
    heredocLineLength: 1,
    redirects: 0,
    genericArgs: 0,
  };
  const out = { ...lim };
  for (const key of Object.keys(least) as (keyof ComposeLimits)[]) {
    const v = lim[key];
    if (v === Infinity) out[key] = UNBOUNDED;
    else if (typeof v !== "number" || !Number.isInteger(v) || v < least[key]) {
      throw new GrammargenError(`compose: limit ${key} must be a whole number >= ${least[key]} (or unbounded), got ${String(v)}`, [], "ECOMPOSE");
    }
  }
  return out;
}

export function parseConstructs(list: string): Construct[] {
  const out: Construct[] = [];
  for (const raw of list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(CONSTRUCTS as readonly string[]).includes(raw)) throw new RangeError(`unknown construct ${raw} (known: ${CONSTRUCTS.join(", ")})`);
    out.push(raw as Construct);
  }
  return out;
}

/** n - k for a count that may be UNBOUNDED (which stays UNBOUNDED), never below 0. */
export const less = (n: number, k: number): number => (n >= UNBOUNDED ? UNBOUNDED : Math.max(0, n - k));
