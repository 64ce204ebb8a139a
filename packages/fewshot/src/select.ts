import { jaccard } from "./tokens.js";

// Choosing examples from ranked candidates: maximal marginal relevance trades relevance
// against similarity to what is already chosen; near-duplicates (same command shape) are
// dropped outright; k adapts to relevance and the caller's token budget.

export interface Candidate {
  doc: number;
  relevance: number; // 0..1, fused
  bm25: number;
  dense?: number;
  matched: string[];
  shape: string;
  terms: Set<string>;
  tokens: number;
}

export interface SelectOptions {
  k: number;
  lambda: number;
  tokenBudget: number;
  /** stop when the next pick is below this share of the best relevance */
  minRelative: number;
  /** similarity between two candidates (cosine when vectors exist, else term Jaccard) */
  similarity?: (a: Candidate, b: Candidate) => number;
}

export interface Chosen {
  cand: Candidate;
  mmr: number;
  redundancy: number;
}

export interface Skipped {
  cand: Candidate;
  reason: string;
}

/**
 * The command with its operands blanked: `find src -name '*.py'` -> `find _ -name _`.
 * Two examples with one shape teach the model the same thing twice.
 */
export function commandShape(command: string): string {
  return command
    .replace(/'[^']*'|"[^"]*"/g, "_")
    .split(/\s+/)
    .map((w, i) => (i === 0 || /^-{1,2}[A-Za-z]/.test(w) || /^[|&;<>()]+$/.test(w) ? w.replace(/=.*$/, "=_") : "_"))
    .join(" ")
    .replace(/(_ )+_/g, "_");
}

export const NEAR_DUPLICATE = 0.8;

export function select(cands: Candidate[], opts: SelectOptions): { chosen: Chosen[]; skipped: Skipped[]; tokens: number } {
  const sim = opts.similarity ?? ((a: Candidate, b: Candidate) => jaccard(a.terms, b.terms));
  const chosen: Chosen[] = [];
  const skipped: Skipped[] = [];
  const left = [...cands];
  const top = cands.reduce((m, c) => Math.max(m, c.relevance), 0);
  let tokens = 0;
  while (left.length && chosen.length < opts.k) {
    let best = -1;
    let bestScore = -Infinity;
    let bestRed = 0;
    for (let i = 0; i < left.length; i++) {
      const c = left[i]!;
      let red = 0;
      for (const s of chosen) red = Math.max(red, sim(c, s.cand));
      const score = opts.lambda * c.relevance - (1 - opts.lambda) * red;
      if (score > bestScore) {
        bestScore = score;
        best = i;
        bestRed = red;
      }
    }
    const c = left.splice(best, 1)[0]!;
    const twin = chosen.find((s) => s.cand.shape === c.shape || jaccard(s.cand.terms, c.terms) >= NEAR_DUPLICATE);
    if (twin) {
      skipped.push({
        cand: c,
        reason: `near-duplicate of #${chosen.indexOf(twin) + 1} (${twin.cand.shape === c.shape ? `same shape "${c.shape}"` : "term overlap"})`,
      });
      continue;
    }
    if (chosen.length > 0 && c.relevance < opts.minRelative * top) {
      skipped.push({ cand: c, reason: `relevance ${c.relevance.toFixed(2)} below ${opts.minRelative} x best ${top.toFixed(2)}; stopped` });
      break;
    }
    if (tokens + c.tokens > opts.tokenBudget) {
      // A shorter example further down may still fit, so keep looking.
      skipped.push({ cand: c, reason: `needs ${c.tokens} tokens, only ${opts.tokenBudget - tokens} left in the budget` });
      continue;
    }
    tokens += c.tokens;
    chosen.push({ cand: c, mmr: bestScore, redundancy: bestRed });
  }
  return { chosen, skipped, tokens };
}
