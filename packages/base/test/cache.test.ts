// The start-up cache: a value is built once per key, read back on the next call, rebuilt
// when the key changes (and the old file removed), and rebuilt when the file is damaged.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cached, cacheKey } from "../src/cache.js";

let home: string;
const saved = { home: process.env.SHELLGEN_HOME, off: process.env.SHELLGEN_CACHE };

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "shellgen-cache-"));
  process.env.SHELLGEN_HOME = home;
  delete process.env.SHELLGEN_CACHE;
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  if (saved.home === undefined) delete process.env.SHELLGEN_HOME;
  else process.env.SHELLGEN_HOME = saved.home;
  if (saved.off === undefined) delete process.env.SHELLGEN_CACHE;
  else process.env.SHELLGEN_CACHE = saved.off;
});

/** A value whose codec turns a Map into pairs and back, counting builds. */
function probe() {
  let builds = 0;
  const build = () => {
    builds++;
    return new Map([
      ["a", 1],
      ["b", 2],
    ]);
  };
  const codec = { save: (m: Map<string, number>) => [...m], load: (s: [string, number][]) => new Map(s) };
  return { build, codec, builds: () => builds };
}

describe("cached", () => {
  it("builds once per key and reads the value back", () => {
    const p = probe();
    const first = cached("probe", cacheKey("v1"), p.build, p.codec);
    const second = cached("probe", cacheKey("v1"), p.build, p.codec);
    expect(p.builds()).toBe(1);
    expect([...second]).toEqual([...first]);
    expect(second).not.toBe(first);
  });

  it("rebuilds for a new key and drops the file of the old one", () => {
    const p = probe();
    cached("probe", cacheKey("v1"), p.build, p.codec);
    cached("probe", cacheKey("v2"), p.build, p.codec);
    expect(p.builds()).toBe(2);
    expect(readdirSync(join(home, "cache"))).toEqual([`probe-${cacheKey("v2")}.json`]);
  });

  it("rebuilds when the file is damaged or its snapshot is refused", () => {
    const p = probe();
    const key = cacheKey("v1");
    cached("probe", key, p.build, p.codec);
    writeFileSync(join(home, "cache", `probe-${key}.json`), '{"key":');
    cached("probe", key, p.build, p.codec);
    expect(p.builds()).toBe(2);
    const refusing = {
      save: p.codec.save,
      load: (): Map<string, number> => {
        throw new Error("old shape");
      },
    };
    expect([...cached("probe", key, p.build, refusing)]).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(p.builds()).toBe(3);
  });

  it("is off with SHELLGEN_CACHE=0 and survives a home it cannot write", () => {
    const p = probe();
    process.env.SHELLGEN_CACHE = "0";
    cached("probe", cacheKey("v1"), p.build, p.codec);
    cached("probe", cacheKey("v1"), p.build, p.codec);
    expect(p.builds()).toBe(2);
    delete process.env.SHELLGEN_CACHE;
    process.env.SHELLGEN_HOME = join(home, "file");
    writeFileSync(join(home, "file"), "not a directory");
    expect([...cached("probe", cacheKey("v1"), p.build, p.codec)]).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("keys differ when any part differs, including where parts split", () => {
    expect(cacheKey("ab", "c")).not.toBe(cacheKey("a", "bc"));
    expect(cacheKey("a")).toBe(cacheKey("a"));
  });
});
