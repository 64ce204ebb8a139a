import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, writeFileSync, mkdirSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openPool, INDEX_FILE } from "../src/pool.js";
import { PoolError } from "../src/example.js";
import { smallCorpus, tempDir } from "./helpers.js";

describe("the persistent index", () => {
  it("is built once, reopened without changes, and synced incrementally when examples are added", async () => {
    const examplesDir = smallCorpus();
    const dir = tempDir("store");
    const p1 = await openPool({ dir, examplesDir });
    expect(p1.size).toBe(6);
    expect(p1.notes.join("\n")).toContain("+6 -0");
    await p1.close();
    expect(existsSync(join(dir, INDEX_FILE))).toBe(true);

    const p2 = await openPool({ dir, examplesDir });
    expect(p2.notes).toEqual([]); // nothing changed, nothing rewritten
    await p2.close();

    appendFileSync(
      join(examplesDir, "mini.jsonl"),
      JSON.stringify({ request: "Sort names.txt alphabetically", command: "sort names.txt", program: "sort", category: "text", difficulty: 1 }) + "\n",
    );
    const p3 = await openPool({ dir, examplesDir });
    expect(p3.notes.join("\n")).toContain("+1 -0"); // one insert, not a rebuild
    expect(p3.retrieve("sort the names alphabetically", { k: 1 }).examples[0]!.command).toBe("sort names.txt");
    await p3.close();
  });

  it("rebuilds a file that is not a database, says so, and keeps the bad file aside", async () => {
    const examplesDir = smallCorpus();
    const dir = tempDir("corrupt");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, INDEX_FILE), "this is not sqlite at all, just garbage bytes ".repeat(200));
    const pool = await openPool({ dir, examplesDir });
    expect(pool.notes.join("\n")).toMatch(/corrupt.*rebuilt/);
    expect(existsSync(join(dir, INDEX_FILE + ".corrupt"))).toBe(true);
    expect(pool.retrieve("count lines of notes.txt", { k: 1 }).examples[0]!.program).toBe("wc");
    await pool.close();
  });

  it("detects rows changed behind its back (checksum) and refuses them with onCorrupt: error", async () => {
    const examplesDir = smallCorpus();
    const dir = tempDir("tamper");
    await (await openPool({ dir, examplesDir })).close();
    const db = new Database(join(dir, INDEX_FILE));
    db.prepare("UPDATE examples SET command = 'rm -rf ~' WHERE program = 'wc'").run();
    db.close();
    const before = readFileSync(join(dir, INDEX_FILE));
    await expect(openPool({ dir, examplesDir, onCorrupt: "error" })).rejects.toThrow(/index .* is corrupt: row checksum/);
    expect(readFileSync(join(dir, INDEX_FILE)).equals(before)).toBe(true); // reported, not touched

    const pool = await openPool({ dir, examplesDir }); // default: rebuild from the JSONL sources
    expect(pool.notes.join("\n")).toMatch(/checksum/);
    const r = pool.retrieve("count the lines in notes.txt", { k: 1 });
    expect(r.examples[0]!.command).toBe("wc -l < notes.txt");
    await pool.close();
  });

  it("rebuilds an index written by another tokenizer version instead of using stale terms", async () => {
    const examplesDir = smallCorpus();
    const dir = tempDir("stale");
    await (await openPool({ dir, examplesDir })).close();
    const db = new Database(join(dir, INDEX_FILE));
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'tokenizer'").run();
    db.close();
    const pool = await openPool({ dir, examplesDir });
    expect(pool.notes.join("\n")).toMatch(/another schema or tokenizer version/);
    expect(pool.size).toBe(6);
    await pool.close();
  });

  it("refuses an empty pool with a clear error and creates nothing", async () => {
    const examplesDir = tempDir("empty");
    const dir = join(tempDir("emptyhome"), "shellgen");
    await expect(openPool({ dir, examplesDir })).rejects.toThrow(PoolError);
    await expect(openPool({ dir, examplesDir })).rejects.toThrow(/example pool is empty/);
    expect(existsSync(dir)).toBe(false);
  });

  it("reports a malformed example file with its line number", async () => {
    const examplesDir = smallCorpus();
    appendFileSync(join(examplesDir, "mini.jsonl"), '{"request": "broken"\n');
    await expect(openPool({ dir: tempDir("bad"), examplesDir })).rejects.toThrow(/mini\.jsonl:7: not valid JSON/);
  });
});
