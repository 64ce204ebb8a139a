// Operands a text lets the command end without, and usage words that are no operands: made-up texts.
import { describe, expect, test } from "vitest";
import { lowerCommand, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("operands the text lets a command leave off", () => {
  test("hyphenated upper-case alternatives are placeholders, not words to type", () => {
    accepts(
      "Usage: probe [OPTION...] BINDING-STRING|HOST\n  -c, --command=COMMANDS   Execute commands\n  -N, --no-pass            Don't ask for a password\n",
      ["probe 192.168.1.2", "probe -c dudape -N server.example.org"],
      ["probe", "probe -N", "probe a b"],
    );
  });

  test("a group opened by a stray bar holds no operands", () => {
    accepts(
      "Usage: probe [--long-usage] [-of format]\n       |-mode {fast|slow|undefined}]\n       [-q] src_dataset dst_dataset\n\nOptions:\n  -of <format>   output format\n  -mode <mode>   speed\n  -q             quiet\n",
      ["probe a.tif b.png", "probe -of PNG a.tif b.png"],
      ["probe a.tif", "probe a b c", "probe"],
    );
  });

  test("an option that explicitly sets the operand's value supplies it", () => {
    accepts(
      "usage: probe TEXT/FILE [WAVEFILE]\n  --help      Output usage string\n  -o WAVEFILE Explicitly set output filename\n  -f TEXTFILE Explicitly set input filename\n  -t TEXT     Explicitly set input textstring\n  -k DELAY    Wait DELAY seconds first\n",
      ["probe -f in.txt", "probe -t hello", "probe -f in.txt -o out.wav", "probe hello out.wav"],
      ["probe", "probe -k 3", "probe -o out.wav", "probe -x in.txt"],
    );
  });

  test("an operand with a default, or that can be omitted", () => {
    const help = (desc: string) =>
      `usage: probe [-h] [-o FILE] [--version] INPUT\n\nIdentify the input.\n\npositional arguments:\n  INPUT                    ${desc}\n\noptions:\n  -o FILE, --outfile FILE  write output to file\n  -h, --help               show this help message and exit\n  --version                show program's version number and exit\n`;
    accepts(help("input to analyze (default: STDIN)"), ["probe", "probe -o out.txt", "probe in.txt"], ["probe a b", "probe -x"]);
    accepts(help("input file (can be omitted for benchmarking)"), ["probe", "probe in.txt"], ["probe a b"]);
    accepts(help("input to analyze"), ["probe in.txt"], ["probe", "probe -o out.txt"]);
  });

  test("'With neither X nor Y, ...' and 'With no X, ...' make them optional", () => {
    const help = (prose: string) =>
      `Usage: probe CONTEXT COMMAND [args]\n  or:  probe [-u USER] COMMAND [args]\nRun a program in another context.\n${prose}\n\n  -u, --user=USER  user identity\n      --help       display this help and exit\n`;
    accepts(help("With neither CONTEXT nor COMMAND, print the current context."), ["probe", "probe ctx ls -l", "probe -u bob ls"], ["probe -u"]);
    accepts(help("With no COMMAND, print the current context."), ["probe", "probe -u bob ls"], ["probe -u"]);
    accepts(help("Print the current context."), ["probe ctx ls"], ["probe", "probe -u bob"]);
  });

  test("a backslash continuing the usage line is no operand", () => {
    accepts(
      "usage:\n  probe [-Bv] [-P<pid file>] \\\n        [-G<group>] \\\n        SRC\n\noptions:\n  -B   run in the background\n  -v   be verbose\n",
      ["probe a", "probe -B -v a"],
      ["probe", "probe a b"],
    );
  });

  test("Mono's 'Usage is:' heads the usage line", () => {
    accepts(
      "Usage is: probe [option] [-c] [-r:Assembly] [class-name]\n\noptions:\n  --refs          Print a list of the referenced assemblies\n  --help,-h       Show this information\n",
      ["probe", "probe Foo", "probe --refs"],
      ["probe a b", "probe --bogus"],
    );
  });

  test("a head's value in a bracket apart from it is the next word when given", () => {
    accepts(
      "Usage: probe [ options ] [ <interval> [ <count> ] ]\nOptions:\n\t-u [ ALL ]\n\t\tCPU statistics\n\t-r [ ALL ]\n\t\tMemory statistics\n\t-S\tSwap statistics\n",
      ["probe -u ALL 2", "probe -u 2", "probe -u", "probe -r ALL 1 5", "probe -S"],
      ["probe -u ALL 2 3 4", "probe -x"],
    );
  });

  test("a usage option's value in a bracket of its own may be left off", () => {
    const page =
      "PROBE(1)\n\nNAME\n       probe - manage channels\n\nSYNOPSIS\n       probe  {--add  url  [name]  | --remove name | --list | --update [names] | --rollback\n       [generation] }\n\nDESCRIPTION\n       Manage channels.\n";
    const g = lowerCommand(parseManPage(page, { name: "probe" }).spec);
    for (const c of ["probe --update", "probe --update a", "probe --rollback", "probe --add u"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe --remove", "probe --bogus"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("a head with a bracketed value, one space and a sentence keeps its description", () => {
    accepts(
      "usage: probe [options] FILE\n  -v verbose output\n  -f <path> read the FILE at the given path\n",
      ["probe -f x", "probe x"],
      ["probe", "probe -v"],
    );
  });
});
