// Layouts whose commands ended where the grammar wanted more (an operand, a value, a word), each
// read by a general rule on a made-up text.
import { describe, expect, test } from "vitest";
import { parseHelp } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("layouts that asked for more than the text does", () => {
  test("pflag's default alone on its line ('    --force=false:' over the description) is a boolean", () => {
    const help =
      "Drain it.\n\nOptions:\n    -w, --wait=false:\n\tWait for it.\n\n    --force=false:\n\tContinue anyway.\n\n    --grace=-1:\n\tSeconds to wait.\n\n    --hosts='':\n\tHosts to skip.\n\nUsage:\n  probe NODE [options]\n";
    accepts(
      help,
      ["probe a --force", "probe a --force=true", "probe -w a", "probe a --grace 5", "probe a --hosts h"],
      ["probe a --force=x", "probe a --grace", "probe a b", "probe a --force x", "probe --force"],
    );
  });

  test("Qt's usage that lists each command after the command placeholder, each described under 'Arguments:'", () => {
    const help =
      "Usage: probe [options] command status enable purge indexSize\n\nOptions:\n  -f, --format <format>  Output format.\n  -h, --help             Displays help.\n\nArguments:\n  command                The command to execute\n  status                 Print the status\n  enable                 Enable the indexer\n  purge                  Remove the index\n  indexSize              Display the size of the index\n";
    accepts(help, ["probe status", "probe enable", "probe -f json status", "probe indexSize", "probe status a.txt"], ["probe stat", "probe a b"]);
    // The same usage with operands the section does not describe one by one stays as it is.
    accepts(
      "Usage: probe [options] command source target\n\nArguments:\n  command  The command to execute\n  source   Where from\n\n  -h, --help  Displays help.\n",
      ["probe a b c"],
      ["probe a", "probe a b"],
    );
  });

  test("a placeholder defined under the usage ('protocol = ...', '[action] = { ... }') is no operand", () => {
    accepts("usage: probe [-46u] [-p ports] [-R protocol]\n       protocol = 'tcp' or 'udp' or 'raw'\n", ["probe", "probe -u", "probe -R tcp"], ["probe x"]);
    accepts(
      "Usage: probe [action] [options]\n  [action]  = { add | remove | build |\n                status }\n  [options] = [-m module] [-q]\n\n  -m MODULE  the module\n  -q         quiet\n",
      ["probe", "probe status", "probe add -m x"],
      ["probe add status", "probe -z"],
    );
    // " with" alone over the definitions ("W = maximum width") starts them.
    accepts(
      "Usage: probe [-m W] [-b|-w] <in.pcd>\n with\n      W = maximum width of the image\n",
      ["probe a.pcd", "probe -m 5 -b a.pcd"],
      ["probe", "probe a.pcd b"],
    );
  });

  test("a summary after ' -- ' at the end of the usage line is no operand", () => {
    accepts(
      "probe <search term> [-h] [-c] [-n] -- tail many pod logs at the same time\n\nwhere:\n    -h, --help       Show this help text\n    -c, --color      Color the output\n    -n, --names      Print the names\n",
      ["probe web", "probe web -c"],
      ["probe", "probe web tail"],
    );
    // "-- ARGS" after the options stays the end of options.
    accepts("Usage: probe [options] -- command args\n\n  -v  verbose\n", ["probe -v -- ls -l"], ["probe -v"]);
  });

  test("an option that ends the program ('and quit', 'Show list of ...') needs no operand, whatever options come with it", () => {
    const help =
      "Usage: probe [options] <span> [outfile]\n\n  -v --verbose   : extra verbose operation\n  -Q --query     : query the drive and quit\n  -C --ciphers   : Show list of supported ciphers\n  -h --help      : print help\n  -d --device DEV : use DEV\n";
    accepts(
      help,
      ["probe -Q", "probe --query", "probe -C", "probe -h -v -v", "probe -v --query", "probe -v -Q -v", "probe 1-3"],
      ["probe", "probe -v", "probe -Q -x", "probe -Q -d"],
    );
  });

  test("'usage: Usage: prog ...' (argparse given a usage with its own heading) and a full stop after the usage", () => {
    accepts(
      "usage: Usage: probe [options] [file [args]]\n\noptions:\n  -h, --help  show this help message and exit\n  -q          quiet\n",
      ["probe", "probe -q f a b"],
      ["probe -x"],
    );
    accepts(
      "usage: probe [options]... [script [args]...].\nAvailable options are:\n  -e chunk  Execute string 'chunk'.\n  -v        Show version.\n",
      ["probe", "probe -e x", "probe s a b"],
      ["probe -e"],
    );
  });

  test("a value then one space and a capitalised description ('--new-window <url> Open <url> in a new window.')", () => {
    accepts(
      "Usage: probe [ options ... ] [URL]\n\n  --sync             Make calls synchronous\n  --new-window <url> Open <url> in a new window.\n  --new-tab <url>    Open <url> in a new tab.\n",
      ["probe --new-window https://example.org/", "probe --new-window a b"],
      ["probe --new-window", "probe --new-window a b c"],
    );
  });

  test("GLib's parameter string that is a phrase in lower case ('[OPTION?] record your current desktop session') says nothing of operands", () => {
    const help =
      "Usage:\n  probe [OPTION?] record your current desktop session\n\nHelp Options:\n  -?, --help               Show help options\n\nApplication Options:\n  -d, --duration=SECS      Duration of animation\n  -v, --verbose            Be verbose\n";
    accepts(help, ["probe out.gif", "probe -d 5 out.gif", "probe"], ["probe -d", "probe -x a"]);
    // Placeholders in lower case stay operands.
    accepts("Usage:\n  probe [OPTION?] source target name\n\nApplication Options:\n  -v, --verbose  Be verbose\n", ["probe a b c"], ["probe a"]);
  });

  test("the text's own examples run the command bare ('% probe' under EXAMPLES): no operand is needed", () => {
    const usage =
      "USAGE\n        /usr/bin/probe [options] <SEQ_1> <CMP_1_2> <SEQ_2> ...\nOPTIONS\n        -options FILE              Read options from FILE\n        -chado                     Connect to a database\n";
    accepts(`${usage}EXAMPLES\n        % probe\n        % probe a.embl a_v_b.crunch b.embl\n`, ["probe", "probe a b c", "probe -chado"], ["probe -x"]);
    // An example with operands, or the bare command in prose, is no such example.
    accepts(`${usage}EXAMPLES\n        % probe a.embl a_v_b.crunch b.embl\n\nRun probe alone to see this.\n`, ["probe a b c"], ["probe", "probe a"]);
  });

  test("clap's required group of options and an operand ('<--show-stats|--zero-stats|CMD>'): an option of the group stands for the operand", () => {
    const help =
      "Usage: probe [OPTIONS] <--show-stats|--zero-stats|--pack <EXE> <OUT>|CMD>\n\nOptions:\n  -s, --show-stats     show cache statistics\n  -z, --zero-stats     zero statistics counters\n      --pack <EXE> <OUT>  package a toolchain\n  -v, --verbose        say more\n";
    accepts(help, ["probe -s", "probe --zero-stats", "probe -v -s", "probe --pack a b", "probe gcc"], ["probe", "probe -v", "probe --pack a"]);
    // "<filename.png|->": a lone dash is an operand (standard output), not an option standing for it.
    const dash = parseHelp("Usage: probe [option...] <filename.png|->\n\n  -d, --device=DEV  use DEV\n", { name: ["probe"] }).spec;
    expect(dash.positionals.map((p) => [p.name, p.min, p.suppliedBy])).toEqual([["filename.png|-", 1, undefined]]);
  });

  test("'[options] include:' under the usage heads the option list, no operand", () => {
    accepts(
      "Usage: probe [options]\n [options] include:\n    -p, --port=<devfile>      use the serial port device\n    -f, --force               ignore existing lock file\n",
      ["probe", "probe -f", "probe -p /dev/ttyS0"],
      ["probe x", "probe -p"],
    );
  });

  test("usage forms each with ' : description', '-c, --current' spellings and a remark in parentheses over two lines", () => {
    const help =
      "USAGE:\n  probe                       : list the contexts\n  probe <NAME>                : switch to context <NAME>\n  probe -c, --current         : show the current context name\n  probe -d <NAME> [<NAME...>] : delete context <NAME> ('.' for current-context)\n                                (this command won't delete the user/cluster entry\n                                that is used by the context)\n  probe -u, --unset           : unset the current context\n";
    accepts(help, ["probe", "probe -c", "probe --current", "probe web", "probe -d a b", "probe -u"], ["probe -c,", "probe -x"]);
    const spec = parseHelp(help, { name: ["probe"] }).spec;
    expect(spec.positionals.map((p) => p.name)).toEqual(["NAME"]);
    expect(spec.options.map((o) => [o.short, o.long, o.arity])).toEqual([
      [["c"], ["current"], "none"],
      [["d"], [], "none"],
      [["u"], ["unset"], "none"],
    ]);
  });

  test("the usage's '[ -O, --output ]' beside a table that lists -O only: --output is -O's other spelling", () => {
    accepts(
      "Usage: probe [ -O, --output ] [ -q, --quiet ] url\n\n  -O    write output to the mirror\n  -q    quiet\n",
      ["probe --output u", "probe -O u", "probe --quiet -O u"],
      ["probe --output=x u", "probe -O, u", "probe"],
    );
  });
});
