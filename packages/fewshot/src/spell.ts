// Typo repair for retrieval: "sotr numbers numericaly" should meet the sort examples.
// A word of four or more letters the pool has never seen is replaced by the most frequent
// known word within one edit (two for long words), counting a swap of neighbours as one
// edit. Left alone: words with digits, dots or slashes (names, not prose), English words
// (lexicon.ts), a word that follows "called"/"named", an inflection of a known word
// ("builds" when "build" is known), and any word the caller says to keep (workspace names).
import { englishWords } from "./lexicon.js";
import { SYNONYM_WORDS } from "./synonyms.js";
import { STOP, stem } from "./tokens.js";

export class Speller {
  private readonly freq = new Map<string, number>();
  private readonly byLength = new Map<number, string[]>();
  private readonly lexicon: () => ReadonlySet<string>;

  /**
   * `words`: the vocabulary with repeats (frequency decides ties); `known`: extra words to
   * keep and to correct to; `lexicon`: words that are never corrected, nor offered as a
   * correction (an English word list: real words are not typos, rare ones are not fixes).
   */
  constructor(words: Iterable<string>, known: Iterable<string> = [], lexicon: ReadonlySet<string> | (() => ReadonlySet<string>) = new Set()) {
    // A function is called only when a word is unknown to the vocabulary: most requests never load it.
    this.lexicon = typeof lexicon === "function" ? lexicon : () => lexicon;
    for (const w of words) if (/^[a-z]{2,}$/.test(w)) this.freq.set(w, (this.freq.get(w) ?? 0) + 1);
    for (const w of known) if (!this.freq.has(w)) this.freq.set(w, 1);
    for (const w of this.freq.keys()) {
      let l = this.byLength.get(w.length);
      if (!l) this.byLength.set(w.length, (l = []));
      l.push(w);
    }
  }

  knows(w: string): boolean {
    return this.freq.has(w);
  }

  /** The correction for one lower-case word, or the word itself. */
  word(w: string): string {
    if (w.length < 4 || !/^[a-z]+$/.test(w) || this.freq.has(w) || this.lexicon().has(w)) return w;
    const base = stem(w);
    if (base !== w && (this.freq.has(base) || this.freq.has(`${base}e`))) return w;
    const max = w.length >= 8 ? 2 : 1;
    let best = w;
    let bestD = max + 1;
    let bestF = 0;
    for (let len = w.length - max; len <= w.length + max; len++) {
      for (const c of this.byLength.get(len) ?? []) {
        const d = editDistance(w, c, max);
        const f = this.freq.get(c)!;
        if (d < bestD || (d === bestD && f > bestF)) [best, bestD, bestF] = [c, d, f];
      }
    }
    return bestD <= max ? best : w;
  }

  /** The text with each unknown prose word corrected; names, flags, numbers and the words in `keep` (lower case) untouched. */
  correct(text: string, keep: ReadonlySet<string> = new Set()): string {
    return text.replace(/(^|[\s,;:!?("'])([A-Za-z]+)(?=$|[\s,;:!?)"'])/g, (m, pre: string, w: string, at: number) => {
      if (keep.has(w.toLowerCase()) || NAMING.test(text.slice(0, at + pre.length))) return m;
      const c = this.word(w.toLowerCase());
      return c === w.toLowerCase() ? m : pre + c;
    });
  }
}

/** The speller requests are repaired with: `words` (with repeats), the stop and synonym words, the English lexicon. */
export function proseSpeller(words: Iterable<string>): Speller {
  return new Speller(words, [...STOP, ...SYNONYM_WORDS], englishWords);
}

/** Text ending in a word that introduces a name: what follows is the user's spelling. */
const NAMING = /\b(?:called|named|titled|name)\s+$/i;

/** Optimal-string-alignment distance (adjacent swaps count 1), cut off above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = a.length;
  const m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const cur = new Array<number>(m + 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[m]!;
}
