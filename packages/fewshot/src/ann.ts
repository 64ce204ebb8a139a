import { dot } from "./embedder.js";

// Inverted-file (IVF) approximate nearest neighbours: k-means centroids, each vector
// filed under its nearest one, a query scans only the `nprobe` closest lists. Small,
// pure TS, and incremental: a new vector joins its nearest list without re-clustering.

export class VectorTable {
  data: Float32Array;
  count = 0;
  constructor(readonly dim: number, capacity = 1024) {
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
  constructor(readonly dim: number, readonly centroids: Float32Array) {
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
    const order: { c: number; s: number }[] = [];
    for (let c = 0; c < this.nlist; c++) order.push({ c, s: dot(q, this.centroids, c * this.dim) });
    order.sort((a, b) => b.s - a.s);
    const hits: { row: number; score: number }[] = [];
    for (const { c } of order.slice(0, nprobe)) {
      for (const r of this.lists[c]!) if (alive(r)) hits.push({ row: r, score: table.cos(q, r) });
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, k);
  }
}

/** Exact search, used below the ANN threshold and as the recall reference in tests. */
export function bruteForce(table: VectorTable, q: Float32Array, k: number, alive: (row: number) => boolean): { row: number; score: number }[] {
  const hits: { row: number; score: number }[] = [];
  for (let r = 0; r < table.count; r++) if (alive(r)) hits.push({ row: r, score: table.cos(q, r) });
  hits.sort((a, b) => b.score - a.score);
  return hits.slice(0, k);
}

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
