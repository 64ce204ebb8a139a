// Help layouts whose misreading refused commands people write (tldr-pages' examples), each read
// by a general rule and tested on a made-up program's text: no rule leans on a program's name.
// Each test also refuses what the text does not allow, so a rule cannot pass by widening.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("help layouts read for recall", () => {
  test("options at the margin under a title that does not say 'options' ('Display modes:'), set apart by a tab", () => {
    const help = `Usage: probe [<switches>]

Display modes:
-m\t\tMachine-readable output
-t\t\tShow a tree

Resolving of ID's to names:
-n\t\tShow numeric ID's
-nn\t\tShow both names and numbers

Other options:
-i <file>\tUse this database

The shortcuts are:
-f cd (16 bit little endian, 44100, stereo)
`;
    accepts(help, ["probe -t", "probe -nn", "probe -nm", "probe -i db -mt", "probe -n"], ["probe -f cd", "probe -x", "probe -i"]);
  });

  test("a description after each usage form, set apart by a tab ('DEVNAME\\tShow Rx rings'), is not operands", () => {
    const help = "Usage:\n        probe [ FLAGS ]  DEVNAME\tDisplay the device\n        probe [ FLAGS ] -r|--rings DEVNAME\tShow Rx rings of the device\n";
    accepts(help, ["probe eth0", "probe -r eth0"], ["probe", "probe eth0 extra", "probe -r eth0 a b"]);
  });

  test("a usage operand 'file|dir ...', 'uri|path' or '[FILE|URL|-]' names placeholders, not the words to type", () => {
    accepts("Usage: probe [options] file|dir ...\n\nOptions:\n  -w, --write  write back\n", ["probe x.py", "probe -w a.py lib/"], ["probe", "probe -x a"]);
    accepts(
      "Usage:\n  probe [OPTIONS] [FILE|URL|-]\n\nOptions:\n  -v, --values  values only\n",
      ["probe a.json", "probe -", "probe -v https://x.org/a"],
      ["probe a b"],
    );
    // Words that are not placeholders stay the choices they are.
    accepts("Usage: probe [options] start|stop\n\nOptions:\n  -q, --quiet  quiet\n", ["probe start", "probe -q stop"], ["probe go", "probe"]);
  });

  test("usage operands joined by a lone bar ('RULES FILE | DIR | PID') are one operand; 'cat x | probe' starts at the program", () => {
    const help = "Usage: probe [OPTION]... RULES_FILE FILE | DIR | PID\n\n  -r, --recursive   recurse\n";
    accepts(help, ["probe r.yar x.bin", "probe r.yar -r dir", "probe r.yar 42"], ["probe r.yar", "probe r.yar a b c"]);
    accepts("Usage: probe [options] start | stop | status\n", ["probe start", "probe status"], ["probe go", "probe start stop"]);
    accepts("Usage:  cat data.json | probe [OPTIONS] [QUERY]\n\n        -c   compact output\n", ["probe", "probe -c _.a"], ["probe a b", "probe -x"]);
  });

  test("a section titled '... Commands:' lists commands even when its title names the environment", () => {
    const help = `probe [OPTIONS...] COMMAND ...

Unit Commands:
  start UNIT...                       Start units

Environment Commands:
  show-environment                    Dump environment
  import-environment VARIABLE...      Import variables

Environment variables:
  PROBE_PAGER                         The pager to use

Options:
  -q --quiet                          Quiet
`;
    accepts(help, ["probe start a", "probe show-environment", "probe -q import-environment PATH"], ["probe PROBE_PAGER", "probe frob"]);
  });

  test("a usage group followed by a star ('[-oo NAME=VALUE]*', '[src]*') is optional and repeats", () => {
    const help =
      "Usage: probe [--help] [-json] [-oo NAME=VALUE]* [-if format]* datasetname [src]*\n\nOptions:\n  -json  JSON output\n  -oo NAME=VALUE  open option\n  -if format  input format\n";
    accepts(help, ["probe a.tif", "probe -json a.tif", "probe -oo A=1 -oo B=2 a.tif", "probe a b c"], ["probe", "probe -json"]);
  });

  test("a PIPELINE-DESCRIPTION operand is several words, '!' among them", () => {
    const help =
      "Usage:\n  probe [OPTION?] PIPELINE-DESCRIPTION\n\nHelp Options:\n  -h, --help   Show help options\n  -v, --verbose   Output status information\n";
    accepts(help, ["probe src ! sink", "probe -v src ! filter name=x ! sink", "probe a"], ["probe", "probe -x a"]);
  });

  test("'Usage :' with a space before the colon; a usage option repeated with a star; '<cfgfile|cfgdir>' names placeholders", () => {
    const help = `Usage : probe [-f <cfgfile|cfgdir>]* [ -vd ] [ -n <maxconn> ]
        -v displays version ; -vv shows build options.
        -d enters debug mode
        -n sets the maximum number of connections
`;
    accepts(help, ["probe -f a.cfg", "probe -d -f a.cfg -f conf.d", "probe -f a.cfg -n 10"], ["probe -f", "probe -x", "probe -f a b"]);
  });

  test("a usage operand '<file|url|magnet>' names placeholders; '<start|stop>' stays the words to type", () => {
    accepts(
      "Usage: probe [options] <file|url|magnet>\n\nOptions:\n -v  --verify   Verify\n",
      ["probe x.torrent", "probe -v https://x/y"],
      ["probe", "probe a b"],
    );
    accepts("Usage: probe <start|stop> <interface>\n", ["probe start wlan0", "probe stop wlan0"], ["probe go wlan0", "probe start"]);
  });

  test("an option that lists what the program knows ('-l  List available fixers') stands alone where operands are required", () => {
    const help = `Usage: probe [options] file ...

Options:
  -l, --list-fixes      List available transformations
  -w, --write           Write back modified files
  -o, --list-only       List only mode
  -h                    this message
`;
    // Other options may come with it (`probe -l -w`): the program lists and ends all the same.
    accepts(
      help,
      ["probe -l", "probe --list-fixes", "probe -h", "probe -w a.py", "probe -o a.py", "probe -l -w"],
      ["probe", "probe -w", "probe -l -x", "probe -o"],
    );
  });

  test("argparse subparsers wrapped over lines ('{add,rm,...}' then '...' below) are subcommands, also in a text with only -h and -v", () => {
    const help = `usage: probe [-h] [-v]
             {add,rm,freeze,clone,rename,flags,color,info,ll,context,ls,group,super,shell,clear}
             ...

Probe manages many repos.

options:
  -h, --help            show this help message and exit
  -v, --version         show program's version number and exit
`;
    accepts(help, ["probe ll", "probe add a b", "probe super repo commit -am x", "probe -v"], ["probe frob", "probe -x"]);
  });

  test("spellings joined by a slash ('-c/--configuration FILE -- text', '[-e/-z/-d]') are separate spellings of one option", () => {
    const table = `probe -- run a set of daemons.

Usage: /usr/bin/probe [options]

Options:
-c/--configuration FILENAME -- configuration file path
-n/--nodaemon -- run in the foreground
-h/--help -- print this usage message and exit
`;
    accepts(table, ["probe -c a.conf", "probe --configuration=a.conf -n", "probe --nodaemon"], ["probe -c", "probe -x", "probe --nodaemonx"]);
    const bsd =
      "probe - a compressor.\nUsage: probe [-e/-z/-d/-t/-c/-h/-V] [-b block_size] files...\nOperations:\n  -e/-z, --encode   compress data\n  -d, --decode      decompress data\n";
    accepts(bsd, ["probe -d a.bz", "probe -dc a.bz", "probe -z a", "probe --decode a.bz"], ["probe -x a", "probe -e/-z a"]);
  });

  test("a letter in a column after its long spelling ('--output=f\\t\\t-o f\\tText'), 'X or Y' and 'X | Y' after the gap, '-0 to -9, -11'", () => {
    const columns =
      "Usage: probe [options] url1 [url2]\n\n--max-speed=x\t\t-s x\tSpecify maximum speed\n--output=f\t\t-o f\tSpecify local output file\n--quiet\t\t\t-q\tLeave stdout alone\n";
    accepts(columns, ["probe -o out.iso https://x/y", "probe -q -s 100 https://x/y", "probe --output=a https://x/y"], ["probe -o", "probe -x https://x/y"]);
    const joined = `Usage: probe [options] TARGET

Options:
  -p PASS  or -P FILE  try password PASS, or load passwords from FILE
  -verbose  or  -debug   Emit debug output
  --file       | -f\tuse this configuration
  -0 to -9, -11        Compression level
`;
    accepts(
      joined,
      ["probe -P list.txt host", "probe -p pw host", "probe -debug host", "probe -f host", "probe -9 host", "probe -11 host"],
      ["probe -P host", "probe -x host"],
    );
  });

  test("popt's 'Usage: probe [OPTION...]' says nothing of operands; without popt's help options it says there are none", () => {
    const popt = `Usage: probe [OPTION...]

Query options:
  -q, --query                        query mode
  -a, --all                          query all packages

Help options:
  -?, --help                         Show this help message
      --usage                        Display brief usage message
`;
    accepts(popt, ["probe -q httpd", "probe -qa", "probe -q a b"], ["probe -x", "probe --frob"]);
    accepts("Usage: probe [OPTION...]\n\nOptions:\n  -q, --query   query mode\n", ["probe -q"], ["probe -q httpd"]);
  });
});
