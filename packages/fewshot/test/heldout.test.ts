import { describe, expect, it } from "vitest";
import { defaultExamplesDir, readExamplesDir } from "../src/example.js";
import { HELDOUT_STYLES, MASKED_OVERLAP, maskRequest, nearestMasked, readHeldoutSet } from "../src/heldout.js";

const set = readHeldoutSet();
const pool = readExamplesDir(defaultExamplesDir());

describe("the held-out request set (corpora/heldout/requests.jsonl)", () => {
  it("has at least 150 requests with unique ids and requests, at least 20 in every style", () => {
    expect(set.length).toBeGreaterThanOrEqual(150);
    expect(new Set(set.map((r) => r.id)).size).toBe(set.length);
    expect(new Set(set.map((r) => r.request.toLowerCase())).size).toBe(set.length);
    for (const s of HELDOUT_STYLES) expect(set.filter((r) => r.style === s).length, s).toBeGreaterThanOrEqual(20);
  });

  it("masks names, numbers and quoted strings alike", () => {
    expect(maskRequest("Show the last 2 lines of /var/log/app.log")).toBe(maskRequest("show the last 17 lines of notes.txt"));
    expect(maskRequest("grep 'foo bar' in x.c")).toBe("grep qstr in fname");
  });

  it("restates no pool example: no masked request shares 70% of its terms with one", () => {
    const clashes = set
      .map((r) => ({ id: r.id, near: nearestMasked(r.request, pool) }))
      .filter((c) => c.near && c.near.overlap >= MASKED_OVERLAP)
      .map((c) => `${c.id} ~ ${c.near!.request} (${(c.near!.overlap * 100).toFixed(0)}%)`);
    expect(clashes).toEqual([]);
  });
});
