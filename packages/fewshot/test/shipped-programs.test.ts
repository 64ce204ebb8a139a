// shippedPrograms: the programs the examples run, at any stage, plus those programs.json describes.
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shippedPrograms } from "../src/example.js";
import { smallCorpus, tempDir } from "./helpers.js";

let home: string | undefined;
beforeEach(() => {
  home = process.env.SHELLGEN_HOME;
  process.env.SHELLGEN_HOME = tempDir("home");
});
afterEach(() => {
  if (home === undefined) delete process.env.SHELLGEN_HOME;
  else process.env.SHELLGEN_HOME = home;
});

describe("shippedPrograms", () => {
  it("lists every program a command runs and every described program, and sees a changed folder", () => {
    const dir = smallCorpus();
    writeFileSync(join(dir, "programs.json"), JSON.stringify({ _comment: "x", tac: "print lines in reverse" }));
    appendFileSync(join(dir, "mini.jsonl"), `${JSON.stringify({ request: "Newest file", command: "ls -t | head -n 1", program: "ls" })}\n`);
    const first = shippedPrograms(dir);
    expect(first).toEqual(["find", "grep", "head", "ls", "tac", "tar", "wc"]);
    expect(shippedPrograms(dir)).toEqual(first); // from the cache
    appendFileSync(join(dir, "mini.jsonl"), `${JSON.stringify({ request: "Reverse it", command: "rev a.txt", program: "rev" })}\n`);
    expect(shippedPrograms(dir)).toContain("rev");
  });
});
