// Captured texts over 40 KB are stored brotli-compressed as FILE.br: the writer picks the form
// by size and removes the other, every reader takes either, and a damaged file is an error that
// names it. The committed corpus keeps to the same rule.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { capturedTextPath, readCapturedText } from "@shellgen/base";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { COMPRESS_OVER, writeCapturedText } from "../src/capture/captured-text.js";
import { corpusDir } from "../src/bench/corpus.js";

const root = mkdtempSync(join(tmpdir(), "captured-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(root, String(n++));
  mkdirSync(d);
  return d;
};

describe("writeCapturedText / readCapturedText", () => {
  it("reads back any text exactly, in one form only, compressed exactly when over the limit (property)", async () => {
    const dir = fresh();
    const file = join(dir, "help.txt");
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 200 }), fc.integer({ min: 0, max: 2_000 }), async (piece, times) => {
        const text = piece.repeat(times);
        const big = Buffer.byteLength(text) > COMPRESS_OVER;
        expect(await writeCapturedText(file, text)).toBe(big ? `${file}.br` : file);
        expect(readdirSync(dir)).toEqual([big ? "help.txt.br" : "help.txt"]);
        expect(capturedTextPath(file)).toBe(big ? `${file}.br` : file);
        expect(readCapturedText(file)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("compresses a help text of 100 KB to well under half", async () => {
    const file = join(fresh(), "help.txt");
    const text = Array.from({ length: 2_000 }, (_, i) => `  --option-${i}=VALUE   what option ${i % 97} does to the output\n`).join("");
    await writeCapturedText(file, text);
    expect(statSync(`${file}.br`).size).toBeLessThan(Buffer.byteLength(text) / 2);
  });

  it("gives undefined where neither form exists, and names a damaged .br file", () => {
    const dir = fresh();
    expect(readCapturedText(join(dir, "man.txt"))).toBeUndefined();
    expect(capturedTextPath(join(dir, "man.txt"))).toBeUndefined();
    writeFileSync(join(dir, "man.txt.br"), "not brotli at all");
    expect(() => readCapturedText(join(dir, "man.txt"))).toThrow(`${join(dir, "man.txt.br")}: not a brotli-compressed text`);
  });
});

describe("corpora/help", () => {
  it("stores each help text and man page in the form the writer chooses, and in one form only", () => {
    const dir = corpusDir();
    let compressed = 0;
    for (const name of readdirSync(dir)) {
      for (const f of ["help.txt", "man.txt"].map((b) => join(dir, name, b))) {
        expect(existsSync(f) && existsSync(`${f}.br`), f).toBe(false);
        if (existsSync(f)) expect(statSync(f).size, `${f} is over ${COMPRESS_OVER} bytes: store it with writeCapturedText`).toBeLessThanOrEqual(COMPRESS_OVER);
        if (existsSync(`${f}.br`)) {
          expect(Buffer.byteLength(readCapturedText(f)!), `${f}.br`).toBeGreaterThan(COMPRESS_OVER);
          compressed++;
        }
      }
    }
    expect(compressed).toBeGreaterThan(0);
  });
});
