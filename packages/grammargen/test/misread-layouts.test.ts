// Option-row and usage layouts that were read as something else, so that options the text
// lists were refused. Each is read by a rule about the layout, tested on a made-up program's
// text, and each test also refuses what the text does not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("misread option layouts", () => {
  test("'-b = bridge name': an equals sign between spaces leads to the description; the usage's glued <value> is required", () => {
    const help = `probe v1

usage:
  probe [-Bdh] [-P<pid file>] \\
        -i<ifname> -c<config file> [-b<br_ifname>] \\
        [-N -i<ifname> -c<conf> ...]

options:
  -b = optional bridge interface name
  -B = run daemon in the background
  -c = Configuration file
  -d = increase debugging verbosity (-dd even more)
  -h = show this help text
  -i = interface name
  -N = start describing new interface
  -P = PID file
`;
    accepts(
      help,
      ["probe -B -i lo -c a.conf", "probe -iwlan0 -c/etc/a.conf", "probe -i lo -c a.conf -b br0 -P /run/p.pid", "probe -d -i lo -c a.conf"],
      ["probe -B -i lo -c", "probe -i lo -c a.conf -x", "probe -i lo -c a.conf -b", "probe -B=x -i lo -c a.conf"],
    );
    // The usage line with no heading, starting with the program's name.
    const headless =
      "probe [-i<ifname>] [-hv] [-a<action file>] \\\n        [command..]\n  -h = help (show this usage text)\n  -a = run in daemon mode with the action file\n";
    accepts(headless, ["probe -a act.sh", "probe -h", "probe -i lo status"], ["probe -a", "probe -x", "probe -h=1"]);
  });

  test("'-q [--quiet]  : ...': a long spelling in brackets after the letter is another spelling", () => {
    const help = `probe: file the changes.
usage: probe NAME PATH...

Valid options:
  -q [--quiet]             : print nothing
  -R [--recursive]         : descend recursively
  --depth ARG              : limit operation by depth ARG
`;
    accepts(
      help,
      ["probe --recursive --quiet a .", "probe -R -q a .", "probe --depth 2 a ."],
      ["probe -Rx a .", "probe -q[--quiet] a .", "probe --recursive=x a .", "probe --recurse a ."],
    );
  });

  test("'-p -<tab>password': a lone dash after the letter stands for its value", () => {
    const help = "usage: probe [options] file.pdf [page]\n\t-p -\tpassword\n\t-r -\tresolution\n\t-X\tdisable styles\n";
    accepts(help, ["probe -p pw a.pdf", "probe -r 72 a.pdf 3", "probe -X a.pdf"], ["probe -p", "probe -X x a.pdf 3", "probe -q a.pdf"]);
  });

  test("'-o|-d|-x  --radix={8|10|16}': letters joined by bars are flags, the long spelling after the gap takes the value", () => {
    const help = `Usage: probe [option(s)] [file(s)]
 The options are:
  -A|-B|-G  --format={sysv|berkeley|gnu}  Select output style
  -o|-d|-x  --radix={8|10|16}         Display numbers in octal, decimal or hex
  -t        --totals                  Display the total sizes
`;
    accepts(
      help,
      ["probe --radix=10 a.o", "probe -A a.o", "probe -d -t a.o", "probe --format=gnu a.o", "probe --totals"],
      ["probe --radix=12 a.o", "probe --radix", "probe -A=sysv a.o", "probe --format=x a.o"],
    );
  });

  test("'[--force,-f]' in a usage line: spellings joined by a comma with no space are one option, a value after the last for all", () => {
    const help = `Usage:
    probe [--path=dir,-p dir] [--clip[=line],-c[line]] [--echo,-e | --multiline,-m] [--force,-f] name
`;
    accepts(
      help,
      ["probe -f a", "probe --force -e a", "probe -m a", "probe -p d a", "probe --path=d a", "probe -c a", "probe -c2 a", "probe --clip=2 a"],
      ["probe -f x a", "probe --force=1 a", "probe -x a", "probe -p a", "probe --echo,-e a"],
    );
  });

  test("bulleted entries 'o --file / -f path', 'o --deriver; -d' are options", () => {
    const help =
      "Usage: probe [options] path\n\nOptions\n       o --file / -f path\n         Read path.\n\n       o --dry-run\n         Show it.\n\n       o --deriver; -d\n         Print it.\n";
    accepts(help, ["probe -f a b", "probe --file a --dry-run b", "probe -d b", "probe --deriver b"], ["probe -f", "probe -x b", "probe --dry-run=1 b"]);
  });

  test("a man page titled 'Name', 'Synopsis' with a 'Synopsis' under each operation: every form is the usage", () => {
    const page = `probe(1)                 General Commands Manual                 probe(1)

Name
       probe - manage things

Synopsis
       probe [--dry-run] operation [options] [arguments]

Operation --install
   Synopsis
       probe {--install | -i} args [{--attr | -A}]

   Description
       Installs args.

Operation --query
   Synopsis
       probe {--query | -q} [--available | -a] names
`;
    accepts(
      page,
      ["probe -i foo", "probe -iA foo", "probe --query -a x", "probe -qa x", "probe --dry-run -q x"],
      ["probe -x", "probe --instal foo", "probe -q --avail"],
    );
  });

  test("'--build <directory> [<deb>]': a bracketed value after the value is no second required value", () => {
    const help =
      "Usage: probe [<option>...] <command>\n\nCommands:\n  -b, --build <directory> [<deb>]  Build an archive.\n  -c, --contents <deb>             List contents.\n";
    accepts(help, ["probe -b dir", "probe --build dir", "probe -c a.deb"], ["probe --build", "probe -b", "probe -x dir"]);
  });
});
