// A subcommand whose help the capture found but left out for its size stays a command of its
// parent: the composed grammar takes it with any words, and still refuses a word that is not
// one of the parent's commands.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { compose } from "../src/compose/index.js";
import { writeBundle } from "../src/pack/bundle.js";
import { readDebianCorpus } from "../src/pack/debian.js";
import { leftOutForSize } from "../src/pack/left-out.js";

const dir = mkdtempSync(join(tmpdir(), "left-out-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rec = (argv: string[]) => ({ argv, exit: 0 });
const index = {
  tool: { words: ["tool"], package: "tool", version: "1-1", from: ["tldr"], tldrExamples: 1, help: rec(["tool", "--help"]) },
  "tool-run": { words: ["tool", "run"], package: "tool", version: "1-1", from: ["subcommand"], tldrExamples: 0, help: rec(["tool", "run", "--help"]) },
};
const failures = {
  "tool-show": { package: "tool", reason: "help text left out: larger than 30000 bytes (69484)" },
  "tool-log-all": { package: "tool", reason: "text left out: larger than 30000 bytes (40000)" },
  "tool-bug": { package: "tool", reason: "tool bug --help exited 1: tool: 'bug' is not a tool command." },
  "tool-extra": { package: "tool-extras", reason: "help text left out: larger than 30000 bytes (31000)" },
};
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "index.json.br"), brotliCompressSync(JSON.stringify(index)));
writeFileSync(join(dir, "failures.json.br"), brotliCompressSync(JSON.stringify(failures)));
writeFileSync(
  join(dir, "help.txt.br"),
  writeBundle(
    new Map([
      ["tool", "usage: tool [-v] <command> [<args>]\n\n  -v, --verbose   say more\n"],
      ["tool-run", "usage: tool run [-q] <file>\n\n  -q, --quiet   say less\n"],
    ]),
  ),
);

describe("subcommands left out for size", () => {
  it("are read from the failures whose reason is the size, under the longest parent key of the same package", () => {
    const parents = new Map([
      ["tool", "tool"],
      ["tool-log", "tool"],
    ]);
    expect(Object.fromEntries(leftOutForSize(failures, parents))).toEqual({ tool: ["show"], "tool-log": ["all"] });
  });

  it("join their parent's commands, and the composed grammar takes them with any words", () => {
    const { entries } = readDebianCorpus(dir, new Set());
    const parent = entries.find((e) => e.key === "tool")!.spec;
    expect(parent.subcommands.map((s) => s.path.join(" "))).toEqual(["tool log-all", "tool show"]);
    const g = compose({ commands: entries.map((e) => e.spec) });
    for (const ok of ["tool show --stat HEAD", "tool show", "tool run -q f", "tool -v run f"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    // Not a command of tool's (the capture's "not a tool command"), a typo, and run's own grammar still holds.
    for (const bad of ["tool bug x", "tool shw HEAD", "tool run --frob f"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });
});
