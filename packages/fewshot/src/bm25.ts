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
  private postingDocs: Int32Array[] = [];
  private postingTf: Uint16Array[] = [];
  private postingLen: number[] = [];
  private docLen: number[] = [];
  private alive: boolean[] = [];
  private totalLen = 0;
  private liveDocs = 0;
  private scores = new Float64Array(0);
  private touched = new Int32Array(0);

  constructor(readonly params: Bm25Params = { k1: 1.2, b: 0.75 }) {}

  get size(): number {
    return this.liveDocs;
  }

  /** Adds a document; returns its dense doc number (the caller maps it to an example). */
  add(terms: string[]): number {
    const doc = this.docLen.length;
    const tf = new Map<number, number>();
    for (const t of terms) {
      let id = this.termIds.get(t);
      if (id === undefined) {
        id = this.postingDocs.length;
        this.termIds.set(t, id);
        this.postingDocs.push(new Int32Array(4));
        this.postingTf.push(new Uint16Array(4));
        this.postingLen.push(0);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    for (const [id, f] of tf) {
      let n = this.postingLen[id]!;
      if (n === this.postingDocs[id]!.length) {
        const d = new Int32Array(n * 2);
        d.set(this.postingDocs[id]!);
        this.postingDocs[id] = d;
        const f2 = new Uint16Array(n * 2);
        f2.set(this.postingTf[id]!);
        this.postingTf[id] = f2;
      }
      this.postingDocs[id]![n] = doc;
      this.postingTf[id]![n] = Math.min(f, 65535);
      this.postingLen[id] = n + 1;
    }
    this.docLen.push(terms.length);
    this.alive.push(true);
    this.totalLen += terms.length;
    this.liveDocs++;
    return doc;
  }

  /** Tombstones a document (its postings stay; search skips it). */
  remove(doc: number): void {
    if (!this.alive[doc]) return;
    this.alive[doc] = false;
    this.totalLen -= this.docLen[doc]!;
    this.liveDocs--;
  }

  avgLength(): number {
    return this.liveDocs ? this.totalLen / this.liveDocs : 1;
  }

  idf(term: string): number {
    const id = this.termIds.get(term);
    if (id === undefined) return 0;
    const n = this.postingLen[id]!;
    return Math.log((this.liveDocs - n + 0.5) / (n + 0.5) + 1);
  }

  /** Top `limit` documents for the query terms, best first. */
  search(terms: string[] | [string, number][], limit: number): { doc: number; score: number }[] {
    const nDocs = this.docLen.length;
    if (this.scores.length < nDocs) {
      this.scores = new Float64Array(Math.max(nDocs, this.scores.length * 2));
      this.touched = new Int32Array(this.scores.length);
    }
    const { k1, b } = this.params;
    const avg = this.liveDocs ? this.totalLen / this.liveDocs : 1;
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
      const n = this.postingLen[id]!;
      const idf = Math.log((this.liveDocs - n + 0.5) / (n + 0.5) + 1);
      const docs = this.postingDocs[id]!;
      const tfs = this.postingTf[id]!;
      for (let i = 0; i < n; i++) {
        const d = docs[i]!;
        if (!this.alive[d]) continue;
        const f = tfs[i]!;
        const norm = 1 - b + (b * this.docLen[d]!) / avg;
        if (scores[d] === 0) touched[nTouched++] = d;
        scores[d] += (qw * idf * f * (k1 + 1)) / (f + k1 * norm);
      }
    }
    // Partial selection: keep a small sorted buffer instead of sorting every hit.
    const top: { doc: number; score: number }[] = [];
    let floor = -Infinity;
    for (let i = 0; i < nTouched; i++) {
      const d = touched[i]!;
      const s = scores[d]!;
      scores[d] = 0;
      if (top.length >= limit && s <= floor) continue;
      let j = top.length;
      while (j > 0 && top[j - 1]!.score < s) j--;
      top.splice(j, 0, { doc: d, score: s });
      if (top.length > limit) top.pop();
      if (top.length >= limit) floor = top[top.length - 1]!.score;
    }
    return top;
  }
}
