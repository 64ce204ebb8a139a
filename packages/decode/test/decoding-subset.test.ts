// The decoding form is a subset of the composed grammar: what llama.cpp samples under must
// never be a command the full grammar refuses, and it must keep the spellings commands are
// normally written in.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { alt, compose, emitGbnf, emitLark, lit, opt, parseGrammarText, recognize, ref, rule, seq } from "@shellgen/grammargen";
import { decodingSubset } from "../src/decoding-subset.js";
import { repoPath } from "@shellgen/base";
import { forDecoding, loadPack } from "../src/plan-pack.js";
import { gbnfLoads, larkCheck } from "../../grammargen/test/oracles.js";
import { xgrammarParse } from "../../grammargen/src/emit/xgrammar.js";

const KEPT = [
  "ls -l | wc -l",
  "cd src && make",
  "test -f a.txt || touch a.txt",
  "echo $(date)",
  "sort names.txt | uniq -c | sort -rn | head -n 3",
  "sleep 5 & wait",
  "mkdir -p out; ls out",
  "for f in *.txt; do wc -l $f; done",
  "ls -l > out.txt 2>&1",
];
// Accepted by the full grammar, outside the subset: documented in the README ("Speed").
const NARROWED = ["ls|wc -l", "cd src &&make", "echo `date`", "ls\nwc -l", "mkdir out;ls out"];
/** Why a command the full grammar accepts is outside the subset. */
const narrowedSpelling = (c: string): boolean => c.includes("`") || c.includes("\n") || /(\|\||&&|\||;|&)(?=[^ \n>&|])/.test(c);

describe("the decoding subset", () => {
  it("accepts only what the pack's default grammar accepts; what it leaves out is a documented spelling", async () => {
    const pack = await loadPack();
    const full = parseGrammarText(pack.defaultGrammar.gbnf, "gbnf");
    const decoding = forDecoding(full);
    const valid = readFileSync(`${repoPath()}/corpora/coverage/valid.txt`, "utf8")
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#"));
    let left = 0;
    for (const c of [...valid, ...KEPT, ...NARROWED]) {
      const inFull = recognize(full, c).accepted;
      const inSubset = recognize(decoding, c).accepted;
      if (inSubset) expect(inFull, c).toBe(true);
      if (inFull && !inSubset) {
        left++;
        expect(narrowedSpelling(c), c).toBe(true);
      }
    }
    for (const c of KEPT) expect(recognize(decoding, c).accepted, c).toBe(true);
    for (const c of NARROWED) expect([recognize(full, c).accepted, recognize(decoding, c).accepted], c).toEqual([true, false]);
    // Most of the coverage set is written the usual way.
    expect(left).toBeLessThan(valid.length / 10);
  });

  it("requires the space after an operator also where the choice of operators is a rule of its own", () => {
    const g = {
      start: "s",
      rules: [rule("s", seq(lit("a"), ref("ops"), opt(ref("sp")), lit("b"))), rule("ops", alt(lit("|"), lit("&&")), true), rule("sp", lit(" "), true)],
    };
    const sub = decodingSubset(g);
    expect(["a| b", "a&& b", "a|b", "a&&b"].map((c) => [recognize(g, c).accepted, recognize(sub, c).accepted])).toEqual([
      [true, true],
      [true, true],
      [true, false],
      [true, false],
    ]);
  });

  it("a composed decoding form loads in llama.cpp, XGrammar and Python Lark, which agree with the checker", async () => {
    const pack = await loadPack();
    const g = compose({ commands: ["ls", "wc", "sort", "date", "echo"].flatMap((n) => (pack.commands[n] ? [pack.commands[n]!.ir] : [])) });
    const decoding = forDecoding(g);
    expect(await gbnfLoads(emitGbnf(decoding))).toBe(true);
    (await xgrammarParse(emitGbnf(decoding))).dispose();
    const inputs = [" ls -l | wc -l\n\n", "ls|wc -l", "echo $(date)", "echo `date`", "ls\nwc", "sort -r a b; ls"];
    const [lark] = larkCheck([{ grammar: emitLark(decoding), inputs }]);
    expect(lark!.loaded, lark!.error).toBe(true);
    expect(lark!.accepted).toEqual(inputs.map((i) => recognize(decoding, i).accepted));
    expect(lark!.accepted).toEqual([true, false, true, false, false, true]);
  });
});
