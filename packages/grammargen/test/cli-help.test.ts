// Every grammargen subcommand answers --help (and -h) with its usage line and exit 0,
// without running: `grammargen compose --help` must not compose.
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import { COMMANDS } from "../src/cli/commands.js";
import type { Io } from "../src/cli/output.js";

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => "" };
  return { code: await main(argv, io), out, err };
}

describe("grammargen <subcommand> --help", () => {
  it.each(Object.keys(COMMANDS))("%s --help prints its usage", async (name) => {
    for (const flag of ["--help", "-h"]) {
      const r = await run([name, flag]);
      expect(r.code).toBe(0);
      expect(r.err).toBe("");
      expect(r.out).toBe(`usage: grammargen ${COMMANDS[name]!.summary}\n`);
    }
  });

  it("--help after a program name goes to that program, not to grammargen", async () => {
    const r = await run(["--format", "gbnf", "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^usage: grammargen \[--from help\|man\] \[--format/);
  });

  it("an unknown option is one usage line, exit 2", async () => {
    const r = await run(["compose", "--frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("grammargen: error: unknown option --frobnicate (see grammargen --help)\n");
  });
});
