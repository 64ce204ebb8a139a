import { TopK } from "./ann.js";

// Okapi BM25 over an in-memory inverted index. Same formula and defaults as
// wink-bm25-text-search (k1 1.2, b 0.75, idf = ln((N - n + .5)/(n + .5) + 1)), which the
// tests use as the reference; written out here because wink cannot add a document after
// consolidation and scores through plain objects, too slow for 100k examples in < 5 ms.
// Postings grow in place, so adding a document never rebuilds the index.

export interface Bm25Params {
  k1: number;
  b: number;
}

export class Bm25Index {
  private readonly termIds = new Map<string, number>();
  // Plain arrays for postings: most terms occur a handful of times, and a typed array
  // per term costs far more to allocate than it saves.
  private postingDocs: number[][] = [];
  private postingTf: number[][] = [];
  private docLen = new Float64Array(1024);
  private alive = new Uint8Array(1024);
  private nDocs = 0;
  /** k1 * (1 - b + b * len / avg) per doc, valid while `normAvg` equals the current average */
  private norm = new Float64Array(1024);
  private normAvg = -1;
  private totalLen = 0;
  private liveDocs = 0;
  private scores = new Float64Array(0);
  private touched = new Int32Array(0);

  constructor(readonly params: Bm25Params = { k1: 1.2, b: 0.75 }) {}

  get docCount(): number {
    return this.nDocs;
  }

  get size(): number {
    return this.liveDocs;
  }

  /** Adds a document; returns its dense doc number (the caller maps it to an example). */
  add(terms: string[]): number {
    const doc = this.nDocs++;
    if (doc >= this.docLen.length) {
      this.docLen = grow(this.docLen, this.docLen.length * 2);
      this.alive = grow(this.alive, this.alive.length * 2);
      this.norm = grow(this.norm, this.norm.length * 2);
    }
    const tf = new Map<number, number>();
    for (const t of terms) {
      let id = this.termIds.get(t);
      if (id === undefined) {
        id = this.postingDocs.length;
        this.termIds.set(t, id);
        this.postingDocs.push([]);
        this.postingTf.push([]);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    for (const [id, f] of tf) {
      this.postingDocs[id]!.push(doc);
      this.postingTf[id]!.push(f);
    }
    this.docLen[doc] = terms.length;
    this.alive[doc] = 1;
    this.totalLen += terms.length;
    this.liveDocs++;
    this.normAvg = -1;
    return doc;
  }

  snapshot(): Bm25Snapshot {
    const removed: number[] = [];
    for (let d = 0; d < this.nDocs; d++) if (!this.alive[d]) removed.push(d);
    return {
      params: this.params,
      terms: [...this.termIds.keys()],
      postingDocs: this.postingDocs,
      postingTf: this.postingTf,
      docLen: Array.from(this.docLen.subarray(0, this.nDocs)),
      removed,
    };
  }

  static restore(s: Bm25Snapshot): Bm25Index {
    const ix = new Bm25Index(s.params);
    if (s.terms.length !== s.postingDocs.length || s.terms.length !== s.postingTf.length) throw new Error("bm25 snapshot: terms and postings differ in length");
    for (const [i, t] of s.terms.entries()) ix.termIds.set(t, i);
    ix.postingDocs = s.postingDocs;
    ix.postingTf = s.postingTf;
    const n = s.docLen.length;
    const cap = Math.max(1024, n);
    ix.docLen = new Float64Array(cap);
    ix.docLen.set(s.docLen);
    ix.alive = new Uint8Array(cap);
    ix.alive.fill(1, 0, n);
    ix.norm = new Float64Array(cap);
    ix.nDocs = n;
    ix.liveDocs = n;
    ix.totalLen = s.docLen.reduce((a, b) => a + b, 0);
    for (const d of s.removed) ix.remove(d);
    return ix;
  }

  /** Tombstones a document (its postings stay; search skips it). */
  remove(doc: number): void {
    if (!this.alive[doc]) return;
    this.alive[doc] = 0;
    this.normAvg = -1;
    this.totalLen -= this.docLen[doc]!;
    this.liveDocs--;
  }

  avgLength(): number {
    return this.liveDocs ? this.totalLen / this.liveDocs : 1;
  }

  idf(term: string): number {
    const id = this.termIds.get(term);
    if (id === undefined) return 0;
    const n = this.postingDocs[id]!.length;
    return Math.log((this.liveDocs - n + 0.5) / (n + 0.5) + 1);
  }

  /** Top `limit` documents for the query terms, best first. */
  search(terms: string[] | [string, number][], limit: number): { doc: number; score: number }[] {
    const nDocs = this.nDocs;
    if (this.scores.length < nDocs) {
      this.scores = new Float64Array(Math.max(nDocs, this.scores.length * 2));
      this.touched = new Int32Array(this.scores.length);
    }
    const { k1, b } = this.params;
    const avg = this.avgLength();
    if (this.normAvg !== avg) {
      for (let d = 0; d < nDocs; d++) this.norm[d] = k1 * (1 - b + (b * this.docLen[d]!) / avg);
      this.normAvg = avg;
    }
    const norm = this.norm;
    const alive = this.alive;
    const scores = this.scores;
    const touched = this.touched;
    let nTouched = 0;
    // A repeated query term counts once, at its highest weight.
    const weights = new Map<string, number>();
    for (const x of terms) {
      const [t, w] = typeof x === "string" ? [x, 1] : x;
      weights.set(t, Math.max(w, weights.get(t) ?? 0));
    }
    for (const [t, qw] of weights) {
      const id = this.termIds.get(t);
      if (id === undefined) continue;
      const docs = this.postingDocs[id]!;
      const tfs = this.postingTf[id]!;
      const n = docs.length;
      const w = qw * Math.log((this.liveDocs - n + 0.5) / (n + 0.5) + 1) * (k1 + 1);
      for (let i = 0; i < n; i++) {
        const d = docs[i]!;
        if (alive[d] === 0) continue;
        const f = tfs[i]!;
        if (scores[d] === 0) touched[nTouched++] = d;
        scores[d] += (w * f) / (f + norm[d]!);
      }
    }
    const top = new TopK(limit);
    for (let i = 0; i < nTouched; i++) {
      const d = touched[i]!;
      top.offer(d, scores[d]!);
      scores[d] = 0;
    }
    return top.sorted().map((h) => ({ doc: h.row, score: h.score }));
  }
}

/** A built index as plain arrays, for a cache file: restoring it skips tokenising every document again. */
export interface Bm25Snapshot {
  params: Bm25Params;
  terms: string[];
  postingDocs: number[][];
  postingTf: number[][];
  docLen: number[];
  removed: number[];
}

function grow<T extends Float64Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a as any);
  return b;
}
