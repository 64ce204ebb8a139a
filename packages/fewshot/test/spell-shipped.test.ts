// spellRequest: the shipped examples' speller without the pool, as `shellgen` restates a request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPool, type Pool } from "../src/pool.js";
import { spellRequest } from "../src/spell-shipped.js";
import { tempDir } from "./helpers.js";

let pool: Pool;
beforeAll(async () => {
  pool = await openPool({ dir: tempDir("spell"), index: ":memory:" });
});
afterAll(async () => {
  await pool.close();
});

describe("spellRequest", () => {
  const requests = ["shwo the frist 10 lines of readme.md", "how much room is left on the drives", "cuont the lines in notse.txt", "delte all .bak fiels"];

  it("repairs typos, and leaves English words and names alone", () => {
    expect(spellRequest(requests[0]!)).toBe("show the first 10 lines of readme.md");
    expect(spellRequest(requests[1]!)).toBe(requests[1]);
    expect(spellRequest("copy the frist file into bakup", new Set(["bakup"]))).toBe("copy the first file into bakup");
  });

  it("reads a request exactly as a pool of the same examples does", () => {
    for (const r of requests) expect(spellRequest(r)).toBe(pool.spelled(r));
  });
});
