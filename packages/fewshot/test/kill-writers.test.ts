// Killed and concurrent writers lose nothing: `learn` killed before its rename, `learn` killed
// inside the index's SQLite transaction, and two `learn` processes at once. Each writer is a
// real process running the built @shellgen/fewshot; SHELLGEN_PAUSE_AT stops it at a named
// point and says so, so every SIGKILL provably lands mid-write.
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempsOf } from "@shellgen/base";
import { learn } from "../src/learn.js";
import { INDEX_FILE, LEARNED_FILE } from "../src/pool.js";
import { IndexStore } from "../src/store.js";
import { tempDir } from "./helpers.js";

const PKG = join(import.meta.dirname, "..");

/** A child running `learn` for each pair in order; it pauses at `pauseAt` if given. */
function learner(dir: string, pairs: [string, string][], pauseAt?: string) {
  const script = `const m = await import("@shellgen/fewshot"); for (const [r, c] of ${JSON.stringify(pairs)}) await m.learn(r, c, { dir: ${JSON.stringify(dir)} });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: PKG,
    env: { ...process.env, ...(pauseAt ? { SHELLGEN_PAUSE_AT: pauseAt } : {}) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (b: Buffer) => (err += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once("exit", (code, signal) => r({ code, signal })));
  const paused = pauseAt
    ? new Promise<void>((resolve, reject) => {
        child.stderr.on("data", () => err.includes(`SHELLGEN_PAUSED ${pauseAt} ${child.pid}`) && resolve());
        void exited.then(() => reject(new Error(`the learner exited before pausing at ${pauseAt}: ${err}`)));
      })
    : Promise.resolve();
  paused.catch(() => {}); // awaited by the tests that pause; others must not see it as unhandled
  return { pid: child.pid!, paused, exited, kill: async () => (child.kill("SIGKILL"), (await exited).signal), stderr: () => err };
}

/** Whether some process holds learn's write lock: try to take it without waiting. */
function lockHeld(dir: string): boolean {
  const db = new Database(join(dir, `${LEARNED_FILE}.lock.db`));
  try {
    db.pragma("busy_timeout = 0");
    db.exec("BEGIN IMMEDIATE");
    db.exec("ROLLBACK");
    return false;
  } catch (e) {
    if ((e as { code?: string }).code === "SQLITE_BUSY") return true;
    throw e;
  } finally {
    db.close();
  }
}

const lines = (dir: string) =>
  readFileSync(join(dir, LEARNED_FILE), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { request: string; command: string });

/** The index opened strictly: a corrupt one throws instead of being rebuilt. */
function indexRows(dir: string): string[] {
  const store = IndexStore.open(join(dir, INDEX_FILE), "error", []);
  try {
    return store.all().map((e) => e.command);
  } finally {
    store.close();
  }
}

describe("killed and concurrent learn processes", () => {
  it("a learn killed before its rename leaves the previous pool; its lock dies with it", async () => {
    const dir = tempDir("kill-learn");
    await learn("Count the lines in notes.txt", "wc -l notes.txt", { dir });
    const before = readFileSync(join(dir, LEARNED_FILE));

    const w = learner(dir, [["Show the last line of log.txt", "tail -n 1 log.txt"]], "learn-before-rename");
    await w.paused;
    // Mid-write: the new file is complete in its temp file, the lock is held by the writer.
    const temps = tempsOf(join(dir, LEARNED_FILE));
    expect(temps).toHaveLength(1);
    expect(temps[0]).toContain(`.${w.pid}-`);
    expect(readFileSync(temps[0]!, "utf8")).toContain("tail -n 1 log.txt");
    expect(lockHeld(dir)).toBe(true);
    expect(await w.kill()).toBe("SIGKILL");
    // The kernel dropped the dead writer's lock with the process: nothing stale to take over.
    expect(lockHeld(dir)).toBe(false);

    expect(readFileSync(join(dir, LEARNED_FILE)).equals(before)).toBe(true);
    // The next learn gets the lock and removes the dead writer's temp file.
    await learn("Sort data.txt numerically", "sort -n data.txt", { dir });
    expect(lines(dir).map((l) => l.command)).toEqual(["wc -l notes.txt", "sort -n data.txt"]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(indexRows(dir)).toEqual(expect.arrayContaining(["wc -l notes.txt", "sort -n data.txt"]));
  }, 240_000);

  it("SIGKILLed at random points during its writes, learn leaves the old pool or the new one, whole", async () => {
    const dir = tempDir("kill-random");
    const file = join(dir, LEARNED_FILE);
    // A pool of 20,000 pairs makes each rewrite take milliseconds, a window kills can land in.
    const seed = Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify({ request: `Show line ${i} of data.txt`, command: `sed -n ${i}p data.txt`, program: "sed", category: "learned", difficulty: 1 }),
    );
    writeFileSync(file, `${seed.join("\n")}\n`);
    // The moment a writer creates its temp file, the kill is armed: 0-60 ms later (0-2 ms in the
    // later rounds), so it lands before, inside or after the write, the flush, the rename or the
    // directory's flush.
    let onTemp: (() => void) | undefined;
    const watcher = watch(dir, (_event, name) => {
      if (name?.startsWith(`.${LEARNED_FILE}.`) && name.endsWith(".tmp")) onTemp?.();
    });
    const outcomes = { old: 0, new: 0, midWrite: 0 };
    try {
      // At least 12 kills, and more (up to 60) until one lands mid-write: on a loaded machine the
      // watcher's event can arrive after a whole write, and then no kill of a round is inside it;
      // on a quiet one the write is over in a few of the 60 ms, so the later rounds kill within
      // 2 ms of the temp file's creation.
      for (let rep = 0; rep < 60 && (rep < 12 || outcomes.midWrite === 0); rep++) {
        const spread = rep < 12 ? 60 : 2;
        const before = readFileSync(file, "utf8");
        const command = `head -n ${rep + 1} notes.txt`;
        const w = learner(dir, [[`Print the first ${rep + 1} lines of notes.txt`, command]]);
        onTemp = () => {
          onTemp = undefined;
          setTimeout(() => void w.kill(), Math.random() * spread);
        };
        const end = await w.exited;
        onTemp = undefined;
        expect(end.code === 0 || end.signal === "SIGKILL", w.stderr()).toBe(true);
        const after = readFileSync(file, "utf8");
        if (after === before) outcomes.old++;
        else {
          // Otherwise exactly the old content and one whole new line.
          expect(after.startsWith(before)).toBe(true);
          const added = after.slice(before.length);
          expect(added.endsWith("\n") && added.indexOf("\n") === added.length - 1).toBe(true);
          expect((JSON.parse(added) as { command: string }).command).toBe(command);
          outcomes.new++;
        }
        if (tempsOf(file).length > 0) {
          outcomes.midWrite++;
          expect(after).toBe(before);
        }
      }
    } finally {
      watcher.close();
    }
    // Some kills provably landed between the temp file's creation and its rename.
    expect(outcomes.midWrite, JSON.stringify(outcomes)).toBeGreaterThan(0);
    // The next learn cleans up after the killed writers; the index holds no row the file lacks.
    await learn("Sort data.txt numerically", "sort -n data.txt", { dir });
    expect(tempsOf(file)).toEqual([]);
    const commands = new Set(lines(dir).map((l) => l.command));
    expect(commands.size).toBe(20_000 + outcomes.new + 1);
    const rows = indexRows(dir);
    expect(rows).toContain("sort -n data.txt");
    expect(rows.filter((c) => !commands.has(c))).toEqual([]);
  }, 300_000);

  it("a learn killed inside the index transaction leaves a sound index without its row", async () => {
    const dir = tempDir("kill-index");
    await learn("Count the lines in notes.txt", "wc -l notes.txt", { dir });
    const w = learner(dir, [["Show the last line of log.txt", "tail -n 1 log.txt"]], "index-in-transaction");
    await w.paused;
    // Mid-write: the row is inserted but not committed; the JSONL (the source of truth) already has it.
    expect(lines(dir).map((l) => l.command)).toEqual(["wc -l notes.txt", "tail -n 1 log.txt"]);
    expect(await w.kill()).toBe("SIGKILL");
    // SQLite rolled the transaction back: the checksum still matches, nothing half-written.
    expect(indexRows(dir)).toEqual(["wc -l notes.txt"]);
    // The next write brings the index up to date from the file.
    await learn("Sort data.txt numerically", "sort -n data.txt", { dir });
    expect(indexRows(dir).sort()).toEqual(["sort -n data.txt", "wc -l notes.txt"]);
  }, 240_000);

  it("two learn processes at once lose nothing, in the file or in the index", async () => {
    const dir = tempDir("concurrent-learn");
    const pairs = (tag: string): [string, string][] =>
      Array.from({ length: 6 }, (_, i) => [`Show the first ${i + 2} lines of ${tag}.txt`, `head -n ${i + 2} ${tag}.txt`]);
    const a = learner(dir, pairs("alpha"));
    const b = learner(dir, pairs("beta"));
    const [ra, rb] = await Promise.all([a.exited, b.exited]);
    expect(ra, a.stderr()).toEqual({ code: 0, signal: null });
    expect(rb, b.stderr()).toEqual({ code: 0, signal: null });
    const want = [...pairs("alpha"), ...pairs("beta")].map(([, c]) => c).sort();
    expect(
      lines(dir)
        .map((l) => l.command)
        .sort(),
    ).toEqual(want);
    expect(indexRows(dir).sort()).toEqual(want);
    expect(existsSync(join(dir, `${INDEX_FILE}.corrupt`))).toBe(false);
  }, 240_000);
});
