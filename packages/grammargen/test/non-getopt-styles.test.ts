// Golden fixtures for the non-getopt styles: openssl, git, curl, find, tar, dd, busybox
// and BSD usage-only help. For every such corpus entry: the IR equals the reviewed golden
// ir.json, and the grammar, emitted as Lark and as GBNF and read back by the in-repo checker,
// accepts each valid invocation and rejects each invalid one (both verified against the real
// program, see verdicts.json).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readCapturedText } from "@shellgen/base";
import { describe, expect, it, test } from "vitest";
import { emitGbnf, emitLark, lowerCommand, parseGrammarText, parseHelp, recognize, type CommandSpec } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

const corpus = fileURLToPath(new URL("../../../corpora/help/", import.meta.url));
const NON_GETOPT = new Set(["openssl", "git", "curl", "find", "tar", "dd", "busybox", "bsd"]);

interface Entry {
  name: string;
  meta: { name?: string[]; program: string; style: string };
  help: string;
  ir: CommandSpec;
  invocations: { valid: string[]; invalid: string[] };
}
const entries: Entry[] = readdirSync(corpus)
  .filter((n) => existsSync(`${corpus}${n}/ir.json`) && existsSync(`${corpus}${n}/invocations.json`))
  .map((n) => ({
    name: n,
    meta: JSON.parse(readFileSync(`${corpus}${n}/meta.json`, "utf8")),
    help: readCapturedText(`${corpus}${n}/help.txt`)!,
    ir: JSON.parse(readFileSync(`${corpus}${n}/ir.json`, "utf8")),
    invocations: JSON.parse(readFileSync(`${corpus}${n}/invocations.json`, "utf8")),
  }))
  .filter((e) => NON_GETOPT.has(e.meta.style));

/**
 * Where the real program and its own help disagree, the grammar follows the help. Each miss
 * is listed with the reason, so a new one fails the test.
 */
const KNOWN_MISSES: Record<string, string> = {
  // `cp SOURCE... { -t DIRECTORY | DIRECTORY }`: with -t a single operand is enough, so the
  // merged usage forms allow one operand even without -t.
  "busybox-cp invalid: busybox cp a.txt": "operand count depends on -t",
  "busybox-mv invalid: busybox mv a.txt": "operand count depends on -t",
  // `usage: ssh ... destination [command [argument ...]]`, yet -V alone is fine.
  "ssh valid: ssh -V": "the usage line makes destination mandatory",
};

describe("non-getopt help styles", () => {
  const allMisses: string[] = [];
  const seen = new Set<string>();
  test("the corpus covers every style with real help texts", () => {
    const styles = new Set(entries.map((e) => e.meta.style));
    expect([...NON_GETOPT].filter((s) => !styles.has(s))).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(60);
  });

  for (const e of entries) {
    test(`${e.name} (${e.meta.style})`, () => {
      const { spec } = parseHelp(e.help, { name: e.meta.name ?? [e.meta.program] });
      expect(spec.style).toBe(e.meta.style);
      expect(JSON.parse(JSON.stringify(spec))).toEqual(e.ir);
      const grammar = lowerCommand(spec);
      const lark = parseGrammarText(emitLark(grammar), "lark");
      const gbnf = parseGrammarText(emitGbnf(grammar), "gbnf");
      const misses: string[] = [];
      seen.add(e.name);
      for (const [kind, list] of [
        ["valid", e.invocations.valid],
        ["invalid", e.invocations.invalid],
      ] as const) {
        for (const input of list) {
          const inLark = recognize(lark, input).accepted;
          const inGbnf = recognize(gbnf, input).accepted;
          expect(inGbnf, `Lark and GBNF disagree on ${input}`).toBe(inLark);
          if (inLark !== (kind === "valid")) misses.push(`${e.name} ${kind}: ${input}`);
        }
      }
      allMisses.push(...misses);
      expect(misses).toEqual(misses.filter((m) => m in KNOWN_MISSES));
      expect(misses.length).toBeLessThanOrEqual(1);
    });
  }

  // Both ways, as corpus.test.ts does: a known miss that no longer happens must leave the list.
  test("misses exactly the known cases", () => {
    expect(seen.size).toBe(entries.length);
    expect(allMisses.sort()).toEqual(Object.keys(KNOWN_MISSES).sort());
  });
});

describe("git's forms that each go on with a command word", () => {
  it("reads each word as a command taking its forms' operands; a bracketed word may be left out", () => {
    const page = [
      "GIT-FROB(1)      Git Manual      GIT-FROB(1)",
      "NAME",
      "       git-frob - Keep frobs",
      "SYNOPSIS",
      "       git frob list [<log-options>]",
      "       git frob [show] [-q] [<frob>]",
      "       git frob [-v | --verbose] drop <name>...",
      "       git frob [push [-k | --keep] [--] [<pathspec>...]]",
      "       git frob each <command>",
      "OPTIONS",
      "       -k, --keep",
      "           Keep the index.",
      "       -q, --quiet",
      "           Print nothing.",
      "",
    ].join("\n");
    accepts(
      page,
      ["git frob list --oneline", "git frob show f1", "git frob f1", "git frob -v drop a b", "git frob push -k a b", "git frob -q", "git frob each git log -1"],
      ["git frob a b", "git frob show a b", "git frob list x", "git frob -x", "git frob push --kep", "git frob drop a --kep"],
      "git frob",
    );
  });
});
