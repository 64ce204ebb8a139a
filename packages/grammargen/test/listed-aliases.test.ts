// A command composed beside its program takes the aliases the program's list gives it
// (cargo's "build, b"), read by the command's own grammar. A command word the list leaves out
// is refused in such a composition even where the list says it is not complete: taking it
// would let every misspelt command through.
import { describe, expect, it } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { compose } from "../src/compose/index.js";
import { parseHelp } from "../src/parse/help.js";

const top = `Usage: kit [OPTIONS] [COMMAND]

Options:
    -v, --verbose    Use verbose output
    -h, --help       Print help

Some common kit commands are (see all commands with --list):
    build, b    Compile the current package
    test, t     Run the tests
    new         Create a new package
`;
const build = `Usage: kit build [OPTIONS]

Options:
    -r, --release    Build in release mode
    -j, --jobs <N>   Number of parallel jobs
`;

describe("a command composed beside its program's list", () => {
  const parent = parseHelp(top, { name: ["kit"] }).spec;
  const child = parseHelp(build, { name: ["kit", "build"] }).spec;
  it("takes the alias the list gives it, under its own grammar", () => {
    const g = compose({ commands: [parent, child] });
    for (const ok of ["kit build --release -j 4", "kit b -r", "kit -v b", "kit test"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["kit build --bogus", "kit b --bogus", "kit --frob", "kit biuld", "kit clippy"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });
});
