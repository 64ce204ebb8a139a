import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { tokenize } from "./tokens.js";

/** Turns texts into unit vectors. `id` names the model so stored vectors are never mixed up. */
export interface Embedder {
  readonly id: string;
  readonly dim: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  close?(): Promise<void>;
}

export function normalise(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  const n = Math.sqrt(s);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

export function dot(a: Float32Array, b: Float32Array, bOffset = 0): number {
  // Four accumulators: shorter dependency chains, measurably faster in V8 on long vectors.
  const n = a.length;
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[i]! * b[bOffset + i]!;
    s1 += a[i + 1]! * b[bOffset + i + 1]!;
    s2 += a[i + 2]! * b[bOffset + i + 2]!;
    s3 += a[i + 3]! * b[bOffset + i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[bOffset + i]!;
  return s0 + s1 + s2 + s3;
}

/**
 * Random-projection embedder: each term gets a fixed pseudo-random direction, a text is
 * the normalised sum of its terms' directions. No model needed; it carries only lexical
 * signal, so it exercises the dense path (storage, ANN, fusion) and serves the speed
 * bench's "hybrid with random embeddings", not retrieval quality.
 */
export class HashEmbedder implements Embedder {
  readonly id: string;
  private readonly cache = new Map<string, Float32Array>();
  constructor(readonly dim = 64) {
    this.id = `hash-${dim}`;
  }
  private direction(term: string): Float32Array {
    let v = this.cache.get(term);
    if (v) return v;
    v = new Float32Array(this.dim);
    const digest = createHash("sha256").update(term).digest();
    let seed = digest.readUInt32LE(0);
    for (let i = 0; i < this.dim; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      v[i] = seed / 2147483648 - 1;
    }
    this.cache.set(term, v);
    return v;
  }
  embedOne(text: string): Float32Array {
    const out = new Float32Array(this.dim);
    for (const t of tokenize(text)) {
      const d = this.direction(t);
      for (let i = 0; i < this.dim; i++) out[i]! += d[i]!;
    }
    return normalise(out);
  }
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}

/**
 * Embeddings from any GGUF through node-llama-cpp. Loaded lazily so that lexical-only
 * users never pay for (or need) the native runtime.
 */
export async function llamaEmbedder(modelPath: string, opts: { threads?: number } = {}): Promise<Embedder> {
  const { getLlama } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: false, build: "never" } as any);
  const model = await llama.loadModel({ modelPath });
  const ctx = await model.createEmbeddingContext({ threads: opts.threads ?? 1 } as any);
  const probe = await ctx.getEmbeddingFor("probe");
  const dim = probe.vector.length;
  // Name vectors by the file's identity, not just its path: a retrained model at the same
  // path must not reuse vectors from the old one.
  const st = statSync(modelPath);
  const fileId = createHash("sha1").update(`${modelPath}\0${st.size}\0${st.mtimeMs}`).digest("hex").slice(0, 8);
  return {
    id: `gguf-${fileId}-${dim}`,
    dim,
    async embed(texts: string[]) {
      const out: Float32Array[] = [];
      for (const t of texts) out.push(normalise(Float32Array.from((await ctx.getEmbeddingFor(t)).vector)));
      return out;
    },
    async close() {
      await ctx.dispose();
      await model.dispose();
    },
  };
}
