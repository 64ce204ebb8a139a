// Parsing help text: style detection and the GNU, cobra, argparse, click and clap shapes.
import { wrapsCommand } from "@shellgen/base";
import { describe, expect, it } from "vitest";
import { GrammargenError, lowerCommand, parseHelp, recognize, type OptionSpec } from "../src/index.js";
import { detectStyle } from "../src/parse/styles.js";
import { accepts } from "./help-verdicts.js";

const find = (opts: OptionSpec[], name: string) => opts.find((o) => o.long.includes(name) || o.short.includes(name))!;

describe("parseHelp", () => {
  it("reads unindented 'X : text' entries under a heading that mentions the environment (python3)", () => {
    const { spec } = parseHelp(
      `usage: /usr/bin/python3 [option] ... [-c cmd | -m mod | file | -] [arg] ...
Options (and corresponding environment variables):
-b     : issue warnings about str(bytes_instance)
-c cmd : program passed in as string (terminates option list)
-m mod : run library module as a script (terminates option list)
--help-all      : print complete help information and exit
Arguments:
file   : program read from script file
`,
      { name: "python3" },
    );
    expect(spec.options.map((o) => o.short[0] ?? o.long[0])).toEqual(["b", "c", "m", "help-all"]);
    expect(find(spec.options, "m")).toMatchObject({ arity: "required" });
    const g = lowerCommand(spec);
    for (const ok of ["python3 -m http.server", "python3 -b x.py a b", "python3 --help-all"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "python3 -z").accepted).toBe(false);
  });

  it("spells --[no-]x as --no-x, --[no]x as --nox and -[no]x as -x and -nox (sqlite3)", () => {
    const { spec, diagnostics } = parseHelp(
      "Usage: t [options] FILE\n\nOptions:\n  --[no-]color     use colors\n  -[no]header      headers on or off\n  --[no]pager      pager\n",
      { name: "t" },
    );
    expect(diagnostics.filter((d) => /could not read/.test(d.message))).toEqual([]);
    const g = lowerCommand(spec);
    for (const ok of ["t --no-color f", "t --color f", "t -header f", "t -noheader f", "t --nopager f", "t --pager f"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["t --no-pager f", "t -no-header f", "t --colour f"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("reads numbers written as options: -0 ... -9, -COLUMN, [-WIDTH] and GNU head's unlisted -NUM", () => {
    const accepts = (help: string, name: string, ok: string[], bad: string[]) => {
      const g = lowerCommand(parseHelp(help, { name }).spec);
      for (const c of ok) expect(recognize(g, c).accepted, c).toBe(true);
      for (const c of bad) expect(recognize(g, c).accepted, c).toBe(false);
    };
    accepts(
      "Usage: xz [OPTION]... [FILE]...\nDo things.\n\n  -c, --stdout        write to standard output\n  -q, --quiet         suppress warnings\n  -0 ... -9           compression preset\n",
      "xz",
      ["xz -6 f", "xz -q9c f", "xz -0 f"],
      ["xz -x f", "xz --6 f"],
    );
    accepts(
      "Usage: pr [OPTION]... [FILE]...\nDo things.\n\n  +FIRST_PAGE[:LAST_PAGE], --pages=FIRST_PAGE[:LAST_PAGE]\n                    begin printing with page FIRST_PAGE\n  -COLUMN, --columns=COLUMN\n                    output COLUMN columns\n  -a, --across      print columns across\n",
      "pr",
      ["pr -3 f", "pr -a3 f", "pr --columns=2 f", "pr --pages=2:3 f"],
      ["pr --columns f", "pr -b f"],
    );
    accepts(
      "Usage: fmt [-WIDTH] [OPTION]... [FILE]...\nReformat each paragraph.\n\n  -c, --crown-margin        preserve indentation\n  -s, --split-only          split long lines\n  -w, --width=WIDTH         maximum line width\n      --help        display this help and exit\n",
      "fmt",
      ["fmt -60 f", "fmt -w 60 f"],
      ["fmt -x f", "fmt -w"],
    );
    const head =
      "Usage: head [OPTION]... [FILE]...\nDo things.\n\n  -n, --lines=[-]NUM   print the first NUM lines\n  -q, --quiet          never print headers\n";
    accepts(head, "head", ["head -5 f", "head -20", "head -n 5 f"], ["head -n", "head -x f"]);
    // Only where the real program takes it: another program with the same help gets no -NUM.
    accepts(head, "other", ["other -n 5 f"], ["other -5 f"]);
    // A cluster of flag letters in a usage line is not a number ([-ABC]).
    accepts("usage: t [-ACN] [FILE]\n  -A  a\n  -C  c\n  -N  n\n", "t", ["t -AC f"], ["t -5 f"]);
  });

  it("reads entries whose head and description are split by ' - ', by a glued ':' or joined by 'or'", () => {
    const read = (help: string) => {
      const { spec, diagnostics } = parseHelp(help, { name: "t" });
      expect(diagnostics.filter((d) => /could not read/.test(d.message))).toEqual([]);
      return { spec, g: lowerCommand(spec) };
    };
    // LLVM: a padded head, then "- "; a head that fills its column keeps a single space.
    const llvm = read(
      "USAGE: t [options] <input>\n\nOPTIONS:\n\n  --color                - Use colors\n  --check-prefix=<string> - Prefix to use\n  --allow-deprecated-overlapping-matches - Allow overlaps\n",
    );
    expect(find(llvm.spec.options, "color").description).toBe("Use colors");
    expect(find(llvm.spec.options, "allow-deprecated-overlapping-matches").description).toBe("Allow overlaps");
    expect(find(llvm.spec.options, "check-prefix")).toMatchObject({ arity: "required", description: "Prefix to use" });
    for (const ok of ["t --color in", "t --check-prefix=X in", "t --allow-deprecated-overlapping-matches in"])
      expect(recognize(llvm.g, ok).accepted, ok).toBe(true);
    expect(recognize(llvm.g, "t --check-prefix in").accepted).toBe(false);
    // Options written "-n: text" under a heading.
    const colon = read("Usage: t [OPTIONS] mountpoint\n\nOptions:\n-n: Show what would run.\n-r: Remove the snapshot.\n");
    expect(colon.spec.options.map((o) => o.short[0])).toEqual(["n", "r"]);
    expect(recognize(colon.g, "t -n /mnt").accepted).toBe(true);
    // "-h or -? or --help" and a range written with two dots.
    const or = read("usage: t [options] FILE\n  -h or -? or --help   this text\n  -q or --quiet        no warnings\n  -1 .. -9             block size\n");
    expect(find(or.spec.options, "help")).toMatchObject({ short: ["h", "?"], long: ["help"] });
    for (const ok of ["t -q f", "t --quiet f", "t -? f", "t -1 f", "t -9 f"]) expect(recognize(or.g, ok).accepted, ok).toBe(true);
    for (const bad of ["t --or f", "t -x f"]) expect(recognize(or.g, bad).accepted, bad).toBe(false);
    // The same table under "usage: t [-options]" and a sentence naming files (ICU's tools), tab-indented: not a BSD usage-only text.
    const icu = read(
      "usage: t [-options] [input.txt]\n\tread input.txt and write out.tbl\noptions:\n\t-h or -? or --help  this text\n\t-v or --verbose     more output\n\t-d or --destdir     where to write\n",
    );
    expect(icu.spec.style).not.toBe("bsd");
    expect(icu.spec.options.map((o) => [o.short, o.long])).toEqual([
      [["h", "?"], ["help"]],
      [["v"], ["verbose"]],
      [["d"], ["destdir"]],
    ]);
    for (const ok of ["t -v in.txt", "t --destdir in.txt", "t -?"]) expect(recognize(icu.g, ok).accepted, ok).toBe(true);
    expect(recognize(icu.g, "t -o in.txt").accepted).toBe(false);
    // lz4's "-D FILE: text", ld's bracketed prefix and GCC's "+" in names.
    const more = read(
      "Usage: t [options] FILE\n  -D FILE: use FILE as dictionary\n  --[disable-]nxcompat   compatible\n  -Weffc++   warn\n  -gstabs+   debug info\n",
    );
    expect(find(more.spec.options, "D")).toMatchObject({ arity: "required", description: "use FILE as dictionary" });
    for (const ok of ["t -D d f", "t --nxcompat f", "t --disable-nxcompat f", "t -Weffc++ f", "t -gstabs+ f"])
      expect(recognize(more.g, ok).accepted, ok).toBe(true);
    for (const bad of ["t -D f", "t --no-nxcompat f", "t -Weffc f"]) expect(recognize(more.g, bad).accepted, bad).toBe(false);
  });

  it("takes the options a usage line shows when no table lists them (bashbug, gcore, faillock)", () => {
    const { spec } = parseHelp("Usage: t [--help] [--version] [--dir DIR] [-q] file\nReport on the file.\n", { name: "t" });
    expect(spec.style).toBe("generic");
    expect(spec.options.map((o) => [o.short, o.long, o.arity])).toEqual([
      [[], ["help"], "none"],
      [[], ["version"], "none"],
      [[], ["dir"], "required"],
      [["q"], [], "none"],
    ]);
    expect(spec.positionals.map((p) => [p.name, p.min, p.max])).toEqual([["file", 1, 1]]);
    const g = lowerCommand(spec);
    for (const ok of ["t f", "t --dir d -q f", "t --help f"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["t --dir f", "t -x f", "t --dir d"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("reads a usage line's one-dash words as the table spells its options (java -jar, not -j -a -r)", () => {
    const text = `Usage: t [options] <mainclass> [args...]
   or  t [options] -jar <jarfile> [args...]
   or  t [options] -m <module>

 where options include:
    -cp <path>    class search path
    -zero         to select the zero VM
    -m, --module <module>
                  the module to run
`;
    const { spec } = parseHelp(text, { name: "t" });
    const names = spec.options.map((o) => [...o.short, ...o.long, ...(o.dashLong ?? [])].join(","));
    expect(names).toContain("jar");
    expect(names).not.toContain("j");
    expect(names.filter((n) => n.split(",").includes("m"))).toEqual(["m,module"]);
    const g = lowerCommand(spec);
    for (const ok of ["t -jar app.jar", "t -cp lib -jar app.jar x", "t -m mod"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["t -j app.jar", "t -ja app.jar"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("reads GLib usage lines: [OPTION…] (or [OPTION?]), a title for a parameter string, a summary after a dash (pkcon, broadwayd, gcov)", () => {
    const glib = (usage: string) =>
      parseHelp(`Usage:\n  t ${usage}\n\nHelp Options:\n  -h, --help     Show help options\n\nApplication Options:\n  -v, --version  Show the version\n`, {
        name: "t",
      }).spec;
    expect(glib("[OPTION?] PackageKit Console Program").positionals.map((p) => [p.name, p.min, p.max])).toEqual([["ARG", 0, 64]]);
    expect(glib("[OPTION…] [:DISPLAY] - broadway display daemon").positionals.map((p) => [p.name, p.min])).toEqual([[":DISPLAY", 0]]);
    expect(glib("[OPTION?] APPLICATION [URI...] ? launch an APPLICATION").positionals.map((p) => p.name)).toEqual(["APPLICATION", "URI"]);
    expect(glib("[OPTION…] FILE").positionals.map((p) => [p.name, p.min])).toEqual([["FILE", 1]]);
    // Alternative placeholders are no literal choices; PEM|DER would be.
    const gcov = parseHelp("Usage: t [OPTION...] SOURCE|OBJ...\n\n  -a, --all-blocks   Show every block\n", { name: "t" }).spec;
    expect(gcov.positionals[0]!.type.kind).toBe("word");
    expect(recognize(lowerCommand(gcov), "t -a main.c").accepted).toBe(true);
    // In a usage line's operand any capitals are placeholders (systemd-mount's WHAT|WHERE); an option's stay values.
    const mount = parseHelp("t [OPTIONS...] --umount WHAT|WHERE...\n\n     --inform=PEM|DER   Input format\n", { name: "t" }).spec;
    expect(mount.positionals[0]!.type.kind).toBe("word");
    expect(mount.options[0]!.value!.type).toEqual({ kind: "enum", choices: ["PEM", "DER"] });
  });

  it("reads an operand that may come as an option's value, and a comma list (renice [-n] <priority>, agetty [<baud_rate>,...])", () => {
    const renice = parseHelp(
      "Usage:\n t [-n] <priority> [-p|--pid] <pid>...\n\nOptions:\n -n, --priority <num>   specify the nice value\n -p, --pid              interpret as process IDs\n",
      { name: "t" },
    ).spec;
    expect(renice.positionals.map((p) => [p.name, p.min])).toEqual([
      ["priority", 0],
      ["pid", 1],
    ]);
    const g = lowerCommand(renice);
    for (const ok of ["t -n 5 -p 123", "t 5 123", "t --priority 2 -p 7"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "t -n 5").accepted).toBe(false);
    const agetty = parseHelp("Usage:\n t [options] <line> [<baud_rate>,...] [<termtype>]\n\nOptions:\n -L, --local-line   force local line\n", {
      name: "t",
    }).spec;
    expect(agetty.positionals.map((p) => [p.name, p.type.kind])).toEqual([
      ["line", "word"],
      ["baud_rate", "word"],
      ["termtype", "word"],
    ]);
  });

  it("reads name[=value] operands, a braced choice between forms, and C programs' BOOL (sysctl, strace, systemd)", () => {
    const sysctl = parseHelp("Usage:\n t [options] [variable[=value] ...]\n\nOptions:\n  -n, --values   print only values\n", { name: "t" }).spec;
    const g1 = lowerCommand(sysctl);
    for (const ok of ["t -n kernel.x", "t kernel.x=1 vm.y"]) expect(recognize(g1, ok).accepted, ok).toBe(true);
    const strace = parseHelp(
      "Usage: t [-f] [-o FILE]\n              { -p PID | [-E VAR=VAL]... PROG [ARGS] }\n\n  -f   follow forks\n  -o FILE  write to FILE\n",
      {
        name: "t",
      },
    ).spec;
    expect(strace.positionals.map((p) => [p.name, p.min])).toEqual([
      ["PROG", 0],
      ["ARGS", 0],
    ]);
    const systemd = parseHelp("Usage: t [OPTIONS...] DEVICE\n\n     --verify=BOOL     Check it\n", { name: "t" }).spec;
    const g2 = lowerCommand(systemd);
    for (const ok of ["t --verify=yes d", "t --verify=false d"]) expect(recognize(g2, ok).accepted, ok).toBe(true);
    expect(recognize(g2, "t --verify=maybe d").accepted).toBe(false);
  });

  it("ends a usage at a heading, takes headless forms at the margin, and reads dpkg's option commands (xrandr, avahi-browse, dpkg)", () => {
    const xrandr = parseHelp("usage: t [options]\n  where options are:\n  --output <output>\n  --help\n", { name: "t" }).spec;
    expect(xrandr.positionals).toEqual([]);
    const avahi = parseHelp("t [options] <service type>\nt [options] -a\n\n    -a --all     Show all services\n", { name: "t" }).spec;
    expect(avahi.positionals.map((p) => [p.name, p.min])).toEqual([["service type", 0]]);
    const dpkg = parseHelp(
      "Usage: t [<option>...] <command>\n\nCommands:\n  -i|--install <.deb file name>...   Install.\n  -L|--listfiles <package>...        List files.\n",
      { name: "t" },
    ).spec;
    const g = lowerCommand(dpkg);
    for (const ok of ["t -i a.deb b.deb", "t -L pkg"]) expect(recognize(g, ok).accepted, ok).toBe(true);
  });

  it("reads an operand with an optional prefix glued on (ssh-copy-id's [user@]hostname)", () => {
    const { spec } = parseHelp("Usage: t [-h] [-p port] [-F alternative ssh_config file] [user@]hostname\n\t-f: force mode\n", { name: "t" });
    expect(spec.positionals.map((p) => [p.name, p.min])).toEqual([["hostname", 1]]);
    const g = lowerCommand(spec);
    for (const ok of ["t -p 22 alice@example.org", "t example.org"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "t -p 22").accepted).toBe(false);
  });

  it("takes a first line that starts with the program as its usage when there is no usage heading (dbus-daemon, adduser)", () => {
    const text =
      "t [--version] [--session] [--config-file=FILE] [--print-pid[=DESCRIPTOR]]\n        [--home dir] [--no-create-home]\n        user\n    Add a user\n";
    const { spec } = parseHelp(text, { name: "t" });
    expect(spec.options.flatMap((o) => o.long).sort()).toEqual(["config-file", "home", "no-create-home", "print-pid", "session", "version"]);
    expect(spec.positionals.map((p) => [p.name, p.min, p.max])).toEqual([["user", 1, 1]]);
    const g = lowerCommand(spec);
    for (const ok of ["t --session u", "t --config-file=a.conf u", "t --home /h --no-create-home u"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["t --frob u", "t --home"]) expect(recognize(g, bad).accepted, bad).toBe(false);
    // A sentence that happens to start with the name is no usage line.
    expect(parseHelp("t is a tool that prints things.\n\n  -q   quiet\n", { name: "t" }).spec.positionals.map((p) => p.name)).toEqual(["ARG"]);
  });

  it('reads binutils\' "<option(s)> <file(s)>" as options and repeated files, and a CONTEXT operand as a word (objdump, chcon)', () => {
    const objdump = parseHelp(
      "Usage: t <option(s)> <file(s)>\n Display information from object <file(s)>.\n  -d, --disassemble        Display assembler contents\n  -x, --all-headers        Display all headers\n",
      {
        name: "t",
      },
    ).spec;
    expect(objdump.positionals.map((p) => [p.name, p.min, p.max > 1])).toEqual([["file", 1, true]]);
    const g = lowerCommand(objdump);
    for (const ok of ["t -d a.o", "t -x a.o b.o"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "t -d").accepted).toBe(false);
    const chcon = parseHelp("Usage: t [OPTION]... CONTEXT FILE...\n  or:  t [OPTION]... [-u USER] FILE...\n\n  -u, --user=USER    set user USER\n", {
      name: "t",
    }).spec;
    expect(chcon.positionals[0]).toMatchObject({ name: "CONTEXT", type: { kind: "word" } });
    expect(recognize(lowerCommand(chcon), "t system_u:object_r:etc_t f").accepted).toBe(true);
  });

  it("reads option tables printed in two or three columns, and a usage line followed by prose (zip, unzip, lsof)", () => {
    const { spec, diagnostics } = parseHelp(
      `Usage: t [-Z] [-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]
  The default action is to unpack the files in list, except those in xlist,
  into exdir; file[.zip] may be a wildcard.

  -p  unpack to a pipe, no messages          -l  list the files
  -f  freshen existing files, make no new    -t  test the archive
  -x  leave out the files that follow        -d  unpack into exdir
  -F  repair a damaged archive (-FF: harder) -D  do not add directory entries
  -q  quiet mode (-qq => quieter)
`,
      { name: "t" },
    );
    expect(spec.style).toBe("generic");
    expect(diagnostics.filter((d) => /could not read/.test(d.message))).toEqual([]);
    // -Z is only in the usage line; "-opts[modifiers]" is a placeholder, not letters.
    expect(spec.options.map((o) => o.short[0]).sort()).toEqual(["D", "F", "Z", "d", "f", "l", "p", "q", "t", "x"].sort());
    expect(find(spec.options, "Z")).toMatchObject({ arity: "none", description: "" });
    expect(find(spec.options, "l").description).toBe("list the files");
    expect(find(spec.options, "F").description).toBe("repair a damaged archive (-FF: harder)");
    // The sentence under the usage line is not a list of operands.
    expect(spec.positionals.map((p) => p.name)).toEqual(["file[.zip]", "list"]);
    const g = lowerCommand(spec);
    for (const ok of ["t a.zip", "t -l a.zip", "t -q a.zip -d out"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    // The usage line's "[-d exdir]" gives -d its value, which the table does not show.
    expect(find(spec.options, "d")).toMatchObject({ arity: "required", value: { metavar: "exdir" } });
    for (const bad of ["t", "t -w a.zip", "t a.zip -d", "t -o a.zip"]) expect(recognize(g, bad).accepted, bad).toBe(false);
    expect(recognize(g, "t -Z a.zip").accepted).toBe(true);

    const three = parseHelp(
      "Usage: t [options] [names]\n  -a AND the selections     -b avoid blocking       -n no host names\n  -t terse listing          -N select NFS files     -o list offsets\n  -P no port names          -s list file size       -U select sockets\n",
      { name: "t" },
    ).spec;
    expect(three.options.map((o) => o.short[0]).sort()).toEqual(["N", "P", "U", "a", "b", "n", "o", "s", "t"].sort());
    expect(find(three.options, "s").description).toBe("list file size");
  });

  it("reads '-f FORMAT   --format=FORMAT   text' as one option, and 'A,B..' as one list value (shellcheck)", () => {
    const { spec } = parseHelp(
      "Usage: t [OPTIONS...] FILES...\n  -a                  --check-all            check everything\n  -i CODE1,CODE2..    --include=CODE1,CODE2..  only these codes\n  -f FORMAT           --format=FORMAT        output format\n                      --norc                 no rc file\n",
      { name: "t" },
    );
    expect(spec.options.map((o) => [o.short, o.long, o.arity])).toEqual([
      [["a"], ["check-all"], "none"],
      [["i"], ["include"], "required"],
      [["f"], ["format"], "required"],
      [[], ["norc"], "none"],
    ]);
    expect(find(spec.options, "include").description).toBe("only these codes");
  });

  it("ends the usage block at a sentence, even one with brackets (binutils' nm, strings)", () => {
    const { spec } = parseHelp(
      "Usage: t [option(s)] [file(s)]\n List symbols in [file(s)] (a.out by default).\n The options are:\n  -a, --debug-syms       Display debugger-only symbols\n  -C                     Demangle names\n",
      { name: "t" },
    );
    // "[file(s)]" is any number of files, "[option(s)]" the options.
    expect(spec.positionals.map((p) => [p.name, p.min, p.max >= 16])).toEqual([["file", 0, true]]);
    const g = lowerCommand(spec);
    for (const ok of ["t", "t a.out", "t -C lib.so b.o"]) expect(recognize(g, ok).accepted, ok).toBe(true);
  });

  it("reads commands listed with their arguments (systemctl's 'start UNIT...'), not prose or the program itself", () => {
    const { spec } = parseHelp(
      "t [OPTIONS...] COMMAND ...\n\nQuery or send control commands.\n\nUnit Commands:\n  list-units [PATTERN...]     List units in memory\n  start UNIT...               Start one or more units\n  status [PATTERN...|PID...]  Show runtime status\n  t [flags] [options]         How to call it\n  daemon-reload               Reload the manager\n  see the manual for more     Or ask\n\nOptions:\n  -h --help    Show this help\n",
      { name: "t" },
    );
    expect(spec.subcommands.map((c) => c.path[1])).toEqual(["list-units", "start", "status", "daemon-reload"]);
    const g = lowerCommand(spec);
    for (const ok of ["t start nginx", "t daemon-reload", "t list-units"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    // Without a "Usage:" line, the listed commands are the only operands.
    expect(recognize(g, "t frobnicate nginx").accepted).toBe(false);
  });

  it("reads a commands heading that names its topic ('Environment Commands:') and a command as wide as its column (systemctl)", () => {
    const help =
      "t [OPTIONS...] COMMAND ...\n\nUnit Commands:\n  start UNIT...                       Start one or more units\n  set-property UNIT PROPERTY=VALUE... Sets one or more properties of a unit\n  mount-image UNIT PATH [PATH [OPTS]] Mount an image from the host into a\n                                      unit's namespace\n\nEnvironment Commands:\n  show-environment                    Dump environment\n  import-environment VARIABLE...      Import environment variables\n\nEnvironment:\n  T_PAGER    the pager\n\nOptions:\n  -h --help    Show this help\n";
    const { spec } = parseHelp(help, { name: "t" });
    expect(spec.subcommands.map((c) => c.path[1])).toEqual(["start", "set-property", "mount-image", "show-environment", "import-environment"]);
    const g = lowerCommand(spec);
    for (const ok of ["t set-property nginx CPUWeight=200", "t mount-image svc /img", "t import-environment PATH"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "t T_PAGER").accepted).toBe(false);
  });

  it("reads commands grouped under topic headings after a commands heading (adb's 'networking:', 'file transfer:')", () => {
    const help =
      "Debug Bridge version 1.0.41\n\nglobal options:\n -s SERIAL  use device with given serial\n\ngeneral commands:\n devices [-l]             list connected devices\n help                     show this help message\n\nnetworking:\n connect HOST[:PORT]      connect to a device via TCP/IP\n disconnect [[HOST]:PORT] disconnect from given TCP/IP device, or all\n\nfile transfer:\n push [--sync] LOCAL... REMOTE\n     copy local files/directories to device\n\napp installation (see also `db shell cmd package help`):\n install [-lrt] PACKAGE\n     push a single package to the device and install it\n\nenvironment variables:\n $ADB_TRACE  comma-separated list of debug info to log\n";
    const { spec } = parseHelp(help, { name: "db" });
    expect(spec.subcommands.map((c) => c.path[1])).toEqual(["devices", "help", "connect", "disconnect", "push", "install"]);
    const g = lowerCommand(spec);
    for (const ok of ["db connect 10.0.0.2:5555", "db -s emu push a.txt /sdcard/"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "db conect 10.0.0.2").accepted).toBe(false);
  });

  it("reads commands in columns, after the program's name, with aliases in parentheses, or with a URL as arguments (quilt, mpc, svn, s3cmd)", () => {
    const cols = parseHelp(
      "Usage: q [--trace] command [-h] ...\nCommands are:\n\tadd       files   import\n\tannotate  fold    init\n\nGlobal options:\n\n--trace\n\tRuns it traced.\n",
      { name: "q" },
    );
    expect(cols.spec.subcommands.map((c) => c.path[1])).toEqual(["add", "files", "import", "annotate", "fold", "init"]);
    const called = parseHelp(
      "Usage: m [options] <command> [<arguments>]\n\nOptions:\n  -q, --quiet   Quiet\n\nCommands:\n  m                      Display status\n  m add <uri>            Add a song\n  m mb s3://BUCKET       Make a bucket\n  m toggle               Toggle play\n",
      { name: "m" },
    );
    expect(called.spec.subcommands.map((c) => c.path[1])).toEqual(["add", "mb", "toggle"]);
    const aliased = parseHelp("usage: v <subcommand> [options] [args]\n\nAvailable subcommands:\n   blame (praise, annotate, ann)\n   update (up)\n   cat\n", {
      name: "v",
    });
    expect(aliased.spec.subcommands.map((c) => [c.path[1], ...c.aliases])).toEqual([["blame", "praise", "annotate", "ann"], ["update", "up"], ["cat"]]);
    const g = lowerCommand(aliased.spec);
    for (const ok of ["v up", "v ann f.c", "v update -r 5"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "v updat").accepted).toBe(false);
  });

  it("lets any command word through where the commands section says any other command may be used (yadm)", () => {
    const help = (line: string) =>
      `Usage: y <command> [options...]\n\nGit Commands:\n${line}\n\nCommands:\n  y init [-f]             - Initialize a repository\n  y list [-a]             - List tracked files\n`;
    const g = lowerCommand(parseHelp(help("Any Git command or alias can be used as a <command>."), { name: "y" }).spec);
    for (const ok of ["y init -f", "y gitconfig --list", "y status"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(lowerCommand(parseHelp(help("Git is used."), { name: "y" }).spec), "y status").accepted).toBe(false);
  });

  it("lets a listed subcommand that has no help of its own take any words", () => {
    const { spec } = parseHelp(
      "Usage: pm [--prefix DIR] [-g] <command> [args]\n\nCommands:\n  install     Install a package\n  list        List installed packages\n\nOptions:\n  --prefix DIR   Where packages live\n  -g, --global   Act globally\n",
      { name: "pm" },
    );
    expect(spec.subcommands.map((c) => c.path[1])).toEqual(["install", "list"]);
    const g = lowerCommand(spec);
    for (const ok of ["pm install express", "pm list -g --depth 0", "pm --prefix /opt install left-pad@1.3.0", "pm list"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "pm frobnicate express").accepted).toBe(false);
  });

  it("reads command groups listed under 'Subgroups:' as commands, beside the 'Commands:' list (Azure CLI)", () => {
    const help =
      '\nGroup\n    cl store : Manage storage.\n\nSubgroups:\n    account           : Manage storage accounts.\n    queue   [Preview] : Manage queues.\n\nCommands:\n    delete : Delete a thing.\n    copy   : Copy files.\n    exists : Check a thing.\n\nTo search for examples, use: cl find "cl store"\n';
    const { spec } = parseHelp(help, { name: ["cl", "store"] });
    // "delete : Delete a thing": a name as wide as its column, one space before the colon.
    expect(spec.subcommands.map((c) => c.path[2])).toEqual(["account", "queue", "delete", "copy", "exists"]);
    const g = lowerCommand(spec);
    for (const ok of ["cl store account create -n x -g y", "cl store queue list", "cl store copy -s a -d b", "cl store delete -n x"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "cl store acount list").accepted).toBe(false);
  });

  it("reads argparse's subparsers whose '{a,b} ...' usage wraps, also when -h is its only option (not BSD)", () => {
    const help =
      "usage: tk [-h]\n          {asm,cyclic,hex}\n          ...\n\nA toolkit\n\npositional arguments:\n  {asm,cyclic,hex}\n    asm                 Assemble bytes\n    cyclic              Pattern creator\n    hex                 Hex-encode data\n\noptions:\n  -h, --help            show this help message and exit\n";
    const { spec } = parseHelp(help, { name: "tk" });
    expect(spec.style).toBe("argparse");
    expect(spec.subcommands.map((c) => c.path[1])).toEqual(["asm", "cyclic", "hex"]);
    const g = lowerCommand(spec);
    for (const ok of ["tk cyclic 60", "tk hex abc", "tk -h"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["tk cyclc 60", "tk --frob"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("lets another command word pass through when the commands section says it is not complete ('...')", () => {
    const help = (more: string) =>
      `Usage: pm [OPTIONS] [COMMAND]\n\nOptions:\n  -q, --quiet   Say less\n      --list    List every command\n\nCommands:\n    build, b    Build the package\n    test        Run the tests\n${more}\n`;
    const { spec, diagnostics } = parseHelp(help("    ...         See all commands with --list"), { name: "pm" });
    expect(diagnostics.some((d) => /not complete/.test(d.message) && d.span !== undefined)).toBe(true);
    const g = lowerCommand(spec);
    for (const ok of ["pm build --release", "pm b", "pm owner -r alice", "pm -q publish --dry-run", "pm --list"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["pm --frob", "pm -q --frob"]) expect(recognize(g, bad).accepted, bad).toBe(false);
    // Without the "..." entry the list is all there is.
    expect(recognize(lowerCommand(parseHelp(help(""), { name: "pm" }).spec), "pm owner -r alice").accepted).toBe(false);
    // Older cargo says it in the heading.
    const headed = help("").replace("Commands:", "Some common pm commands are (see all commands with --list):");
    const headedSpec = parseHelp(headed, { name: "pm" }).spec;
    const h = lowerCommand(headedSpec);
    for (const ok of ["pm owner -r alice", "pm clippy -- -D warnings", "pm b"]) expect(recognize(h, ok).accepted, ok).toBe(true);
    expect(recognize(h, "pm --frob").accepted).toBe(false);
    // That word is one of pm's own commands, never a program pm runs (base's wrapper table).
    for (const p of [spec, headedSpec]) expect(p.positionals.some((_, i) => wrapsCommand(p.positionals, i))).toBe(false);
  });

  it("takes any option word where the help says the options are another program's, and says so", () => {
    const said = parseHelp(
      "Usage: zfind [OPTION]... [-e] PATTERN [FILE]...\nSearch compressed FILEs for PATTERN.\n\nOPTIONs are the same as for 'find', except --follow.\n",
      { name: "zfind" },
    );
    expect(said.spec.extensions).toEqual([{ kind: "options-of", program: "find", said: true }]);
    expect(said.diagnostics.some((d) => /for the find options/.test(d.message) && d.span?.line === 4)).toBe(true);
    const placeholder = parseHelp("usage: bzfind [find_options] pattern [files]\n", { name: "bzfind" });
    expect(placeholder.spec.extensions).toEqual([{ kind: "options-of", program: "find" }]);
    expect(placeholder.spec.positionals.map((p) => p.name)).not.toContain("find_options");
    for (const [spec, name] of [
      [said.spec, "zfind"],
      [placeholder.spec, "bzfind"],
    ] as const) {
      const g = lowerCommand(spec);
      for (const ok of [`${name} -e x notes.gz`, `${name} --only-matching -n "a b" notes.gz`, `${name} -- -x notes.gz`])
        expect(recognize(g, ok).accepted, ok).toBe(true);
      expect(recognize(g, name).accepted, name).toBe(false);
      expect(recognize(lowerCommand(spec, { policy: { allowOption: () => true } }), `${name} --only-matching x notes.gz`).accepted).toBe(false);
    }
    // A text that names no program borrows none.
    expect(parseHelp("Usage: tool [-v] FILE\n\n  -v  be verbose\n", { name: "tool" }).spec.extensions).toBeUndefined();
    const prose = "Usage: tool [-v] FILE\n\nThe options are the same as in the previous release.\n\n  -v  be verbose\n";
    expect(parseHelp(prose, { name: "tool" }).spec.extensions).toBeUndefined();
    expect(parseHelp("Usage: zcmp [OPTION]... FILE1 [FILE2]\n\nOptions are the same as for cmp.\n", { name: "zcmp" }).spec.extensions).toEqual([
      { kind: "options-of", program: "cmp", said: true },
    ]);
  });

  it("reads a listed command that the usage forms spell by those forms: their operands, the program's options", () => {
    const help = [
      "usage: tree-tool [<options>] -P <prefix> add <commit>",
      "   or: tree-tool [<options>] -P <prefix> add <repository> <ref>",
      "   or: tree-tool [<options>] -P <prefix> split [<commit>]",
      "",
      "Commands:",
      "  add      Add a tree",
      "  split    Split a tree",
      "  prune    Prune trees",
      "",
      "Options:",
      "  -q, --quiet            quiet",
      "  -P, --prefix <prefix>  the subdirectory",
    ].join("\n");
    accepts(
      help,
      ["tree-tool add -P lib abc123", "tree-tool add --prefix=lib https://example.com/r.git main", "tree-tool split -q", "tree-tool prune --anything x"],
      ["tree-tool add -P", "tree-tool add --prefx lib abc", "tree-tool split -G x", "tree-tool add a b c"],
      "tree-tool",
    );
  });

  it("reads an [x-options] placeholder as the text's own 'X Options:' section when it has one, not another program's", () => {
    const help = [
      "Usage:",
      "  fetchpkg get [options] <name> [mirror-index-options] ...",
      "",
      "Get Options:",
      "  -r, --requirement <file>  Read names from the given file.",
      "",
      "Mirror Index Options:",
      "  -i, --index-url <url>     Base URL of the index.",
      "  --no-index                Ignore the index.",
    ].join("\n");
    expect(parseHelp(help, { name: ["fetchpkg", "get"] }).spec.extensions).toBeUndefined();
    accepts(
      help,
      ["fetchpkg get requests", "fetchpkg get -i https://mirror.example.com/simple requests", "fetchpkg get --no-index -r reqs.txt", "fetchpkg get a b c"],
      ["fetchpkg get -A requests", "fetchpkg get --index-urll x requests"],
      "fetchpkg get",
    );
  });

  it("glues a single-dash long option's value on as the help writes it (-std=<standard>, -Wl,<options>, -agentlib:<lib>)", () => {
    const help = [
      "Usage: cc [options] file...",
      "Options:",
      "  -std=<standard>          Assume that the input sources are for <standard>.",
      "  -Wl,<options>            Pass comma-separated <options> on to the linker.",
      "  -agentlib:<libname>      Load a native agent library.",
      "  -Xlinker <arg>           Pass <arg> on to the linker.",
      "  -save-temps              Do not delete intermediate files.",
      "  -save-temps=<arg>        Do not delete intermediate files.",
      "  -###                     Like -v but options quoted and commands not executed.",
      "  -o <file>                Place the output into <file>.",
      "",
    ].join("\n");
    const { spec, diagnostics } = parseHelp(help, { name: "cc" });
    const joinerOf = (name: string) => spec.options.find((o) => o.dashLong?.includes(name))?.joiner;
    expect([joinerOf("std"), joinerOf("Wl"), joinerOf("agentlib"), joinerOf("Xlinker"), joinerOf("save-temps")]).toEqual(["=", ",", ":", undefined, "="]);
    expect(spec.options.find((o) => o.dashLong?.includes("save-temps"))?.arity).toBe("optional");
    // The merge's warning names the option it merged.
    expect(diagnostics.some((d) => d.message === "option -save-temps is listed more than once; merged")).toBe(true);
    const g = lowerCommand(spec);
    for (const ok of [
      "cc -std=c11 a.c",
      "cc -Wl,-rpath,/opt/lib a.c",
      "cc -agentlib:jdwp a.c",
      "cc -Xlinker -z a.c",
      "cc -save-temps a.c",
      "cc -save-temps=obj a.c",
      "cc -### a.c",
    ])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["cc -std a.c", "cc -Wl -rpath a.c", "cc -agentlib jdwp a.c", "cc -Xlinker=-z a.c", "cc -std= a.c", "cc -3 a.c"])
      expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("takes options the help names by their start ('Options starting with -g, -f, -O, or --param are ...')", () => {
    const help = (note: string) =>
      `Usage: cc [options] file...\nOptions:\n  -c                       Compile only.\n  -o <file>                Place the output into <file>.\n\n${note}\n`;
    const { spec, diagnostics } = parseHelp(help("Options starting with -g, -f, -O, or --param are automatically\n passed on to the various sub-processes."), {
      name: "cc",
    });
    expect(spec.extensions).toEqual([{ kind: "option-prefixes", prefixes: ["-g", "-f", "-O", "--param"] }]);
    expect(diagnostics.some((d) => /options starting with -g, -f, -O, --param/.test(d.message) && d.span?.line === 6)).toBe(true);
    const g = lowerCommand(spec);
    for (const ok of ["cc -O2 -g -fPIC -c a.c", "cc -O a.c", "cc --param max-unroll-times=4 a.c", "cc -o x a.c"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["cc -Wall a.c", "cc -m64 a.c", "cc --frob a.c"]) expect(recognize(g, bad).accepted, bad).toBe(false);
    // A policy that denies one of the flags takes no prefix: it could not tell the denied ones.
    const strict = lowerCommand(spec, { policy: { allowOption: (_path, o) => !o.short.includes("c") } });
    expect(recognize(strict, "cc -o x a.c").accepted).toBe(true);
    for (const bad of ["cc -c a.c", "cc -O2 a.c"]) expect(recognize(strict, bad).accepted, bad).toBe(false);
    // getopt's "allow long options starting with single -" names no prefix.
    const getopt = parseHelp(help("  -a, --alternative             allow long options starting with single -"), { name: "cc" });
    expect(getopt.spec.extensions).toBeUndefined();
  });

  it("takes a value named in the description only as a compound's first half ('binary-only') for a literal", () => {
    const help = [
      "Usage: pkgbuild [<option>...]",
      "",
      "Options:",
      "      --build=<type>          specify the build <type>.",
      "  -b, --build=binary          binary-only, no source files.",
      "  -S, --build=source          source only; source files are kept.",
      "      --strip=prefix          Strip the prefix; no effect without --prefix",
      "",
    ].join("\n");
    const { spec } = parseHelp(help, { name: "pkgbuild" });
    const by = (letter: string) => spec.options.find((o) => o.short.includes(letter));
    expect(by("b")?.arity).toBe("none");
    // "source only; source files": a bare mention, so SOURCE is a metavar and -S takes it.
    expect(by("S")?.arity).toBe("required");
    expect(spec.options.find((o) => o.long.includes("strip"))?.value?.type.kind).toBe("word");
    const g = lowerCommand(spec);
    for (const ok of ["pkgbuild -b", "pkgbuild --build=any", "pkgbuild --strip=/opt"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "pkgbuild -b binary").accepted).toBe(false);
  });

  it("reads util-linux's '--list=[<signal>]' as an optional glued value, and '<pid> [...]' as a repeated operand", () => {
    const help = [
      "Usage:",
      " kill [options] <pid> [...]",
      "",
      "Options:",
      " -s, --signal <signal>  specify the <signal> to be sent",
      " -l, --list=[<signal>]  list all signal names, or convert one to a name",
      "",
    ].join("\n");
    const { spec } = parseHelp(help, { name: "kill" });
    const list = spec.options.find((o) => o.long.includes("list"));
    expect(list?.arity).toBe("optional");
    expect(list?.value?.metavar).toBe("<signal>");
    expect(spec.positionals.map((p) => [p.name, p.min, p.max > 1])).toEqual([["pid", 1, true]]);
    const g = lowerCommand(spec);
    for (const ok of ["kill 12 13 14", "kill -l 12", "kill -lHUP 12", "kill --list=9 12", "kill -s TERM 12"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["kill -s 12", "kill"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("passes a BSD usage's '<command> [<args>]' through untouched, dashes included", () => {
    const { spec } = parseHelp("usage: vc [-v | --version] [-C <path>] [-p | --paginate]\n          <command> [<args>]\n", { name: "vc" });
    expect(spec.style).toBe("bsd");
    const g = lowerCommand(spec);
    for (const ok of ["vc commit -m msg", "vc -C /tmp log --oneline -n 3", "vc -p status"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["vc --frob", "vc", "vc -C"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("takes the usage line that names the program, and a command's subcommand and parameters pass through", () => {
    const { spec } = parseHelp(
      "usage: Note: version 2 of this CLI is now stable and recommended for general use.\n\nusage: cl [options] <command> <subcommand> [<subcommand> ...] [parameters]\nTo see help text, you can run:\n\n  cl help\n",
      { name: "cl" },
    );
    expect(spec.positionals.map((p) => p.name)).toEqual(["command", "subcommand", "parameters"]);
    const g = lowerCommand(spec);
    for (const ok of ["cl s3 ls", "cl route53 create-hosted-zone --name zone --caller-reference ref"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["cl", "cl --frob"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("passes every word through when the help shows neither a usage line nor options", () => {
    const { spec } = parseHelp("help:\n\nStandard commands\nasn1parse         ca                ciphers\nreq               x509              dgst\n", {
      name: "ossl",
    });
    const g = lowerCommand(spec);
    for (const ok of ["ossl", "ossl req -new -x509 -key k.pem -days 365", "ossl x509 -noout -in c.pem"]) expect(recognize(g, ok).accepted, ok).toBe(true);
  });

  it("takes a help or version option alone even where operands are required, said to exit or not", () => {
    const { spec } = parseHelp(
      "Usage:\n pr [options] <new_root> <put_old>\n\nOptions:\n -h, --help     display this help\n -V, --version  display version\n -H             human-readable sizes\n",
      { name: "pr" },
    );
    const g = lowerCommand(spec);
    // Other options may come with it (`pr -H -h`): they do not bring the operands back.
    for (const ok of ["pr -h", "pr --help", "pr -V", "pr / /old", "pr -H -h", "pr -h -V"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    for (const bad of ["pr", "pr -H", "pr -h -x", "pr -h /"]) expect(recognize(g, bad).accepted, bad).toBe(false);
  });

  it("reads util-linux's note that <num> arguments take size suffixes", () => {
    const help =
      'Usage:\n fa [options] <filename>\n\nOptions:\n -l, --length <num>   length for range operations, in bytes\n -n, --count <count>  how many\n\n <num> arguments may be followed by the suffixes for\n   GiB, TiB, PiB, EiB, ZiB, and YiB (the "iB" is optional)\n';
    const { spec } = parseHelp(help, { name: "fa" });
    expect(spec.options.find((o) => o.long.includes("length"))!.value!.type).toEqual({ kind: "size" });
    expect(spec.options.find((o) => o.long.includes("count"))!.value!.type.kind).not.toBe("size");
    expect(recognize(lowerCommand(spec), "fa -l 20M f").accepted).toBe(true);
  });

  it("reads a signal or a number written as the option itself (kill's -<signal>, fuser's -SIGNAL, last's -<number>)", () => {
    const kill = parseHelp(
      "\nUsage:\n kill [options] <pid> [...]\n\nOptions:\n <pid> [...]            send signal to every <pid> listed\n -<signal>, -s, --signal <signal>\n                        specify the <signal> to be sent\n -l, --list=[<signal>]  list all signal names\n",
      { name: "kill" },
    ).spec;
    const k = lowerCommand(kill);
    for (const ok of ["kill -9 123", "kill -HUP 1", "kill -SIGUSR1 42", "kill -s TERM 5", "kill 5"]) expect(recognize(k, ok).accepted, ok).toBe(true);
    for (const bad of ["kill -FOO 1", "kill -HUP"]) expect(recognize(k, bad).accepted, bad).toBe(false);
    const fuser = lowerCommand(parseHelp("Usage: fuser [-fIMuvw] [-a|-s] [-k [-i] [-SIGNAL]] NAME...\n", { name: "fuser" }).spec);
    for (const ok of ["fuser -k -HUP /tmp", "fuser -k -9 x", "fuser -v x"]) expect(recognize(fuser, ok).accepted, ok).toBe(true);
    expect(recognize(fuser, "fuser -G x").accepted).toBe(false);
    const last = lowerCommand(
      parseHelp(
        "Usage:\n last [options] [<username>...]\n\nOptions:\n -<number>            how many lines to show\n -a, --hostlast       display hostnames in the last column\n",
        { name: "last" },
      ).spec,
    );
    for (const ok of ["last -5", "last -10 root", "last -a"]) expect(recognize(last, ok).accepted, ok).toBe(true);
  });

  it("reads a bracket that argparse wraps onto the next usage line as one group", () => {
    const help = [
      "usage: pyg [-l LEXER | -g] [-f FORMATTER] [-o OUTPUTFILE] [-v] [--json]",
      "           [-S STYLE -f formatter | -L [WHAT ...] | -N FILENAME | -C | -H",
      "           NAME TYPE | -V | -h]",
      "           [INPUTFILE]",
      "",
      "options:",
      "  -l LEXER      the lexer",
      "  -g            guess the lexer",
      "  -f FORMATTER  the formatter",
      "  -o OUTPUTFILE where to write",
      "  -v            verbose",
      "  --json        write JSON",
      "  -S STYLE      print style definitions",
      "  -L [WHAT ...] list lexers, formatters, styles or filters",
      "  -N FILENAME   guess and print the lexer name",
      "  -C            guess and print the lexer name from stdin",
      "  -H NAME TYPE  print detailed help",
      "  -V            print the version",
      "  -h            print this help",
      "",
    ].join("\n");
    const { spec } = parseHelp(help, { name: "pyg" });
    expect(spec.style).toBe("argparse");
    expect(spec.positionals.map((p) => [p.name, p.min, p.max])).toEqual([["INPUTFILE", 0, 1]]);
    const g = lowerCommand(spec);
    for (const ok of ["pyg in.py", "pyg -l python -o out.html in.py", "pyg -L lexers", "pyg"]) expect(recognize(g, ok).accepted, ok).toBe(true);
  });

  it("takes LLVM's long options with one dash too", () => {
    const help = [
      "OVERVIEW: llvm system compiler",
      "",
      "USAGE: lc [options] <input bitcode>",
      "",
      "OPTIONS:",
      "",
      "General options:",
      "",
      "  -O=<char>                     - Optimization level. [-O0, -O1, -O2, or -O3] (default = '-O2')",
      "  --filetype=<value>            - Choose a file type",
      "  --relocation-model=<value>    - Choose relocation model",
      "  -o <filename>                 - Output filename",
      "",
      "Generic Options:",
      "",
      "  --help                        - Display available options",
      "",
    ].join("\n");
    const { spec } = parseHelp(help, { name: "lc" });
    expect(spec.extensions).toEqual([{ kind: "single-dash-long" }]);
    const g = lowerCommand(spec);
    for (const ok of ["lc -relocation-model=pic a.ll", "lc --relocation-model=pic a.ll", "lc -O2 -o a.s a.ll", "lc -help"])
      expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "lc -frob a.ll").accepted).toBe(false);
    // A GNU help keeps its two dashes.
    const gnu = lowerCommand(parseHelp("Usage: t [OPTION]... FILE\n  -a, --all     everything\n", { name: "t" }).spec);
    expect(recognize(gnu, "t -all f").accepted).toBe(false);
  });

  it("reads JDK usages: remarks in parentheses, the main class that takes the rest, plural placeholders", () => {
    const jv = parseHelp(
      "Usage: jv [options] <mainclass> [args...]\n           (to execute a class)\n   or  jv [options] -jar <jarfile> [args...]\n           (to execute a jar file)\n\n where options include:\n    -cp <class search path>\n                  class search path\n    -jar          run a jar\n",
      { name: "jv" },
    ).spec;
    expect(jv.positionals.map((p) => p.name)).toEqual(["mainclass", "args"]);
    const g = lowerCommand(jv);
    for (const ok of ["jv Main", "jv -cp lib Main -x --y z", "jv -jar app.jar"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    const jc = lowerCommand(
      parseHelp("Usage: jc <options> <source files>\nwhere possible options include:\n  -d <directory>   where to place class files\n", { name: "jc" }).spec,
    );
    for (const ok of ["jc a.java", "jc -d out a.java b.java"]) expect(recognize(jc, ok).accepted, ok).toBe(true);
    // grep's PATTERNS is one word holding newline-separated patterns, not several.
    const gr = parseHelp("Usage: gr [OPTION]... PATTERNS [FILE]...\n  -i, --ignore-case   ignore case\n", { name: "gr" }).spec;
    expect(gr.positionals.find((p) => p.name === "PATTERNS")!.max).toBe(1);
  });

  it("reads a BSD usage's glued brace '{hostname|-F file}' as a choice, not a skipped word", () => {
    const help = "Usage: hn [-b] {hostname|-F file}         set host name (from file)\n       {yp,nis,}domainname                display NIS domain name\n";
    const { spec } = parseHelp(help, { name: "hn" });
    expect(spec.style).toBe("bsd");
    expect(spec.positionals.map((p) => p.name)).toEqual(["hostname"]);
    expect(spec.options.find((o) => o.short.includes("F"))?.arity).toBe("required");
    const g = lowerCommand(spec);
    for (const ok of ["hn files.example.io", "hn -F name.txt", "hn -b x"]) expect(recognize(g, ok).accepted, ok).toBe(true);
    expect(recognize(g, "hn -F").accepted).toBe(false);
  });

  it("reads GNU getopt_long entries", () => {
    const { spec } = parseHelp(
      `Usage: tool [OPTION]... FILE...
Mandatory arguments to long options are mandatory for short options too.
  -a, --all                  show all
  -B, --block-size=SIZE      scale sizes by SIZE
      --color[=WHEN]         colorize; WHEN is 'always', 'never', or 'auto'
  -c, -C NUM, --context[=NUM]  output NUM lines of context
  -n, --lines=[-]NUM         print the first NUM lines
  -p, --indicator-style=slash
                             append / indicator to directories
      --indicator-style=WORD  append indicator with style WORD
      --help     display this help and exit
`,
      { name: "tool" },
    );
    expect(spec.style).toBe("gnu");
    expect(find(spec.options, "block-size")).toMatchObject({ short: ["B"], arity: "required", value: { type: { kind: "size" } } });
    expect(find(spec.options, "color")).toMatchObject({ arity: "optional", value: { type: { kind: "enum", choices: ["always", "never", "auto"] } } });
    expect(find(spec.options, "C")).toMatchObject({ arity: "required", long: [] });
    expect(find(spec.options, "c")).toMatchObject({ long: ["context"], arity: "optional" });
    expect(find(spec.options, "lines").value!.type).toEqual({ kind: "integer", signed: "minus" });
    expect(find(spec.options, "p")).toMatchObject({ arity: "none", long: [] });
    expect(spec.positionals).toMatchObject([{ name: "FILE", min: 1 }]);
    const g = lowerCommand(spec);
    expect(recognize(g, "tool -aB1K --color f -C 3 -c -n -5 --indicator-style=slash x").accepted).toBe(true);
    expect(recognize(g, "tool -a").accepted).toBe(false);
  });

  it("detects cobra, argparse, click and clap", () => {
    const cobra = `Usage:\n  kubectl [flags]\n  kubectl [command]\n\nAvailable Commands:\n  get         Display resources\n\nFlags:\n  -n, --namespace string   namespace\n      --timeout duration   wait\n  -h, --help               help for kubectl\n\nUse "kubectl [command] --help" for more information about a command.\n`;
    const argparse = `usage: prog [-h] [-o FILE] {build,run} ...\n\npositional arguments:\n  {build,run}\n\noptions:\n  -h, --help            show this help message and exit\n  -o FILE, --output FILE\n                        where to write\n  --mode {fast,slow}    how\n`;
    const click = `Usage: app [OPTIONS] SRC...\n\nOptions:\n  --shout / --no-shout  Shout.\n  --mode [a|b]          Mode.\n  -n, --count INTEGER RANGE  How many.  [x>=1]\n  --help                Show this message and exit.\n`;
    const clap = `Usage: fd [OPTIONS] [pattern] [path]...\n\nArguments:\n  [pattern]  the pattern\n  [path]...  the paths\n\nOptions:\n  -t, --type <filetype>  Filter by type [possible values: f, d, l]\n  -v, --verbose...       More output\n  -h, --help             Print help information\n  -V, --version          Print version information\n`;
    expect([cobra, argparse, click, clap].map(detectStyle)).toEqual(["cobra", "argparse", "click", "clap"]);
    // An "options:" heading without argparse's lower-case "usage: " is not argparse (ICU's genbrk),
    // and its usage-only options are read then.
    const icu = [
      "Usage: genbrk [-v] [-options] -r rule-file -o output-file",
      "\tRead in break iteration rules text and write out the binary data",
      "options:",
      "\t-h or -? or --help  this usage text",
      "\t-V or --version     show a version message",
      "\t-c or --copyright   include a copyright notice",
      "\t-v or --verbose     turn on verbose output",
      "",
    ].join("\n");
    expect(detectStyle(icu)).toBe("generic");
    expect(parseHelp(icu, { name: "genbrk" }).spec.options.flatMap((o) => o.short)).toEqual(["h", "?", "V", "c", "v", "r", "o"]);

    const k = parseHelp(cobra, { name: "kubectl" }).spec;
    expect(find(k.options, "namespace").value!.type.kind).toBe("word");
    expect(find(k.options, "timeout").value!.type.kind).toBe("duration");
    expect(k.subcommands.map((s) => s.path)).toEqual([["kubectl", "get"]]);

    const a = parseHelp(argparse, { name: "prog" }).spec;
    expect(find(a.options, "output")).toMatchObject({ short: ["o"], arity: "required" });
    expect(find(a.options, "mode").value!.type).toEqual({ kind: "enum", choices: ["fast", "slow"] });
    expect(a.subcommands.map((s) => s.path[1])).toEqual(["build", "run"]);

    const c = parseHelp(click, { name: "app" }).spec;
    expect(find(c.options, "shout")).toMatchObject({ long: ["shout", "no-shout"], arity: "none" });
    expect(find(c.options, "mode").value!.type).toEqual({ kind: "enum", choices: ["a", "b"] });
    expect(find(c.options, "count").value!.type.kind).toBe("integer");

    const f = parseHelp(clap, { name: "fd" }).spec;
    expect(find(f.options, "type").value!.type).toEqual({ kind: "enum", choices: ["f", "d", "l"] });
    expect(find(f.options, "verbose").repeatable).toBe(true);
    expect(f.positionals.map((p) => [p.name, p.min, p.max])).toEqual([
      ["pattern", 0, 1],
      ["path", 0, 64],
    ]);
    expect(recognize(lowerCommand(f), "fd -t f -vv x . src").accepted).toBe(true);
  });

  it('reads an entry that spells a lone dash first ("-, -l, --login") as the option after it; the dash stays an operand', () => {
    const { spec } = parseHelp(
      "Usage:\n tool [options] [-] [<user> [<argument>...]]\n\nOptions:\n -m, --keep                do not reset\n -, -l, --login            make the shell a login shell\n -c, --command <command>   pass a single command to the shell with -c\n",
      { name: "tool" },
    );
    expect(find(spec.options, "login")).toMatchObject({ short: ["l"], long: ["login"], arity: "none" });
    const g = lowerCommand(spec);
    for (const ok of ["tool -l bob", "tool --login bob", "tool - bob", "tool -lm bob"]) expect(recognize(g, ok).accepted, ok).toBe(true);
  });

  it("reads one value where placeholders are joined by commas, or prose in parentheses follows the value", () => {
    const { spec } = parseHelp(
      "Usage: tool [options] FILE\n\nOptions:\n --map-users=<outeruid>,<inneruid>,<count>\n                 map count users\n -W <receive_window_buffer> (default 24576, larger may be faster, max 10MB)\n --bind <src> <dest>  bind src on dest\n",
      { name: "tool" },
    );
    expect(find(spec.options, "map-users").valueCount ?? 1).toBe(1);
    expect(find(spec.options, "W").valueCount ?? 1).toBe(1);
    expect(find(spec.options, "bind").valueCount).toBe(2);
  });

  it("types a value from words listed in parentheses after it (supervisord's LEVEL), not from examples of a list", () => {
    const { spec } = parseHelp(
      "Usage: tool [options]\n\nOptions:\n-e/--loglevel LEVEL -- use LEVEL as log level (debug,info,warn,error,critical)\n-x/--exts LIST -- comma delimited extensions i.e. (css,js,html)\n",
      { name: "tool" },
    );
    expect(find(spec.options, "loglevel").value?.type).toEqual({ kind: "enum", choices: ["debug", "info", "warn", "error", "critical"] });
    expect(find(spec.options, "exts").value?.type.kind).not.toBe("enum");
    const g = lowerCommand(spec);
    expect(recognize(g, "tool -e debug").accepted).toBe(true);
    expect(recognize(g, "tool -x css,js").accepted).toBe(true);
  });

  it("rejects binary and huge input with typed errors", () => {
    expect(() => parseHelp("a\u0000b", { name: "x" })).toThrow(GrammargenError);
    expect(() => parseHelp("x".repeat(1_000_001), { name: "x" })).toThrow(/too large/);
    expect(() => parseHelp("help", { name: "rm -rf;" })).toThrow(GrammargenError);
  });

  it("gives the bare command plus operands, with a warning, for text without options", () => {
    const { spec, diagnostics } = parseHelp("Frobnicates the widgets.\n", { name: "frob" });
    expect(diagnostics.some((d) => d.severity === "warning" && /no recognisable options/.test(d.message))).toBe(true);
    const g = lowerCommand(spec);
    expect(recognize(g, "frob").accepted).toBe(true);
    expect(recognize(g, "frob a b").accepted).toBe(true);
  });
});
