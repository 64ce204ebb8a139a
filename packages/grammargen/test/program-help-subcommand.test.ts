// A subcommand whose --help prints its program's help (`apt install --help` is apt's text):
// nothing in it lists the command's options, so the command takes any words; a command whose
// text prints the program's usage with options of its own keeps them checked.
import { describe, expect, it } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { compose } from "../src/compose/index.js";
import { parseHelp } from "../src/parse/help.js";

const programHelp = `pkg 2.6 (amd64)
Usage: pkg [options] command

pkg is a package manager.

Most used commands:
  list - list packages based on package names
  install - install packages
  remove - remove packages

See pkg(8) for more information about the available commands.
`;

describe("a subcommand whose help is its program's", () => {
  it("takes any words, options included", () => {
    const r = parseHelp(programHelp, { name: ["pkg", "install"] });
    expect(r.spec.options).toEqual([]);
    const g = compose({ commands: [r.spec] });
    for (const ok of ["pkg install -y build-essential", "pkg install --no-install-recommends git", "pkg install"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
  });
  it("keeps options checked where the text lists the command's own", () => {
    const own = `Usage: pkg [options] command\n\nOptions:\n  -y, --yes   assume yes\n  -q          quiet\n`;
    const g = compose({ commands: [parseHelp(own, { name: ["pkg", "install"] }).spec] });
    expect(recognize(g, "pkg install -y git").accepted).toBe(true);
    expect(recognize(g, "pkg install --bogus git").accepted).toBe(false);
  });
});
