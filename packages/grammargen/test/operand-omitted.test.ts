// Operands a text lets a command leave off; usage words that are none. Made-up texts.
import { describe, expect, test } from "vitest";
import { lowerCommand, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("omitted operands", () => {
  test("A-B|C: placeholders", () => {
    accepts(
      "Usage: probe [OPTION...] BINDING-STRING|HOST\n  -c, --command=CMDS  Run\n  -N, --no-pass       No password\n",
      ["probe 192.168.1.2", "probe -c x -N h"],
      ["probe", "probe -N", "probe a b"],
    );
  });

  test("a stray bar's group", () => {
    accepts(
      "Usage: probe [--long-usage] [-of format]\n       |-mode {fast|slow|undefined}]\n       [-q] src_dataset dst_dataset\n\nOptions:\n  -of <format>   output format\n  -mode <mode>   speed\n  -q             quiet\n",
      ["probe a.tif b.png", "probe -of PNG a.tif b.png"],
      ["probe a.tif", "probe a b c", "probe"],
    );
  });

  test("a commands section of options only: each of them is the usage's <command>", () => {
    accepts(
      "Usage: probe [<option>...] <command>\n\nCommands:\n  [--add] <file>     add one.\n  --remove <file>    remove one.\n  --list [<glob>]    list them.\n\nOptions:\n  --rename           move it too.\n  --package <name>   whose it is.\n",
      ["probe --rename --remove /usr/bin/x", "probe --list", "probe --package p --rename /usr/bin/x", "probe --add /usr/bin/x"],
      ["probe", "probe --rename", "probe --remov x", "probe --package"],
    );
  });

  test("Explicitly set X supplies X", () => {
    accepts(
      "usage: probe TEXT/FILE [WAVEFILE]\n  -o WAVEFILE Explicitly set output filename\n  -f TEXTFILE Explicitly set input filename\n  -t TEXT     Explicitly set input textstring\n  -k DELAY    Wait DELAY seconds first\n",
      ["probe -f in.txt", "probe -t hello", "probe -f in.txt -o out.wav", "probe hello out.wav"],
      ["probe", "probe -k 3", "probe -o out.wav", "probe -x in.txt"],
    );
  });

  test("a default, can be omitted", () => {
    const help = (desc: string) =>
      `usage: probe [-h] [-o FILE] [--version] INPUT\n\nScan.\n\npositional arguments:\n  INPUT                    ${desc}\n\noptions:\n  -o FILE, --outfile FILE  write to file\n  -h, --help  show this help message and exit\n  --version   show program's version number and exit\n`;
    accepts(help("input to analyze (default: STDIN)"), ["probe", "probe -o out.txt", "probe in.txt"], ["probe a b", "probe -x"]);
    accepts(help("input file (can be omitted for benchmarking)"), ["probe", "probe in.txt"], ["probe a b"]);
    accepts(help("input to analyze"), ["probe in.txt"], ["probe", "probe -o out.txt"]);
  });

  test("With neither X nor Y,", () => {
    const help = (prose: string) =>
      `Usage: probe CONTEXT COMMAND [args]\n  or:  probe [-u USER] COMMAND [args]\n${prose}\n\n  -u, --user=USER  user identity\n      --help       display this help and exit\n`;
    accepts(help("With neither CONTEXT nor COMMAND, print it."), ["probe", "probe ctx ls -l", "probe -u bob ls"], ["probe -u"]);
    accepts(help("With no COMMAND, print it."), ["probe", "probe -u bob ls"], ["probe -u"]);
    accepts(help("Print it."), ["probe ctx ls"], ["probe", "probe -u bob"]);
  });

  test("a \\ continuation", () => {
    accepts(
      "usage:\n  probe [-Bv] [-P<pid file>] \\\n        [-G<group>] \\\n        SRC\n\noptions:\n  -B   run in the background\n  -v   be verbose\n",
      ["probe a", "probe -B -v a"],
      ["probe", "probe a b"],
    );
  });

  test("Usage is:", () => {
    accepts(
      "Usage is: probe [option] [-c] [-r:Assembly] [class-name]\n\noptions:\n  --refs          Print references\n  --help,-h       Show this information\n",
      ["probe", "probe Foo", "probe --refs"],
      ["probe a b", "probe --bogus"],
    );
  });

  test("-u [ ALL ]", () => {
    accepts(
      "Usage: probe [ options ] [ <interval> [ <count> ] ]\nOptions:\n\t-u [ ALL ]\n\t\tCPU statistics\n\t-r [ ALL ]\n\t\tMemory statistics\n\t-S\tSwap statistics\n",
      ["probe -u ALL 2", "probe -u 2", "probe -u", "probe -r ALL 1 5", "probe -S"],
      ["probe -u ALL 2 3 4", "probe -x"],
    );
  });

  test("--update [names]", () => {
    const page =
      "PROBE(1)\n\nNAME\n       probe - manage channels\n\nSYNOPSIS\n       probe  {--add  url  [name]  | --remove name | --update [names] | --rollback\n       [generation] }\n";
    const g = lowerCommand(parseManPage(page, { name: "probe" }).spec);
    for (const c of ["probe --update", "probe --update a", "probe --rollback", "probe --add u"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe --remove", "probe --bogus"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("-f <path> sentence", () => {
    accepts(
      "usage: probe [options] FILE\n  -v verbose output\n  -f <path> read the FILE at the given path\n",
      ["probe -f x", "probe x"],
      ["probe", "probe -v"],
    );
  });

  test("prose that says operands may be left off: every one, or the one it names; a merge takes either text's word", () => {
    // The help text's usage writes the operand as required; its man page says none is needed.
    const help = "Create a tarball\n\nUsage:\ntool pack <spec>\n\nOptions:\n[--dry-run] [--json]\n";
    const man =
      "TOOL-PACK(1)\n\nNAME\n       tool-pack - create a tarball\n\nDESCRIPTION\n       If no arguments are supplied, then tool packs the current folder.\n";
    const merged = lowerCommand(mergeHelpAndMan(parseHelp(help, { name: ["tool", "pack"] }), parseManPage(man, { name: ["tool", "pack"] })).spec);
    for (const c of ["tool pack", "tool pack --dry-run", "tool pack x"]) expect(recognize(merged, c).accepted, c).toBe(true);
    expect(recognize(merged, "tool pack x y").accepted).toBe(false);
    expect(recognize(lowerCommand(parseHelp(help, { name: ["tool", "pack"] }).spec), "tool pack").accepted).toBe(false);
    // One operand by name, in the help text itself.
    accepts(
      'Usage: probe [-v] <file> <mode>\n\nOptions:\n  -v  verbose\n\nIf no "mode" is given, probe reads it from the file.\n',
      ["probe a", "probe a b"],
      ["probe", "probe a b c"],
    );
    // An option's argument is no operand: "if no argument is given" leaves the operands as they are.
    accepts("Usage: probe [-c [N]] FILE\n\nOptions:\n  -c [N]  count N times; if no argument is given, once\n", ["probe a", "probe -c 2 a"], ["probe"]);
  });
});
