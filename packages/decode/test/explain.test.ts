// --explain reads IR descriptions parsed from the real programs' --help text.
import { describe, expect, it } from "vitest";
import { captureHelp, parseHelp, type CommandSpec } from "@shellgen/grammargen";
import { explain, formatExplanation } from "../src/explain.js";

async function specsFor(names: string[]): Promise<Map<string, CommandSpec>> {
  const out = new Map<string, CommandSpec>();
  for (const name of names) out.set(name, parseHelp(await captureHelp(name), { name }).spec);
  return out;
}

describe("explain", () => {
  it("breaks each flag and operand down from the IR", async () => {
    const specs = await specsFor(["grep", "sort", "head"]);
    const items = explain("grep -rn --ignore-case TODO src | sort -u | head -n 5", specs);
    expect(items.map((i) => i.program)).toEqual(["grep", "sort", "head"]);
    const grep = items[0]!.words;
    expect(grep.map((w) => w.text)).toEqual(["-r", "-n", "--ignore-case", "TODO", "src"]);
    expect(grep[0]!.meaning).toMatch(/recurs/i);
    expect(grep[1]!.meaning).toMatch(/line number/i);
    expect(grep[2]!.meaning).toMatch(/case/i);
    expect(grep[3]!.meaning).toMatch(/^operand /);
    expect(items[2]!.words[0]).toMatchObject({ text: "-n 5" });
    expect(formatExplanation(items)).toContain("--ignore-case");
  });

  it("says when a flag is not in the program's grammar, and refuses unparseable commands", async () => {
    const specs = await specsFor(["wc"]);
    expect(explain("wc --frobnicate x", specs)[0]!.words[0]!.meaning).toBe("not an option of wc");
    expect(() => explain("wc 'x", specs)).toThrow(/does not parse/);
  });
});
