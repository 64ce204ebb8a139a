// Concurrent `shellgen learn` processes, one of them SIGKILLed while it holds the pool's
// write lock with its new file written but not yet renamed. Every process is the real CLI.
// The waiters say when they first found the lock busy (SHELLGEN_NOTICE), so the kill
// provably lands while they wait for it: the moment a pid-file takeover used to race.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INDEX_FILE, LEARNED_FILE } from "@shellgen/fewshot";

const BIN = join(import.meta.dirname, "../bin/shellgen.js");

function learnProcess(dir: string, request: string, command: string, env: Record<string, string>, waitFor: string) {
  const child = spawn(process.execPath, [BIN, "learn", request, command, "--dir", dir], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  let out = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once("exit", (code, signal) => r({ code, signal })));
  const reached = new Promise<void>((resolve, reject) => {
    child.stderr.on("data", (b: Buffer) => {
      err += b.toString();
      if (err.includes(`${waitFor} ${child.pid}`)) resolve();
    });
    void exited.then(() => reject(new Error(`shellgen learn exited before ${waitFor}: ${err}`)));
  });
  reached.catch(() => {});
  return { child, exited, reached, out: () => out, err: () => err };
}

const commands = (dir: string) =>
  readFileSync(join(dir, LEARNED_FILE), "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { command: string }).command);

describe("shellgen learn under concurrency and kills", () => {
  it("waiters on a lock whose holder is SIGKILLed mid-write all get it in turn and lose nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shellgen-learn-lock-"));
    const first = learnProcess(dir, "Count the lines in notes.txt", "wc -l notes.txt", {}, "");
    expect(await first.exited).toEqual({ code: 0, signal: null });

    const holder = learnProcess(
      dir,
      "Show the last line of log.txt",
      "tail -n 1 log.txt",
      { SHELLGEN_PAUSE_AT: "learn-before-rename" },
      "SHELLGEN_PAUSED learn-before-rename",
    );
    await holder.reached;
    const pairs = Array.from({ length: 5 }, (_, i) => [`Show the first ${i + 2} lines of data.txt`, `head -n ${i + 2} data.txt`] as const);
    const waiters = pairs.map(([r, c]) => learnProcess(dir, r, c, { SHELLGEN_NOTICE: "learn-lock-busy" }, "SHELLGEN_NOTICE learn-lock-busy"));
    // Every waiter has found the lock held by the paused writer; none got past it.
    await Promise.all(waiters.map((w) => w.reached));
    expect(commands(dir)).toEqual(["wc -l notes.txt"]);
    holder.child.kill("SIGKILL");
    expect((await holder.exited).signal).toBe("SIGKILL");

    const results = await Promise.all(waiters.map((w) => w.exited));
    for (const [i, r] of results.entries()) expect(r, waiters[i]!.err()).toEqual({ code: 0, signal: null });
    for (const [i, w] of waiters.entries()) expect(w.out()).toContain(`learned (head): ${pairs[i]![1]}`);
    // Each waiter's pair exactly once, the killed writer's pair not at all, the first one kept.
    expect(commands(dir).sort()).toEqual(["wc -l notes.txt", ...pairs.map(([, c]) => c)].sort());
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(existsSync(join(dir, `${INDEX_FILE}.corrupt`))).toBe(false);

    // The index caught up with every pair the file holds.
    const check = learnProcess(dir, "Sort data.txt numerically", "sort -n data.txt", {}, "");
    expect(await check.exited).toEqual({ code: 0, signal: null });
    const { IndexStore } = await import("../../fewshot/src/store.js");
    const store = IndexStore.open(join(dir, INDEX_FILE), "error", []);
    try {
      expect(
        store
          .all()
          .map((e) => e.command)
          .sort(),
      ).toEqual(commands(dir).sort());
    } finally {
      store.close();
    }
  }, 300_000);
});
