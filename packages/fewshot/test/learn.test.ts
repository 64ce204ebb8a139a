import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { learn } from "../src/learn.js";
import { openPool, LEARNED_FILE } from "../src/pool.js";
import { smallCorpus, tempDir } from "./helpers.js";

describe("learning from corrections", () => {
  it("adds a valid pair that later retrieval finds first", async () => {
    const dir = tempDir("learn");
    const examplesDir = smallCorpus();
    const request = "Show disk usage of the photos folder sorted biggest first";
    const command = "du -sh photos/* | sort -rh";
    const r = await learn(request, command, { dir });
    expect(r.added).toBe(true);
    expect(r.example.program).toBe("du");
    const pool = await openPool({ dir, examplesDir });
    const got = pool.retrieve(request, { k: 2 });
    expect(got.examples[0]!.command).toBe(command);
    expect(got.examples[0]!.why).toContain("learned");
    await pool.close();
    expect((await learn(request, command, { dir })).added).toBe(false); // no duplicate lines
    expect(readFileSync(join(dir, LEARNED_FILE), "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("updates an open pool in memory without reopening", async () => {
    const dir = tempDir("learn-open");
    const pool = await openPool({ dir, examplesDir: smallCorpus() });
    await learn("List the open ports with their processes", "ss -tlnp", { pool });
    expect(pool.retrieve("list the open ports with their processes", { k: 1 }).examples[0]!.command).toBe("ss -tlnp");
    await pool.close();
  });

  it("rejects a pair that does not parse and leaves the pool untouched", async () => {
    const dir = tempDir("learn-bad");
    await learn("Count lines", "wc -l notes.txt", { dir });
    const before = readFileSync(join(dir, LEARNED_FILE));
    await expect(learn("Broken quoting", "grep 'unterminated app.log", { dir })).rejects.toThrow(/cannot learn .*does not parse as bash/);
    await expect(learn("Empty", "   ", { dir })).rejects.toThrow(/command is empty/);
    await expect(learn("", "ls", { dir })).rejects.toThrow(/request is empty/);
    expect(readFileSync(join(dir, LEARNED_FILE)).equals(before)).toBe(true);
  });

  it("keeps every pair when several learns run at once", async () => {
    const dir = tempDir("learn-concurrent");
    const pairs = Array.from({ length: 8 }, (_, i) => [`Show the first ${i + 2} lines of notes.txt`, `head -n ${i + 2} notes.txt`] as const);
    const results = await Promise.all(pairs.map(([r, c]) => learn(r, c, { dir })));
    expect(results.every((r) => r.added)).toBe(true);
    const lines = readFileSync(join(dir, LEARNED_FILE), "utf8").trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).command).sort()).toEqual(pairs.map(([, c]) => c).sort());
  });

  it("creates nothing when the very first pair is invalid", async () => {
    const dir = join(tempDir("learn-none"), "home");
    await expect(learn("Loop", "for f in *; do echo $f", { dir })).rejects.toThrow(/does not parse/);
    expect(existsSync(dir)).toBe(false);
  });
});
