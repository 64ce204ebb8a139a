// Layouts that were read as something else, so options the text lists were refused; made-up
// texts, each also refusing what the text does not allow.
import { describe, expect, test } from "vitest";
import { lowerCommand, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("misread option layouts", () => {
  test("'-b = name' under a usage of glued, required '-i<ifname>'", () => {
    const help =
      "usage:\n  probe [-Bd] \\\n        -i<ifname> -c<config file> [-b<br_ifname>]\n\noptions:\n  -b = optional bridge name\n  -B = run in the background\n  -c = Configuration file\n  -d = more debugging (-dd even more)\n  -i = interface name\n";
    accepts(
      help,
      ["probe -B -i lo -c a.conf", "probe -d -i lo -c a -b br0"],
      ["probe -B -i lo -c", "probe -i lo -c a -x", "probe -i lo -c a -b", "probe -B=x -i lo -c a"],
    );
    const headless = "probe [-i<ifname>] [-hv] [-a<action file>] \\\n        [command..]\n  -h = help (show this usage text)\n  -a = run in daemon mode\n";
    accepts(headless, ["probe -a act.sh", "probe -h", "probe -i lo status"], ["probe -a", "probe -x", "probe -h=1"]);
  });

  test("'-q [--quiet]  : ...' is two spellings", () => {
    const help = "usage: probe NAME PATH...\n\nValid options:\n  -q [--quiet]             : print nothing\n  -R [--recursive]         : descend\n";
    accepts(help, ["probe --recursive --quiet a .", "probe -R -q a ."], ["probe -Rx a .", "probe --recursive=x a .", "probe --recurse a ."]);
  });

  test("'-p -<tab>password': the lone dash is the value", () => {
    const help = "usage: probe [options] file.pdf [page]\n\t-p -\tpassword\n\t-X\tdisable styles\n";
    accepts(help, ["probe -p pw a.pdf", "probe -X a.pdf"], ["probe -p", "probe -X x a.pdf 3", "probe -q a.pdf"]);
  });

  test("'-o|-d|-x  --radix={8|10|16}': flags, and a long option with the value", () => {
    const help =
      "Usage: probe [option(s)] [file(s)]\n The options are:\n  -o|-d|-x  --radix={8|10|16}   Display numbers\n  -t        --totals            Totals\n";
    accepts(help, ["probe --radix=10 a.o", "probe -d -t a.o", "probe --totals"], ["probe --radix=12 a.o", "probe --radix", "probe -o=8 a.o"]);
  });

  test("usage '[--force,-f]', '[--clip[=n],-c[n]]', '[--path=d,-p d]'", () => {
    const help = "Usage:\n    probe [--path=dir,-p dir] [--clip[=n],-c[n]] [--echo,-e | --multiline,-m] [--force,-f] name\n";
    accepts(
      help,
      ["probe -f a", "probe --force -e a", "probe -p d a", "probe -c2 a", "probe --clip=2 a"],
      ["probe -f x a", "probe --force=1 a", "probe -p a", "probe --echo,-e a"],
    );
  });

  test("bullets 'o --file / -f path', 'o --deriver; -d'", () => {
    const help =
      "Usage: probe [options] path\n\nOptions\n       o --file / -f path\n         Read it.\n\n       o --dry-run\n         Show it.\n\n       o --deriver; -d\n         Print it.\n";
    accepts(help, ["probe -f a b", "probe --file a --dry-run b", "probe -d b", "probe --deriver b"], ["probe -f", "probe -x b", "probe --dry-run=1 b"]);
  });

  test("middle-dot bullets '\u00b7 --file / -f file'", () => {
    const help =
      "Synopsis\n\n    probe [option...] path\n\nOptions\n\n      \u00b7 --apply expr\n        Apply it.\n    \n      \u00b7 --json\n        Print JSON.\n\n    Common options:\n\n      \u00b7 --file / -f file\n        Read it.\n";
    accepts(help, ["probe --apply x a", "probe --json a", "probe -f a b", "probe --file a --json b"], ["probe --apply", "probe -x b", "probe --json=1 b"]);
  });

  test("'-q --quiet' rows, no comma, under a usage of letters", () => {
    const help =
      "Usage: probe [-qm] [-W secs] [-c command]\n  -q --quiet                   hide messages\n  -m --monitor                 loop\n  -W --wait-delay secs         wait secs seconds\n  -c --command cmd             only this command\n";
    accepts(help, ["probe --monitor", "probe -q --wait-delay 2", "probe --command cp -m"], ["probe --wait-delay", "probe --quiet=1", "probe --monitr"]);
  });

  test("a table at the margin, one tab after a head, under a usage of letters", () => {
    const help =
      "\tUsage: probe [-ch] [-b bus] [-i seconds]\n\n-b --bus 3\t\tPick a bus\n-c --color\t\tEnable colors\n-i --dump-interval 1\tSeconds between dumps\n-T --transparency\tEnable it\n";
    // "-T --transparency", which the usage leaves out, is a row of the same table: an option too (bsd-rows.test.ts).
    accepts(
      help,
      ["probe --color", "probe --bus 2 -c", "probe --dump-interval 3", "probe --transparency -T"],
      ["probe --bus", "probe --color=1", "probe --transparency=1"],
    );
  });

  test("option rows in brackets, one spelling each: '[-a <user>]  Run as another user'", () => {
    const help =
      "  usage:\n\n    probe\n\n       -s <server_host>           Host name.\n       -p <server_port>           Port number.\n\n       [-a <user>]                Run as another user.\n       [-c <config_file>]         The path to config file.\n       [-v]                       Verbose mode.\n";
    accepts(help, ["probe -c a.json", "probe -s h -p 1 -a bob -v"], ["probe -c", "probe -v x", "probe -x"]);
  });

  test("a 'COMMAND LINE FLAGS' heading lists options, not commands", () => {
    const help =
      "probe: a compiler\n\nCOMMON COMMANDS\n\n  probe -b\n  Build it.\n\nCOMMAND LINE FLAGS\n\n--help, -h\nPrint this message.\n\n--watch, -w\nWatch input files.\n\n--init\nCreate a config file.\n";
    accepts(help, ["probe --init", "probe -w", "probe --watch"], ["probe --init=1", "probe -x", "probe --wach"]);
  });

  test("a head with its value reaching the description column, one space before it", () => {
    const help =
      "Usage: probe [OPTIONS] [file]\n\nOptions:\n\n  -c num  start counting from num\n  -e len  prefix each track with len\n  -f file read split points from file\n  -h      show this help screen\n  -r <rate> or --rate <rate>\n";
    accepts(help, ["probe -f a.cue b.wav", "probe -c 2 -f a.cue", "probe --rate 3 -r 2"], ["probe -f", "probe -h x y", "probe -f a b c"]);
  });

  test("'--iterations = NUMBER': an '=' set apart on both sides", () => {
    const help =
      "Usage:\nprobe [options]\n\nOptions:\n  -b, --batch-mode                      run in batch mode\n  -n, --iterations = NUMBER             exit after NUMBER iterations\n";
    accepts(help, ["probe -b -n 3", "probe --iterations=3"], ["probe -n", "probe --iterations", "probe -b 3"]);
  });

  test("'--help (-h -?)': two more spellings in the parenthesis", () => {
    const help = "Usage: probe [options]\n\n      --file (-f)     The path to the file.\n\n      --help (-h -?)  Show usage information.\n";
    accepts(help, ["probe -h", "probe -?", "probe --help -f"], ["probe --help x", "probe -x", "probe -h -?x"]);
  });

  test("'Usage:' over forms whose description's second word is quoted", () => {
    const help =
      "Usage:\n\n probe --resave project_file\n    Resaves all files.\n\n probe --git-tag-version project_file\n    Invokes 'git tag' to attach the version.\n\n probe --status project_file\n    Displays information about a project.\n";
    accepts(help, ["probe --status a.jucer", "probe --resave a.jucer"], ["probe --stat a.jucer", "probe --status", "probe -x a"]);
  });

  test("a 'Name', 'Synopsis' page, a 'Synopsis' per operation", () => {
    const page = `probe(1)                 General Commands Manual                 probe(1)

Name
       probe - manage things

Synopsis
       probe [--dry-run] operation [options] [arguments]

Operation --install
   Synopsis
       probe {--install | -i} args [{--attr | -A}]

Operation --query
   Synopsis
       probe {--query | -q} [--available | -a] names
`;
    accepts(page, ["probe -i foo", "probe -iA foo", "probe -qa x", "probe --dry-run -q x"], ["probe -x", "probe --instal foo", "probe -q --avail"]);
  });

  test("'--build <directory> [<deb>]': one required value", () => {
    const help = "Usage: probe [<option>...] <command>\n\nCommands:\n  -b, --build <directory> [<deb>]  Build an archive.\n";
    accepts(help, ["probe -b dir", "probe --build dir"], ["probe --build", "probe -b", "probe -x dir"]);
  });

  test("usage '[-h|-R|' open at the line's end: no operand", () => {
    const help =
      "Usage: probe [-h|-R|\n\t-p <name> [-c <chip>]\n\t[-V])]\n\n -h | --help               print this help\n -p | --programmer <name>  use it\n -c | --chip <chip>        probe only this chip\n      --list               list the chips\n";
    accepts(help, ["probe -p x -c y", "probe -h", "probe --list"], ["probe x", "probe -p", "probe -x"]);
  });

  test("a usage cluster with '?' ('[-ap?]'): each letter a flag", () => {
    const help = "Usage: probe [-ap?] <node> [<file>]\n";
    accepts(help, ["probe -a n", "probe -? n", "probe -ap n f", "probe -p -a n"], ["probe -x n", "probe -aq n", "probe -a=1 n"]);
  });

  test("a table right under the usage, rows '-c<n>   : text' and '-a - text'", () => {
    const glued =
      "Usage: probe [-dv?] [options]\n -c<n>         : cycle\n -t<x>         : tree\n -o<outfile>   : output to <outfile>\n -d            : directed\n -v            : verbose\n -?            : usage\n";
    accepts(glued, ["probe -c 10", "probe -c10", "probe -d -v -c 16", "probe -o a.gv -t 3"], ["probe -x", "probe -c", "probe -d -k 3"]);
    const dashed = "Usage: probe [-ap?] <node> [<file>]\n  -a - for nodes elsewhere\n  -d - use forward edges\n  -r - reverse\n  -p - attach paths\n";
    accepts(dashed, ["probe -d n", "probe -r n f", "probe -adp n"], ["probe -x n", "probe -d"]);
  });

  test("'Usage:' alone over forms at the margin, each naming the program", () => {
    const help =
      "Usage:\nprobe [-D <dir>] [-c <file>]\nprobe -Q [--from <date>]\nprobe -a | -h | --status\n\nMiscellaneous:\n  -c, --calendar <file>   The file to use\n  -D, --datadir <dir>     The data directory\n  -Q, --query             Query\n";
    accepts(help, ["probe -a", "probe -Q --from 2024-01-01", "probe -D d -c f", "probe --status"], ["probe -x", "probe -a=1", "probe --from", "probe -c"]);
    // An indented line of prose under such a form is no more of it.
    const where = "Usage:\nprobe [-1bk] file\n where: -1:  assume a VT100.\n        -b:  binary mode.\n";
    accepts(where, ["probe -1 f", "probe -k -b f"], ["probe -1 v f", "probe -x f", "probe -b"]);
  });

  test("bars outside any bracket: 'probe -a | -d <date> | -n' is three choices", () => {
    const help = "usage: probe -a | -d <date> | -n | -r[<count>]\n       probe [-q] file\n";
    accepts(help, ["probe -a", "probe -d today", "probe -n", "probe -r3", "probe -q f"], ["probe -d", "probe -x", "probe -n=1", "probe -q f g"]);
  });

  test("a number-named value described as a comma-separated list, or as names, is a word", () => {
    const help =
      "Usage: probe [OPTIONS] [FILE]\n\nOptions:\n  -c, --columns COLUMNS\n                        Column indices, names or ranges to sort by.\n  -p, --print FIELDS    comma-separated list of fields to print.\n  -n, --lines LINES     Print this many lines.\n";
    accepts(help, ["probe -c id,3-5 a.csv", "probe -c name a.csv", "probe -p name,email"], ["probe -c", "probe -n ten a.csv", "probe -x a.csv"]);
  });

  test("'[FILE]...' over a 'Files:' heading of options: the files are still operands", () => {
    const help =
      "Usage: probe [OPTIONS] [FILE]...\nGenerates scanners.\n\nFiles:\n  -o, --outfile=FILE      specify output filename\n  -t, --stdout            write scanner on stdout\n";
    accepts(help, ["probe a.l", "probe -t a.l b.l", "probe -o out.c a.l"], ["probe -o", "probe -x a.l", "probe --stdout=1 a.l"]);
  });

  test("a compound plural ('<filenames>') and 'tasks' name several operands", () => {
    const help = "Usage: probe [options] <filenames>\n\n  -d<path>, --dest=<path>  write the files to <path>\n  -s, --strip-all          strip markers\n";
    accepts(help, ["probe a.jpg", "probe -s a.jpg b.jpg c.jpg", "probe --dest=out a.jpg b.jpg"], ["probe", "probe -s", "probe -x a.jpg"]);
    const tasks = "Usage: probe [options] tasks\n\nOptions:\n  --cwd <path>   working directory\n  --series       run in series\n";
    accepts(tasks, ["probe build", "probe --series lint test build"], ["probe", "probe --cwd", "probe -x build"]);
  });

  test("a man page's '-Fdir  Search in directory dir': the letter takes the glued word as its value", () => {
    const page =
      "PROBE(1)                General Commands Manual                PROBE(1)\n\nNAME\n       probe - typeset things\n\nSYNOPSIS\n       probe [-az] [file ...]\n\nOPTIONS\n       -a     Print all.\n       -Fdir  Search in directory dir for fonts.\n       -mname Read in the file name.tmac.\n       -rcn\n       -rname=n\n              Set number register c or name to n.\n       -z     Suppress output.\n";
    const g = lowerCommand(parseManPage(page, { name: "probe" }).spec);
    for (const c of ["probe -ms a.tr", "probe -m s a.tr", "probe -F/usr/fonts -a", "probe -F fonts a.tr"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe -m", "probe -F", "probe -x a.tr", "probe -a -z -q"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("'[-t secs] [-l {all|wire|debug}]' in the usage gives '-t|--timeout  Time to wait' its value", () => {
    const help =
      "Usage:\nprobe [-V] [-f] [-l {all|wire|debug}] [-s path] [-t secs]\n   -V|--version     Show version info\n   -f|--foreground  Stay in the foreground\n   -l|--log         Logging message level\n   -s|--socket      Set path to the socket\n   -t|--timeout     Time to wait in seconds before shutdown\n";
    accepts(
      help,
      ["probe -f -l debug", "probe -t 665", "probe --socket /run/p.sock -V"],
      ["probe -l", "probe -l loud", "probe -t", "probe -f x", "probe -V -x"],
    );
  });
});
