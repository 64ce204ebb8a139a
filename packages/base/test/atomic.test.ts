// The one atomic-write helper: what a user's file looks like after it (content, mode, a
// symbolic link at the target), and that a failed write leaves the old file and no temp.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { appendDurable, replaceAtomic, syncTreeSync, tempsOf, writeFileAtomic, writeFileAtomicSync } from "../src/index.js";

const root = mkdtempSync(join(tmpdir(), "atomic-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(root, String(n++));
  mkdirSync(d);
  return d;
};

describe("writeFileAtomic / writeFileAtomicSync", () => {
  it("writes any content exactly, replacing the old, and leaves no temp file (property)", async () => {
    const dir = fresh();
    const file = join(dir, "out.txt");
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: "binary" }), fc.uint8Array({ maxLength: 300_000 })), fc.boolean(), async (data, sync) => {
        if (sync) writeFileAtomicSync(file, data);
        else await writeFileAtomic(file, data);
        const want = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
        expect(readFileSync(file).equals(want)).toBe(true);
        expect(readdirSync(dir)).toEqual(["out.txt"]);
      }),
      { numRuns: 60 },
    );
    writeFileAtomicSync(file, [Buffer.from("a"), new Uint8Array([0x62]), Buffer.from("c")]);
    expect(readFileSync(file, "utf8")).toBe("abc");
  });

  it("keeps an existing file's mode; a new file gets the given mode", async () => {
    const dir = fresh();
    const file = join(dir, "notes.txt");
    writeFileSync(file, "old");
    chmodSync(file, 0o640);
    writeFileAtomicSync(file, "new");
    expect(statSync(file).mode & 0o777).toBe(0o640);
    await writeFileAtomic(file, "newer");
    expect(statSync(file).mode & 0o777).toBe(0o640);
    await writeFileAtomic(join(dir, "private"), "x", { mode: 0o600 });
    expect(statSync(join(dir, "private")).mode & 0o777).toBe(0o600);
  });

  it("writes through a symbolic link at the target: the link stays, the file it names changes", async () => {
    const dir = fresh();
    mkdirSync(join(dir, "real"));
    writeFileSync(join(dir, "real", "cfg.json"), "{}");
    symlinkSync(join("real", "cfg.json"), join(dir, "cfg.json"));
    await writeFileAtomic(join(dir, "cfg.json"), '{"a":1}');
    expect(lstatSync(join(dir, "cfg.json")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, "cfg.json"))).toBe(join("real", "cfg.json"));
    expect(readFileSync(join(dir, "real", "cfg.json"), "utf8")).toBe('{"a":1}');
    expect(readdirSync(join(dir, "real"))).toEqual(["cfg.json"]);
  });

  it("a write that fails leaves the target as it was and no temp file", async () => {
    const dir = fresh();
    mkdirSync(join(dir, "a-dir"));
    writeFileSync(join(dir, "a-dir", "inside"), "keep");
    expect(() => writeFileAtomicSync(join(dir, "a-dir"), "x")).toThrow(/EISDIR|EEXIST|ENOTEMPTY/);
    await expect(writeFileAtomic(join(dir, "a-dir"), "x")).rejects.toThrow(/EISDIR|EEXIST|ENOTEMPTY/);
    expect(readFileSync(join(dir, "a-dir", "inside"), "utf8")).toBe("keep");
    await expect(writeFileAtomic(join(dir, "missing", "f"), "x")).rejects.toMatchObject({ code: "ENOENT" });
    writeFileSync(join(dir, "f"), "old");
    expect(() =>
      writeFileAtomicSync(join(dir, "f"), "new", {
        beforeRename: () => {
          throw new Error("stop");
        },
      }),
    ).toThrow("stop");
    expect(readFileSync(join(dir, "f"), "utf8")).toBe("old");
    expect(readdirSync(dir).sort()).toEqual(["a-dir", "f"]);
  });

  it("tempsOf names the temp files a killed writer of that file left, and nothing else", () => {
    const dir = fresh();
    const file = join(dir, "learned.jsonl");
    let temp = "";
    writeFileAtomicSync(file, "x", {
      beforeRename: () => {
        temp = tempsOf(file)[0]!;
        expect(tempsOf(file)).toHaveLength(1);
      },
    });
    expect(temp).toMatch(new RegExp(`/\\.learned\\.jsonl\\.${process.pid}-[0-9a-f]{8}\\.tmp$`));
    writeFileSync(join(dir, "learned.jsonl.bak"), "");
    writeFileSync(join(dir, ".other.jsonl.1-abcdef01.tmp"), "");
    expect(tempsOf(file)).toEqual([]);
  });
});

describe("replaceAtomic, appendDurable, syncTreeSync", () => {
  it("replaceAtomic puts what fill made at the path itself, a link or a file, with the mode asked", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "src"), "copied");
    writeFileSync(join(dir, "dst"), "old");
    await replaceAtomic(join(dir, "dst"), async (tmp) => writeFileSync(tmp, readFileSync(join(dir, "src"))), { mode: 0o700 });
    expect(readFileSync(join(dir, "dst"), "utf8")).toBe("copied");
    expect(statSync(join(dir, "dst")).mode & 0o777).toBe(0o700);
    await replaceAtomic(join(dir, "dst"), async (tmp) => symlinkSync("src", tmp));
    expect(readlinkSync(join(dir, "dst"))).toBe("src");
    await expect(replaceAtomic(join(dir, "dst"), async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(readlinkSync(join(dir, "dst"))).toBe("src");
    expect(readdirSync(dir).sort()).toEqual(["dst", "src"]);
  });

  it("appendDurable appends whole lines in order", async () => {
    const file = join(fresh(), "results.jsonl");
    for (let i = 0; i < 5; i++) await appendDurable(file, `{"i":${i}}\n`);
    expect(readFileSync(file, "utf8")).toBe([0, 1, 2, 3, 4].map((i) => `{"i":${i}}\n`).join(""));
  });

  it("syncTreeSync flushes files written in place and changes none", () => {
    const dir = fresh();
    const files = ["a", "b"].map((f) => join(dir, f));
    for (const f of files) writeFileSync(f, f);
    syncTreeSync(dir, files);
    expect(files.map((f) => readFileSync(f, "utf8"))).toEqual(files);
  });
});
