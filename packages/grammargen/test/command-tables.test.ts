// Commands tables whose rows are more than a name and a description; each test also refuses
// a command the table does not list.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("commands tables", () => {
  test("a heading inside the list ('  Common:', '   General') groups commands and is none", () => {
    const colon = `Usage: probe <subcommand> [options] <action> [options]

Available subcommands:

  Common:
    agent             The daemon
    apply             Apply files locally

  Specialized:
    parser            Work with the parser
    script            Run a script
`;
    accepts(colon, ["probe parser validate a.pp", "probe agent", "probe script x"], ["probe Common", "probe Specialized", "probe parsr validate"]);
    const bare = `USAGE
   probe [global options] <command> [command options] [<arguments>]

COMMANDS
   General
   help          Shows help on the given command
   config        List or set configuration options

   Build
   build         Build the current release
   clean         Clean the working release
`;
    accepts(bare, ["probe build", "probe config list"], ["probe General", "probe Build", "probe buidl"]);
  });

  test("rows of two words whose first word starts several rows ('store save', 'store load') are a group of commands", () => {
    const help = `USAGE:
\tprobe [flags]

COMMANDS:
\tget\t\t\tGets a key
\tstore load\t\tLoads it
\tstore save\t\tSaves it
\tstore status\t\tShows it
\tuser add\t\tAdds a user
\tuser delete\t\tDeletes a user

OPTIONS:
  -w, --write-out string   output format
`;
    accepts(
      help,
      ["probe store save a.db", "probe user add judy", "probe get k", "probe -w json store status"],
      ["probe store bogus a.db", "probe stor save", "probe load a.db", "probe add judy"],
    );
  });

  test("a row that shows its operands in lower case ('add dpyname hexkey') is a command when its description lines up with the table's", () => {
    const help = `usage:  probe [-options ...] [command arg ...]

options:
    -f authfilename                authority file

and commands have the following syntax:

    add dpyname protoname hexkey   add
    exit                           save
    list [dpyname...]              list
    remove dpyname...              remove
    see the manual for more        or ask
    make dpyname [options]  make an entry
    options are:
      timeout n    expiry
      trusted      trusted
`;
    accepts(
      help,
      ["probe add :0 mit key", "probe remove :0 :1", "probe -f a list", "probe exit"],
      ["probe see the manual", "probe trusted", "probe timeout 3", "probe ad :0", "probe bogus"],
    );
  });

  test("a 'Commands:' heading set in from the margin (a POD text's SYNOPSIS) heads the deeper rows under it", () => {
    const help = `SYNOPSIS
        probe <command> [options] [arguments]

    Commands:

        init           Initialize the environment.
        install        Install a version
        switch         Permanently use the given version

    Generic command options:

        -q --quiet     Be quiet.

CONFIGURATION
    PROBE_ROOT
        Where versions go.
`;
    accepts(help, ["probe install 5.36", "probe -q switch v2", "probe init"], ["probe instal 5.36", "probe PROBE_ROOT", "probe -x init"]);
  });

  test("a man page's bulleted list of commands ('o describe-items'), a name broken at a hyphen going on in the next row", () => {
    const help = `NAME
       probe -

AVAILABLE COMMANDS
       o create-item

       o describe-items

       o describe-item-label-associa-
         tions

       o help
`;
    accepts(
      help,
      ["probe describe-items --max 3", "probe help", "probe describe-item-label-associations", "probe create-item --name a"],
      ["probe describe-item", "probe o", "probe tions", "probe bogus help"],
    );
  });

  test("a command's operands may be literal choices joined by bars ('set-mute ID 1|0|toggle')", () => {
    const help = `Usage:
  probe [OPTION?] COMMAND [COMMAND_OPTIONS] - a control tool

Commands:
  status
  get-volume ID
  set-volume ID VOL[%][-/+]
  set-mute ID 1|0|toggle
  set-profile ID INDEX

Help Options:
  -h, --help       Show help options
`;
    accepts(help, ["probe set-mute 52 toggle", "probe set-volume 52 0.5", "probe status"], ["probe set-mut 52 1", "probe settings"]);
  });

  test("rows that show how far a name may be cut ('d[evice]') are commands, under any heading, and the usage's placeholder names them", () => {
    const help = `Usage: probe [OPTIONS] THING { COMMAND | help }

OPTIONS
  -t, --terse        terse output
  -v, --version      show program version

THING
  s[tatus]        the daemon's status and operations
  w[orkers]       workers the daemon manages
  q[ueue]         queued jobs
`;
    accepts(
      help,
      ["probe status", "probe s", "probe st", "probe work", "probe workers", "probe -t queue", "probe q"],
      ["probe stats", "probe statusx", "probe anything", "probe w0rkers"],
    );
  });

  test("a listed entry whose description quotes its own name is a word of the caller's, with its words after it", () => {
    accepts(
      'Usage: probe [options] [command]\n\nOptions:\n  -S <<       read commands from standard input\n  -T TERM     use this terminal\n\nCommands:\n  clear       clear the screen\n  reset       reset the terminal\n  keyname     unlike clear/reset, print the value of key "keyname"\n',
      ["probe clear", "probe setaf 1", "probe cols", "probe -T xterm cup 5 10", "probe -S"],
      ["probe -x cols", "probe -T", "probe -Sq cols"],
    );
  });

  test("a command row's operands in camel case ('sset sID P') are syntax, and a head too long for the column pushes its description right", () => {
    accepts(
      "Usage: probe <options> [command]\n\nAvailable options:\n  -c,--card N     select the card\n\nAvailable commands:\n  scontrols       show all controls\n  sset sID P      set one control\n  sget sID        get one control\n",
      ["probe sset Master 80%", "probe -c 1 sget Master", "probe scontrols"],
      ["probe sest Master", "probe set Master"],
    );
    accepts(
      "usage:  probe [-options ...] [command arg ...]\n\nand commands have the following syntax:\n\n    add dpyname protoname hexkey   add entry\n    list [dpyname...]              list entries\n    quit                           abort changes and exit program\n    generate dpyname protoname [options]  use server to generate entry\n",
      ["probe generate :0 .", "probe list", "probe add :0 . abc"],
      ["probe generat :0", "probe remove x"],
    );
  });
});
