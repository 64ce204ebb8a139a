// A BSD-style usage line ("usage: probe [-q] [-o FILE] NAME") over an option table that lists
// more than the usage names: the usage is a summary, and the table's own rows are options too.
// Rows that are not the text's option list (keys pressed at run time) stay out.
import { describe, expect, test } from "vitest";
import { parseHelp } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("option rows a BSD usage line leaves out", () => {
  test("an options table's '-h, --help' row, which the usage leaves out, is an option", () => {
    const help = "Usage: probe [-q] [-o FILE] NAME\n\nOptions:\n  -q          quiet\n  -o FILE     write to FILE\n  -h, --help  show help\n";
    expect(parseHelp(help, { name: ["probe"] }).spec.style).toBe("bsd");
    accepts(help, ["probe --help", "probe -h", "probe -q -o out x", "probe -qh x"], ["probe --hel", "probe -x x", "probe -o", "probe --help=yes"]);
  });

  test("a row in the table of the usage's options takes the value its head shows, after a tab, ' - ' or ' : '", () => {
    const help = [
      "usage: probe [-abc] [-o file] input",
      "\t-a\t\tall",
      "\t-b\t\tbrief",
      "\t-c\t\tcount only",
      "\t-o file\t\toutput file",
      "\t-U n - treat the input as n-partite",
      "\t-v : verbose",
      "",
    ].join("\n");
    expect(parseHelp(help, { name: ["probe"] }).spec.style).toBe("bsd");
    accepts(help, ["probe -c x", "probe -U 2 x", "probe -v -a x", "probe -cv x"], ["probe -U x", "probe -d x", "probe -c", "probe -v"]);
  });

  test("rows in a block of their own, without a long spelling, naming none of the usage's options, are not options", () => {
    const help = [
      "usage: probe [-v] [-n count] file",
      "",
      "  -v        verbose",
      "  -n count  stop after count lines",
      "",
      "While it runs, these keys act:",
      "  -d : slow down",
      "  -i : speed up",
      "",
      "  -V, --version  print the version",
      "",
    ].join("\n");
    expect(parseHelp(help, { name: ["probe"] }).spec.style).toBe("bsd");
    accepts(help, ["probe -v f", "probe -n 3 f", "probe --version f", "probe -V f"], ["probe -d f", "probe -i f", "probe -n f"]);
  });

  test("a row whose letter carries a glued word ('-SIGNAL') is not the letter with a value", () => {
    const help = "usage: probe [-k] pid\n\n  -k        kill\n  -SIGNAL   send this signal\n";
    accepts(help, ["probe -k 1"], ["probe -S x 1", "probe -SIGNAL 1"]);
  });

  test("rows with a colon glued to the head ('-q: quiet mode') are read as rows", () => {
    const help = "usage: probe [-ab] [-o outdir] [expression]\n\n   -a: do all post-processing.\n   -b: brief\n   -q: quiet mode\n";
    expect(parseHelp(help, { name: ["probe"] }).spec.style).toBe("bsd");
    accepts(help, ["probe -q", "probe -aq x", "probe -o d -q"], ["probe -z", "probe -q:", "probe -o"]);
  });

  test("a letter the usage names only in a bundle takes the value its row shows ('-g<name>  : use <name>')", () => {
    const help = "Usage: probe [-gd?] [-o<file>] [<graphs>]\n -g<name>  : use <name> as template\n -d        : debug\n -o<file>  : output to <file>\n";
    accepts(help, ["probe -gG a", "probe -g G", "probe -d a"], ["probe -g", "probe -dg"]);
  });
});

describe("bracketed letters with a value in their bracket", () => {
  test("'[-[eE] scanner]' gives each letter the value, not an operand", () => {
    const help = "usage: probe [-ab] [-[eE] scanner] [file]\n";
    accepts(help, ["probe -e md5 x", "probe -E md5", "probe -a x"], ["probe -e", "probe x y", "probe -E"]);
  });
});

describe("a BSD usage's bundle of flags holding '#'", () => {
  test("'[-AbdD#]' is five flags, '#' among them, not a lost word", () => {
    const help = "usage: probe [-AbdD#] [-c count] [ expression ]\n";
    accepts(help, ["probe -D", "probe -A -# port 80", "probe -bd# -c 3"], ["probe -x", "probe -c", "probe -D3"]);
    // A word before the "#" is a word with a number glued on ("-image2"), not five flags.
    accepts("usage: probe [-v] [-image#] [file]\n", ["probe -v f"], ["probe -i f", "probe -ma f", "probe -#"]);
  });
});
