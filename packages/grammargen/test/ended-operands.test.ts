// Operands a text does not always require, or takes in more shapes than a grammar read from it
// did: each layout on a made-up text, read by a general rule.
import { describe, expect, test } from "vitest";
import { lowerCommand, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";
import { accepts } from "./help-verdicts.js";

describe("operands a text does not always require", () => {
  test("'{<number> | <url> | <branch>}': one required operand, any of the placeholders", () => {
    accepts(
      "Check out a pull request.\n\nUSAGE\n  probe {<number> | <url> | <branch>} [flags]\n\nFLAGS\n  -w, --web   Open it in the browser\n",
      ["probe 12", "probe main", "probe -w https://example.com/a/1"],
      ["probe", "probe -w", "probe 1 2"],
    );
  });

  test("'self|NODE': a word to type beside a capitalised placeholder takes any word; 'start|stop' stays a choice", () => {
    accepts(
      "Usage: probe [OPTIONS] self|NODE [NODE...]\n\nOptions:\n  -f, --format string   Format the output\n",
      ["probe self", "probe web1", "probe -f json web1 web2"],
      ["probe", "probe -f json"],
    );
    accepts("Usage: probe [OPTIONS] start|stop\n\nOptions:\n  -q, --quiet   Say less\n", ["probe start", "probe -q stop"], ["probe go", "probe"]);
  });

  test("'The command argument is mandatory unless -C, -L, or -s is specified': those options stand in for it", () => {
    const help = "usage: probe [-Lns] [-C config] [-u user] command [args]\n";
    const man =
      "NAME\n     probe - run a command as another user\n\nSYNOPSIS\n     probe [-Lns] [-C config] [-u user] command [args]\n\nDESCRIPTION\n     The probe utility runs the given command as another user.  The command\n     argument is mandatory unless -C, -L, or -s is specified.\n\n     -C config   Check the configuration file.\n\n     -L          Clear persisted authentications.\n\n     -n          Non interactive mode.\n\n     -s          Run the shell.\n\n     -u user     Run as user.\n";
    const g = lowerCommand(mergeHelpAndMan(parseHelp(help, { name: ["probe"] }), parseManPage(man, { name: ["probe"] })).spec);
    for (const c of ["probe -s", "probe -L", "probe -C a.conf", "probe ls -l", "probe -u root ls"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe", "probe -n", "probe -u root"]) expect(recognize(g, c).accepted, c).toBe(false);
    // The help text alone says nothing of it: the operand stays required.
    accepts(help, ["probe ls"], ["probe -s", "probe"]);
  });

  test("KEY=VALUE operands take '*' for every key ('*=nginx:1.9.1')", () => {
    accepts(
      "Usage: probe NAME KEY_1=VAL_1 ... KEY_N=VAL_N [options]\n",
      ["probe web *=nginx:1.9.1", "probe web a=b c=d"],
      ["probe web **=x", "probe web", "probe web *"],
    );
  });

  test("'With no arguments it prints the list of known tools': every operand may be left off", () => {
    accepts(
      "usage: probe [-n] command [args...]\n\nProbe runs the tool named by the arguments. With no\narguments it prints the list of known tools.\n\n  -n  Print the command only\n",
      ["probe", "probe -n", "probe vet x"],
      ["probe -x"],
    );
    // The same words with another subject ("the command prints", under one of several commands) say nothing of the program.
    accepts(
      "usage: probe [-n] command [args...]\n\nWhen called without arguments, the command prints its settings.\n\n  -n  Print the command only\n",
      ["probe vet"],
      ["probe", "probe -n"],
    );
  });

  test("a summary that calls the program a filter: it reads standard input, its file operands may be left off", () => {
    accepts(
      "Usage:\n probe [options] <file>...\n\nA line-numbering filter for terminals.\n\nOptions:\n -d, --dense   no blank lines\n -n <num>      lines per page\n",
      ["probe", "probe -d", "probe -n 5 notes.txt", "probe a b"],
      ["probe -n", "probe -x"],
    );
    // "filter" said of an option, or a summary that is not the program's: the file stays required.
    accepts(
      "Usage:\n probe [options] <file>...\n\nNumber the lines of each file.\n\nOptions:\n -f, --filter <expr>   filter the lines by expr\n",
      ["probe notes.txt", "probe -f x notes.txt"],
      ["probe", "probe -f x"],
    );
  });

  test("the text's examples with options only: the first option no example gives beside operands stands in for them", () => {
    const help =
      "Display resources.\n\nExamples:\n  # List pods\n  probe get pods -o wide\n\n  # List the pod in pod.yaml in JSON\n  probe get -o json -f pod.yaml\n  A directory is read whole with\n  probe get -R\n\n  # Wrapped onto the next line\n  probe get -A\n      pods\n\nOptions:\n  -A, --all-namespaces=false: Take every namespace.\n  -f, --filename=[]: Files identifying the resource.\n  -R, --recursive=false: Read the directory whole.\n  -o, --output='': Output format.\n      --raw='': Raw URI.\n\nUsage:\n  probe get TYPE [NAME] [options]\n";
    accepts(
      help,
      ["probe get -f x.yaml", "probe get -f x.yaml -o json", "probe get pods", "probe get pods -o wide"],
      ["probe get", "probe get -o json", "probe get -A", "probe get -R", "probe get --raw /x"],
      "probe get",
    );
  });

  test("KEY=VALUE operands whose examples give 'bar-' take a key with a trailing dash", () => {
    const usage = "Usage:\n  probe NAME KEY_1=VAL_1 ... KEY_N=VAL_N [options]\n";
    const examples = "Update labels.\n\nExamples:\n  # Set a label\n  probe foo bar=baz\n\n  # Remove the label named 'bar'\n  probe foo bar-\n\n";
    accepts(
      examples + usage,
      ["probe foo bar-", "probe foo a=b c-", "probe foo example.com/app-", "probe foo dedicated:NoSchedule-", "probe foo a=b"],
      ["probe foo bar", "probe foo -", "probe foo"],
    );
    // Without such an example the dash form stays refused.
    accepts(`Update labels.\n\n${usage}`, ["probe foo a=b"], ["probe foo bar-"]);
  });

  test("a parenthesised gloss after a usage option ('[-w (wav)]') is no value", () => {
    accepts(
      "Usage: probe [-v] [-p (PSX)] [-w (wav)]\n         <image.bin> <image.cue> <basename>\n",
      ["probe -w a.bin a.cue out", "probe -p -w a.bin a.cue out"],
      ["probe -w a.bin a.cue", "probe -w wav a.bin a.cue out", "probe -x a.bin a.cue out"],
    );
  });

  test("one space before a description that goes on with an acronym ('-m gather LVM metadata') is a flag's", () => {
    accepts(
      "/usr/sbin/probe [options]\n    -h print this message\n    -d <directory> dump into a directory\n    -g force GUID partition table (GPT)\n    -m gather LVM metadata from the PVs\n",
      ["probe -m", "probe -g -m", "probe -d out -m"],
      ["probe -m gather", "probe -g force", "probe -d"],
    );
  });

  test("an example's '--namespace=foo' counts as an option where the text says its other options are another program's", () => {
    const help =
      "Check an action.\n\nExamples:\n  # Check to see if I can do everything in my current namespace\n  probe can-i '*' '*'\n\n  # List all allowed actions in namespace \"foo\"\n  probe can-i --list --namespace=foo\n\nOptions:\n  -A, --all-namespaces=false: If true, check in all namespaces.\n      --list=false: If true, prints all allowed actions.\n\nUsage:\n  probe can-i VERB [TYPE] [options]\n\nUse \"probe options\" for a list of global command-line options (applies to all commands).\n";
    accepts(help, ["probe can-i --list", "probe can-i get pods"], ["probe can-i", "probe can-i -A"], "probe can-i");
  });
});
