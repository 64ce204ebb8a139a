import { cached, cacheKey } from "@shellgen/base";
import * as grammars from "@shellgen/grammars";
import { Bm25Index, type Bm25Snapshot } from "./bm25.js";
import { queryTerms, tokenize } from "./tokens.js";

// Option retrieval: every option of every program in the grammar pack's IR, indexed by
// its help description and long name, so "reverse the result of comparisons" finds
// `sort -r` and "largest first" finds `ls -S`. The hits serve two ends: evidence for
// which program a request is about (the example pool has no examples of some programs,
// and its examples do not word every option), and a flag plan for the per-request grammar.

/** The part of grammargen's CommandSpec this module reads (kept structural: fewshot does not depend on grammargen). */
export interface OptionSource {
  path: string[];
  options: { short?: string[]; long?: string[]; dashLong?: string[]; description?: string; value?: { metavar?: string } }[];
}

export interface OptionHit {
  /** the pack entry (git-status, busybox-ls, sort) */
  entry: string;
  /** the program as the example pool names it (git, ls, sort) */
  program: string;
  /** the spelling to use: -r, --reverse, -name */
  flag: string;
  description: string;
  score: number;
}

interface OptionDoc {
  /** a subcommand's option (git-tag --column): used for flag plans, not as program evidence */
  sub: boolean;
  entry: string;
  program: string;
  flag: string;
  description: string;
}

/** busybox-ls -> ls, git-status -> git, openssl-rand -> openssl: the name the pool and PATH use. */
export function programOfEntry(entry: string, path: string[]): string {
  if (entry.startsWith("busybox-")) return entry.slice("busybox-".length);
  return path[0] ?? entry;
}

/** Options with no description, and --help/--version, say nothing about a request. */
const SKIP = new Set(["help", "version", "usage"]);

/** A built OptionIndex as plain data (see OptionIndex.snapshot). */
export interface OptionIndexSnapshot {
  bm25: Bm25Snapshot;
  docs: OptionDoc[];
}

export class OptionIndex {
  private bm25 = new Bm25Index();
  private docs: OptionDoc[] = [];

  /** The index as plain data, for a cache file; OptionIndex.restore gives it back without tokenising. */
  snapshot(): OptionIndexSnapshot {
    return { bm25: this.bm25.snapshot(), docs: this.docs };
  }

  static restore(s: OptionIndexSnapshot): OptionIndex {
    const ix = new OptionIndex([]);
    ix.bm25 = Bm25Index.restore(s.bm25);
    if (s.docs.length !== s.bm25.docLen.length) throw new Error("option index snapshot: documents and postings differ in count");
    ix.docs = s.docs;
    return ix;
  }

  constructor(entries: { entry: string; ir: OptionSource }[]) {
    for (const { entry, ir } of entries) {
      const program = programOfEntry(entry, ir.path ?? []);
      for (const o of ir.options ?? []) {
        const desc = (o.description ?? "").trim();
        const longs = [...(o.long ?? []), ...(o.dashLong ?? [])];
        if (!desc || longs.some((l) => SKIP.has(l))) continue;
        const flag = o.short?.[0] ? `-${o.short[0]}` : o.long?.[0] ? `--${o.long[0]}` : `-${o.dashLong![0]}`;
        // The long name's words count as description: --human-readable says "human readable".
        const text = `${desc} ${longs.map((l) => l.replace(/[-_]/g, " ")).join(" ")}`;
        const terms = tokenize(text).filter((t) => !t.startsWith("-"));
        if (!terms.length) continue;
        this.bm25.add(terms);
        this.docs.push({ sub: (ir.path?.length ?? 1) > 1, entry, program, flag, description: desc });
      }
    }
  }

  get size(): number {
    return this.docs.length;
  }

  /** The options whose descriptions best match the request, best first. */
  search(request: string, k = 10): OptionHit[] {
    const q = queryTerms(request).filter(([t]) => !t.startsWith("-"));
    return this.bm25.search(q, k).map((h) => {
      const { sub: _sub, ...d } = this.docs[h.doc]!;
      return { ...d, score: h.score };
    });
  }

  /**
   * Per program, its best option score scaled so the best program gets 1. The best single
   * option, not the sum: a program with hundreds of options (curl) must not win by count.
   * Subcommands' options stay out: twenty git subcommands would otherwise give git twenty
   * chances at every request, and a request for git usually names it.
   */
  programEvidence(request: string, k = 30): Map<string, number> {
    const out = new Map<string, number>();
    const q = queryTerms(request).filter(([t]) => !t.startsWith("-"));
    for (const h of this.bm25.search(q, k * 2)) {
      const d = this.docs[h.doc]!;
      if (!d.sub) out.set(d.program, Math.max(out.get(d.program) ?? 0, h.score));
    }
    const max = Math.max(1e-9, ...out.values());
    for (const [p, v] of out) out.set(p, v / max);
    return out;
  }
}

/** Every entry of the grammar pack (@shellgen/grammars) with its IR; an entry whose IR does not read is skipped. */
export function readPackIr(): { entry: string; ir: OptionSource }[] {
  const out: { entry: string; ir: OptionSource }[] = [];
  for (const c of Object.values(grammars.commands)) {
    try {
      out.push({ entry: c.name, ir: c.ir as unknown as OptionSource });
    } catch {
      /* a pack mid-regeneration is swapped in whole; a stray broken file is skipped */
    }
  }
  return out.sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0));
}

/** Bump when the snapshot shape or the way the index is built changes. */
const SNAPSHOT_FORMAT = "options-1";

let shared: OptionIndex | undefined;
/** The option index over the shipped pack, built once per process and cached between processes. */
export function packOptionIndex(): OptionIndex {
  // The manifest holds a sha256 of every entry's IR, so it keys the whole index.
  shared ??= cached("option-index", cacheKey(SNAPSHOT_FORMAT, JSON.stringify(grammars.manifest)), () => new OptionIndex(readPackIr()), {
    save: (ix: OptionIndex) => ix.snapshot(),
    load: (s: OptionIndexSnapshot) => OptionIndex.restore(s),
  });
  return shared;
}
