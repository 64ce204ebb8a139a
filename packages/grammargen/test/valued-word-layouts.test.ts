// Layouts where a word the text says an option or a command takes was refused: the text named
// the value or the operand somewhere the parser did not look. Made-up texts, each also refusing
// what the text does not allow.
import { describe, expect, test } from "vitest";
import { lowerCommand, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

/** The verdict on each command of the grammar of a help text and a man page read together. */
const mergedVerdicts = (help: string, man: string, commands: string[], name = "probe"): boolean[] => {
  const g = lowerCommand(mergeHelpAndMan(parseHelp(help, { name: [name] }), parseManPage(man, { name: [name] })).spec);
  return commands.map((c) => recognize(g, c).accepted);
};

describe("values and operands named away from the option's row", () => {
  test("'[--conf file] [-i INVENTORY]' in the usage gives the table's valueless rows their values", () => {
    const help =
      "usage: probe [-h] [-v] [-i INVENTORY] [--conf file] [--vault-id VAULT_IDS] pattern\n\noptions:\n  -h, --help            show this help\n  -v, --verbose         more output\n  -i, --inventory, --inventory-file\n                        inventory host path or comma separated host list\n  --conf                use another configuration\n  --vault-id            the vault identity to use\n";
    accepts(
      help,
      ["probe -i hosts all", "probe --inventory-file hosts --conf a.conf all", "probe --vault-id dev@prompt -v all"],
      ["probe -i", "probe --conf", "probe -v x all", "probe --vault-id", "probe --verbose=x all"],
    );
  });

  test("'[--type rar|zip|7z]' in the usage gives '--type: you can specify' its choices", () => {
    const help =
      "Usage:   probe archive.ext [--threads NUM] [--type rar|zip|7z]\n\nOptions: --help: show this screen.\n         --type: you can specify the archive program\n         --threads: you can specify how many threads\n";
    accepts(help, ["probe --type rar a.zip", "probe --type 7z a.7z", "probe a.zip"], ["probe --type tar a.tar", "probe --type a.zip", "probe a.zip b.zip"]);
  });

  test("'(-f filename)|(<scan_range>)': an option's form or the operand's", () => {
    const help =
      "Usage:\nprobe [-v] [-t timeout] (-f filename)|(<scan_range>)\n\t-v\t\tverbose output\n\t-t timeout\twait timeout milliseconds\n\t-f filename\tTake addresses from file filename.\n";
    accepts(help, ["probe 10.0.0.0/24", "probe -v -t 500 10.0.0.1", "probe -f hosts.txt"], ["probe 10.0.0.1 10.0.0.2", "probe -f", "probe -x 10.0.0.1"]);
  });

  test("a usage of options only over a 'positional arguments:' section that lists the operand", () => {
    const help =
      "usage: probe [options]\n\nEdit records.\n\npositional arguments:\n  domain                Domain name, id, or uuid\n\noptions:\n  -h, --help            show this help message and exit\n  --edit [EDIT]         Edit the record\n";
    accepts(help, ["probe web1 --edit", "probe --edit 2 web1", "probe"], ["probe web1 web2", "probe --remove web1"]);
  });

  test("'[LIBRARIES]' in the plural stands for several words", () => {
    const help =
      "usage: probe [OPTIONS] [LIBRARIES]\n\nbasic options:\n\n  --help                            this message\n  --libs                            print linker flags\n";
    accepts(help, ["probe --libs gtk4 glib-2.0 zlib", "probe"], ["probe --cflags gtk4", "probe --libs=x gtk4"]);
  });

  test("'--msgbox       <text> <height> <width>': several values in a column of their own", () => {
    const help =
      "Usage: probe <options> { --and-widget <options> }\n\nBox options:\n  --calendar     <text> <height> <width> <day> <month> <year>\n  --msgbox       <text> <height> <width>\n  --yesno        <text> <height> <width>\n";
    accepts(
      help,
      ["probe --msgbox 'Hello' 10 40", "probe --yesno 'Sure?' 8 30", "probe --calendar Pick 5 50 1 12 2026"],
      ["probe --msgbox 'Hello'", "probe --msgbox 'Hello' 10", "probe --yesno 'Sure?' 8 30 1"],
    );
  });

  test("a usage bundle '[-acDdM]' over a table row '-M module<tab>use the given driver'", () => {
    const help =
      "usage: probe [-acDdM]\n\n Query options:\n\n\t-c\tlist connectors\n\t-a \tuse atomic API\n\n Generic options:\n\n\t-d\tdrop master after mode set\n\t-M module\tuse the given driver\n\t-D device\tuse the given device\n";
    accepts(help, ["probe -M i915 -c", "probe -D /dev/dri/card0 -a", "probe -dc"], ["probe -M", "probe -c x", "probe -x"]);
  });

  test("a bare row described as 'Comma separated list of fields' takes the list", () => {
    const help =
      "Usage: probe [options]\n\nOptions:\n  -o, --format          Comma separated list of fields.\n  -D, --domains         Comma-separated list of domains to follow.\n  -n, --noheader        No heading will be added to the output.\n";
    accepts(help, ["probe -o JobID,JobName -n", "probe --domains a.org,b.org"], ["probe -o", "probe --format", "probe -n x"]);
  });

  test("a bare row described only by 'value=meaning' pairs takes one of those values", () => {
    const help =
      "Usage: probe [OPTION]... \n-h,--help\thelp\n-t,--test\tpink=use pink noise, sine=use sine wave, wav=WAV file\n-s,--speaker\tsingle speaker test. Values 1=Left, 2=right, etc\n";
    accepts(help, ["probe -t wav", "probe --test pink", "probe -s"], ["probe -t", "probe -t noise", "probe -s 1"]);
  });

  test('\'--max-rate=RATE ... (in kB/s, or use suffix "k" or "M")\': a rate with a multiplier is a size', () => {
    const help =
      'Usage:\n  probe [OPTION]...\n\nOptions:\n  -r, --max-rate=RATE    maximum transfer rate to transfer data directory\n                         (in kB/s, or use suffix "k" or "M")\n  -s, --speed=RATE       speed of the progress meter\n';
    accepts(help, ["probe --max-rate 22M", "probe -r 300k", "probe -r 512", "probe -s 1.5"], ["probe -r fast", "probe -s 2M", "probe -r"]);
  });

  test("a number whose description is an amount of data (a transfer rate, a bandwidth, a quota) takes a multiplier suffix", () => {
    const help =
      "Usage: probe [OPTION]... [URL]...\n\nOptions:\n  -Q,  --quota=NUMBER     set retrieval quota to NUMBER\n       --limit-rate=RATE   limit download rate to RATE\n       --bwlimit=RATE      limit socket I/O bandwidth\n  -t,  --tries=NUMBER     set number of retries to NUMBER\n       --speed=RATE        speed of the progress meter\n";
    accepts(
      help,
      ["probe --limit-rate=200k x", "probe --limit-rate 1.5M x", "probe -Q 10m x", "probe --bwlimit=512 x", "probe --tries 3 x", "probe --speed 2.5 x"],
      ["probe --limit-rate=fast x", "probe --tries 3k x", "probe --speed 2M x", "probe --quota x"],
    );
  });

  test("\"possible values are `a' (default), `b'\": a remark in parentheses after one choice does not end the list", () => {
    const help =
      "Usage: probe [OPTION]... [FILE]...\n\n  -F, --format=FMT    file format to encode or decode; possible values are\n                      `auto' (default), `xz', `lzma', `lzip', and `raw'\n  -k, --keep          keep input files\n";
    accepts(help, ["probe -F lzma a", "probe --format=auto -k a", "probe -F raw a"], ["probe -F zip a", "probe -F default a", "probe -F a"]);
  });

  test("commander's '(choices: \"a\", \"b\")' lists the values, as yargs's '[choices: ...]' does", () => {
    const help = `Usage: probe [options] [command]

Options:
  -s, --size <size>      pizza size (choices: "small", "medium", "large")
  -c, --cheese <type>    Add the specified type of cheese (default: "marble")
  -m, --mode <mode>      Run mode [choices: "dev", "prod"] [default: "dev"]
  -h, --help             display help for command
`;
    accepts(
      help,
      ["probe -s large", "probe --size=small", "probe --mode prod", "probe -c blue"],
      ["probe -s huge", "probe --size 10M", "probe -m test", "probe -s"],
    );
  });

  test("GLib's '--modem=[PATH|INDEX|any]': the brackets are the program's words, so the value is required, next word or glued", () => {
    const help = `Usage:
  probe [OPTION?] - Control the modems

Help Options:
  -h, --help                          Show help options
  --help-all                          Show all help options

Application Options:
  -m, --modem=[PATH|INDEX|UID|any]    Specify modem by path, index, UID or 'any'
  -b, --bearer=[PATH|INDEX]           Specify bearer by path or index
  --set-bands=[BAND1|BAND2...]        Set bands
  --mode=[ps-1|ps-2]                  Set the mode
  -e, --enable                        Enable a given modem
`;
    accepts(
      help,
      ["probe -m 0 -e", "probe --modem=any", "probe -m /org/x/Modem/0", "probe -b 3", "probe --set-bands='egsm|dcs'", "probe --mode ps-2"],
      ["probe -m", "probe --bearer", "probe --mode=ps-3", "probe --enable=1"],
    );
  });

  test("'STYLE|FILE' and 'FILENAME|SPECIFICATION' name placeholders; 'DER|PEM', 'TEXT|JSON' and one-letter 'N|L|B' are words to type", () => {
    const help = `Usage: probe [OPTION]... [FILE]...
      --highlight-style=STYLE|FILE   choose a style
      --import=FILENAME|SPECIFICATION  import from
      --outform=DER|PEM              output format
      --format=TEXT|JSON             report format
      --outbuf=N|L|B                 output buffering
`;
    accepts(
      help,
      [
        "probe --highlight-style=pygments",
        "probe --highlight-style my.theme",
        "probe --import='3||cover.png'",
        "probe --outform=PEM",
        "probe --format JSON",
        "probe --outbuf=L",
      ],
      ["probe --outform=TXT", "probe --format=YAML", "probe --outbuf=X", "probe --highlight-style"],
    );
  });

  test("'NAME|ID|UUID' names placeholders for one value; 'DER|PEM' names the words to type", () => {
    const help =
      "usage: probe [options]\n\noptions:\n  -h, --help            show this help message and exit\n  --show-domain-editor NAME|ID|UUID\n                        Show domain details window\n  --outform DER|PEM     Output format\n";
    accepts(
      help,
      ["probe --show-domain-editor web1", "probe --show-domain-editor 0b5f6c3e-4d9a", "probe --outform PEM"],
      ["probe --show-domain-editor", "probe --outform TXT"],
    );
  });

  test("'-f fmt (-m master.doc)+ (-p XX.po)+' over rows that name each option alone", () => {
    const help =
      "Usage:\n    probe -f fmt (-m master.doc)+ (-p XX.po)+\n\n    (XX.po are the outputs, all others are inputs)\n\nOptions:\n    -f, --format\n        Format of the documentation you want to handle.\n\n    -m, --master\n        File(s) containing the master document to translate.\n\n    -p, --po\n        PO file(s) to update.\n\n    -v, --verbose\n        Say more.\n";
    accepts(
      help,
      ["probe -f text -m a.txt -p de.po", "probe --format pod --master a.pod --po de.po --po fr.po -v"],
      ["probe -f text -m a.txt -p", "probe -f", "probe -v x", "probe -f text a.txt"],
    );
  });

  test("'[-U uid|user]' and '--keyring=file|directory' name placeholders in lower case, not words to type", () => {
    accepts(
      "usage: probe [-46lu] [-U uid|user] [-G gid|group] [-R protocol]\n",
      ["probe -U alice", "probe -U 1000 -G staff -l"],
      ["probe -U", "probe -x alice"],
    );
    accepts(
      "Usage: probe [OPTION...]\n\nOptions:\n  --keyring=file|directory  use this keyring\n  --mode=auto|sudo|root     how to become root\n",
      ["probe --keyring=/etc/apt/trusted.gpg.d", "probe --mode=sudo"],
      ["probe --keyring", "probe --mode=user"],
    );
  });

  test("'{ cpu_list | ALL }' whose description says 'cpu_list is a list of ...' takes any value; 'fast is the default' keeps a choice list", () => {
    const man = `NAME
       probe - report statistics

SYNOPSIS
       probe [ -P { cpu_list | ALL } ] [ -m { fast | slow } ] [ interval ]

OPTIONS
       -P { cpu_list | ALL }
              Indicate the processors to report. cpu_list is a list of
              comma-separated values or range of values (e.g., 0,2,4-7).
              The ALL keyword reports all processors.

       -m { fast | slow }
              Sampling mode. fast is the default.
`;
    const g = lowerCommand(parseManPage(man, { name: ["probe"] }).spec);
    const verdicts = (cs: string[]) => cs.map((c) => recognize(g, c).accepted);
    expect(verdicts(["probe -P 0,2,4-7", "probe -P ALL 2", "probe -P 3", "probe -m slow"])).toEqual([true, true, true, true]);
    expect(verdicts(["probe -P", "probe -m medium", "probe -m"])).toEqual([false, false, false]);
  });
});

describe("values glued to a letter, in the layout of programs that read their own switches", () => {
  const help = `
Usage: probe [switches] [--] [programfile] [arguments]
  -0[octal/hexadecimal] specify record separator
  -a                    autosplit mode
  -e commandline        one line of program
  -Idirectory           specify the include directory
  -l[octnum]            enable line ending processing
  -[mM][-]module        execute "use/no module..." before executing program
  -n                    assume a loop around the program
  -w                    enable warnings
`;

  test("'-Idirectory' and '-[mM][-]module' are letters with values; '-l[octnum]' takes a number, and the cluster goes on after it", () => {
    accepts(
      help,
      [
        "probe -Ilib x.pl",
        "probe -I lib x.pl",
        "probe -MJSON -e 1",
        "probe -M-strict x.pl",
        "probe -lne 'print' f",
        "probe -wle 1",
        "probe -l012 -e 1",
        "probe -lane 1 f",
      ],
      ["probe -I", "probe -M", "probe -lq x", "probe -le", "probe -x x.pl"],
    );
  });

  test("without '[switches]' a getopt letter's optional value takes the rest of its cluster, so the cluster does not go on", () => {
    accepts(help.replace("[switches]", "[options]"), ["probe -l -n -e 1", "probe -l012 -e 1", "probe -ne 1"], ["probe -lne 1", "probe -wle 1"]);
  });

  test("a number's name ('partnum', 'realnum') types the value", () => {
    const text = "Usage: probe [OPTION]...\n  -d, --delete=partnum     delete a partition\n  -m, --multiplier=realnum scale by\n";
    accepts(text, ["probe -d 2", "probe --multiplier=1.5"], ["probe -d two", "probe --multiplier=x"]);
  });
});

describe("what one text says and the other leaves out", () => {
  test("the man page's 'file ...' repeats the operand the help's 'file' names once", () => {
    const help = "Usage: probe [--verbose] [file]\n  --verbose   say more\n";
    const man =
      "PROBE(1)\n\nNAME\n       probe - edit names\n\nSYNOPSIS\n       probe [--verbose] [file]...\n\nOPTIONS\n       --verbose\n              Say more.\n";
    expect(mergedVerdicts(help, man, ["probe a b c", "probe --verbose a b", "probe", "probe --quiet a", "probe --verbose=x a"])).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // A different operand in the page repeats nothing of the help's.
    const other = man.replace("[file]...", "[dir]...");
    expect(mergedVerdicts(help, other, ["probe a", "probe a b"])).toEqual([true, false]);
  });

  test("the help's '[--set DIR path]', one value of two words, is the page's two values ('--set NAME PATH')", () => {
    const help = "Usage: probe [--force] [--dummy-output <path>] [--set DIR path]\n";
    const man =
      "PROBE(1)\n\nNAME\n       probe - update directories\n\nSYNOPSIS\n       probe [OPTION...] [--set NAME PATH...]\n\nOPTIONS\n       --force\n           Start from scratch.\n\n       --dummy-output PATH\n           Write to PATH.\n\n       --set NAME PATH\n           Sets the directory with the given name.\n";
    expect(mergedVerdicts(help, man, ["probe --set DESKTOP /d", "probe --force --set MUSIC /m", "probe --set DESKTOP", "probe --set DESKTOP /d /e"])).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  test("GLib's help lists '-f, --finger' bare; the page's '[-f finger]' gives its value", () => {
    const help =
      "Usage:\n  probe [OPTION?] [username] Enroll a fingerprint\n\nHelp Options:\n  -h, --help        Show help options\n\nApplication Options:\n  -f, --finger      Finger selected to verify (default is automatic)\n  -q, --quiet       Print nothing\n\n";
    const man =
      "PROBE(1)\n\nNAME\n       probe - enroll a fingerprint\n\nSYNOPSIS\n       probe [-f finger] [-q] [usename]\n\nOPTIONS\n       -f finger\n           The finger to enroll.\n\n       -q\n           Print nothing.\n";
    expect(mergedVerdicts(help, man, ["probe -f left-thumb alice", "probe --finger left-thumb", "probe -q alice", "probe -f", "probe -q x alice"])).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // Outside GLib's layout a bare row says the option takes no value.
    const plain = help.replace("Help Options:\n  -h, --help        Show help options\n\nApplication Options:", "Options:");
    expect(mergedVerdicts(plain, man, ["probe -f left-thumb alice", "probe -f alice"])).toEqual([false, true]);
  });

  test("a BSD usage names '-V' and '-Q query_option' bare; the page says -V exits and -Q queries what is supported, so neither needs the operand", () => {
    const help = "usage: probe [-46CVv] [-p port] [-Q query_option] destination [command [argument ...]]\n";
    const man = `PROBE(1)                BSD General Commands Manual               PROBE(1)

NAME
     probe -- remote login client

SYNOPSIS
     probe [-46CVv] [-p port] [-Q query_option] destination [command [argument ...]]

DESCRIPTION
     -4      Forces probe to use IPv4 addresses only.

     -6      Forces probe to use IPv6 addresses only.

     -C      Requests compression of all data.

     -p port
             Port to connect to on the remote host.

     -Q query_option
             Queries for the algorithms supported by one of the following
             features: cipher, mac, kex.

     -V      Display the version number and exit.

     -v      Verbose mode.
`;
    const commands = [
      "probe -V",
      "probe -Q cipher",
      "probe -v -Q mac",
      "probe host ls -l",
      "probe -p 22 host",
      "probe",
      "probe -C",
      "probe -Q",
      "probe -x host",
    ];
    expect(mergedVerdicts(help, man, commands)).toEqual([true, true, true, true, true, false, false, false, false]);
    // The help text alone says nothing of what -V and -Q do.
    const g = lowerCommand(parseHelp(help, { name: ["probe"] }).spec);
    expect(["probe -V", "probe -Q cipher", "probe host"].map((c) => recognize(g, c).accepted)).toEqual([false, false, true]);
  });
});
