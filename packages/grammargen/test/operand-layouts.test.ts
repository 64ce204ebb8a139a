// Usage and operand layouts whose misreading refused commands people write (tldr-pages'
// examples): each read by a general rule and tested on a made-up program's text. Each test also
// refuses what the text does not allow, so a rule cannot pass by widening.
import { describe, expect, test } from "vitest";
import { accepts } from "./help-verdicts.js";
import { lowerCommand, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";

describe("usage and operand layouts", () => {
  test("braces around options only ('{q-opt}', '{[-cargs opts] [-bargs opts]}') require nothing", () => {
    accepts(
      "Usage:  probe [@server] {q-opt} {global-d-opt} host [@local-server]\nWhere:  q-opt    is one of:\n                 -4     (use IPv4 query transport only)\n",
      ["probe example.org", "probe @ns1 example.org", "probe example.org @ns2"],
      ["probe", "probe a b c d"],
    );
    accepts(
      "Usage: probe  opts  name  {[-cargs opts] [-bargs opts] [-largs opts]}\n\nprobe switches:\n  -f       Force recompilations\n  -o name  Choose an alternate executable name\n",
      ["probe main.adb", "probe -f -o app main.adb"],
      ["probe", "probe -f"],
    );
  });

  test("a usage form that starts with a listed command word ('[options] show pkg1 [pkg2 ...]') belongs to that command, not the program's operands", () => {
    accepts(
      "Usage: probe [options] command\n       probe [options] show pkg1 [pkg2 ...]\n\nMost used commands:\n  search - Search the package list\n  show - Show a readable record\n  policy - Show policy settings\n\nOptions:\n  -q  Quiet\n",
      ["probe show pkg", "probe policy", "probe -q search x"],
      ["probe poblicy numpy", "probe esarch victor", "probe pkg"],
    );
  });

  test("operand descriptions under the usage ('<name>  can be ...', ' INPUT' over indented prose) are not more operands", () => {
    accepts(
      "  Usage: probe name [@server] [type] [class]\n\t<name>  can be a domain name or an IP address (-x lookups)\n\t<type>  defaults to A\n\n  Options:\n\t-D\t\tenable DNSSEC (DO bit)\n",
      ["probe example.org", "probe -D example.org @ns1 MX IN"],
      ["probe", "probe a b c d e"],
    );
    accepts(
      "Usage: probe INPUT OUTPUT [OPTIONS...]\n INPUT\n    the input can be PNG, GIF or JPEG\n OUTPUT\n    the compressed output file\n\n -v, --verbose\n    more output\n",
      ["probe in.png out.jxl", "probe -v in.png out.jxl"],
      ["probe in.png", "probe a b c"],
    );
  });

  test("a usage block that shows several programs' forms: the forms that name this program are its own", () => {
    const help = `Usage: probe [-b] {probe|-F file}         set host name (from file)
       probe [-a|-d|-s]                 display formatted name
       probe                            display host name

       {yp,nis,}probedomain {nisdomain|-F file}  set NIS domain name (from file)
       {yp,nis,}probedomain                      display NIS domain name

       dnsprobedomain                            display dns domain name

Program options:
    -a, --alias            alias names
    -b, --boot             set default hostname if none available
    -d, --domain           DNS domain name
    -F, --file             read host name or NIS domain name from given file
    -s, --short            short host name
`;
    accepts(help, ["dnsprobedomain"], ["dnsprobedomain example.org"], "dnsprobedomain");
    accepts(help, ["ypprobedomain", "ypprobedomain corp"], ["ypprobedomain a b"], "ypprobedomain");
    accepts(help, ["probe", "probe -s", "probe example.org"], ["probe a b"]);
  });

  test("a name line with a summary ('probe - the friendly shell') is not the usage line; the form below it is", () => {
    const help = `
probe - the friendly interactive shell

probe [OPTIONS] [FILE [ARG ...]]
probe [OPTIONS] [-c COMMAND [ARG ...]]

DESCRIPTION
    -c or --command=COMMAND
        Evaluate the specified commands.
    -N or --no-config
        Do not read configuration files.
`;
    accepts(help, ["probe", "probe run.fish", "probe -N run.fish a b"], ["probe -z"]);
  });

  test("'?PART?' is optional; a command named among its aliases ('rm|del|forget') or in another form ('or: probe ci') is skipped", () => {
    const del =
      "Usage: probe rm|del|forget FILE1 ?FILE2 ...?\n\nRemove files from the checkout.\n\nOptions:\n  --soft      keep the files on disk\n  --hard      remove the files from disk\n";
    accepts(del, ["probe del a.c", "probe del --hard a.c b.c c.c"], ["probe del", "probe del --firm a.c"], "probe del");
    const ci =
      "Usage: probe commit ?OPTIONS? ?FILE...?\n   or: probe ci ?OPTIONS? ?FILE...?\n\nCreate a new version.\n\nOptions:\n  -m|--comment COMMENT  use COMMENT as the check-in comment\n";
    accepts(ci, ["probe ci", "probe ci -m fix", "probe ci --comment fix a.c b.c"], ["probe ci -m", "probe ci --nope"], "probe ci");
    const init =
      "Usage: probe new ?OPTIONS? FILENAME\n   or: probe init ?OPTIONS? FILENAME\n\nCreate a repository.\n\nOptions:\n  --template FILE   copy settings from FILE\n";
    accepts(init, ["probe init repo.db", "probe init --template t.db repo.db"], ["probe init", "probe init a.db b.db"], "probe init");
  });

  test("a form after a label (' Encoding: probe ...', 'Analyzing: probe -a ...'); '[general options]' stands for options", () => {
    const help = `Usage:

 Encoding: probe [<general/encoding/format options>] [INPUTFILE [...]]
 Decoding: probe -d [<general/decoding/format options>] [PROBEFILE [...]]
Analyzing: probe -a [<general/analysis options>] [PROBEFILE [...]]

  -d, --decode                 Decode
  -a, --analyze                Same as -d except an analysis file is written
  -o, --output-name=FILENAME   Force the output file name
`;
    accepts(help, ["probe a.wav", "probe -d -o out.wav a.flac b.flac"], ["probe -x a.wav", "probe -o"]);
    accepts(
      "Usage: probe [general options] [-jy] [[month] year]\n       probe [general options] [-j] [-m month] [year]\n\n  -j   Julian days\n  -y   whole year\n  -m month  month\n",
      ["probe", "probe 3 2024", "probe -j 2024"],
      ["probe 1 2 3"],
    );
  });

  test("a subcommand's help that prints the program's usage: the command placeholder ('action', 'command') is this command", () => {
    const tl =
      "Usage:\n    probe [option...] action [option...] [operand...]\n\nOptions:\n  --json            JSON output\n  --only-installed  only installed packages\n";
    accepts(tl, ["probe info", "probe info --json", "probe info --only-installed pkg"], ["probe info --nope"], "probe info");
    const iw =
      "Usage:\tprobe [options] command\nOptions:\n\t--debug\t\tenable netlink debugging\nCommands:\n\tevent [-t|-T] [-f]\n\t\tMonitor events.\n\t\t-t - print timestamp\n\t\t-T - print absolute timestamp\n\t\t-f - print full frame\n";
    accepts(iw, ["probe event", "probe event -t -f"], [], "probe event");
    // The usage says nothing of the command's own words: they pass through.
    const dev = "Usage:\tprobe [options] command\nOptions:\n\t--debug\t\tenable netlink debugging\nCommands:\n\tdev\n\t\tList all network interfaces.\n";
    accepts(dev, ["probe dev", "probe dev wlan0 scan"], [], "probe dev");
    // The program's list of commands is not this command's.
    const apt =
      "Usage: probe [options] command\n\nprobe is a package manager.\n\nMost used commands:\n  list - list packages based on package names\n  search - search in package descriptions\n  show - show package details\n";
    accepts(apt, ["probe list", "probe list htop"], [], "probe list");
    // Those it shows after this command's word are this command's.
    const reg =
      "Usage:\tprobe [options] command\nOptions:\n\t--debug\t\tenable netlink debugging\nCommands:\n\treg reload\n\t\tReload the database.\n\n\tphy <phyname> reg get\n\t\tPrint the device's domain.\n\n\treg get\n\t\tPrint the kernel's domain.\n\n\treg set <ISO/IEC 3166-1 alpha2>\n\t\tSet the domain.\n";
    accepts(reg, ["probe reg get", "probe reg set DE"], ["probe reg xyz"], "probe reg");
    // Another command word after it: the form is the program's, and its words pass through.
    const aws = "usage: probe [options] <command> <subcommand> [<subcommand> ...] [parameters]\n\n  --debug   debug logging\n";
    accepts(aws, ["probe s3 cp a.txt s3://b --recursive"], ["probe s3"], "probe s3");
  });

  test("forms set apart by blank lines under a heading of their own are all forms", () => {
    const help =
      "Probe 1.0\n\nUSAGE:\n\n\tprobe [ -h | -G ]\n\n\tprobe [-x] [-F] [-p FORMAT_STRING] file(s)\n\n\t-h\tDisplay this help\n\t-G\tDisplay the genres\n\t-x\tDisplay technical details\n\t-F\tFull scan\n\t-p FORMAT\tPrint with FORMAT\n";
    accepts(help, ["probe -h", "probe a.mp3", "probe -x -p %f a.mp3 b.mp3"], ["probe -z a.mp3", "probe -p"]);
  });

  test("a command list of whole forms with no descriptions ('amend [--object objectdef] [-p] -o options filename')", () => {
    const help = `usage: probe [standard options] command [command options]
Probe disk image utility

    '-h', '--help'       display this help and exit

Command syntax:
  amend [--object objectdef] [-p] [-q] -o options filename
  create [-q] [-f fmt] [-o options] filename [size]
  info [-f fmt] [--output=ofmt] filename

Command parameters:
  'filename' is a disk image filename
`;
    accepts(help, ["probe create a.img 1G", "probe info a.img", "probe amend -o x a.img"], ["probe destroy a.img"]);
  });

  test("a list of commands right under the usage, with no heading (GLib's summary), names the commands", () => {
    const help = `Usage:
  probe [OPTION?]

  activate [DEVICE-ID|GUID]         Activate devices
  check-reboot-needed [DEVICE-ID|GUID]
                                    Check if any devices are pending a reboot
  get-devices                       Get all devices that support firmware updates
  refresh [--force]                 Refresh metadata from remote server

Help Options:
  -h, --help                        Show help options

Application Options:
  -v, --verbose                     Show extra debugging information
`;
    accepts(help, ["probe get-devices", "probe -v refresh", "probe check-reboot-needed"], ["probe get-device", "probe update"]);
  });

  test("a tab-indented list under the usage ('\\tclean\\t-- rewrite pdf file') names the commands, also over a man page's '<sub-command>'", () => {
    const help =
      "usage: probe <command> [options]\n\tclean\t-- rewrite pdf file\n\tconvert\t-- convert document\n\tinfo\t-- show information about pdf resources\n";
    accepts(help, ["probe info a.pdf", "probe convert -o a.png b.pdf 1-3"], ["probe inf a.pdf"]);
    const man =
      "PROBE(1)        General Commands Manual        PROBE(1)\n\nNAME\n       probe - all purpose tool\n\nSYNOPSIS\n       probe <sub-command> [options]\n\nDESCRIPTION\n       probe is a tool.\n\nDRAW\n       probe draw [options] file [pages]\n\n       -p password\n              Use the password.\n\n       -o output\n              The output file.\n\n       -F format\n              Enforce a format.\n";
    const merged = mergeHelpAndMan(parseHelp(help, { name: "probe" }), parseManPage(man, { name: "probe" }));
    const g = lowerCommand(merged.spec);
    for (const c of ["probe info a.pdf", "probe clean a.pdf b.pdf"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe inf a.pdf"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("a man page's SYNOPSIS with kindred programs' forms ('probe-gcc ...', 'probe-enroll ...'): this program's form is read", () => {
    const page = (synopsis: string) =>
      `PROBE(1)                    General Commands Manual                   PROBE(1)\n\nNAME\n       probe - test tools\n\nSYNOPSIS\n${synopsis}\nDESCRIPTION\n       This manual page documents the probe tools.\n\nOPTIONS\n       -f finger\n              The finger to use.\n`;
    const grammar = (text: string, name: string) => lowerCommand(parseManPage(text, { name }).spec);
    const blank = page("       probe-enroll [-f finger] [usename]\n\n       probe-list username [usernames...]\n\n       probe-verify [-f finger] [usename]\n");
    const g = grammar(blank, "probe-list");
    for (const c of ["probe-list alice", "probe-list alice bob"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(g, "probe-list").accepted).toBe(false);
    const kin = page(
      "       probe [command] [options] files...\n       probe-gcc [command] [options] files...\n       probe-llvm [command] [options] files...\n",
    );
    const k = grammar(kin, "probe");
    for (const c of ["probe a.vhdl", "probe -f x a.vhdl b.vhdl"]) expect(recognize(k, c).accepted, c).toBe(true);
    expect(recognize(k, "probe").accepted).toBe(false);
  });

  test("GLib's summary after the parameter string ('[username] Verify a fingerprint') is not operands", () => {
    const help =
      "Usage:\n  probe [OPTION?] [username] Verify a fingerprint\n\nHelp Options:\n  -h, --help             Show help options\n\nApplication Options:\n  -f, --finger           Finger selected to verify\n";
    accepts(help, ["probe", "probe alice", "probe -f alice"], ["probe a b", "probe -x"]);
  });

  test("'<action> is one of:' over rows with arguments before a dash, and a heading of aliases over 'open: create, luksOpen'", () => {
    const help = `Usage: probe [OPTION...] <action> <action-specific>

  -v, --verbose    Shows more detailed error messages

<action> is one of:
\topen <device> [--type <type>] [<name>] - open device as <name>
\tclose <name> - close device (remove mapping)
\tkillSlot <device> <key slot> - wipes key with number <key slot>

You can also use old <action> syntax aliases:
\topen: create (plainOpen), luksOpen
\tclose: remove (plainClose), luksClose
`;
    accepts(
      help,
      ["probe open /dev/sdb1 secret", "probe luksOpen /dev/sdb1 secret", "probe -v close secret", "probe plainClose x", "probe killSlot /dev/x 1"],
      ["probe opne /dev/sdb1", "probe -x close secret"],
    );
  });

  test("a commands list with rows it cannot name one by one ('-c|check <file>', '[dump] config') lets other command words through", () => {
    const help = `Usage: probe [options] <command>

<command> is one of:
  help             display a detailed help message
  -c|check <file>  spellchecks a file
  list             produce a list of misspelled words
  [dump] config    dumps the current configuration
`;
    accepts(help, ["probe list", "probe check file.txt", "probe dump config", "probe help"], ["probe --nope list"]);
  });

  test("'where <command> is one of:' lists commands, each with its alias after 'or' ('ed    (or edit)    - Edit')", () => {
    const help = `Probe Toolkit: Command line utilities for XML
Usage: probe [<options>] <command> [<cmd-options>]
where <command> is one of:
  ed    (or edit)      - Edit/Update XML document(s)
  sel   (or select)    - Select data or query XML document(s) (XPATH, etc)
  fo    (or format)    - Format XML document(s)
  unesc (or unescape)  - Unescape special XML characters
<options> are:
  -q or --quiet        - no error output
  --version            - show version
`;
    accepts(help, ["probe format a.xml", "probe fo a.xml", "probe -q edit --inplace a.xml", "probe unescape a"], ["probe nope a.xml"]);
  });

  test("operands joined by 'or' are placeholders for one operand; repeated operands joined by a bar ('file(s) | URL(s)') repeat", () => {
    accepts(
      "Usage: probe [OPTIONS] hostname or IP-address\n  -s, --silent        Be more silent.\n",
      ["probe example.org", "probe -s 10.0.0.1"],
      ["probe", "probe a b"],
    );
    // Two numbered operands of one kind around "or" are two operands and a literal word.
    accepts("Usage: probe file1 or file2\n", ["probe a.txt or b.txt"], ["probe a.txt"]);
    accepts(
      "Usage: probe [OPTION]... PATTERN [FILES OR DIRECTORIES]\n\n  -i, --ignore-case   ignore case\n",
      ["probe x", "probe -i x a.c lib/ b.c"],
      ["probe"],
    );
    accepts(
      "Usage: probe [options] file(s) | URL(s) | -\n\nOptions supported:\n   --verbose or -v          Increase verbosity\n   -B                       Recurse\n",
      ["probe a.mp3", "probe -B music/", "probe a.mp3 https://x.org/b.mp3"],
      ["probe", "probe -x a.mp3"],
    );
  });

  test("a BSD usage line's operand described on the next line ('  INPUT      input image filename') is not more of the form", () => {
    accepts(
      "Usage: probe [-v] INPUT\n  INPUT      input JPEG XL image filename(s)\n  -v         more verbose output\n",
      ["probe a.jxl", "probe -v a.jxl"],
      ["probe", "probe a.jxl b.jxl", "probe -x a.jxl"],
    );
  });

  test("operands the text says 'are interpreted as floating point values' are numbers, a sign included", () => {
    accepts(
      "Usage: probe [OPTION]... LAST\n  or:  probe [OPTION]... FIRST INCREMENT LAST\n\n  -w, --equal-width   pad\n\nFIRST, INCREMENT, and LAST are interpreted as floating point values.\n",
      ["probe 10 -1 1", "probe -w 1 0.5 3", "probe -5", "probe 5"],
      ["probe -x 1", "probe 1 a 3", "probe -w"],
    );
    accepts("Usage: probe [OPTION]... FIRST LAST\n\n  -w   pad\n", ["probe 1 5"], ["probe 10 -1"]);
  });
});
