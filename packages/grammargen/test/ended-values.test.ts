// Layouts whose commands ended where the grammar wanted a word the text never asked for: a value
// shown in one place and left out in another, an implied value, a count's name on a list.
import { describe, expect, test } from "vitest";
import { lowerCommand, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

/** Every command in `ok` is accepted and every one in `bad` refused by the grammar of the rendered man page `man`. */
const manAccepts = (man: string, ok: string[], bad: string[], help?: string): void => {
  const page = parseManPage(man, { name: "probe" });
  const grammar = lowerCommand((help === undefined ? page : mergeHelpAndMan(parseHelp(help, { name: ["probe"] }), page)).spec);
  for (const c of ok) expect(recognize(grammar, c).accepted, c).toBe(true);
  for (const c of bad) expect(recognize(grammar, c).accepted, c).toBe(false);
};

describe("values a text shows once and leaves out elsewhere", () => {
  test("bracket groups under 'Options:' give the values of rows that name the option alone", () => {
    const help =
      "Check it\n\nUsage:\nprobe [fix]\n\nOptions:\n[--level <info|low|high>] [--json]\n[-w|--workspace <name> [-w|--workspace <name> ...]]\n\n  --level\n    The lowest level to report.\n\n  --json\n    Print JSON.\n\n  -w|--workspace\n    Act on a workspace.\n";
    accepts(
      help,
      ["probe --level high", "probe fix --level low", "probe --json", "probe -w a -w b", "probe --workspace a fix"],
      ["probe --level", "probe --level mid", "probe --json x y", "probe -w"],
    );
  });

  test("a usage form of options each with a word after it gives the values of rows that name them alone", () => {
    const help =
      "Usage:\n    probe -f fmt -m master.doc -p out.po\n\nOptions:\n    -f, --format\n        Format of the document.\n\n    -m, --master\n        The master document.\n\n    -p, --po\n        Where the catalog goes.\n\n    -v, --verbose\n        Say more.\n";
    accepts(
      help,
      ["probe -f text -m a.txt -p a.po", "probe --format text --master a.txt --po a.po -v", "probe -f pod"],
      ["probe -f", "probe text a.txt a.po", "probe -v x"],
    );
    // One option and a word after it is no such form: the word stays an operand.
    accepts("Usage:\n    probe -v FILE\n\nOptions:\n    -v, --verbose\n        Say more.\n", ["probe -v a", "probe a"], ["probe -v", "probe a b"]);
  });

  test("Boost's '[=ARG(=implied)]' after a long option: the value may be left off, and is glued on with '='", () => {
    const help =
      "Usage: probe [options]...\nOptions:\n  -h [ --host ] HOST (=localhost)       connect to server at host\n  --current-song [=FORMAT(={{{(%l) }{{%a - }%t}}|{%f}})]\n                                        print current song using given format\n                                        and exit\n  -q [ --quiet ]                        suppress logs\n";
    accepts(
      help,
      ["probe --current-song", "probe --current-song=%t", "probe -h a --current-song", "probe --host a -q"],
      ["probe --current-song %t", "probe -h", "probe --current-song=", "probe x"],
    );
  });

  test("a count's name in the plural on a repeated operand names the things, not how many", () => {
    const help =
      "Description:\n  Searches for packages.\n\nUsage:\n  search [options] [--] <tokens>...\n\nArguments:\n  tokens                     The tokens to search for.\n\nOptions:\n  -h, --help                 Display help.\n  -q, --quiet                Do not output any message.\n";
    accepts(help, ["probe curl", "probe -q curl git", "probe 12"], ["probe", "probe -x curl"]);
    // One count stays a number.
    accepts("Usage: probe [-q] LINES\n\n  -q  quiet\n", ["probe 12"], ["probe twelve", "probe"]);
  });
});

describe("synopsis and option-list layouts of man pages and usage lines", () => {
  test("'or' alone on its line ends a form; a form after it that names another program is left out", () => {
    const man =
      "PROBE(1)                     User Commands                     PROBE(1)\n\nNAME\n       probe - serve pages\n\nSYNOPSIS\n       probe [options]\n\n       or\n\n       other-server [options]\n\nOPTIONS\n       --address addr\n              The address to listen on.\n\n       --verbose\n              Say more.\n";
    manAccepts(man, ["probe", "probe --address 10.0.0.1 --verbose"], ["probe other-server", "probe x", "probe --address"]);
  });

  test("a placeholder one space after the name, where the description below starts, is the option's value", () => {
    const man =
      "PROBE(1)                     User Commands                     PROBE(1)\n\nNAME\n       probe - serve pages\n\nSYNOPSIS\n       probe [options]\n\nOPTIONS\n       --port PORT\n              Changes the port it listens on.\n\n       --root PATH\n              The root directory.\n\n       --quiet\n              Say less.\n";
    manAccepts(man, ["probe --port 8080", "probe --root /srv --quiet", "probe"], ["probe --port", "probe --root", "probe --quiet x"]);
  });

  test("a value the help's table shows after the name and the man page's entry brackets ('--merged [<commit>]') is optional", () => {
    const help =
      "usage: probe [<options>] [--merged]\n\n    --merged <commit>     print only branches that are merged\n    --points-at <object>  print only branches of the object\n";
    const man =
      "PROBE(1)                     User Commands                     PROBE(1)\n\nNAME\n       probe - list branches\n\nSYNOPSIS\n       probe [--merged [<commit>]] [--points-at <object>]\n\nOPTIONS\n       --merged [<commit>]\n           Only list branches whose tips are reachable from the commit\n           (HEAD if not specified).\n\n       --points-at <object>\n           Only list branches of the given object.\n";
    manAccepts(man, ["probe --merged", "probe --merged main", "probe --points-at HEAD"], ["probe --points-at", "probe --mergedx"], help);
    // The help text alone says nothing of it: the value stays required.
    accepts(help, ["probe --merged main"], ["probe --merged"]);
  });

  test("a long and a short spelling as the two alternatives of one bracket are one option", () => {
    const help = "Usage: probe [--assumeyes | -y] [--help|-h] [-v|-q] [--log-level LEVEL] COMMAND [ARGS...]\n";
    // -h is --help, so it stands alone as --help does; -v and -q stay two options.
    accepts(help, ["probe -h", "probe --help", "probe -y run", "probe -v -q run"], ["probe -y", "probe -v"]);
  });
});

describe("keywords a text says may be abbreviated", () => {
  const man =
    "PROBE(8)                 System Manager's Manual                PROBE(8)\n\nNAME\n     probe -- show the daemon's state\n\nSYNOPSIS\n     probe -s all | peers | Sensors | status\n\nDESCRIPTION\n     The options are as follows:\n\n     -s all | peers | Sensors | status\n                   Used to display information about the daemon.\n                   Keywords may be abbreviated.\n\n                   all shows all data available.\n";

  test("'Keywords may be abbreviated' in an option's description: its value may be cut to a leading part no other value starts", () => {
    manAccepts(man, ["probe -s peers", "probe -s p", "probe -s pee", "probe -s S", "probe -s st", "probe -s a"], ["probe -s x", "probe -s", "probe -s peersx"]);
    // Without the sentence, the values are whole words.
    manAccepts(man.replace("Keywords may be abbreviated.", "Shows what it knows."), ["probe -s peers"], ["probe -s p"]);
  });

  test("a usage that shows the keywords as an operand after a flag takes the page's abbreviations", () => {
    const help = "usage: probe -s all | peers | Sensors | status\n";
    manAccepts(man, ["probe -s p", "probe -s Sensors", "probe -s stat"], ["probe", "probe -s", "probe -s x"], help);
  });
});

describe("options that list what the program has", () => {
  test("an option whose value names the kind of thing it lists ('List of available ...') is a whole invocation with its value", () => {
    const help =
      "Usage:\tprobe [options] -z payload <url>\n\nOptions:\n\t-h/--help                 : This help\n\t-e <type>                 : List of available encoders/payloads/printers\n\t-M <file>                 : list of servers to attack, one per line\n\t-v                        : Verbose information.\n\t-z <payload>              : Payload to use\n";
    accepts(help, ["probe -e printers", "probe -v -e encoders", "probe -z list http://a.b", "probe -h"], ["probe -e", "probe -M a.txt", "probe -v"]);
  });
});

describe("programs whose every usage form starts with a command", () => {
  test("the program alone is no invocation, but an option that shows help or the version alone is", () => {
    const help =
      "Usage:\nprobe set <key>=<value>\nprobe get [<key>]\nprobe edit\n\nOptions:\n  -h, --help     show this help and exit\n  -V, --version  show the version\n  -v             be verbose\n";
    accepts(
      help,
      ["probe --help", "probe -h", "probe -V", "probe -v --version", "probe get", "probe set a=b", "probe -v edit"],
      ["probe", "probe -v", "probe x"],
    );
  });
});

describe("an operand the text says may be a range", () => {
  test("'Port numbers can be individual or ranges: lo-hi' makes the port operand take a range", () => {
    const bsd =
      "usage: probe [-46lvz] [-w timeout] [destination] [port]\n\tCommand Summary:\n\t\t-4\t\tUse IPv4\n\t\t-6\t\tUse IPv6\n\t\t-l\t\tListen mode\n\t\t-v\t\tVerbose\n\t\t-w timeout\tTimeout for connects\n\t\t-z\t\tZero-I/O mode\n\tPort numbers can be individual or ranges: lo-hi [inclusive]\n";
    accepts(bsd, ["probe -z host 20-30", "probe host 80", "probe -v -w 5 host 8000-8100"], ["probe -w host 80", "probe host 80 90"]);
    // Without the sentence a port is one number.
    accepts(bsd.replace(/\tPort numbers[^\n]*\n/, ""), ["probe host 80"], ["probe host 20-30"]);
    const gnu =
      "Usage: probe [OPTION]... HOST PORT\nProbe a port.\n\n  -v, --verbose   say more\n      --help      display this help and exit\n\nPORT may be a single number or a range of them (8000-8100).\n";
    accepts(gnu, ["probe h 8000-8100", "probe -v h 22"], ["probe h"]);
    accepts(gnu.replace(/\nPORT may[^\n]*\n/, "\n"), ["probe h 22"], ["probe h 8000-8100"]);
  });
});
