import { existsSync } from "node:fs";
import { join } from "node:path";
import { shellgenHome } from "@shellgen/base";
import { IvfIndex, VectorTable } from "./ann.js";
import { llamaEmbedder, type Embedder } from "./embedder.js";
import { defaultExamplesDir, PoolError, readExamplesDir, readJsonl, readProgramDescriptions, type Example } from "./example.js";
import { packOptionIndex, type OptionIndex } from "./options.js";
import type { QdrantStore } from "./qdrant.js";
import { CANDIDATES, retrieve, type Retrieval, type RetrieveOptions } from "./retrieval.js";
import { SearchIndex } from "./search-index.js";
import { IndexStore, keyed, toStored, type CorruptPolicy, type KeyedExample } from "./store.js";
import { estimateTokens } from "./tokens.js";

// The example pool: the shipped examples and the user's learned pairs, kept in the
// on-disk index (store.ts), searched in memory (search-index.ts) by retrieval.ts.
export { exampleBlock, type Retrieval, type RetrieveOptions, type Retrieved } from "./retrieval.js";

export interface OpenPoolOptions {
  /** the user's pool: learned.jsonl and the index live here (default $SHELLGEN_HOME or ~/.local/share/shellgen) */
  dir?: string;
  /** the shipped examples (default corpora/examples); null for none */
  examplesDir?: string | null;
  /** extra in-memory examples, e.g. a synthesised pool for the speed bench */
  examples?: Example[];
  /** index file (default <dir>/fewshot-index.sqlite); ":memory:" keeps nothing on disk */
  index?: string;
  /** what to do with a corrupt index: rebuild it from the sources (default) or throw */
  onCorrupt?: CorruptPolicy;
  /** dense scoring: an Embedder, or the path of any GGUF to embed with via node-llama-cpp */
  embedder?: Embedder | string;
  /** keep the vectors in Qdrant too and take dense candidates from it (needs an embedder) */
  qdrant?: QdrantStore;
  /** pools at least this large use the IVF index for vectors instead of exact search */
  annThreshold?: number;
  /** prompt-token counter; default estimateTokens (pass the model's tokenizer for exact budgets) */
  countTokens?: (text: string) => number;
  /** option descriptions that add program evidence (default: the shipped grammar pack's IR); null for none */
  options?: OptionIndex | null;
}

export const LEARNED_FILE = "learned.jsonl";
export const INDEX_FILE = "fewshot-index.sqlite";

export const userDir = shellgenHome;

export class Pool {
  readonly notes: string[];
  private readonly ix: SearchIndex;
  private vectors?: VectorTable;
  private qdrant?: QdrantStore;
  private ivf?: IvfIndex;
  private readonly countTokens: (t: string) => number;

  private constructor(
    private readonly store: IndexStore,
    ix: SearchIndex,
    readonly dir: string,
    private readonly embedder: Embedder | undefined,
    private readonly annThreshold: number,
    countTokens: ((t: string) => number) | undefined,
    notes: string[],
  ) {
    this.ix = ix;
    this.countTokens = countTokens ?? estimateTokens;
    this.notes = notes;
  }

  /** The query as retrieval reads it: typos repaired against the pool's words, misleading phrases restated. */
  queryText(request: string, keep?: ReadonlySet<string>): string {
    return this.ix.queryText(request, keep);
  }

  /**
   * The request with its typos repaired against the pool's words and an English word list,
   * and nothing else changed: what the model reads in the modes that restate (decode's
   * `restate` option). `keep` lists words (lower case) never to change.
   */
  spelled(request: string, keep?: ReadonlySet<string>): string {
    return this.ix.spelled(request, keep);
  }

  /** Lexical (and dense, when `vector` is given) retrieval; synchronous. */
  retrieve(request: string, opts: RetrieveOptions = {}): Retrieval {
    return retrieve(this.ix, { vectors: this.vectors, ivf: this.ivf }, this.countTokens, request, opts);
  }

  static async open(opts: OpenPoolOptions = {}): Promise<Pool> {
    const dir = opts.dir ?? userDir();
    const notes: string[] = [];
    const examplesDir = opts.examplesDir === undefined ? defaultExamplesDir() : opts.examplesDir;
    const indexPath = opts.index ?? join(dir, INDEX_FILE);
    const learnedFile = join(dir, LEARNED_FILE);

    const wanted: KeyedExample[] = [];
    if (examplesDir) wanted.push(...readExamplesDir(examplesDir).map(keyed));
    if (existsSync(learnedFile)) wanted.push(...readJsonl(learnedFile, "learned").map(keyed));
    if (opts.examples) wanted.push(...opts.examples.map(keyed));
    if (wanted.length === 0) {
      throw new PoolError(
        `the example pool is empty: no examples in ${examplesDir ?? "(no examples dir)"} and none learned in ${learnedFile}. ` +
          `Add pairs with \`shellgen learn "<request>" "<command>"\` or point examplesDir at a folder of *.jsonl examples.`,
      );
    }
    if (typeof opts.embedder === "string" && !existsSync(opts.embedder)) {
      throw new PoolError(`embedding model ${opts.embedder} does not exist; pass the path of a GGUF file, or leave it out for lexical retrieval`);
    }
    const store = IndexStore.open(indexPath, opts.onCorrupt ?? "rebuild", notes);
    const { added, removed } = store.sync(dedupe(wanted));
    if (added.length || removed.length) notes.push(`index ${indexPath}: +${added.length} -${removed.length} examples`);

    let embedder: Embedder | undefined;
    try {
      embedder = typeof opts.embedder === "string" ? await llamaEmbedder(opts.embedder) : opts.embedder;
    } catch (e) {
      store.close();
      throw new PoolError(`cannot load embedding model ${String(opts.embedder)}: ${(e as Error).message}`);
    }
    const ix = new SearchIndex(opts.options === undefined ? packOptionIndex : opts.options);
    for (const e of store.all()) ix.add(e);
    if (examplesDir) ix.describePrograms(readProgramDescriptions(examplesDir, notes));
    const pool = new Pool(store, ix, dir, embedder, opts.annThreshold ?? 5000, opts.countTokens, notes);
    if (embedder) await pool.loadVectors();
    if (opts.qdrant) {
      if (!embedder) {
        store.close();
        throw new PoolError("a Qdrant store holds vectors, so openPool needs an embedder with it");
      }
      await pool.pushToQdrant(opts.qdrant);
    }
    return pool;
  }

  get size(): number {
    return this.ix.size;
  }

  /** Embeds whatever has no stored vector yet, then builds the exact or IVF search. */
  private async loadVectors(): Promise<void> {
    const emb = this.embedder!;
    const stored = this.store.vectors(emb.id);
    const missing = this.ix.docs.filter((d) => !stored.has(d.id));
    if (missing.length) {
      const vecs = await emb.embed(missing.map((d) => d.request));
      const rows = missing.map((d, i) => ({ id: d.id, vec: vecs[i]!, list: null }));
      for (const r of rows) stored.set(r.id, r);
      this.store.putVectors(emb.id, rows);
      this.notes.push(`embedded ${missing.length} examples with ${emb.id}`);
    }
    this.vectors = new VectorTable(emb.dim, Math.max(16, this.ix.docs.length));
    for (const d of this.ix.docs) this.vectors.push(stored.get(d.id)!.vec);
    if (this.ix.docs.length >= this.annThreshold) this.buildIvf(stored);
  }

  private buildIvf(stored: Map<string, { vec: Float32Array; list: number | null }>): void {
    const emb = this.embedder!;
    let cents = this.store.centroids(emb.id);
    // About sqrt(n)/2 lists: assigning 100k vectors stays a few seconds, a probe of 8 lists ~3% of the pool.
    const nlist = Math.max(8, Math.round(Math.sqrt(this.ix.docs.length) / 2));
    if (!cents || cents.length !== nlist * emb.dim) {
      cents = IvfIndex.train(this.vectors!, nlist).centroids;
      this.store.putCentroids(emb.id, emb.dim, cents);
      for (const v of stored.values()) v.list = null; // old assignments refer to old centroids
    }
    const ivf = new IvfIndex(emb.dim, cents);
    const updates: { id: string; vec: Float32Array; list: number }[] = [];
    this.ix.docs.forEach((d, row) => {
      const s = stored.get(d.id)!;
      const list = s.list ?? ivf.nearestList(s.vec);
      if (s.list === null) updates.push({ id: d.id, vec: s.vec, list });
      ivf.add(row, list);
    });
    if (updates.length) this.store.putVectors(emb.id, updates);
    this.ivf = ivf;
  }

  /** Creates the collection if needed and uploads every vector when Qdrant's count differs from the pool's. */
  private async pushToQdrant(q: QdrantStore): Promise<void> {
    this.qdrant = q;
    await q.ensureCollection(this.embedder!.dim);
    if ((await q.count()) === this.ix.docs.length) return;
    await q.upsert(
      this.ix.docs.map((d, row) => ({
        id: d.id,
        vector: this.vectors!.get(row),
        payload: { request: d.request, command: d.command, program: d.program, category: d.category, difficulty: d.difficulty },
      })),
    );
    this.notes.push(`uploaded ${this.ix.docs.length} vectors to Qdrant collection ${q.opts.collection}`);
  }

  /** Adds examples to the index and the in-memory search without rebuilding either. */
  async add(examples: Example[]): Promise<number> {
    const fresh = dedupe(examples.map(toStored)).filter((e) => !this.ix.byId.has(e.id));
    if (!fresh.length) return 0;
    this.store.add(fresh);
    const docs = fresh.map((e) => this.ix.add(e));
    if (this.embedder && this.vectors) {
      const vecs = await this.embedder.embed(fresh.map((e) => e.request));
      const rows = fresh.map((e, i) => {
        const row = this.vectors!.push(vecs[i]!);
        if (row !== docs[i]) throw new PoolError("internal: vector rows out of step with documents");
        const list = this.ivf ? this.ivf.nearestList(vecs[i]!) : null;
        if (this.ivf) this.ivf.add(row, list!);
        return { id: e.id, vec: vecs[i]!, list };
      });
      this.store.putVectors(this.embedder.id, rows);
      if (this.qdrant) {
        await this.qdrant.upsert(
          fresh.map((e, i) => ({
            id: e.id,
            vector: vecs[i]!,
            payload: { request: e.request, command: e.command, program: e.program, category: e.category, difficulty: e.difficulty },
          })),
        );
      }
    }
    return fresh.length;
  }

  /** Hybrid retrieval: embeds the request with the pool's embedder first (lexical if none). */
  async retrieveAsync(request: string, opts: RetrieveOptions = {}): Promise<Retrieval> {
    if (!this.embedder || opts.vector) return this.retrieve(request, opts);
    if (!request.trim()) throw new PoolError("the request is empty; nothing to retrieve examples for");
    const [vector] = await this.embedder.embed([request]);
    const denseHits = this.qdrant ? (await this.qdrant.search(vector!, CANDIDATES)).map((h) => ({ id: h.id, score: h.score })) : undefined;
    return this.retrieve(request, { ...opts, vector, denseHits });
  }

  examples(): Example[] {
    return this.ix.examples();
  }

  async close(): Promise<void> {
    this.store.close();
    await this.embedder?.close?.();
  }
}

function dedupe<T extends { id: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
}

export function openPool(opts?: OpenPoolOptions): Promise<Pool> {
  return Pool.open(opts);
}
