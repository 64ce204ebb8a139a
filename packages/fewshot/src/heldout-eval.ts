import type { HeldoutRequest } from "./heldout.js";
import type { Pool, RetrieveOptions } from "./pool.js";

// How often retrieval puts a program the request needs among the examples it returns:
// the examples are the model's main hint, so a miss here is usually a wrong command.

/** A pack name such as git-status or openssl-rand also counts as its head word (git, openssl). */
export function programMatches(needed: string[], program: string): boolean {
  return needed.some((p) => p === program || p.startsWith(program + "-") || program.startsWith(p + "-"));
}

export interface RetrievalScore {
  total: number;
  hits: number;
  rate: number;
  byStyle: Record<string, { total: number; hits: number }>;
  misses: { id: string; request: string; needed: string[]; got: string[] }[];
}

export function scoreRetrieval(pool: Pool, set: HeldoutRequest[], opts: RetrieveOptions = { k: 3 }): RetrievalScore {
  const byStyle: RetrievalScore["byStyle"] = {};
  const misses: RetrievalScore["misses"] = [];
  let hits = 0;
  for (const r of set) {
    const got = pool.retrieve(r.request, opts).examples.map((e) => e.program);
    const hit = got.some((p) => programMatches(r.programs, p));
    const s = (byStyle[r.style] ??= { total: 0, hits: 0 });
    s.total++;
    if (hit) {
      hits++;
      s.hits++;
    } else misses.push({ id: r.id, request: r.request, needed: r.programs, got });
  }
  return { total: set.length, hits, rate: set.length ? hits / set.length : 0, byStyle, misses };
}
