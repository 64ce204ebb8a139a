// Commands that ended where the grammar wanted more: made-up texts, refusing what they forbid.
import { describe, expect, test } from "vitest";
import { accepts } from "./help-verdicts.js";
import { lowerCommand, mergeHelpAndMan, parseHelp, parseManPage, recognize } from "../src/index.js";

describe("operand and value arity", () => {
  test("'VALUE [+]' repeats", () => {
    accepts(
      "probe log [OPTION]... [FILE]\n\noptions ([+] can be repeated):\n\n -r --rev REV [+]           revisions to select\n -l --limit NUM             limit number of changes\n",
      ["probe log -r tip", "probe log -r a -r b file.txt", "probe log --rev 3"],
      ["probe log -r", "probe log -l x"],
      "probe log",
    );
  });

  test("a quoted value with spaces is one word", () => {
    accepts(
      "Usage: probe [options] <input>\nOptions:\n  --margins \"<left> <top> <right> <bottom>\"   add extra margins\n  -e 'FILE1 FILE2'  exclude files from results\n",
      ["probe --margins '1 2 3 4' in.pdf", "probe -e 'a b' in.pdf", "probe --margins 5 in.pdf"],
      ["probe --margins 1 2 3 4 in.pdf", "probe -e a b in.pdf", "probe"],
    );
  });

  test("'X is optional', 'if X is omitted': an optional value", () => {
    accepts(
      "Usage: probe [OPTIONS] FILE\nOptions:\n  -s, --select OPTS   select a window interactively; OPTS is optional\n  -d, --delay SECS    wait SECS seconds\n  -o, --output=FILE   write a copy; if FILE is omitted, write to the terminal\n",
      ["probe --select out.png", "probe -s mode out.png", "probe --output out.png", "probe --output=x out.png"],
      ["probe --delay out.png", "probe --select", "probe --output"],
    );
    // The text says which spelling may leave it off: -S's value stays required.
    accepts(
      "Usage: probe [OPTION]... FILE\n  -S BYTES, --strings[=BYTES]  output strings of at least BYTES chars; 3 is implied when BYTES is not specified\n",
      ["probe -S 4 in.bin", "probe --strings in.bin"],
      ["probe -S in.bin"],
    );
  });

  test("the man page's optional value beats a usage-only one", () => {
    const help = parseHelp("usage:  probe [-b] [-s OPTS] [FILE]\n", { name: "probe" });
    const man = parseManPage(
      "PROBE(1)\n\nNAME\n       probe - shoot\n\nSYNOPSIS\n       probe [OPTIONS] [FILE]\n\nOPTIONS\n       -b, --border\n              Grab the border.\n\n       -s, --select OPTS\n              Select a window. OPTS is optional.\n",
      { name: "probe" },
    );
    const g = lowerCommand(mergeHelpAndMan(help, man).spec);
    for (const c of ["probe -s", "probe --select", "probe -s out.png"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(g, "probe -x").accepted).toBe(false);
  });

  test("a wrapper's command printing 'usage: git clone ...'", () => {
    accepts(
      "usage: git clone [<options>] [--] <repo> [<dir>]\n\n    -q, --quiet           quiet\n    -b, --branch <branch>  checkout\n",
      ["probe clone repo", "probe clone -b main repo dir"],
      ["probe clone", "probe clone a b c"],
      "probe clone",
    );
  });

  test("a wrapper's command whose SYNOPSIS forms say 'git branch'", () => {
    const page =
      "GIT-BRANCH(1)   Git Manual   GIT-BRANCH(1)\n\nNAME\n       git-branch - branches\n\nSYNOPSIS\n       git branch [--list] [<pattern>...]\n       git branch <branchname> [<start-point>]\n       git branch -d <branchname>...\n\nOPTIONS\n       -d, --delete\n           Delete a branch.\n\n       --list\n           List branches.\n";
    const g = lowerCommand(parseHelp(page, { name: ["probe", "branch"] }).spec);
    for (const c of ["probe branch", "probe branch topic", "probe branch -d a b"]) expect(recognize(g, c).accepted, c).toBe(true);
    expect(recognize(g, "probe branch -x").accepted).toBe(false);
  });

  test("'<actions>' over 'Actions for ...:' options", () => {
    accepts(
      "probe [options] <file> <actions>\n\n Options:\n  -l, --list      List names and exit\n\n Actions for handling properties:\n  -e, --edit <selector>  Sets the section\n  -s, --set <name=value> Sets a property\n  -d, --delete <name>    Deletes a property\n",
      ["probe f.mkv -e track:v1 -s title=x", "probe -d title f.mkv"],
      ["probe", "probe a b"],
    );
    accepts(
      "Usage: probe TARGET [OPTIONS...]\n   TARGET must be exactly one of these:\n      -p, --pid=N        pid of the process\n      -e, --exe=FILE     name of the program file\n   OPTIONS\n      -l, --limit=N      percentage limit\n",
      ["probe -e app -l 12", "probe -p 42"],
      ["probe app -l 12", "probe -l"],
    );
  });

  test("a '(remark)' after a form", () => {
    accepts(
      "Usage: probe conf                  (show configuration information)\n       probe init [FORMAT]...      (rebuild FORMATs, or all formats\n                                    plus run the linker)\n       probe paper PAPER           (set default paper size to PAPER)\n",
      ["probe conf", "probe paper a4", "probe init"],
      ["probe"],
    );
  });

  test("'PROG...' is no program to run", () => {
    const { spec } = parseHelp("Usage: probe conf                (show configuration)\n       probe findprog PROG...   (show locations of PROGs)\n", {
      name: "probe",
    });
    expect(spec.positionals.some((p) => p.rest)).toBe(false);
  });

  test("'java -jar probe.jar'", () => {
    accepts(
      "usage:\n\tjava -jar probe.jar [<file>] <options>...\n\noptions:\n\t--help|-h      Show this help\n\t--maximize     Maximize\n",
      ["probe", "probe --maximize a.osm"],
      ["probe a b"],
    );
  });

  test("'<present_mode_enum>' over its values", () => {
    accepts(
      "Usage:\n  probe\t[--debug] [--mode <present mode enum>]\n\t<present_mode_enum>\n\t\tMODE_A = 0\n\t\tMODE_B = 1\n",
      ["probe", "probe --mode 1"],
      ["probe x"],
    );
  });

  test("numbered forms", () => {
    accepts(
      "cmd: Tag files.\nusage: 1. cmd NAME PATH...\n       2. cmd --remove PATH...\n\nValid options:\n  --remove                 : remove the association\n",
      ["probe cmd tag a.c b.c", "probe cmd --remove a.c"],
      ["probe cmd"],
      "probe cmd",
    );
  });

  test("' = Description' and '[ -e <e2> ... ]'", () => {
    accepts(
      "Usage\n\n  probe [options] FILE\n\nOptions\n  -j <jobs>, --parallel <jobs> = Run in parallel using the given\n                                 number of jobs.\n",
      ["probe -j 4 a"],
      ["probe -j a"],
    );
    accepts(
      "Usage: probe [ options ] file1 [ file2 ] [ ... ]\nOptions:\n\t-e|--event <event1> [ -e|--event <event2> ... ]\n\t\tListen for events.\n",
      ["probe -e open a"],
      ["probe -e a"],
    );
  });

  test("'where:' after the usage", () => {
    accepts(
      "Usage:\nprobe [-bc] [+/string] file...\n where: -b:  Startup in binary mode.\n        -c:  Make searches case sensitive.\n",
      ["probe notes.txt", "probe a.txt b.txt"],
      ["probe"],
    );
    accepts(
      "Usage: probe [ options ], where options are:\n\t<device>\tCommunicate over the named device\n\tasyncmap <n>\tSet the map\n",
      ["probe"],
      ["probe -Z"],
    );
  });

  test("'[-u|--url] target'", () => {
    accepts(
      "Usage: probe [-u|--url] target [options]\n\nOptions:\n  --version             show program's version number and exit\n  -h, --help            show this help message and exit\n\n  Mandatory:\n    -u URL, --url=URL   Target URL\n    -t THREADS, --threads=THREADS\n                        Number of threads\n",
      ["probe -u http://example.org", "probe -t 3 http://example.org"],
      ["probe a b", "probe -u"],
    );
  });

  test("'[<number> | <path>]'", () => {
    accepts(
      "Usage: probe [<number> | <path>] [flags]\n\nFlags:\n  -b, --branch string   Select another branch\n",
      ["probe", "probe 12", "probe src/main.c"],
      ["probe a b"],
    );
  });

  test("GLib's '- Summary' and '?'", () => {
    accepts(
      "Usage:\n  probe [OPTION?] - Session Manager Daemon\n\nHelp Options:\n  -h, --help            Show help options\n\nApplication Options:\n  -v, --version         Show version\n",
      ["probe", "probe -v"],
      ["probe x"],
    );
    accepts(
      "Usage:\n  probe [OPTION?] [CLASSES[:CAPS]] [CLASSES[:CAPS]] ?\n\nHelp Options:\n  -h, --help            Show help options\n\nApplication Options:\n  -f, --follow          Don't exit after listing\n",
      ["probe", "probe -f", "probe Video/Source Audio/Sink Audio/Source"],
      ["probe -x"],
    );
  });

  test("'-v : print ... version', '--list=[<x>]  list all' alone", () => {
    accepts(
      "Usage: probe [options] <input-file> <output-file>\n  -f <int>       : first page to convert\n  -v             : print copyright and version info\n  -h             : print usage information\n",
      ["probe -v", "probe in.pdf out.txt"],
      ["probe -f 1", "probe"],
    );
    accepts(
      "\nUsage:\n probe [options] <pid> [...]\n\nOptions:\n -s, --signal <signal>  specify the <signal> to be sent\n -l, --list=[<signal>]  list all signal names, or convert one to a name\n",
      ["probe -l", "probe --list", "probe 123"],
      ["probe", "probe -s 9"],
    );
  });
});

describe("operations as options", () => {
  test("'<operation>' over OPERATIONS of options", () => {
    const man = parseManPage(
      "PROBE(8)\n\nNAME\n       probe - packages\n\nSYNOPSIS\n       probe <operation> [options] [targets]\n\nOPERATIONS\n       -Q, --query\n           Query the database.\n\n       -S, --sync\n           Synchronize packages.\n\nOPTIONS\n       -o, --owns <file>\n           Search for the owner.\n\n       -q, --quiet\n           Show less.\n",
      { name: "probe" },
    );
    const g = lowerCommand(man.spec);
    for (const c of ["probe -Q", "probe -Qq", "probe -Qo /bin/ls", "probe -S vim"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe -Z", "probe -Qo"]) expect(recognize(g, c).accepted, c).toBe(false);
  });

  test("where the man page's synopsis names the help's operands and one more, the page's operands are taken", () => {
    const help = parseHelp(
      "probe [--uid id] [--quiet]\n        [--home dir]\n        user\n    Add a user\n\nprobe --group [--gid ID]\n        group\n    Add a group\n",
      { name: "probe" },
    );
    const man = parseManPage(
      "PROBE(8)\n\nNAME\n       probe - add users\n\nSYNOPSIS\n       probe [--uid id] [--quiet] [--home dir] user\n\n       probe --group [--gid ID] group\n\n       probe [--quiet] user group\n\nOPTIONS\n       --uid id\n              The id.\n",
      { name: "probe" },
    );
    const g = lowerCommand(mergeHelpAndMan(help, man).spec);
    for (const c of ["probe bob", "probe bob sudo", "probe --uid 5 bob"]) expect(recognize(g, c).accepted, c).toBe(true);
    for (const c of ["probe bob sudo extra", "probe --uid"]) expect(recognize(g, c).accepted, c).toBe(false);
  });
});
