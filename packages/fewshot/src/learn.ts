import Database from "better-sqlite3";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tempsOf, writeFileAtomicSync } from "@shellgen/base";
import { exampleId, PoolError, programOf, type Example } from "./example.js";
import { INDEX_FILE, LEARNED_FILE, userDir, type Pool } from "./pool.js";
import { IndexStore, toStored } from "./store.js";
import { notice, pauseAt } from "./pause.js";
import { loadValidator, type Validator } from "./validate.js";

export interface LearnOptions {
  /** the user's pool dir (default $SHELLGEN_HOME or ~/.local/share/shellgen) */
  dir?: string;
  /** an open pool to update in memory too, so it finds the pair without reopening */
  pool?: Pool;
  validator?: Validator;
  category?: string;
}

export interface Learned {
  example: Example;
  /** false when the pair was already in the user's pool */
  added: boolean;
  file: string;
}

/**
 * Validates a (request, corrected command) pair and appends it to the user's pool.
 * Nothing is written unless every check passes; the error names each failed check.
 */
export async function learn(request: string, command: string, opts: LearnOptions = {}): Promise<Learned> {
  const req = request.replace(/\s+/g, " ").trim();
  const cmd = command.replace(/\n+$/, "").trim();
  if (!req) throw new PoolError("cannot learn: the request is empty");
  if (!cmd) throw new PoolError("cannot learn: the command is empty");
  const validator = opts.validator ?? (await loadValidator());
  const verdict = validator.check(cmd);
  if (!verdict.ok) throw new PoolError(`cannot learn ${JSON.stringify(cmd)}: ${verdict.errors.join("; ")}`);

  const dir = opts.pool?.dir ?? opts.dir ?? userDir();
  const file = join(dir, LEARNED_FILE);
  const example: Example = { request: req, command: cmd, program: programOf(cmd), category: opts.category ?? "learned", difficulty: 1, source: "learned" };
  const id = exampleId(example);
  mkdirSync(dir, { recursive: true });
  const added = await withLock(`${file}.lock.db`, () => {
    const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
    const already = previous
      .split("\n")
      .filter((l) => l.trim())
      .some((l) => {
        try {
          const o = JSON.parse(l);
          return exampleId({ request: o.request, command: o.command }) === id;
        } catch {
          return false;
        }
      });
    if (already) return false;
    const line =
      JSON.stringify({
        request: example.request,
        command: example.command,
        program: example.program,
        category: example.category,
        difficulty: example.difficulty,
      }) + "\n";
    // Whole-file rewrite, atomic and flushed: a crash or a power cut leaves the old pool or
    // the new one, never half a line. The lock keeps two concurrent learns from losing one
    // another, and under it every temp file of the pool is a killed writer's.
    for (const dead of tempsOf(file)) rmSync(dead, { force: true });
    writeFileAtomicSync(file, previous + (previous && !previous.endsWith("\n") ? "\n" : "") + line, {
      beforeRename: () => pauseAt("learn-before-rename"),
    });
    return true;
  });
  if (!added) return { example, added: false, file };

  if (opts.pool) await opts.pool.add([example]);
  else {
    // Keep the on-disk index current too; a later open would also catch up from the file.
    const notes: string[] = [];
    const store = IndexStore.open(join(dir, INDEX_FILE), "rebuild", notes);
    try {
      store.add([toStored(example)]);
    } finally {
      store.close();
    }
  }
  return { example, added: true, file };
}

/**
 * Runs `fn` holding an exclusive write lock on a small SQLite file next to the pool. SQLite
 * takes it with a POSIX record lock, which the kernel drops the instant its holder dies, so
 * there is no stale lock to judge and take over: a pid-file takeover let two learns that both
 * saw the same dead holder each delete the other's fresh lock and both go ahead. The lock file
 * itself is never deleted (deleting it would split waiters across two inodes).
 */
async function withLock<T>(lock: string, fn: () => T): Promise<T> {
  const deadline = Date.now() + 10_000;
  // timeout 0: wait here, between polls, rather than block the event loop in SQLite's busy handler.
  const db = new Database(lock);
  db.pragma("busy_timeout = 0");
  try {
    for (;;) {
      try {
        db.exec("BEGIN IMMEDIATE");
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== "SQLITE_BUSY") throw e;
        notice("learn-lock-busy");
        if (Date.now() > deadline) throw new PoolError(`cannot learn: ${lock} is locked by another shellgen learn that has run for over 10 s; retry`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    try {
      return fn();
    } finally {
      db.exec("ROLLBACK");
    }
  } finally {
    db.close();
  }
}
