// An interpreter stops reading its own options at the script it runs: the words after the
// script are the script's, dashes included. Read from the usage's operand names (a script
// or program file before the script's arguments) or from an operand said to be passed to the
// program; a plain FILE list keeps its options checked.
import { describe, expect, it } from "vitest";
import { recognize } from "../src/check/recognize.js";
import { compose } from "../src/compose/index.js";
import { parseHelp } from "../src/parse/help.js";

const grammarOf = (text: string, name: string) => compose({ commands: [parseHelp(text, { name: [name] }).spec] });
const opts = "  -e CODE      run CODE\n  -w           warn\n  -I DIR       add DIR to the search path\n";

describe("an interpreter's script operand", () => {
  const layouts: [string, string][] = [
    ["perl-like", `Usage: interp [switches] [--] [programfile] [arguments]\n${opts}`],
    ["php-like", `Usage: interp [options] [-f] <file> [--] [args...]\n   interp [options] -r <code> [--] [args...]\n\n${opts}`],
    ["node-like", `Usage: interp [options] [ script.js ] [arguments]\n\nOptions:\n${opts}`],
    [
      "python-like",
      `usage: interp [option] ... [-c cmd | file | -] [arg] ...\nOptions:\n-w     : warn\n-I DIR : search DIR\nfile   : program read from script file\narg ...: arguments passed to program in sys.argv[1:]\n`,
    ],
  ];
  for (const [layout, text] of layouts)
    it(`passes the script's own options through (${layout})`, () => {
      const g = grammarOf(text, "interp");
      for (const ok of ["interp app.x --port 3000 -v", "interp -w app.x serve --host=0.0.0.0", "interp app.x"])
        expect(recognize(g, ok).accepted, ok).toBe(true);
      // Before the script, the interpreter's options are still checked.
      for (const bad of ["interp --bogus app.x", "interp -Z app.x"]) expect(recognize(g, bad).accepted, bad).toBe(false);
    });

  it("leaves a list of files with its options checked", () => {
    const g = grammarOf("Usage: lister [OPTION]... [FILE]...\n  -a, --all    list all\n", "lister");
    expect(recognize(g, "lister a.txt -a").accepted).toBe(true);
    expect(recognize(g, "lister a.txt --bogus").accepted).toBe(false);
  });
});
