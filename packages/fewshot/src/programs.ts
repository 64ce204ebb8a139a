// Which program a request is about, judged from every example of every program at once:
// multinomial naive Bayes over the same terms BM25 uses. One lucky example of the wrong
// program scores high in BM25; it cannot fool a vote over all of that program's examples.
// Counts grow with each added example, so it never needs rebuilding.

export class ProgramModel {
  private readonly termCounts = new Map<string, Map<string, number>>(); // program -> term -> count
  private readonly totals = new Map<string, number>(); // program -> term total
  private readonly docs = new Map<string, number>(); // program -> examples
  private readonly vocab = new Set<string>();
  private nDocs = 0;

  add(program: string, terms: string[]): void {
    let m = this.termCounts.get(program);
    if (!m) this.termCounts.set(program, (m = new Map()));
    for (const t of terms) {
      m.set(t, (m.get(t) ?? 0) + 1);
      this.vocab.add(t);
    }
    this.totals.set(program, (this.totals.get(program) ?? 0) + terms.length);
    this.docs.set(program, (this.docs.get(program) ?? 0) + 1);
    this.nDocs++;
  }

  remove(program: string, terms: string[]): void {
    const m = this.termCounts.get(program);
    if (!m) return;
    for (const t of terms) m.set(t, Math.max(0, (m.get(t) ?? 0) - 1));
    this.totals.set(program, Math.max(0, (this.totals.get(program) ?? 0) - terms.length));
    this.docs.set(program, Math.max(0, (this.docs.get(program) ?? 0) - 1));
    this.nDocs = Math.max(0, this.nDocs - 1);
  }

  /**
   * Posterior share of each program for the query (sums to 1 over programs). The prior
   * is flattened (square root of the example share) so big programs do not win by size.
   */
  posterior(query: [string, number][], smoothing = 0.1): Map<string, number> {
    const v = this.vocab.size + 1;
    const known = query.filter(([t]) => this.vocab.has(t));
    const logp = new Map<string, number>();
    let max = -Infinity;
    for (const [p, m] of this.termCounts) {
      const n = this.docs.get(p) ?? 0;
      if (n === 0) continue;
      let lp = 0.5 * Math.log(n / this.nDocs);
      const denom = Math.log((this.totals.get(p) ?? 0) + smoothing * v);
      for (const [t, w] of known) lp += w * (Math.log((m.get(t) ?? 0) + smoothing) - denom);
      logp.set(p, lp);
      if (lp > max) max = lp;
    }
    let z = 0;
    for (const [p, lp] of logp) {
      const e = Math.exp(lp - max);
      logp.set(p, e);
      z += e;
    }
    for (const [p, e] of logp) logp.set(p, e / z);
    return logp;
  }
}
