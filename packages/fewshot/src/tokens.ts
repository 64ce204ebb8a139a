import { canonical, queryHead } from "./synonyms.js";

// Tokenisation shared by the index and the query side. Shell text is not prose: a flag
// like `--max-depth` must match itself exactly *and* its words, and a path like
// `src/app.test.js` must match `app`, `test` and `js`, so each such token is kept whole
// and also split on / . _ - =.

export const STOP = new Set(
  (
    "a an the of to in on at for from by with and or but is are be been was were it its this that these those " +
    "i me my we our you your he she they them their what which who whom how do does did can could should would " +
    "will shall may might must please just all any some into onto out up there here then than so as if not no " +
    "show give get make let using use via want need like tell also each every me"
  ).split(" "),
);

/** Cheap suffix stripping so "files"/"file" and "counting"/"count" meet; not a full stemmer. */
export function stem(w: string): string {
  const s = strip(w);
  // "route"/"routing", "name"/"named": drop a final e so both forms meet.
  return s.length > 4 && s.endsWith("e") && !s.endsWith("ee") ? s.slice(0, -1) : s;
}

function strip(w: string): string {
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) return w.slice(0, -3) + "y";
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.endsWith("ize") && w.length > 6) return w.slice(0, -3);
  if (w.endsWith("izing") && w.length > 8) return w.slice(0, -5);
  if (w.endsWith("ing") && w.length > 5) return undouble(w.slice(0, -3));
  if (w.endsWith("ed") && w.length > 4) return undouble(w.slice(0, -2));
  if (w.endsWith("es") && /(ch|sh|x|ss|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

const PIECE = /--?[a-z0-9][a-z0-9-]*|[a-z0-9][a-z0-9._\/+-]*[a-z0-9]|[a-z0-9]|\*\.[a-z0-9]+/g;

/**
 * Terms for BM25. Natural-language words are lower-cased, stop-worded and stemmed;
 * flags (`-n`, `--max-depth`) and dotted/slashed words are kept verbatim plus their parts.
 */
export function tokenize(text: string): string[] {
  return weightedTerms(text).map(([t]) => t);
}

/** Weight of the words inside a file name or path: `events.log` says little about intent. */
export const PART_WEIGHT = 0.35;

/**
 * Weight of a whole file name, path or number in a query: the same name in an example
 * says the example shares a particular, not an intent ("readme.md" must not pull in every
 * program that once touched a README).
 */
export const NAME_WEIGHT = 0.5;

/**
 * Terms of a request for searching the index (which stays tokenised by `tokenize`):
 * names and numbers weigh less, a word of a synonym group carries the group's term (also
 * for the query-only words in synonyms.ts), and a name
 * ending in a plural word (sha256sums) also gives its singular.
 */
export function queryTerms(text: string): [term: string, weight: number][] {
  const out: [string, number][] = [];
  for (const [t, w] of weightedTerms(text)) {
    const isName = /[\/.]/.test(t) || /^\d+[a-z]?$/.test(t);
    out.push([t, isName && w === 1 ? NAME_WEIGHT : w]);
    if (t.startsWith("~") || t.startsWith("-")) continue;
    if (/\d[a-z]{3,}s$/.test(t)) out.push([t.slice(0, -1), w]);
    const head = queryHead(t, stem);
    if (head && !out.some(([x]) => x === "~" + head)) out.push(["~" + head, w]);
  }
  return out;
}

/** Query terms with weights: whole words and flags count 1, pieces of names and paths less. */
export function weightedTerms(text: string): [term: string, weight: number][] {
  const out: [string, number][] = [];
  const lower = text.toLowerCase();
  const push = (t: string, w: number) => out.push([t, w]);
  for (const m of lower.matchAll(PIECE)) {
    const raw = m[0];
    if (raw.startsWith("-")) {
      push(raw, 1); // the flag itself, e.g. "--max-depth" or "-n"
      const body = raw.replace(/^-+/, "");
      if (raw.startsWith("--")) for (const p of body.split("-")) if (p.length > 1 && !STOP.has(p)) push(stem(p), 1);
      continue;
    }
    if (raw.startsWith("*.")) {
      push(raw.slice(2), 1);
      continue;
    }
    const parts = raw.split(/[\/._=+-]+/).filter(Boolean);
    if (parts.length > 1) {
      push(raw, 1);
      for (const p of parts) if (!STOP.has(p)) pushWord(out, p, PART_WEIGHT);
      continue;
    }
    if (STOP.has(raw)) continue;
    pushWord(out, raw, 1);
  }
  return out;
}

function pushWord(out: [string, number][], w: string, weight: number): void {
  const s = stem(w);
  out.push([s, weight]);
  const c = canonical(w) !== w ? canonical(w) : canonical(s);
  if (c !== w && c !== s) out.push(["~" + c, weight]);
}

/** Distinct terms, for set-overlap similarity (near-duplicates, MMR without vectors). */
export function termSet(text: string): Set<string> {
  return new Set(tokenize(text));
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

/**
 * Prompt-token estimate used when the caller gives no tokenizer: roughly what a
 * SentencePiece/BPE vocabulary spends on shell text (words ~1.3 tokens, symbols 1 each).
 */
export function estimateTokens(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/[A-Za-z]+|\d+|\s+|[^\sA-Za-z\d]/g)) {
    const s = m[0];
    if (/^\s+$/.test(s)) n += s.includes("\n") ? 1 : 0;
    else if (/^[A-Za-z]+$/.test(s)) n += Math.ceil(s.length / 5);
    else if (/^\d+$/.test(s)) n += Math.ceil(s.length / 3);
    else n += 1;
  }
  return n;
}
