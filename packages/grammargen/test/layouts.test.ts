// Help layouts read by general rules: procps (`--delay =SECS [.TENTHS]`), lsof's usage line
// (`[-?abh...]`, `[-i [i]]`), net-tools' and BSD/man-style usage blocks. Each real text under
// fixtures/layouts parses to its reviewed golden IR (`vitest -u` rewrites it; review the diff),
// and its grammar accepts and refuses the commands listed, each checked against the program
// itself (procps-ng 4.0.2, lsof 4.95.0, net-tools 2.10, Debian 12). Each rule is also tested on
// a made-up program, so no rule can lean on a program's name.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readCapturedText } from "@shellgen/base";
import { describe, expect, test } from "vitest";
import { emitGbnf, emitLark, lowerCommand, mergeHelpAndMan, parseGrammarText, parseHelp, parseManPage, recognize } from "../src/index.js";
import { formatIrJson } from "../src/ir-json.js";
import { accepts } from "./help-verdicts.js";

const dir = fileURLToPath(new URL("./fixtures/layouts/", import.meta.url));

interface Case {
  file: string;
  name: string;
  valid: string[];
  invalid: string[];
  /** The text's path when it is committed elsewhere (corpora/help), not under fixtures/layouts. */
  source?: string;
}

const CASES: Case[] = [
  {
    file: "top",
    name: "top",
    valid: ["top -n 1", "top -bn1", "top -b -n 1 -d 0.5", "top -d2", "top --delay=1.5", "top -w100", "top -w", "top -E g", "top -p 1,2", "top -Hp 10"],
    invalid: ["top -E x", "top -n x", "top -x"],
  },
  {
    file: "lsof",
    name: "lsof",
    valid: [
      "lsof -i:3000",
      "lsof -i :3000",
      "lsof -i tcp:80",
      "lsof -iTCP -sTCP:LISTEN",
      "lsof -i",
      "lsof -nP -i4",
      "lsof -a -i -u root",
      "lsof +D /tmp",
      "lsof -t -i:80",
      "lsof -bw /mnt",
      "lsof -i -r 2",
      "lsof -c ssh -a -d 1 -r10",
    ],
    invalid: ["lsof -q", "lsof -W", "lsof -p", "lsof -e"],
  },
  {
    file: "arp",
    name: "arp",
    valid: ["arp", "arp -a", "arp -an", "arp -a 10.0.0.1", "arp -d 203.0.113.9", "arp -i eth0 -a"],
    invalid: ["arp -x"],
  },
  {
    file: "route",
    name: "route",
    valid: ["route", "route -n", "route del -host 203.0.113.9", "route add -net 10.0.0.0 netmask 255.0.0.0 dev eth0"],
    invalid: ["route -x", "route -n inet"],
  },
  {
    // Its families list went to stderr and was captured first, apart from its heading.
    file: "netstat",
    name: "netstat",
    valid: ["netstat -tulpn", "netstat -A inet6 -n", "netstat --inet6 -n", "netstat --tcp -n", "netstat -rn", "netstat -6"],
    invalid: ["netstat -j", "netstat --frob"],
  },
  {
    // GNU find's man page (findutils 4.9.0, `MANWIDTH=80 man --nh --nj -P cat find`): the
    // primaries its --help leaves out (-newerXY, -samefile, -ipath, -d, -regextype's value).
    file: "find.man",
    name: "find",
    source: fileURLToPath(new URL("../../../corpora/help/find/man.txt", import.meta.url)),
    valid: [
      "find . -newermt 2024-01-01",
      "find . -newerct yesterday",
      "find . -regextype posix-egrep -regex '.*\\.c'",
      "find . -samefile a.txt",
      "find . -ipath '*A*'",
      "find . -d",
      "find . -size -10k",
      "find . -type f,d",
      "find . -perm /u+x",
      "find -O3 -D tree . -name a.txt",
      "find . -fprintf out '%p'",
      "find . -fls out",
    ],
    invalid: ["find . -newertm a.txt", "find . -newerxx a.txt", "find . -regextype", "find . -type x", "find . -mtime", "find . -bogus"],
  },
];

describe("help layouts", () => {
  for (const c of CASES) {
    test(`${c.file}: golden IR; accepts and refuses as the program does`, async () => {
      const text = readCapturedText(c.source ?? `${dir}${c.file}.txt`)!;
      const { spec } = c.file.endsWith(".man") ? parseManPage(text, { name: c.name }) : parseHelp(text, { name: c.name });
      await expect(formatIrJson(spec)).toMatchFileSnapshot(`./fixtures/layouts/${c.file}.ir.json`);
      const grammar = lowerCommand(spec);
      for (const g of [grammar, parseGrammarText(emitLark(grammar), "lark"), parseGrammarText(emitGbnf(grammar), "gbnf")]) {
        for (const ok of c.valid) expect(recognize(g, ok).accepted, ok).toBe(true);
        for (const bad of c.invalid) expect(recognize(g, bad).accepted, bad).toBe(false);
      }
    });
  }

  test("an '=' set apart from the option name still glues the value on; '[.X]' continues a number", () => {
    const help = `Usage:\n probe [options]\n\nOptions:\n -d, --delay =SECS [.TENTHS]   wait\n -n, --count =COUNT   stop after COUNT\n -w, --width [=COLUMNS]   width\n -q, --quiet   quiet\n`;
    const { spec } = parseHelp(help, { name: "probe" });
    expect(spec.options.find((o) => o.long.includes("delay"))).toMatchObject({
      arity: "required",
      value: { type: { kind: "number" }, metavar: "SECS[.TENTHS]" },
    });
    expect(spec.options.find((o) => o.long.includes("width"))).toMatchObject({ arity: "optional", value: { type: { kind: "integer" }, metavar: "COLUMNS" } });
    accepts(
      help,
      ["probe -n 1", "probe -qn1", "probe -d 0.5", "probe --delay=2", "probe --count 3", "probe -w", "probe -w80", "probe --width=80"],
      ["probe -n x", "probe -d", "probe --count=", "probe -w x"],
    );
  });

  test("a usage line that puts '<options>' in angles uses them for optional parts; an option table's angles still mark required values", () => {
    const headless = "probe <options> <directory>\n\n  -h,--help     This help message\n  -x            Same filesystem\n  -o FILE       Export to FILE\n";
    accepts(headless, ["probe", "probe -x /", "probe -o out.json", "probe /srv"], ["probe -o", "probe --bogus", "probe a b"]);
    const headed =
      "Usage: probe <options> <source files>\nwhere possible options include:\n  -classpath (-cp) <path>    Paths where to find classes\n  -verbose                   Say more\n";
    accepts(headed, ["probe", "probe -verbose a.kt b.kt", "probe -cp lib a.kt"], ["probe -cp", "probe -bogus"]);
    // Angles beside square brackets mark required parts.
    accepts("Usage: probe [-v] <file>\n  -v   verbose\n", ["probe -v a"], ["probe", "probe -v"]);
  });

  test("another program's usage whose every form spells one command word is this program's ('tool run -- <pkg> [args...]'); a package's args are its own", () => {
    const help =
      "Run a command from a package\n\nUsage:\ntool run -- <pkg>[@<version>] [args...]\ntool run --package=<pkg>[@<version>] -- <cmd> [args...]\n\nOptions:\n[--package <package-spec>] [-c|--call <call>]\n";
    const { spec } = parseHelp(help, { name: "probe" });
    expect(spec.positionals.map((p) => p.name)).not.toContain("run");
    accepts(help, ["probe lint --fix src", "probe -- fmt --check", "probe --package=x x -v"], ["probe", "probe --bogus lint"]);
    // Forms that spell different words there, or the program's own name, keep them as operands.
    const own = "Usage:\nprobe run <file>\nprobe stop <file>\n";
    accepts(own, ["probe run a", "probe stop a"], ["probe a"]);
  });

  test("a remark column after each usage form ('<-Display ...', 'Modify routing table.') is not operands", () => {
    const help = `Usage:\n  probe [-v] [-i <if>] [<host>]             <-Display the cache\n  probe [-v] -d <host> [pub]               <-Delete an entry\n\n  -v   be verbose\n  -d   delete\n`;
    accepts(help, ["probe", "probe -v", "probe -d h1", "probe -d h1 pub", "probe -i eth0 h1"], ["probe -x", "probe h1 pub extra"]);
    const bsd = "usage: probe [-nv] [<AF>]           List the tables\n       probe [-v] {add|del|flush} ...  Change the table for AF.\n";
    const { spec } = parseHelp(bsd, { name: "probe" });
    expect(spec.positionals.map((p) => [p.name, p.min, p.rest ?? false])).toEqual([
      ["AF", 0, false],
      ["ACTION", 0, true],
    ]);
    accepts(bsd, ["probe -n", "probe add -net 10.0.0.0 gw 10.0.0.1", "probe del -host h"], ["probe -x", "probe -n the tables", "probe frob -net x"]);
  });

  test("a usage placeholder defined as options ('<AF>=Use -A <af> or --<af>') is those options, not an operand", () => {
    const help = `usage: probe [-nv] [<AF>] [<Socket> ...]

        -n, --numeric            don't resolve names
        -v, --verbose            be verbose

  <Socket>={-t|--tcp} {-u|--udp}
           --ipx
  <AF>=Use '-6|-4' or '-A <af>' or '--<af>'; default: inet
  List of possible address families:
    inet (DARPA Internet) inet6 (IPv6) ax25 (AMPR AX.25)
  <HW>=Hardware Type.
`;
    const { spec } = parseHelp(help, { name: "probe" });
    expect(spec.positionals).toEqual([]);
    accepts(
      help,
      ["probe -tn", "probe --udp", "probe --ipx", "probe -A inet6", "probe --ax25", "probe --inet -6"],
      ["probe inet", "probe --inet7", "probe -A", "probe -x"],
    );
  });

  test("a usage line's bracketed letters ('-[abz]', '-[AB][name]', '-[a][l]') and X11's '[-display dpy]'", () => {
    const help = "Usage: probe [-[abz]] [-[AB][name]] [-[c][l]] [-display dpy] [-m len] [image-file]\n";
    accepts(
      help,
      ["probe -b", "probe -bz f", "probe -A f", "probe -Afoo f", "probe -cl", "probe -display :0", "probe -m 3 f"],
      ["probe -x", "probe -display", "probe -Z"],
    );
  });

  test("an option named with a placeholder glued on ('--force-<thing>[,...]', '--regex-<LANG>=...') is a family: its prefix with any text", () => {
    const help = `Usage: probe [<option>...] <command>

Options:
  --force-<thing>[,...]      Override problems (see --force-help).
  --extras-(<LANG>|all)=[+|-][<flags>|*]
                             Include extra tag entries.
  -i, --install <file>       Install a package.
`;
    const { spec, diagnostics } = parseHelp(help, { name: "probe" });
    expect(spec.extensions).toEqual([{ kind: "option-prefixes", prefixes: ["--force-", "--extras-"] }]);
    expect(diagnostics.filter((d) => /could not read/.test(d.message))).toEqual([]);
    accepts(help, ["probe --force-confold -i x.deb c", "probe --force-all,depends c", "probe --extras-c=+q c"], ["probe --forcex c", "probe --frob c"]);
  });

  test("Perl Getopt::Std's help: the two lists are the options, '-OPTIONS' is a placeholder", () => {
    const help = `/usr/bin/probe version 1.0 calling Getopt::Std::getopts (version 1.13 [paranoid]),
running under Perl version 5.36.0.

Usage: probe [-OPTIONS [-MORE_OPTIONS]] [--] [PROGRAM_ARG1 ...]

The following single-character options are accepted:
\tWith arguments: -M -j
\tBoolean (without arguments): -h -v -u

Options may be merged together.  -- stops processing of options.
Space is not required between options and their arguments.
`;
    expect(parseHelp(help, { name: "probe" }).spec.options.map((o) => [o.short[0], o.arity])).toEqual([
      ["M", "required"],
      ["j", "required"],
      ["h", "none"],
      ["v", "none"],
      ["u", "none"],
    ]);
    accepts(help, ["probe -u", "probe -vu a b", "probe -M mirror Foo", "probe -jfile", "probe -- -x"], ["probe -O", "probe -z", "probe -M"]);
  });

  test("an option that terminates the option list passes every later word through", () => {
    const help = `usage: probe [option] ... [-e expr | -r mod | file] [arg] ...
Options:
-q     : quiet
-e expr : run the expression (terminates option list)
-r mod : run a module as a script (terminates option list)
-W arg : warning control
`;
    accepts(
      help,
      ["probe -r srv --bind 1.2.3.4 8000", "probe -q -r mod.cli --help", "probe -e 'x = 1' -z --any", "probe -qr srv -x", "probe -r srv"],
      ["probe -r", "probe --bind 1", "probe -z", "probe -W"],
    );
  });

  test("values listed before 'for PLACEHOLDER' are its choices", () => {
    accepts(
      "Usage:\n probe [options]\n\nOptions:\n -E, --scale =SCALE   set memory as: k,m,g for SCALE\n",
      ["probe -E g", "probe --scale=k"],
      ["probe -E x", "probe -E 1"],
    );
  });

  test("a usage line's bare flag letters and '[-x [v]]' values decide over a one-space option table", () => {
    const help = `usage: [-?ab] [-c c] [-i [i]] [names]\n  -a AND selections (OR)\n  -b avoid kernel blocks\n  -c c  cmd c\n  -i select IPv[46] files\n  -i i   select by address: [46][proto][@host|addr][:port]\n`;
    accepts(help, ["probe -a -i", "probe -i :80", "probe -i:80", "probe -i tcp:80 x", "probe -ab x", "probe -c sh"], ["probe -c", "probe -q", "probe -a x -y"]);
  });

  test("an option spelled with a plus too ('+|-w', '+f|-f'), in a table of three columns, is its dash spelling", () => {
    const help = `usage: [-?ab] [+|-w] [names]
  -a AND selections      -b avoid blocks       +c w  COMMAND width
  -d s  select by set    +|-e s  exempt s      -l list UID numbers
  -n no host names       -N select NFS         +|-w  Warnings (+)
  +f|-f  +filesystem or -file names
`;
    accepts(help, ["probe -bw x", "probe -e /proc -a", "probe -w", "probe -f x", "probe -ln"], ["probe -e", "probe -q", "probe -x"]);
  });

  test("find's help and man page merge: a value the help's line of bare names leaves out is the man page's", () => {
    const help = readCapturedText(fileURLToPath(new URL("../../../corpora/help/find/help.txt", import.meta.url)))!;
    const man = readCapturedText(CASES.find((c) => c.file === "find.man")!.source!)!;
    const { spec, diagnostics } = mergeHelpAndMan(parseHelp(help, { name: "find" }), parseManPage(man, { name: "find" }));
    expect(spec.options.find((o) => o.dashLong?.includes("regextype"))).toMatchObject({ arity: "required" });
    expect(diagnostics.some((d) => /-regextype is listed without a value in the help text/.test(d.message))).toBe(true);
    const g = lowerCommand(spec);
    for (const ok of ["find . -regextype posix-egrep -regex x", "find . -newermt 2024-01-01", "find . -daystart -mtime 1"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["find . -regextype", "find . -newerxx f", "find . -daystart x"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  test("help and man page merged: a SYNOPSIS form with fewer operands makes the help's required ones optional (ifconfig -a)", () => {
    const at = (f: string) => readFileSync(fileURLToPath(new URL(`./fixtures/man/ifconfig/${f}`, import.meta.url)), "utf8");
    const { spec, diagnostics } = mergeHelpAndMan(parseHelp(at("help.txt"), { name: "ifconfig" }), parseManPage(at("man.txt"), { name: "ifconfig" }));
    expect(diagnostics.some((d) => /usage needs 0 operand\(s\), the help text's 1: the fewer are enough/.test(d.message))).toBe(true);
    const g = lowerCommand(spec);
    for (const ok of ["ifconfig -a", "ifconfig", "ifconfig -s", "ifconfig eth0 up"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["ifconfig -x", "ifconfig --frob"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });
});
