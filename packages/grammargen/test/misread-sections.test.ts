// Option rows and command words that the texts list in places the readers did not look;
// made-up texts, each also refusing what the text does not allow.
import { describe, expect, test } from "vitest";
import { lowerCommand, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

const manVerdicts = (page: string, ok: string[], bad: string[]): void => {
  const g = lowerCommand(parseManPage(page, { name: "probe" }).spec);
  for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
  for (const c of bad) expect(recognize(g, c).accepted, c).toBe(false);
};

describe("misread sections", () => {
  test("a man page's COMMANDS section of option rows, beside a SYNOPSIS with no command operand", () => {
    const page =
      "PROBE(1)                User's Reference Manual                PROBE(1)\n\nNAME\n     probe -- set a level\n\nSYNOPSIS\n     probe [OPTIONS] [VALUE]\n\nCOMMANDS\n     The following commands are supported:\n\n     -H, -h  Show help text and exit\n\n     -A      Increase the level by value\n\n     -S      Set the level to value\n\n     -G      Get the level\n\nOPTIONS\n     -r      Raw mode\n\n     -s PATH\n             Device path.\n";
    manVerdicts(page, ["probe -A 20", "probe -S 5", "probe -G", "probe -h", "probe -r -s /dev/x -G"], ["probe -Q", "probe -A 2 3", "probe -s"]);
  });

  test("a COMMANDS section of keys pressed while the program runs is no option list", () => {
    const page =
      "PROBE(1)                General Commands Manual                PROBE(1)\n\nNAME\n       probe - page through text\n\nSYNOPSIS\n       probe [-c] [file]\n\nCOMMANDS\n       SPACE  Scroll forward one window.\n\n       -      Followed by an option letter, changes that option.\n\n       -x     Toggle x.\n\n       -y     Toggle y.\n\n       -z     Toggle z.\n\nOPTIONS\n       -c     Clear the screen.\n";
    manVerdicts(page, ["probe -c a.txt", "probe a.txt"], ["probe -x a.txt", "probe -z"]);
  });

  test("'Commands:' of option terms at the margin over tab-indented descriptions, under 'Usage: probe <commands>'", () => {
    const help =
      "Usage: probe <commands> [ <options> ]\nCommands:\n-i <assembly_path> [-check_refs] [-root ROOTDIR]\n\tInstalls an assembly.\n\tExample: -i my.dll\n\n-l [assembly_name] [-root ROOTDIR]\n\tLists the contents.\n\n-u <name> [-root ROOTDIR]\n\tUninstalls an assembly.\n\nOptions:\n-root <ROOTDIR>\n\tThe root.\n\n-check_refs\n\tCheck references.\n";
    accepts(
      help,
      ["probe -i a.dll", "probe -l", "probe -l name", "probe -u x -root r", "probe -i a.dll -check_refs"],
      ["probe -i", "probe -u", "probe -x", "probe -root"],
    );
  });

  test("usage forms 'probe info: displays information about a file', one per command", () => {
    const help =
      "probe - a data manager 1.0\nUsage:\n   probe info: displays information about a file\n   probe verify: verifies a file's integrity\n   probe extractcd: extract CD file from an input file\n   probe copy: copy data from one file to another\n\nFor help with any command, run:\n   probe help <command>\n\nOptions:\n  -i, --input FILE   input file\n";
    accepts(help, ["probe info -i a.img", "probe extractcd --input a.img", "probe copy", "probe help"], ["probe frob", "probe displays", "probe info:"]);
  });

  test("spellings joined by 'OR' or 'or' over a description on the lines below", () => {
    const help =
      "Usage:\n            probe [OPTIONS] [File1 ...]\n\nStyle Options:\n--------------\n    --style=java  OR  --style=attach  OR  -A2\n    Java style.\n\n    --style=kr  OR  --style=k&r  OR  -A3\n    K&R style.\n\n    --indent=spaces=#  OR  -s#\n    Indent using # spaces.\n\n    --attach-namespaces  OR  -xn\n    Attach braces.\n\nOther:\n  -q        or --query\n  -s <size> or --size <size>\n";
    accepts(
      help,
      [
        "probe -A2 a.c",
        "probe -A3 a.c",
        "probe -A3",
        "probe --style=attach a.c",
        "probe -s4 a.c",
        "probe -xn a.c",
        "probe --attach-namespaces",
        "probe --query",
        "probe -q a.c",
        "probe --size 3",
      ],
      ["probe -A4 a.c", "probe --style", "probe -xn=1 a.c", "probe --query=1", "probe --size", "probe -A2=x"],
    );
  });
});
