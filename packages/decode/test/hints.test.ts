import { describe, expect, it } from "vitest";
import { OptionIndex } from "@shellgen/fewshot";
import { ablationsFromEnv } from "../src/generate.js";
import { optionHints, optionHintsFromEnv } from "../src/hints.js";

// A small option index in the pack IR's shape, so the expected hints are known.
const ix = new OptionIndex([
  {
    entry: "sort",
    ir: {
      path: ["sort"],
      options: [
        { short: ["r"], long: ["reverse"], description: "reverse the result of comparisons" },
        { short: ["n"], long: ["numeric-sort"], description: "compare according to string numerical value" },
        { short: ["k"], long: ["key"], description: "sort via a key; KEYDEF gives location and type", value: { metavar: "KEYDEF" } },
      ],
    },
  },
  { entry: "ls", ir: { path: ["ls"], options: [{ short: ["r"], long: ["reverse"], description: "reverse order while sorting" }] } },
]);
const ex = [{ request: "Sort names.txt", command: "sort names.txt" }];

describe("option hints (hints.ts)", () => {
  it("writes the best-matching option of an example's program as a pair in the IR-pair shape", () => {
    expect(optionHints("order the numbers in data.txt in reverse", ex, 1, ix)).toEqual([
      { request: "With sort, reverse the result of comparisons", command: "sort -r" },
    ]);
  });

  it("repeats no flag an example shows (bundles split), and proposes no program nobody named", () => {
    expect(optionHints("order data.txt in reverse", [{ request: "x", command: "sort -rn a.txt" }], 2, ix)).toEqual([]);
    expect(optionHints("reverse order of the listing", [], 2, ix)).toEqual([]);
    expect(optionHints("ls in reverse order", [], 1, ix).map((h) => h.command)).toEqual(["ls -r"]);
  });

  it("skips options that take a value, since a hint cannot show the right one", () => {
    expect(optionHints("sort via a key location", ex, 2, ix).map((h) => h.command)).not.toContain("sort -k");
  });

  it("reads SHELLGEN_OPTION_HINTS and SHELLGEN_ABLATE, and says what is wrong with a bad value", () => {
    expect(optionHintsFromEnv({ SHELLGEN_OPTION_HINTS: "2" })).toBe(2);
    expect(() => optionHintsFromEnv({ SHELLGEN_OPTION_HINTS: "many" })).toThrow(/0 to 4/);
    expect([...ablationsFromEnv({ SHELLGEN_ABLATE: "no-narrow, default-grammar" })]).toEqual(["no-narrow", "default-grammar"]);
    expect(() => ablationsFromEnv({ SHELLGEN_ABLATE: "no-grammar" })).toThrow(/unknown part "no-grammar"/);
  });
});
