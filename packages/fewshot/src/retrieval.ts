import { bruteForce, type IvfIndex, type VectorTable } from "./ann.js";
import { PoolError } from "./example.js";
import type { SearchIndex } from "./search-index.js";
import { commandShape, select, type Candidate } from "./select.js";
import { jaccard, queryTerms } from "./tokens.js";

// Retrieval: BM25 candidates (plus dense ones when vectors exist) scored with the program
// vote, then an MMR selection that prefers a second program over a third example of the
// first, within a prompt-token budget. Every choice comes with its reasons.

export interface RetrieveOptions {
  /** most examples to return (default 4) */
  k?: number;
  /** prompt tokens the examples may spend in total (default 400) */
  tokenBudget?: number;
  /** MMR trade-off: 1 = pure relevance, 0 = pure diversity (default 0.7) */
  lambda?: number;
  /** weight of BM25 against dense similarity when vectors exist (default 0.5) */
  alpha?: number;
  /** drop candidates whose relevance is below this share of the best (default 0.35) */
  minRelative?: number;
  /** a precomputed query embedding (retrieveAsync computes it for you) */
  vector?: Float32Array;
  /** dense hits found elsewhere (Qdrant), by example id, used instead of the local vector search */
  denseHits?: { id: string; score: number }[];
  /** weight of the program posterior in lexical relevance (default 0.2) */
  programWeight?: number;
  /** similarity floor between two examples of the same program, for MMR (default 0.7: a second program is worth more than a third example of the first) */
  sameProgramSimilarity?: number;
  /** ANN lists to scan (default 8) */
  nprobe?: number;
  /** share of option-description evidence in the program vote (default 0.6; 0 for examples only) */
  optionWeight?: number;
}

export interface Retrieved {
  request: string;
  command: string;
  program: string;
  score: number;
  why: string;
}

export interface Retrieval {
  examples: Retrieved[];
  promptTokens: number;
  /** candidates that were considered and left out, with the reason */
  skipped: { request: string; command: string; why: string }[];
}

/** The pool's vectors, when it has an embedder. */
export interface DenseSide {
  vectors?: VectorTable;
  ivf?: IvfIndex;
}

/** The prompt block an example costs (see docs/CONTRACTS.md, "Prompt format"). */
export function exampleBlock(e: { request: string; command: string }): string {
  return `Request: ${e.request}\nCommand: ${e.command}\n\n`;
}

/** Candidates taken from the lexical head and from the dense search each. */
export const CANDIDATES = 40;
/** BM25 hits looked at to judge which programs the request is about */
const EVIDENCE = 200;

/** Lexical (and dense, when `vector` is given and the pool has vectors) retrieval; synchronous. */
export function retrieve(ix: SearchIndex, side: DenseSide, countTokens: (t: string) => number, request: string, opts: RetrieveOptions = {}): Retrieval {
  if (!request.trim()) throw new PoolError("the request is empty; nothing to retrieve examples for");
  const k = opts.k ?? 4;
  const lambda = opts.lambda ?? 0.7;
  const alpha = opts.vector ? (opts.alpha ?? 0.5) : 1;
  const beta = opts.programWeight ?? 0.2;
  const samePenalty = opts.sameProgramSimilarity ?? 0.7;
  if (!(k >= 0) || !(lambda >= 0 && lambda <= 1)) throw new PoolError(`k must be >= 0 and lambda in [0, 1] (got k=${k}, lambda=${lambda})`);
  const text = ix.queryText(request);
  const qTerms = queryTerms(text);
  const qSet = new Set(qTerms.map(([t]) => t));
  const lex = ix.bm25.search(qTerms, EVIDENCE);
  const programScore = ix.programPrior(qTerms, text, opts.optionWeight ?? 0.6);
  const pool = new Map<number, { bm25: number; dense?: number }>();
  for (const h of lex.slice(0, CANDIDATES)) pool.set(h.doc, { bm25: h.score });
  // The likeliest programs always get their best examples considered, even when
  // examples of other programs crowd them out of the BM25 head.
  const likely = [...programScore]
    .filter(([, v]) => v >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([p]) => p);
  for (const p of likely) {
    let n = 0;
    for (const h of lex) {
      if (ix.docs[h.doc]!.program !== p) continue;
      if (!pool.has(h.doc)) pool.set(h.doc, { bm25: h.score });
      if (++n >= 3) break;
    }
  }
  if (opts.vector && side.vectors) {
    const alive = ix.alive;
    const live = (r: number) => alive[r] === 1;
    const dense = opts.denseHits
      ? opts.denseHits.flatMap((h) => (ix.byId.has(h.id) ? [{ row: ix.byId.get(h.id)!, score: h.score }] : []))
      : side.ivf
        ? side.ivf.search(side.vectors, opts.vector, CANDIDATES, opts.nprobe ?? 8, live)
        : bruteForce(side.vectors, opts.vector, CANDIDATES, live);
    for (const h of dense) pool.set(h.row, { bm25: pool.get(h.row)?.bm25 ?? ix.bm25Of(qTerms, h.row), dense: h.score });
    for (const [doc, s] of pool) if (s.dense === undefined) s.dense = side.vectors.cos(opts.vector, doc);
  }
  const maxBm25 = Math.max(1e-9, ...[...pool.values()].map((s) => s.bm25));
  const cands: Candidate[] = [...pool].map(([doc, s]) => {
    const e = ix.docs[doc]!;
    const lexRel = (1 - beta) * (s.bm25 / maxBm25) + beta * (programScore.get(e.program) ?? 0);
    const relevance = alpha * lexRel + (1 - alpha) * Math.max(0, s.dense ?? 0);
    return {
      doc,
      relevance,
      bm25: s.bm25,
      dense: s.dense,
      matched: [...new Set(e.terms.filter((t) => qSet.has(t)))],
      shape: commandShape(e.command),
      terms: ix.termSet(doc),
      tokens: countTokens(exampleBlock(e)),
    };
  });
  cands.sort((a, b) => b.relevance - a.relevance || a.doc - b.doc);
  const vectors = side.vectors;
  const useCos = opts.vector !== undefined && vectors !== undefined;
  const { chosen, skipped, tokens } = select(cands, {
    k,
    lambda,
    tokenBudget: opts.tokenBudget ?? 400,
    minRelative: opts.minRelative ?? 0.35,
    similarity: (a, b) => {
      const base = useCos ? Math.max(0, dot2(vectors!, a.doc, b.doc)) : jaccard(a.terms, b.terms);
      // Two examples of one program overlap in what they teach even when their words differ.
      return ix.docs[a.doc]!.program === ix.docs[b.doc]!.program ? Math.max(base, samePenalty) : base;
    },
  });
  return {
    examples: chosen.map((c, i) => {
      const e = ix.docs[c.cand.doc]!;
      const parts = [`#${i + 1}: bm25 ${c.cand.bm25.toFixed(2)}`];
      if (c.cand.dense !== undefined) parts.push(`dense ${c.cand.dense.toFixed(2)}`);
      parts.push(`relevance ${c.cand.relevance.toFixed(2)}`, `redundancy ${c.redundancy.toFixed(2)}`, `mmr ${c.mmr.toFixed(2)}`, `${c.cand.tokens} tokens`);
      if (c.cand.matched.length) parts.push(`matched ${c.cand.matched.slice(0, 6).join(" ")}`);
      if (e.source === "learned") parts.push("learned");
      return { request: e.request, command: e.command, program: e.program, score: round(c.cand.relevance), why: parts.join("; ") };
    }),
    promptTokens: tokens,
    skipped: skipped.map((s) => ({ request: ix.docs[s.cand.doc]!.request, command: ix.docs[s.cand.doc]!.command, why: s.reason })),
  };
}

function dot2(t: VectorTable, a: number, b: number): number {
  return t.cos(t.get(a), b);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
