import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bruteForce, IvfIndex, VectorTable } from "../src/ann.js";
import { HashEmbedder, normalise, type Embedder } from "../src/embedder.js";
import { openPool } from "../src/pool.js";
import { smallCorpus, tempDir } from "./helpers.js";

/** Wraps an embedder and counts how many texts it was asked to embed. */
function counting(inner: Embedder): Embedder & { calls: number } {
  const e = {
    id: inner.id,
    dim: inner.dim,
    calls: 0,
    async embed(texts: string[]) {
      e.calls += texts.length;
      return inner.embed(texts);
    },
  };
  return e;
}

describe("dense scoring", () => {
  it("fuses BM25 with vector similarity and reports both in the explanation", async () => {
    const pool = await openPool({ dir: tempDir("dense"), examplesDir: smallCorpus(), embedder: new HashEmbedder(64) });
    const r = await pool.retrieveAsync("find every python file below src", { k: 2 });
    expect(r.examples[0]!.command).toBe("find src -name '*.py'");
    expect(r.examples[0]!.why).toMatch(/dense -?\d\.\d\d/);
    await pool.close();
  });

  it("stores vectors in the index, so reopening embeds only what is new", async () => {
    const dir = tempDir("dense-persist");
    const examplesDir = smallCorpus();
    const e1 = counting(new HashEmbedder(32));
    await (await openPool({ dir, examplesDir, embedder: e1 })).close();
    expect(e1.calls).toBe(6);
    const e2 = counting(new HashEmbedder(32));
    const p = await openPool({ dir, examplesDir, embedder: e2 });
    expect(e2.calls).toBe(0);
    await p.add([{ request: "Print the kernel version", command: "uname -r", program: "uname", category: "system", difficulty: 1 }]);
    expect(e2.calls).toBe(1);
    await p.close();
  });

  it("says clearly when the embedding model file is missing", async () => {
    await expect(openPool({ dir: tempDir("nogguf"), examplesDir: smallCorpus(), embedder: "/nonexistent/model.gguf" })).rejects.toThrow(
      /embedding model \/nonexistent\/model.gguf does not exist/,
    );
  });

  it("switches to the IVF index past the threshold and keeps recall against exact search", async () => {
    const dim = 32;
    const table = new VectorTable(dim);
    let seed = 11;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296) * 2 - 1;
    // Clustered data, like embeddings of examples grouped by program.
    const centers = Array.from({ length: 40 }, () => normalise(Float32Array.from({ length: dim }, rand)));
    for (let i = 0; i < 4000; i++) {
      const c = centers[i % centers.length]!;
      table.push(normalise(Float32Array.from(c, (x) => x + 0.35 * rand())));
    }
    const ivf = IvfIndex.train(table, 64);
    for (let r = 0; r < table.count; r++) ivf.add(r, ivf.nearestList(table.get(r)));
    let hits = 0;
    let total = 0;
    for (let q = 0; q < 50; q++) {
      const v = normalise(Float32Array.from(centers[q % centers.length]!, (x) => x + 0.35 * rand()));
      const exact = new Set(bruteForce(table, v, 10, () => true).map((h) => h.row));
      for (const h of ivf.search(table, v, 10, 8, () => true)) if (exact.has(h.row)) hits++;
      total += 10;
    }
    expect(hits / total).toBeGreaterThan(0.9);
  });

  it("uses the ANN path inside a pool above annThreshold", async () => {
    const examples = Array.from({ length: 300 }, (_, i) => ({
      request: `Show line ${i} of file${i % 17}.txt`,
      command: `sed -n '${i}p' file${i % 17}.txt`,
      program: "sed",
      category: "text",
      difficulty: 1 as const,
    }));
    const pool = await openPool({ dir: tempDir("ann"), examplesDir: null, examples, index: ":memory:", embedder: new HashEmbedder(32), annThreshold: 100 });
    const r = await pool.retrieveAsync("show line 42 of file8.txt", { k: 1 });
    expect(r.examples[0]!.command).toBe("sed -n '42p' file8.txt");
    await pool.close();
  });

  const gguf = process.env.SHELLGEN_MODEL ?? fileURLToPath(new URL("../../../model/shellgen-mini.gguf", import.meta.url));
  it.skipIf(!existsSync(gguf))(
    "embeds with a real GGUF through node-llama-cpp (the default model as a weak embedder)",
    async () => {
      const pool = await openPool({ dir: tempDir("gguf"), examplesDir: smallCorpus(), index: ":memory:", embedder: gguf });
      const r = await pool.retrieveAsync("extract the backup tarball", { k: 2 });
      expect(r.examples.length).toBeGreaterThan(0);
      expect(r.examples[0]!.why).toMatch(/dense/);
      expect(r.examples[0]!.program).toBe("tar");
      await pool.close();
    },
    120_000,
  );
});
