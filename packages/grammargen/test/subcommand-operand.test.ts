// A COMMAND operand is a program to run (timeout's) unless the text shows the program has
// commands of its own (git's, openssl's): then words after it are the program's, and nothing
// treats them as a program (the composed grammar, base's wrapper table). Each sign is tested on
// made-up programs, so the rule leans on no program's name.
import { wrapsCommand } from "@shellgen/base";
import { describe, expect, test } from "vitest";
import { compose, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";
import { listsOwnCommands } from "../src/parse/subcommand-operand.js";

const usage = "Usage: tool [OPTIONS] COMMAND [ARGS]...\n\nOptions:\n  -v, --verbose  be verbose\n  -h, --help     show this help\n";

const OWN = [
  "Commands:\n  start   start it\n  stop    stop it\n",
  "Available commands:\n  init    create a repository\n",
  "Command groups:\n  device  manage devices\n",
  "<Commands>\n  a : Add files to archive\n",
  "commands (non interactive mode):\n  list   list domains\n",
  "See 'tool help <command>' for more information on a specific command.\n",
  "Run 'tool <command> --help' for the options of one command.\n",
  "  --help COMMAND   Display help for COMMAND.\n",
  "  where command is add, admin, etc.\n",
  "OBJECT := { link | address | route }\n",
  "Use --list-commands for a list of commands.\n",
  "  help          Show available commands (h)\n",
  "COMMANDS\n       tool is composed of multiple commands.\n",
  "                            COMMANDS\n------------------\n-add NAME    Add the named module\n",
  "flashing:\n update ZIP                 Flash all partitions.\n flashall                   Flash everything.\nbasics:\n devices [-l]               List devices.\n reboot [bootloader]        Reboot device.\n",
  "    install            : install a library\n    remove             : remove a library\n    list               : list libraries\n    search             : search libraries\n",
  "If the command is given in cluster mode, the command will not be sent to the right node.\n",
  "The following commands are supported:\n\n  amend [-p] FILENAME\n",
];

const RUNS = [
  "Run COMMAND with an adjusted niceness, which affects process scheduling.\n",
  "Start COMMAND, and kill it if still running after DURATION.\n",
  "Execute a command as another user.\n",
  "If COMMAND is given, it is run in the new session; the exit status is COMMAND's.\n",
  "  -t, --verbose    print commands before executing them\n",
  "Exit status:\n  124  if COMMAND times out\n  125  if tool itself fails\n  126  if COMMAND is found but cannot be invoked\n  127  if COMMAND cannot be found\n  137  if COMMAND is sent the KILL signal\n",
  "ENVIRONMENT\n     PAGER         Set to /bin/cat by default.\n     SHELL         The shell to use.\n     TMPDIR        Where to write.\n     HOME          The home directory.\n",
  "Also: tool [-v] COMMAND [COMMAND OPTIONS]\n   or: tool [-v] <command> [<options>...]\n",
];

// Usage lines alone that say the operand is the program's own command, or not a program to run.
const OWN_USAGES = [
  "Usage: tool [command] [options]\n",
  "usage: tool [-v] [-f file] [command [flags]]\n",
  "Usage: tool SCRIPT COMMAND [OPTIONS]\n",
  "Usage: tool [-hV] [-f file] [command] ... [user] ... [terminal] ...\n",
];

describe("a COMMAND operand that names the program's own commands", () => {
  test.each(OWN)("is read from %j", (sign) => {
    expect(listsOwnCommands(usage + sign)).toBe(true);
    // Either the parser read the commands as subcommands, or the operand is marked: no operand is a program to run.
    const { spec } = parseHelp(usage + sign, { name: "tool" });
    expect(spec.positionals.some((_, i) => wrapsCommand(spec.positionals, i))).toBe(false);
  });

  test.each(RUNS)("is a program to run with %j", (prose) => {
    expect(listsOwnCommands(usage + prose)).toBe(false);
    const { spec } = parseHelp(usage + prose, { name: "tool" });
    expect(spec.positionals.some((_, i) => wrapsCommand(spec.positionals, i))).toBe(true);
  });

  test.each(OWN_USAGES)("is no program to run in %j", (text) => {
    const { spec } = parseHelp(`${text}  -v, --verbose  be verbose\n`, { name: "tool" });
    expect(spec.positionals.some((p) => /command/i.test(p.name))).toBe(true);
    expect(spec.positionals.some((_, i) => wrapsCommand(spec.positionals, i))).toBe(false);
  });

  test("a COMMANDS section speaks of the program's commands, not of a utility it runs", () => {
    const page =
      "NAME\n       tool - run a utility when files change\n\nSYNOPSIS\n       tool [-r] utility [argument ...]\n\nCOMMANDS\n       tool responds to these keys:\n\n       q      Quit.\n\nOPTIONS\n       -r     Reload.\n";
    const { spec } = parseManPage(page, { name: "tool" });
    expect(spec.positionals.some((_, i) => wrapsCommand(spec.positionals, i))).toBe(true);
  });

  test("the grammar takes the program's own command and its words; a wrapper's inner program stays under its grammar", () => {
    const own = parseHelp(`${usage}Commands:\n  start   start it\n`, { name: "tool" }).spec;
    const runner = parseHelp(`${usage}${RUNS[0]}`, { name: "runner" }).spec;
    const ls = parseHelp("Usage: ls [-l] [FILE]...\n  -l   long listing\n", { name: "ls" }).spec;
    const g = compose({ commands: [own, runner, ls] });
    for (const ok of ["tool start", "tool -v start --all x", "runner ls -l", "runner -v ls x"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["runner ls -q", "runner nosuchprogram", "tool -q start"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  test("after a merge, either text's sign decides", () => {
    const help = parseHelp(usage, { name: "tool" });
    const man = parseManPage(
      "NAME\n       tool - a tool\n\nSYNOPSIS\n       tool [OPTIONS] COMMAND [ARGS]...\n\nDESCRIPTION\n       Available commands:\n\n       start  start it\n\nOPTIONS\n       -v, --verbose\n              be verbose\n",
      { name: "tool" },
    );
    expect(help.spec.positionals.some((p) => p.subcommand)).toBe(false);
    const merged = mergeHelpAndMan(help, man);
    expect(merged.spec.positionals.find((p) => /command/i.test(p.name))?.subcommand).toBe(true);
  });
});
