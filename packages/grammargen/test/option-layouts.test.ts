// Option-table layouts whose misreading refused options the text lists (tldr-pages' examples),
// each read by a general rule and tested on a made-up program's text: no rule leans on a
// program's name. Each test also refuses what the text does not allow.
import { describe, expect, test } from "vitest";
import { lowerCommand, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("option table layouts", () => {
  test("a BSD-looking usage line over a table that lists more letters: the table's options exist too", () => {
    const help = `probe - pack files
Usage: probe [-e/-d/-h] [-b size] files...
Operations:
  -e, --encode      encode
  -d, --decode      decode
  -h, --help        help
  -f, --force       overwrite
  -k, --keep        keep input files
  -b N, --block=N   block size
`;
    accepts(help, ["probe -d -f a.pk", "probe -k -b 8 a", "probe --keep a"], ["probe -x a", "probe --kep a", "probe -b"]);
    // "[OPTIONS...]" standing for the table: its letters with their values.
    const summary = `Usage: probe [-p] [OPTIONS...] src/ dst/
       probe -l

OPTIONS:
  -t /dir/    temporary folder
  -v          be verbose
  -n x        start <x> jobs
`;
    accepts(summary, ["probe -v -n 4 a/ b/", "probe -t /tmp -p a/ b/", "probe -l"], ["probe -q a/ b/", "probe -n"]);
  });

  test("a setting row marked '[-]' (with or without a leading '*'): the dashed word turns it off, the bare word stays an operand", () => {
    const help = `Usage: tconf [-F DEVICE] [SETTING]...
  -F, --file=DEVICE  use DEVICE instead of stdin

Optional - before SETTING indicates negation.

Line settings:
   [-]wrap       wrap long lines
 * [-]beep       ring on errors
   width N       set the width to N
   -fancy        same as -wrap -beep
`;
    accepts(
      help,
      ["tconf -wrap", "tconf wrap", "tconf -beep width 80", "tconf -F /dev/tty1 -fancy -wrap"],
      ["tconf -wrapx", "tconf -bogus", "tconf --wrap"],
      "tconf",
    );
  });

  test("a description that opens with '(or -X)' names another spelling of the option", () => {
    const help = `Usage: probe [OPTIONS] [QUERY]

Options:
     --depth=NUM         (or -NUM): hide accounts deeper than NUM
     --quiet             (or -q) say nothing
  -t --tree              show a tree
`;
    accepts(help, ["probe -2", "probe --depth=3 q", "probe -t -12 q", "probe -q", "probe --quiet"], ["probe -2x", "probe -z", "probe --depth"]);
  });

  test("flags the text's own examples give before any other word are options, even where its table leaves them out", () => {
    const help = `Usage of probe:

	$ probe -install
	Install the local CA.

	$ probe example.org
	Make a certificate.

	$ probe -uninstall
	Remove the local CA.

	$ probe -verbose -cert-file x.pem example.org
	$ probe example.org -after

Advanced options:

	-cert-file FILE
	    Where to write the certificate.

	-client
	    A client certificate.
`;
    accepts(
      help,
      ["probe -install", "probe -uninstall", "probe -verbose example.org", "probe -client -cert-file a.pem x"],
      ["probe -instal", "probe -after x", "probe -cert-file"],
    );
  });

  test("'--long/-s:' and a tab before the description", () => {
    const help =
      "Usage:\n\tprobe [--delete]\n\nOptions:\n\n\t--delete/-d:\t\tdelete it\n\t--export-path/-ep:\tpath to export to\n\t--verbose/-v:\t\tshow more\n";
    accepts(help, ["probe -d", "probe --export-path -v", "probe -ep"], ["probe -x", "probe --delet"]);
  });

  test("a spelling in parentheses after the first ('-long (-l)', '-password (-p) <string>') is another spelling", () => {
    const help = `Usage: probe [options] archive

-long (-l)                  Print more.
-password (-p) <string>     The password to use.
-no-recursion (-nr)         Do not recurse.
-d (-r)                     Detach (and reattach).
-r [session]                Reattach.
`;
    accepts(
      help,
      ["probe -l a", "probe -long a", "probe -p pw a", "probe -password pw a", "probe -nr a", "probe -d a", "probe -r a"],
      // "-r" named in parentheses after "-d" has an entry of its own: "-d" takes no value of "-r"'s.
      ["probe -p a", "probe -x a", "probe -long (-l) a", "probe -dx a"],
    );
  });

  test("one-dash words joined by a slash ('-sf/-st [pid ]* finishes/terminates old pids.') are two spellings", () => {
    const help = "Usage: probe [options]\n  -f <cfg>  config file\n  -sf/-st [pid ]* finishes/terminates old pids.\n  -alang/-slang    select languages\n";
    accepts(help, ["probe -f a -sf 1", "probe -st 22", "probe -alang -slang"], ["probe -sf", "probe -sf 1 2", "probe -sx 1"]);
  });

  test("a run of dots leads from the head to the description ('-mt ....... use threads')", () => {
    const help = `Usage: probe in_file [options] [-o out_file]

Options:
  -mt .......... use multi-threading
  -crop <x> <y> ... crop output
  -dither <d> .. dithering strength
  -v . verbose
  -0 ... -9      level
  -j { ID | LABEL | ... }  name type
`;
    accepts(
      help,
      ["probe a.img -mt", "probe a -crop 1 2", "probe a -dither 3 -v", "probe a -7", "probe a -j LABEL"],
      ["probe a -mtt", "probe a -dither", "probe a -crop 1", "probe a -j x"],
    );
  });

  test("a run of dots between a line's short and long spellings, the description below ('-F  ....  --quit-if-one-screen')", () => {
    const help = `Usage: probe [options] [file]

  -F  ........  --quit-if-one-screen
                  Quit if the file fits on one screen.
  -n  -N  ....  --line-numbers  --LINE-NUMBERS
                  Number the lines.
  -q  -Q  ....  --quiet  --QUIET  --silent --SILENT
                  Ring no bell.
  -x [N]  ....  --tabs=[N]
                  Set tab stops.
`;
    accepts(
      help,
      ["probe --quit-if-one-screen a", "probe -F a", "probe --LINE-NUMBERS a", "probe -N --silent a", "probe --tabs=4 a"],
      ["probe --quit-if-one-scren a", "probe --line-number a", "probe --SILENCE a", "probe -Z a"],
    );
  });

  test("a line that goes on with the sentence above it is prose, not options ('... one of --a,' / '--b, or --c, must be given.')", () => {
    const help = `Usage: probe font [--option=value]...

At least one of --gids, --glyphs,
--text, or --codes, must be specified.

Options:
  --codes=<XXXX>[,<XXXX>...]  code points
  --text=<text>               characters
`;
    accepts(help, ["probe f.ttf --codes=U+0041-005A", "probe f.ttf --text=abc"], ["probe f.ttf --codes", "probe f.ttf --gids=1"]);
  });

  test("a term at the margin over its indented description, under a title that names no option list", () => {
    const help = `Usage: probe font [--option=value]...

Args:

font
  The input font.

Glyph set
^^^^^^^^^

--codes=<XXXX>[,<XXXX>...]
  Code points to keep.

--keep-missing [default]
  Do not fail.

--width=<x> or -w <x> Set the width.
\tIn pixels.

--terse --codes is equivalent to:
    --codes=0-ff
`;
    accepts(help, ["probe f --codes=41-5a", "probe f --keep-missing", "probe f -w 3"], ["probe f --codes", "probe f --terse", "probe f --width"]);
  });

  test("a list template of another option in the description ('--type=type[,type[...]]') is not this option's value", () => {
    const help = `Usage: probe [options] file

Options:
  --list        List the blocks. These options change it:
                --type=type[,type[...]]   only these types
  --sort        sort as: [+|-]key[,[+|-]key[,...]]
`;
    accepts(help, ["probe --list a.flac", "probe --sort size a"], ["probe --list t a.flac", "probe --sort"]);
  });

  test("man: a term line '-C 'DIR', --dir 'DIR'' whose value reaches the description column goes on as a term", () => {
    const page = `PROBE(1)                 User Commands                 PROBE(1)

NAME
       probe - pull a repository

SYNOPSIS
       probe [-h] [-C DIR] [-U URL]

OPTIONS
       -C 'DIR', --dir 'DIR'
          directory to check out into

       -U 'URL', --url 'URL'
          URL of the repository

       -h, --help
          show help
`;
    const g = lowerCommand(parseManPage(page, { name: "probe" }).spec);
    for (const c of ["probe --url https://x.org/r", "probe -U u --dir d", "probe -C d"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe --url", "probe --dirr d", "probe -x"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("man: letters the SYNOPSIS bundles as flags take no value where a row names them ('-e errexit')", () => {
    const page = `PROBE(1)                  BSD General Commands Manual                 PROBE(1)

NAME
     probe -- command interpreter

SYNOPSIS
     probe [-aef] [-o option_name] [command_file [argument ...]]
     probe -c [-aef] command_string

DESCRIPTION
     Options:

           -a allexport     Export all variables assigned to.
           -e errexit       If not interactive, exit immediately if any
                            untested command fails.
           -f noglob        Disable pathname expansion.
`;
    const g = lowerCommand(parseManPage(page, { name: "probe" }).spec);
    for (const c of ["probe -e", "probe -ef script.sh", "probe -e -o vi", "probe -c 'ls'"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe -x", "probe -o"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("man: a remark after the title ('SYNOPSIS (deprecated)') leaves it the SYNOPSIS", () => {
    const page =
      "PROBE(1)        General Commands Manual        PROBE(1)\n\nNAME\n       probe - compile keys\n\nSYNOPSIS (deprecated)\n       probe [-o output] [--] [input]\n       probe -V\n";
    const g = lowerCommand(parseManPage(page, { name: "probe" }).spec);
    for (const c of ["probe -V", "probe -o out in"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe -x", "probe -o"]) expect(recognize(g, c).accepted, c).toBe(false);
  });
});
