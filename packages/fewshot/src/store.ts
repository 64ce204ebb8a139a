import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { exampleId, PoolError, type Example } from "./example.js";
import { pauseAt } from "./pause.js";
import { tokenize } from "./tokens.js";

// The persistent index: one SQLite file holding the examples with their terms, vectors
// per embedder, and IVF centroids. Rows are keyed by a content hash, so syncing with the
// JSONL sources inserts and deletes only what changed. A running XOR of row hashes in
// `meta` lets open() prove the rows are the ones that were written.

export const SCHEMA_VERSION = "1";
/** Bump when tokenize() changes: stored terms would no longer match query terms. */
export const TOKENIZER_VERSION = "3";

export interface StoredExample extends Example {
  id: string;
  terms: string[];
}

export type CorruptPolicy = "rebuild" | "error";

function rowHash(e: StoredExample): bigint {
  const h = createHash("sha1")
    .update([e.id, e.request, e.command, e.program, e.category, String(e.difficulty), e.source ?? "corpus", e.terms.join(" ")].join("\u0001"))
    .digest();
  return h.readBigUInt64LE(0);
}

export function termsOf(e: { request: string; command: string }): string[] {
  return [...tokenize(e.request), ...tokenize(e.command)];
}

export function toStored(e: Example): StoredExample {
  return { ...e, source: e.source ?? "corpus", id: exampleId(e), terms: termsOf(e) };
}

/** An example with its id but no terms yet: tokenising is deferred to the rows actually inserted. */
export type KeyedExample = Example & { id: string; terms?: string[] };

export function keyed(e: Example): KeyedExample {
  return { ...e, source: e.source ?? "corpus", id: exampleId(e) };
}

/** An examples row as SQLite returns it (terms space-joined). */
interface ExampleRow {
  id: string;
  request: string;
  command: string;
  program: string;
  category: string;
  difficulty: Example["difficulty"];
  source: Example["source"];
  terms: string;
}

export class IndexStore {
  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {}

  /**
   * Opens (or creates) the index. A file that is not a database, lacks the schema, fails
   * SQLite's own check or whose rows disagree with the stored checksum is corrupt: with
   * "rebuild" it is moved aside to <path>.corrupt and replaced by an empty index (the
   * caller then re-syncs from the JSONL sources); with "error" open() throws.
   */
  static open(path: string, onCorrupt: CorruptPolicy, notes: string[]): IndexStore {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const fresh = path === ":memory:" || !existsSync(path);
    let store: IndexStore | undefined;
    let problem: string | null = null;
    try {
      store = new IndexStore(path, new Database(path));
      // A file with no tables yet is one another process has just created: create alongside it.
      if (fresh || store.tableCount() === 0) store.createSchema();
      // One read transaction: one snapshot. Read statement by statement, another process's
      // commit between the stored checksum and the rows made a sound index look corrupt.
      else problem = store.db.transaction(() => store!.verify())();
    } catch (e) {
      problem = `cannot be read as an index (${(e as Error).message})`;
    }
    if (problem === "stale") {
      notes.push(`index ${path} was written by another schema or tokenizer version; rebuilt it`);
      store!.db.close();
      rmSync(path, { force: true });
      return IndexStore.open(path, onCorrupt, notes);
    }
    if (problem) {
      store?.db.close();
      if (onCorrupt === "error") {
        throw new PoolError(`example index ${path} is corrupt: ${problem}. Delete it or open the pool with onCorrupt "rebuild".`);
      }
      renameSync(path, `${path}.corrupt`);
      for (const suffix of ["-wal", "-shm"]) rmSync(path + suffix, { force: true });
      notes.push(`example index ${path} was corrupt (${problem}); moved it to ${path}.corrupt and rebuilt it from the example files`);
      return IndexStore.open(path, "error", notes);
    }
    return store!;
  }

  /**
   * Creates the tables unless they exist: two processes (two `learn`s) may both find no file
   * and create it at once, and the second must not see "table exists" and call the index corrupt.
   */
  private createSchema(): void {
    this.db.pragma("journal_mode = WAL");
    this.db.transaction(() => this.createTables()).immediate();
  }

  private createTables(): void {
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS examples (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE, request TEXT NOT NULL, command TEXT NOT NULL,
        program TEXT NOT NULL, category TEXT NOT NULL, difficulty INTEGER NOT NULL,
        source TEXT NOT NULL, terms TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS vectors (id TEXT NOT NULL, embedder TEXT NOT NULL, vec BLOB NOT NULL, list INTEGER,
        PRIMARY KEY (id, embedder));
      CREATE TABLE IF NOT EXISTS ann (embedder TEXT PRIMARY KEY, dim INTEGER NOT NULL, centroids BLOB NOT NULL);
    `);
    const put = this.db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)");
    put.run("schema", SCHEMA_VERSION);
    put.run("tokenizer", TOKENIZER_VERSION);
    put.run("checksum", "0");
  }

  private tableCount(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
  }

  /** null when sound, "stale" for an old version, else what is wrong. */
  private verify(): string | null {
    const tables = new Set((this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    for (const t of ["meta", "examples", "vectors", "ann"]) if (!tables.has(t)) return `table ${t} is missing`;
    const check = this.db.pragma("quick_check", { simple: true });
    if (check !== "ok") return `SQLite quick_check: ${String(check)}`;
    const meta = this.meta();
    if (meta.get("schema") !== SCHEMA_VERSION || meta.get("tokenizer") !== TOKENIZER_VERSION) return "stale";
    const want = meta.get("checksum");
    const got = this.computeChecksum();
    if (want !== got) return `row checksum ${got} does not match the recorded ${want ?? "(none)"}`;
    return null;
  }

  private meta(): Map<string, string> {
    return new Map((this.db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  }

  private computeChecksum(): string {
    let x = 0n;
    for (const e of this.iterate()) x ^= rowHash(e);
    return x.toString(16);
  }

  *iterate(): Iterable<StoredExample> {
    const rows = this.db
      .prepare("SELECT id, request, command, program, category, difficulty, source, terms FROM examples ORDER BY seq")
      .iterate() as Iterable<ExampleRow>;
    for (const r of rows) {
      yield {
        id: r.id,
        request: r.request,
        command: r.command,
        program: r.program,
        category: r.category,
        difficulty: r.difficulty,
        source: r.source,
        terms: r.terms ? r.terms.split(" ") : [],
      };
    }
  }

  all(): StoredExample[] {
    return [...this.iterate()];
  }

  /** Inserts and deletes so the rows equal `wanted`; returns what changed. One transaction. */
  sync(wanted: KeyedExample[]): { added: StoredExample[]; removed: string[] } {
    const have = new Set((this.db.prepare("SELECT id FROM examples").all() as { id: string }[]).map((r) => r.id));
    const wantIds = new Set(wanted.map((e) => e.id));
    const added = wanted.filter((e) => !have.has(e.id)).map((e) => ({ ...e, terms: e.terms ?? termsOf(e) }));
    const removed = [...have].filter((id) => !wantIds.has(id));
    if (added.length || removed.length) this.apply(added, removed);
    return { added, removed };
  }

  add(examples: StoredExample[]): void {
    this.apply(examples, []);
  }

  private apply(added: StoredExample[], removedIds: string[]): void {
    const tx = this.db.transaction(() => {
      let x = BigInt("0x" + (this.meta().get("checksum") ?? "0"));
      const ins = this.db.prepare(
        "INSERT OR IGNORE INTO examples (id, request, command, program, category, difficulty, source, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      );
      for (const e of added) {
        const r = ins.run(e.id, e.request, e.command, e.program, e.category, e.difficulty, e.source ?? "corpus", e.terms.join(" "));
        if (r.changes) x ^= rowHash(e);
        pauseAt("index-in-transaction");
      }
      const get = this.db.prepare("SELECT id, request, command, program, category, difficulty, source, terms FROM examples WHERE id = ?");
      const del = this.db.prepare("DELETE FROM examples WHERE id = ?");
      const delVec = this.db.prepare("DELETE FROM vectors WHERE id = ?");
      for (const id of removedIds) {
        const r = get.get(id) as ExampleRow | undefined;
        if (!r) continue;
        x ^= rowHash({ ...r, terms: r.terms ? r.terms.split(" ") : [] });
        del.run(id);
        delVec.run(id);
      }
      this.db.prepare("UPDATE meta SET value = ? WHERE key = 'checksum'").run(x.toString(16));
    });
    // IMMEDIATE: the write lock is taken before the checksum is read, so two processes adding
    // at once serialise instead of one failing with SQLITE_BUSY on upgrading its read.
    tx.immediate();
  }

  vectors(embedder: string): Map<string, { vec: Float32Array; list: number | null }> {
    const out = new Map<string, { vec: Float32Array; list: number | null }>();
    for (const r of this.db.prepare("SELECT id, vec, list FROM vectors WHERE embedder = ?").iterate(embedder) as Iterable<{
      id: string;
      vec: Buffer;
      list: number | null;
    }>) {
      const b = r.vec;
      out.set(r.id, { vec: new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)), list: r.list });
    }
    return out;
  }

  putVectors(embedder: string, rows: { id: string; vec: Float32Array; list: number | null }[]): void {
    const ins = this.db.prepare("INSERT OR REPLACE INTO vectors (id, embedder, vec, list) VALUES (?, ?, ?, ?)");
    this.db.transaction(() => {
      for (const r of rows) ins.run(r.id, embedder, Buffer.from(r.vec.buffer, r.vec.byteOffset, r.vec.byteLength), r.list);
    })();
  }

  centroids(embedder: string): Float32Array | undefined {
    const r = this.db.prepare("SELECT centroids FROM ann WHERE embedder = ?").get(embedder) as { centroids: Buffer } | undefined;
    if (!r) return undefined;
    const b = r.centroids;
    return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  }

  putCentroids(embedder: string, dim: number, c: Float32Array): void {
    this.db
      .prepare("INSERT OR REPLACE INTO ann (embedder, dim, centroids) VALUES (?, ?, ?)")
      .run(embedder, dim, Buffer.from(c.buffer, c.byteOffset, c.byteLength));
  }

  close(): void {
    this.db.close();
  }
}
