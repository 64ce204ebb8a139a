// A help text without italics that glues a placeholder to one letter and quotes it in the
// description; made-up texts, each also refusing what the text does not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("placeholders glued to a letter and quoted in the description", () => {
  test("'-Tv  - Set output format to 'v'': the letter takes the value, glued on or apart", () => {
    const help =
      "Usage: probe [-Vv] [-(GNE)name=val] [-(To)<val>] <files>\n\n -V          - Print version and exit\n -v          - Enable verbose mode\n -Gname=val  - Set graph attribute 'name' to 'val'\n -Nname=val  - Set node attribute 'name' to 'val'\n -Tv         - Set output format to 'v'\n -ofile      - Write output to 'file'\n -O          - Name the output after the input\n";
    accepts(
      help,
      ["probe -Tpng a.gv", "probe -T svg -o out.svg a.gv", "probe -ofile.png a.gv", "probe -Gsize=7 -Nshape=box a.gv", "probe -Tv a.gv", "probe -O -Tpdf a.gv"],
      ["probe -T", "probe -G a.gv", "probe -Gsize a.gv", "probe -o", "probe -Q a.gv"],
    );
  });

  test("an unquoted glued word is still a name of its own ('-fPIC  generate position-independent code')", () => {
    const help = "Usage: probe [options] file\n\nOptions:\n  -fPIC        generate position-independent code\n  -version     show the version\n";
    accepts(help, ["probe -fPIC a.c", "probe -version"], ["probe -f PIC a.c", "probe -fpic a.c", "probe -v a.c"]);
  });
});
