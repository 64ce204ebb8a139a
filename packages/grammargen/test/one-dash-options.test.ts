// A word that spells one of the program's one-dash options (X11's -font, GDAL's -fielddomain) is
// that option, never a valued letter with the rest glued on. Made-up programs' texts.
import { describe, expect, test } from "vitest";
import { lowerCommand, parseHelp } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("one-dash long options beside valued letters", () => {
  test("-font without its value is not -f with 'ont' glued on (a man page's option list)", () => {
    const help = `Usage: probe [-help] [-font font] [-frame] [-fs file] [-f format] [atom ...]

Options:
  -help           print a summary
  -font font      show this font
  -frame          look at the frame
  -fs file        read formats from file
  -f format       the format of each atom
`;
    accepts(
      help,
      [
        "probe -font fixed",
        "probe -frame",
        "probe -fs formats.txt",
        "probe -f WM_NAME 8s",
        "probe -fWM_NAME 8s",
        "probe -f'ont' 8s",
        "probe -font fixed WM_NAME",
      ],
      // -font needs its value; -fs needs its file: neither is -f with the rest glued on.
      ["probe -font", "probe -fs", "probe -x"],
    );
  });

  test("a valued letter after clustered flags does not complete a one-dash option either", () => {
    const help = `Usage: probe [-a] [-b] [-c value] [-abcount number] file

  -a               all
  -b               brief
  -c value         a value
  -abcount number  how many
`;
    accepts(help, ["probe -abcount 3 f", "probe -abc x f", "probe -abcx f", "probe -c x f"], ["probe -abcount f", "probe -abcount"]);
  });

  test("a usage word with a repeated letter and a value in its bracket ('[-fielddomain name]') is a one-dash option, not -f with 'ielddomain' glued on", () => {
    const help = `Usage: probe [-ro] [-q] [-fielddomain name] [-f fmt] file

  -q      quiet
  -f fmt  the output format
`;
    accepts(help, ["probe -fielddomain x data.db", "probe -f csv data.db", "probe -q data.db"], ["probe -fielddomain data.db", "probe -f data.db"]);
    // The layout it must not take from: `-Olevel` alone in its bracket is -O with a value glued on.
    accepts("usage: probe [-v] [-Olevel] file\n", ["probe -O2 f", "probe -v f"], ["probe -O f", "probe -x f"]);
  });

  test("a one-dash flag needs no exception from a glued value: -frame is the flag either way", () => {
    // Read as -f with "rame" glued on, -frame accepts what the flag accepts, so -f's value stays
    // any word: no exception rule, which XGrammar pays for at every position of it.
    const help = `Usage: probe [-help] [-frame] [-fast] [-f format] [atom ...]

Options:
  -help           print a summary
  -frame          look at the frame
  -fast           skip the checks
  -f format       the format of each atom
`;
    accepts(
      help,
      ["probe -frame", "probe -fast WM_NAME", "probe -f WM_NAME 8s", "probe -fWM_NAME 8s", "probe -frame -f x"],
      ["probe -f", "probe -x", "probe -frame -f"],
    );
    const g = lowerCommand(parseHelp(help, { name: ["probe"] }).spec);
    expect(g.rules.filter((r) => r.name.includes("glued")).map((r) => r.name)).toEqual([]);
  });
});
