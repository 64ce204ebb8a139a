import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { Bm25Index } from "../src/bm25.js";
import { defaultExamplesDir, readExamplesDir } from "../src/example.js";
import { estimateTokens, tokenize } from "../src/tokens.js";

describe("tokenize", () => {
  it("keeps flags whole and also splits long flags into words", () => {
    const t = tokenize("find . -maxdepth 2 --max-depth=3 -n");
    expect(t).toContain("-maxdepth");
    expect(t).toContain("--max-depth");
    expect(t).toContain("-n");
    expect(t).toContain("depth");
  });

  it("keeps paths and file names whole and also splits them on / . _ -", () => {
    const t = tokenize("cat src/app_main.test.js");
    expect(t).toContain("src/app_main.test.js");
    for (const p of ["src", "app", "main", "test", "js"]) expect(t).toContain(p);
  });

  it("drops stop words, stems plurals and -ing, and adds a synonym group's head", () => {
    const t = tokenize("Erase the files in the folder");
    expect(t).not.toContain("the");
    expect(t).toContain("file");
    expect(t).toContain("~delete");
    expect(t).toContain("~directory");
    expect(tokenize("counting lines")).toEqual(expect.arrayContaining(["count", "line"]));
  });

  it("estimates prompt tokens monotonically in the text", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("Request: list files\nCommand: ls -la\n\n")).toBeGreaterThan(5);
    expect(estimateTokens("a b c d e f g")).toBeLessThan(estimateTokens("a b c d e f g h i j k l m"));
  });
});

describe("Bm25Index", () => {
  it("ranks like wink-bm25-text-search (same formula) on the real pool", () => {
    const require = createRequire(import.meta.url);
    const winkFactory = require("wink-bm25-text-search");
    const wink = winkFactory();
    wink.defineConfig({ fldWeights: { text: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
    wink.definePrepTasks([(s: string) => s.split(" ").filter(Boolean)]);
    const docs = readExamplesDir(defaultExamplesDir()).slice(0, 600);
    const ours = new Bm25Index();
    docs.forEach((d, i) => {
      const terms = tokenize(`${d.request} ${d.command}`);
      ours.add(terms);
      wink.addDoc({ text: terms.join(" ") }, i);
    });
    wink.consolidate(4);
    for (const q of ["count lines in a log file", "extract a tar archive", "find python files modified recently", "git commit message"]) {
      const qt = tokenize(q);
      const w = wink.search(qt.join(" "), 5) as [string, number][];
      const o = ours.search(qt, 5);
      expect(o.length).toBe(w.length);
      o.forEach((hit, i) => expect(hit.score).toBeCloseTo(w[i]![1], 2));
    }
  });

  it("adds documents after searching, and skips removed ones", () => {
    const idx = new Bm25Index();
    idx.add(["alpha", "beta"]);
    idx.add(["beta", "gamma"]);
    expect(idx.search(["gamma"], 5).map((h) => h.doc)).toEqual([1]);
    const d = idx.add(["gamma", "gamma", "delta"]);
    expect(idx.search(["gamma"], 5)[0]!.doc).toBe(d);
    idx.remove(d);
    expect(idx.search(["gamma"], 5).map((h) => h.doc)).toEqual([1]);
    expect(idx.size).toBe(2);
  });
});
