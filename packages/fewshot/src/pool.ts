import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { bruteForce, IvfIndex, VectorTable } from "./ann.js";
import { Bm25Index } from "./bm25.js";
import { llamaEmbedder, type Embedder } from "./embedder.js";
import { defaultExamplesDir, PoolError, readExamplesDir, readJsonl, readProgramDescriptions, type Example } from "./example.js";
import { packOptionIndex, type OptionIndex } from "./options.js";
import { ProgramModel } from "./programs.js";
import type { QdrantStore } from "./qdrant.js";
import { commandShape, select, type Candidate } from "./select.js";
import { IndexStore, keyed, termsOf, toStored, type CorruptPolicy, type KeyedExample, type StoredExample } from "./store.js";
import { Speller } from "./spell.js";
import { rewritePhrases, SYNONYM_WORDS } from "./synonyms.js";
import { estimateTokens, jaccard, queryTerms, STOP } from "./tokens.js";

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

export const LEARNED_FILE = "learned.jsonl";
export const INDEX_FILE = "fewshot-index.sqlite";

export function userDir(): string {
  return process.env.SHELLGEN_HOME || join(homedir(), ".local", "share", "shellgen");
}

/** The prompt block an example costs (see docs/CONTRACTS.md, "Prompt format"). */
export function exampleBlock(e: { request: string; command: string }): string {
  return `Request: ${e.request}\nCommand: ${e.command}\n\n`;
}

const CANDIDATES = 40;
/** BM25 hits looked at to judge which programs the request is about */
const EVIDENCE = 200;

export class Pool {
  readonly notes: string[];
  private readonly docs: StoredExample[] = [];
  private readonly byId = new Map<string, number>();
  private readonly bm25 = new Bm25Index();
  private readonly programs = new ProgramModel();
  private alive = new Uint8Array(1024);
  private readonly termSets: (Set<string> | undefined)[] = [];
  private vectors?: VectorTable;
  private qdrant?: QdrantStore;
  private ivf?: IvfIndex;
  private readonly countTokens: (t: string) => number;
  private speller?: Speller;
  private options: OptionIndex | null = null;
  private readonly descriptions: string[] = [];

  private constructor(
    private readonly store: IndexStore,
    readonly dir: string,
    private readonly embedder: Embedder | undefined,
    private readonly annThreshold: number,
    countTokens: ((t: string) => number) | undefined,
    notes: string[],
  ) {
    this.countTokens = countTokens ?? estimateTokens;
    this.notes = notes;
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
    const pool = new Pool(store, dir, embedder, opts.annThreshold ?? 5000, opts.countTokens, notes);
    for (const e of store.all()) pool.index(e);
    pool.options = opts.options === undefined ? packOptionIndex() : opts.options;
    if (examplesDir) pool.describePrograms(readProgramDescriptions(examplesDir, notes));
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
    return this.bm25.size;
  }

  /**
   * One description per program joins its program vote, so a program with few examples is
   * still recognised by what it does. Only programs with examples: the vote picks examples.
   */
  private describePrograms(descriptions: Map<string, string>): void {
    const have = new Set(this.docs.map((d) => d.program));
    for (const [program, text] of descriptions) {
      this.descriptions.push(text);
      if (have.has(program)) this.programs.add(program, termsOf({ request: text, command: program }));
    }
  }

  /** The query as retrieval reads it: typos repaired against the pool's words, misleading phrases restated. */
  queryText(request: string): string {
    return rewritePhrases(this.spellerOf().correct(request));
  }

  /** Built on first use from the live requests and descriptions, so a learned pair's words count too. */
  private spellerOf(): Speller {
    if (!this.speller) {
      const words: string[] = [];
      const push = (t: string) => {
        for (const w of t.toLowerCase().match(/[a-z]+/g) ?? []) words.push(w);
      };
      this.docs.forEach((d, i) => this.alive[i] === 1 && push(d.request));
      for (const t of this.descriptions) push(t);
      this.speller = new Speller(words, [...STOP, ...SYNONYM_WORDS]);
    }
    return this.speller;
  }

  private index(e: StoredExample): number {
    const doc = this.bm25.add(e.terms);
    this.programs.add(e.program, e.terms);
    this.docs[doc] = e;
    if (doc >= this.alive.length) {
      const a = new Uint8Array(this.alive.length * 2);
      a.set(this.alive);
      this.alive = a;
    }
    this.alive[doc] = 1;
    this.byId.set(e.id, doc);
    return doc;
  }

  /** Embeds whatever has no stored vector yet, then builds the exact or IVF search. */
  private async loadVectors(): Promise<void> {
    const emb = this.embedder!;
    const stored = this.store.vectors(emb.id);
    const missing = this.docs.filter((d) => !stored.has(d.id));
    if (missing.length) {
      const vecs = await emb.embed(missing.map((d) => d.request));
      const rows = missing.map((d, i) => ({ id: d.id, vec: vecs[i]!, list: null }));
      for (const r of rows) stored.set(r.id, r);
      this.store.putVectors(emb.id, rows);
      this.notes.push(`embedded ${missing.length} examples with ${emb.id}`);
    }
    this.vectors = new VectorTable(emb.dim, Math.max(16, this.docs.length));
    for (const d of this.docs) this.vectors.push(stored.get(d.id)!.vec);
    if (this.docs.length >= this.annThreshold) this.buildIvf(stored);
  }

  private buildIvf(stored: Map<string, { vec: Float32Array; list: number | null }>): void {
    const emb = this.embedder!;
    let cents = this.store.centroids(emb.id);
    // About sqrt(n)/2 lists: assigning 100k vectors stays a few seconds, a probe of 8 lists ~3% of the pool.
    const nlist = Math.max(8, Math.round(Math.sqrt(this.docs.length) / 2));
    if (!cents || cents.length !== nlist * emb.dim) {
      cents = IvfIndex.train(this.vectors!, nlist).centroids;
      this.store.putCentroids(emb.id, emb.dim, cents);
      for (const v of stored.values()) v.list = null; // old assignments refer to old centroids
    }
    const ivf = new IvfIndex(emb.dim, cents);
    const updates: { id: string; vec: Float32Array; list: number }[] = [];
    this.docs.forEach((d, row) => {
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
    if ((await q.count()) === this.docs.length) return;
    await q.upsert(this.docs.map((d, row) => ({ id: d.id, vector: this.vectors!.get(row), payload: { request: d.request, command: d.command, program: d.program, category: d.category, difficulty: d.difficulty } })));
    this.notes.push(`uploaded ${this.docs.length} vectors to Qdrant collection ${q.opts.collection}`);
  }

  /** Adds examples to the index and the in-memory search without rebuilding either. */
  async add(examples: Example[]): Promise<number> {
    const fresh = dedupe(examples.map(toStored)).filter((e) => !this.byId.has(e.id));
    if (!fresh.length) return 0;
    this.store.add(fresh);
    const docs = fresh.map((e) => this.index(e));
    this.speller = undefined;
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
        await this.qdrant.upsert(fresh.map((e, i) => ({ id: e.id, vector: vecs[i]!, payload: { request: e.request, command: e.command, program: e.program, category: e.category, difficulty: e.difficulty } })));
      }
    }
    return fresh.length;
  }

  /** Lexical (and dense, when `vector` is given) retrieval; synchronous. */
  retrieve(request: string, opts: RetrieveOptions = {}): Retrieval {
    if (!request.trim()) throw new PoolError("the request is empty; nothing to retrieve examples for");
    const k = opts.k ?? 4;
    const lambda = opts.lambda ?? 0.7;
    const alpha = opts.vector ? (opts.alpha ?? 0.5) : 1;
    const beta = opts.programWeight ?? 0.2;
    const samePenalty = opts.sameProgramSimilarity ?? 0.7;
    if (!(k >= 0) || !(lambda >= 0 && lambda <= 1)) throw new PoolError(`k must be >= 0 and lambda in [0, 1] (got k=${k}, lambda=${lambda})`);
    const text = this.queryText(request);
    const qTerms = queryTerms(text);
    const qSet = new Set(qTerms.map(([t]) => t));
    const lex = this.bm25.search(qTerms, EVIDENCE);
    const programScore = this.programPrior(qTerms, text, opts.optionWeight ?? 0.6);
    const pool = new Map<number, { bm25: number; dense?: number }>();
    for (const h of lex.slice(0, CANDIDATES)) pool.set(h.doc, { bm25: h.score });
    // The likeliest programs always get their best examples considered, even when
    // examples of other programs crowd them out of the BM25 head.
    const likely = [...programScore].filter(([, v]) => v >= 0.05).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([p]) => p);
    for (const p of likely) {
      let n = 0;
      for (const h of lex) {
        if (this.docs[h.doc]!.program !== p) continue;
        if (!pool.has(h.doc)) pool.set(h.doc, { bm25: h.score });
        if (++n >= 3) break;
      }
    }
    if (opts.vector && this.vectors) {
      const alive = this.alive;
      const live = (r: number) => alive[r] === 1;
      const dense = opts.denseHits
        ? opts.denseHits.flatMap((h) => (this.byId.has(h.id) ? [{ row: this.byId.get(h.id)!, score: h.score }] : []))
        : this.ivf
          ? this.ivf.search(this.vectors, opts.vector, CANDIDATES, opts.nprobe ?? 8, live)
          : bruteForce(this.vectors, opts.vector, CANDIDATES, live);
      for (const h of dense) pool.set(h.row, { bm25: pool.get(h.row)?.bm25 ?? this.bm25Of(qTerms, h.row), dense: h.score });
      for (const [doc, s] of pool) if (s.dense === undefined) s.dense = this.vectors.cos(opts.vector, doc);
    }
    const maxBm25 = Math.max(1e-9, ...[...pool.values()].map((s) => s.bm25));
    const cands: Candidate[] = [...pool].map(([doc, s]) => {
      const e = this.docs[doc]!;
      const lexRel = (1 - beta) * (s.bm25 / maxBm25) + beta * (programScore.get(e.program) ?? 0);
      const relevance = alpha * lexRel + (1 - alpha) * Math.max(0, s.dense ?? 0);
      return {
        doc,
        relevance,
        bm25: s.bm25,
        dense: s.dense,
        matched: [...new Set(e.terms.filter((t) => qSet.has(t)))],
        shape: commandShape(e.command),
        terms: this.termSet(doc),
        tokens: this.countTokens(exampleBlock(e)),
      };
    });
    cands.sort((a, b) => b.relevance - a.relevance || a.doc - b.doc);
    const vectors = this.vectors;
    const useCos = opts.vector !== undefined && vectors !== undefined;
    const { chosen, skipped, tokens } = select(cands, {
      k,
      lambda,
      tokenBudget: opts.tokenBudget ?? 400,
      minRelative: opts.minRelative ?? 0.35,
      similarity: (a, b) => {
        const base = useCos ? Math.max(0, dot2(vectors!, a.doc, b.doc)) : jaccard(a.terms, b.terms);
        // Two examples of one program overlap in what they teach even when their words differ.
        return this.docs[a.doc]!.program === this.docs[b.doc]!.program ? Math.max(base, samePenalty) : base;
      },
    });
    return {
      examples: chosen.map((c, i) => {
        const e = this.docs[c.cand.doc]!;
        const parts = [`#${i + 1}: bm25 ${c.cand.bm25.toFixed(2)}`];
        if (c.cand.dense !== undefined) parts.push(`dense ${c.cand.dense.toFixed(2)}`);
        parts.push(`relevance ${c.cand.relevance.toFixed(2)}`, `redundancy ${c.redundancy.toFixed(2)}`, `mmr ${c.mmr.toFixed(2)}`, `${c.cand.tokens} tokens`);
        if (c.cand.matched.length) parts.push(`matched ${c.cand.matched.slice(0, 6).join(" ")}`);
        if (e.source === "learned") parts.push("learned");
        return { request: e.request, command: e.command, program: e.program, score: round(c.cand.relevance), why: parts.join("; ") };
      }),
      promptTokens: tokens,
      skipped: skipped.map((s) => ({ request: this.docs[s.cand.doc]!.request, command: this.docs[s.cand.doc]!.command, why: s.reason })),
    };
  }

  /** Hybrid retrieval: embeds the request with the pool's embedder first (lexical if none). */
  async retrieveAsync(request: string, opts: RetrieveOptions = {}): Promise<Retrieval> {
    if (!this.embedder || opts.vector) return this.retrieve(request, opts);
    if (!request.trim()) throw new PoolError("the request is empty; nothing to retrieve examples for");
    const [vector] = await this.embedder.embed([request]);
    const denseHits = this.qdrant ? (await this.qdrant.search(vector!, CANDIDATES)).map((h) => ({ id: h.id, score: h.score })) : undefined;
    return this.retrieve(request, { ...opts, vector, denseHits });
  }

  /** The naive-Bayes program posterior, scaled so the likeliest program scores 1. */
  private programPrior(q: [string, number][], text: string, optionWeight: number): Map<string, number> {
    const post = this.programs.posterior(q);
    if (this.options && optionWeight > 0) {
      const max0 = Math.max(1e-12, ...post.values());
      const ev = this.options.programEvidence(text);
      for (const [p, v] of post) post.set(p, (1 - optionWeight) * (v / max0) + optionWeight * (ev.get(p) ?? 0));
    }
    const max = Math.max(1e-12, ...post.values());
    for (const [p, v] of post) post.set(p, v / max);
    return post;
  }

  private bm25Of(qTerms: [string, number][], doc: number): number {
    const terms = this.docs[doc]!.terms;
    const { k1, b } = this.bm25.params;
    let s = 0;
    const weights = new Map<string, number>();
    for (const [t, w] of qTerms) weights.set(t, Math.max(w, weights.get(t) ?? 0));
    for (const [t, w] of weights) {
      const f = terms.filter((x) => x === t).length;
      if (!f) continue;
      s += (w * this.bm25.idf(t) * f * (k1 + 1)) / (f + k1 * (1 - b + (b * terms.length) / this.bm25.avgLength()));
    }
    return s;
  }

  private termSet(doc: number): Set<string> {
    let s = this.termSets[doc];
    if (!s) this.termSets[doc] = s = new Set(this.docs[doc]!.terms);
    return s;
  }

  examples(): Example[] {
    return this.docs.filter((_, i) => this.alive[i] === 1).map(({ id: _id, terms: _t, ...e }) => e);
  }

  async close(): Promise<void> {
    this.store.close();
    await this.embedder?.close?.();
  }
}

function dot2(t: VectorTable, a: number, b: number): number {
  return t.cos(t.get(a), b);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function dedupe<T extends { id: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
}

export function openPool(opts?: OpenPoolOptions): Promise<Pool> {
  return Pool.open(opts);
}
