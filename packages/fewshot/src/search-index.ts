import { Bm25Index } from "./bm25.js";
import type { Example } from "./example.js";
import type { OptionIndex } from "./options.js";
import { ProgramModel } from "./programs.js";
import { proseSpeller, type Speller } from "./spell.js";
import { termsOf, type StoredExample } from "./store.js";
import { rewritePhrases } from "./synonyms.js";

// The in-memory side of the pool: BM25 over each example's terms, the program vote, the
// option descriptions, and the query repair built from the pool's own words. Rows only
// grow (an example's number is its BM25 document number), so adding never rebuilds.

export class SearchIndex {
  readonly docs: StoredExample[] = [];
  readonly byId = new Map<string, number>();
  readonly bm25 = new Bm25Index();
  readonly programs = new ProgramModel();
  alive = new Uint8Array(1024);
  private readonly termSets: (Set<string> | undefined)[] = [];
  private readonly descriptions: string[] = [];
  private speller?: Speller;

  private optionIndex: OptionIndex | null | undefined;

  /**
   * @param options option descriptions that add program evidence, null for none, or a
   * function that builds them on the first retrieval (reading the pack's IR costs a few
   * hundred milliseconds that opening a pool to learn a pair need not pay)
   */
  constructor(private readonly optionSource: OptionIndex | null | (() => OptionIndex)) {}

  get options(): OptionIndex | null {
    if (this.optionIndex === undefined) this.optionIndex = typeof this.optionSource === "function" ? this.optionSource() : this.optionSource;
    return this.optionIndex;
  }

  get size(): number {
    return this.bm25.size;
  }

  add(e: StoredExample): number {
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
    this.speller = undefined; // its vocabulary grows with the pool
    return doc;
  }

  /**
   * One description per program joins its program vote, so a program with few examples is
   * still recognised by what it does. Only programs with examples: the vote picks examples.
   */
  describePrograms(descriptions: Map<string, string>): void {
    const have = new Set(this.docs.map((d) => d.program));
    for (const [program, text] of descriptions) {
      this.descriptions.push(text);
      if (have.has(program)) this.programs.add(program, termsOf({ request: text, command: program }));
    }
    this.speller = undefined;
  }

  /** The query as retrieval reads it: typos repaired against the pool's words (except `keep`), misleading phrases restated. */
  queryText(request: string, keep?: ReadonlySet<string>): string {
    return rewritePhrases(this.spelled(request, keep));
  }

  /** The request with typos repaired against the pool's words (except `keep`), nothing else changed. */
  spelled(request: string, keep?: ReadonlySet<string>): string {
    return this.spellerOf().correct(request, keep);
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
      this.speller = proseSpeller(words);
    }
    return this.speller;
  }

  /**
   * The program vote for a query, scaled so the likeliest program scores 1: the
   * naive-Bayes posterior over the examples, blended with option-description evidence.
   */
  programPrior(q: [string, number][], text: string, optionWeight: number): Map<string, number> {
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

  /** BM25 of one document for the query (for dense hits outside the lexical head). */
  bm25Of(qTerms: [string, number][], doc: number): number {
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

  termSet(doc: number): Set<string> {
    let s = this.termSets[doc];
    if (!s) this.termSets[doc] = s = new Set(this.docs[doc]!.terms);
    return s;
  }

  examples(): Example[] {
    return this.docs.filter((_, i) => this.alive[i] === 1).map(({ id: _id, terms: _t, ...e }) => e);
  }
}
