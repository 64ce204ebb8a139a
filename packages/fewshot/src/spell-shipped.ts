// Typo repair with the shipped examples' vocabulary, without opening the pool: `shellgen`
// restates every request this way, and opening the pool (SQLite, index checks) for that
// alone would cost a one-request start some 90 ms. The vocabulary is the one a pool built
// from these examples reads (their requests and programs.json), kept in the start-up cache.
import { cached, cacheKey } from "@shellgen/base";
import { defaultExamplesDir, folderStamp, readExamplesDir, readProgramDescriptions } from "./example.js";
import { proseSpeller, type Speller } from "./spell.js";

const spellers = new Map<string, Speller>();

function vocabulary(dir: string): string[] {
  const words: string[] = [];
  const push = (t: string) => {
    for (const w of t.toLowerCase().match(/[a-z]+/g) ?? []) words.push(w);
  };
  for (const e of readExamplesDir(dir)) push(e.request);
  for (const t of readProgramDescriptions(dir).values()) push(t);
  return words;
}

/** The request with its typos repaired against the shipped examples' words; `keep` (lower case) never changes. */
export function spellRequest(request: string, keep?: ReadonlySet<string>, dir = defaultExamplesDir()): string {
  let sp = spellers.get(dir);
  if (!sp) {
    const words = cached("speller-words", cacheKey("speller-1", dir, folderStamp(dir)), () => vocabulary(dir), {
      save: (w) => w,
      load: (w: string[]) => w,
    });
    sp = proseSpeller(words);
    spellers.set(dir, sp);
  }
  return sp.correct(request, keep);
}
