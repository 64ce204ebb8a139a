import { dot } from "./embedder.js";

// Inverted-file (IVF) approximate nearest neighbours: k-means centroids, each vector
// filed under its nearest one, a query scans only the `nprobe` closest lists. Small,
// pure TS, and incremental: a new vector joins its nearest list without re-clustering.

export class VectorTable {
  data: Float32Array;
  count = 0;
  constructor(
    readonly dim: number,
    capacity = 1024,
  ) {
    this.data = new Float32Array(dim * capacity);
  }
  push(v: Float32Array): number {
    if ((this.count + 1) * this.dim > this.data.length) {
      const d = new Float32Array(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data.set(v, this.count * this.dim);
    return this.count++;
  }
  get(i: number): Float32Array {
    return this.data.subarray(i * this.dim, (i + 1) * this.dim);
  }
  cos(q: Float32Array, i: number): number {
    return dot(q, this.data, i * this.dim);
  }
}

export class IvfIndex {
  lists: number[][];
  constructor(
    readonly dim: number,
    readonly centroids: Float32Array,
  ) {
    this.lists = Array.from({ length: centroids.length / dim }, () => []);
  }

  get nlist(): number {
    return this.centroids.length / this.dim;
  }

  nearestList(v: Float32Array): number {
    let best = 0;
    let bestS = -Infinity;
    for (let c = 0; c < this.nlist; c++) {
      const s = dot(v, this.centroids, c * this.dim);
      if (s > bestS) {
        bestS = s;
        best = c;
      }
    }
    return best;
  }

  add(row: number, list: number): void {
    this.lists[list]!.push(row);
  }

  /** Spherical k-means on a sample of the table (vectors are unit length). */
  static train(table: VectorTable, nlist: number, iterations = 6, seed = 7): IvfIndex {
    const dim = table.dim;
    const n = table.count;
    const rand = lcg(seed);
    const sampleSize = Math.min(n, nlist * 24);
    const sample: number[] = [];
    for (let i = 0; i < sampleSize; i++) sample.push(Math.floor(rand() * n));
    const cents = new Float32Array(nlist * dim);
    for (let c = 0; c < nlist; c++) cents.set(table.get(sample[Math.floor(rand() * sample.length)]!), c * dim);
    const ivf = new IvfIndex(dim, cents);
    for (let it = 0; it < iterations; it++) {
      const sums = new Float32Array(nlist * dim);
      const counts = new Int32Array(nlist);
      for (const r of sample) {
        const v = table.get(r);
        const c = ivf.nearestList(v);
        counts[c]!++;
        for (let i = 0; i < dim; i++) sums[c * dim + i]! += v[i]!;
      }
      for (let c = 0; c < nlist; c++) {
        if (counts[c] === 0) {
          cents.set(table.get(sample[Math.floor(rand() * sample.length)]!), c * dim);
          continue;
        }
        let norm = 0;
        for (let i = 0; i < dim; i++) norm += sums[c * dim + i]! ** 2;
        norm = Math.sqrt(norm) || 1;
        for (let i = 0; i < dim; i++) cents[c * dim + i] = sums[c * dim + i]! / norm;
      }
    }
    return ivf;
  }

  search(table: VectorTable, q: Float32Array, k: number, nprobe: number, alive: (row: number) => boolean): { row: number; score: number }[] {
    const nlist = this.nlist;
    const cs = new Float64Array(nlist);
    for (let c = 0; c < nlist; c++) cs[c] = dot(q, this.centroids, c * this.dim);
    const top = new TopK(k);
    // nprobe is small: pick the closest lists by repeated maximum instead of sorting all.
    for (let p = 0; p < Math.min(nprobe, nlist); p++) {
      let best = -1;
      for (let c = 0; c < nlist; c++) if (best < 0 || cs[c]! > cs[best]!) best = c;
      cs[best] = -Infinity;
      for (const r of this.lists[best]!) if (alive(r)) top.offer(r, table.cos(q, r));
    }
    return top.sorted();
  }
}

/** The k best (row, score) pairs seen so far, in typed arrays: no object per candidate. */
export class TopK {
  private readonly rows: Int32Array;
  private readonly scores: Float64Array;
  private n = 0;
  constructor(private readonly k: number) {
    this.rows = new Int32Array(k);
    this.scores = new Float64Array(k);
  }
  offer(row: number, score: number): void {
    if (this.k === 0) return;
    if (this.n === this.k && score <= this.scores[this.n - 1]!) return;
    let i = this.n < this.k ? this.n++ : this.n - 1;
    while (i > 0 && this.scores[i - 1]! < score) {
      this.scores[i] = this.scores[i - 1]!;
      this.rows[i] = this.rows[i - 1]!;
      i--;
    }
    this.scores[i] = score;
    this.rows[i] = row;
  }
  sorted(): { row: number; score: number }[] {
    const out: { row: number; score: number }[] = [];
    for (let i = 0; i < this.n; i++) out.push({ row: this.rows[i]!, score: this.scores[i]! });
    return out;
  }
}

/** Exact search, used below the ANN threshold and as the recall reference in tests. */
export function bruteForce(table: VectorTable, q: Float32Array, k: number, alive: (row: number) => boolean): { row: number; score: number }[] {
  const top = new TopK(k);
  for (let r = 0; r < table.count; r++) if (alive(r)) top.offer(r, table.cos(q, r));
  return top.sorted();
}

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
