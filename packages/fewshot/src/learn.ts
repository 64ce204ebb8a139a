import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { exampleId, PoolError, programOf, type Example } from "./example.js";
import { INDEX_FILE, LEARNED_FILE, userDir, type Pool } from "./pool.js";
import { IndexStore, toStored } from "./store.js";
import { pauseAt } from "./pause.js";
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
  const added = await withLock(`${file}.lock`, () => {
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
    const line = JSON.stringify({ request: example.request, command: example.command, program: example.program, category: example.category, difficulty: example.difficulty }) + "\n";
    // Whole-file rewrite through a temp file: a crash leaves the old pool or the new one,
    // never half a line. The lock keeps two concurrent learns from losing one another.
    removeDeadTemps(file);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, previous + (previous && !previous.endsWith("\n") ? "\n" : "") + line);
    pauseAt("learn-before-rename");
    renameSync(tmp, file);
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

/** Whether a process with this pid is running (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Temp files of writers that were killed before their rename: their pid is gone. */
function removeDeadTemps(file: string): void {
  const prefix = `${basename(file)}.`;
  for (const f of readdirSync(dirname(file))) {
    const m = f.startsWith(prefix) ? /^(\d+)\.tmp$/.exec(f.slice(prefix.length)) : null;
    if (m && !alive(Number(m[1]))) rmSync(join(dirname(file), f), { force: true });
  }
}

/**
 * Runs `fn` holding an exclusive lock file that names its holder's pid. A lock whose holder
 * is no longer running (a killed learn) is taken over at once; one older than 30 s too.
 */
async function withLock<T>(lock: string, fn: () => T): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      try {
        const holder = Number(readFileSync(lock, "utf8"));
        // An empty lock is one being written this instant: only its age can make it stale.
        if ((holder > 0 && !alive(holder)) || Date.now() - statSync(lock).mtimeMs > 30_000) rmSync(lock, { force: true });
      } catch {
        // the holder just released it
      }
      if (Date.now() > deadline) throw new PoolError(`cannot learn: ${lock} is held by another process; retry, or delete it if no shellgen is running`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
