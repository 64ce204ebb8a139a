// Option heads whose value was misread: a value written apart from the names, named only by
// its description, glued on in capitals or braces, or options a text lets be abbreviated.
// Each layout is a made-up program's text read by a general rule; each test also refuses what
// the text does not allow, so a rule cannot pass by widening.
import { describe, expect, test } from "vitest";
import { accepts } from "./help-verdicts.js";
import { parseHelp } from "../src/index.js";

describe("option values", () => {
  test("a value in a column of its own between the names and the description ('-p, --port   #   port')", () => {
    const help = `Usage: probe [-s|-c host] [options]

Client/Server:
  -p, --port      #        port to listen on
  -l, --len       #[kmKM]  length of buffer
  -c, --client    <host>   run in client mode, connecting to <host>
  -f, --format    [kmKM]   format to report
  -u, --udp                use UDP
  -k, --comm\t<Comm name>\t\tsearch by command name
      --bssid     <bssid>   : Filter by BSSID
      --legacy    [Deprecated] : old switch
`;
    accepts(
      help,
      [
        "probe -p 5001",
        "probe -c host -p 80 -u",
        "probe --client host",
        "probe -l 128K",
        "probe -f",
        "probe -fk",
        "probe -k ls",
        "probe --bssid x",
        "probe --legacy",
      ],
      ["probe -p", "probe -c", "probe -k", "probe --bssid", "probe -x", "probe --legacy x"],
    );
  });

  test("'--user=name' names a placeholder, not a literal value, unless the text spells the option with other words too", () => {
    const help = `Usage: probe [OPTIONS] [database]
  -u, --user=name     User for login if not current user.
  -s, --state=statefile  Path of state file
  -p, --indicator-style=slash  append / to directories
  -b, --build=binary  binary-only build
  -S, --build=source  source-only build
`;
    accepts(
      help,
      [
        "probe --user admin db",
        "probe -u admin",
        "probe --state /dev/null",
        "probe -s st",
        "probe -S",
        "probe --build=source",
        "probe --build=binary",
        "probe -p",
      ],
      ["probe --user", "probe -u", "probe -S x y", "probe --build=other", "probe --indicator-style=x"],
    );
  });

  test("one lower-case word after several options' names ('--modify=acl', '--set=acl') names what they take; 'none' and 'all' stay values", () => {
    const help = `Usage: probe [-bk] { -m|-M|-x ... } file ...
  -m, --modify=acl        modify the current ACL(s) of file(s)
  -M, --modify-file=file  read ACL entries to modify from file
  -x, --remove=acl        remove entries from the ACL(s) of file(s)
      --set=acl           set the ACL of file(s), replacing the current ACL
  -n, --suffix=none       do not keep a copy of the original
  -F, --break=all         break every block
      --pad=none          pad nothing
      --join=all          join every line
  -b, --remove-all        remove all extended ACL entries
`;
    accepts(
      help,
      [
        "probe -m u:x:rw f",
        "probe --modify=u:x:rw f",
        "probe --set u::rw,g::r f g",
        "probe -x u:x f",
        "probe -M acl.txt f",
        "probe -n f",
        "probe -F f",
        "probe -b f",
      ],
      ["probe -m f", "probe --set f", "probe --suffix=x f", "probe --break=x f", "probe -b"],
    );
  });

  test("a usage line's '{ -m|-M ... }' is a required choice between options, not an operand", () => {
    const help = `Usage: probe [-b] { -m|-M ... } file ...
  -m, --modify=entries    modify the entries
  -M, --modify-file=file  read entries from file
  -b, --remove-all        remove all
      --test              test mode
`;
    accepts(help, ["probe -m a f", "probe -M list.txt f g", "probe --modify=a -b f"], ["probe -m f", "probe -m a", "probe -x f"]);
  });

  test("a usage line's '{-n name}' is a required option and its value, not an operand", () => {
    const help = `Usage: probe {-n name} [-v value] file...
       probe {-x name} file...
  -n, --name=name         set the named attribute
  -x, --remove=name       remove the named attribute
  -v, --value=value       use value as the attribute value
`;
    accepts(help, ["probe -n user.a f", "probe -n user.a -v x f g", "probe -x user.a f"], ["probe -n", "probe -n user.a"]);
  });

  test("a value glued to its letter in capitals ('-rREV') where the text writes several so, or in braces ('-o{Directory}')", () => {
    const help = `Usage: probe [options] file

Options:
  -p[REV]       Write to stdout.
  -rREV         (one or two times) specify a revision.
  -kSUBST       Substitute using mode SUBST.
  -zZONE        Specify date output format.
  -T            No effect.
`;
    accepts(
      help,
      ["probe -rbear f", "probe -p -r1.2 -r1.3 f", "probe -kkv f", "probe -zLT f", "probe -T f"],
      ["probe -r f", "probe -rREV", "probe -z f", "probe -x f"],
    );
    // One such head alone is a name of its own.
    accepts(
      "Usage: probe [options] file\n\nOptions:\n  -fPIC    position-independent code\n  -v       verbose\n",
      ["probe -fPIC a", "probe -v a"],
      ["probe -fX a", "probe -f a"],
    );
    const braces = `Usage: probe <command> [<switches>...] <archive_name>

<Switches>
  -an : disable archive_name field
  -m{Parameters} : set compression Method
  -o{Directory} : set Output directory
  -p{Password} : set Password
`;
    accepts(braces, ["probe x a.7z -odir", "probe a a.7z -psecret -mx=9", "probe a a.7z -an"], ["probe x a.7z -o", "probe x a.7z -q"]);
    expect(parseHelp(braces, { name: "probe" }).spec.options.find((o) => o.short.includes("o"))?.description).toBe("set Output directory");
  });

  test("a text that says options may be abbreviated to a unique prefix, and values separated by white space", () => {
    const help = `Usage: probe [-row=ROW | -column=COL] [-plane=PLANE] [-xmgr] [file]

All options can be abbreviated to their shortest unique prefix.  You may use two hyphens instead
of one.  You may separate an option name and its value with white space instead of an equals sign.

Options:
  -row=ROW        the row
  -column=COL     the column
  -comments             print comments
  -plane=PLANE    the plane
  -xmgr                 xmgr output
  -v                    verbose
`;
    accepts(
      help,
      ["probe -r 183 a.pam", "probe -ro=2 a", "probe -row 1", "probe -col 13 a", "probe -com", "probe -x a", "probe -xm", "probe -v", "probe -p 1 a"],
      ["probe -c 13 a", "probe -co", "probe -rows 1", "probe -q a", "probe -r", "probe -xmgrx"],
    );
    // Without the sentences, names are whole and values glued on.
    const plain = help.replace(/All options[\s\S]*?equals sign\.\n/, "");
    accepts(plain, ["probe -row=1 a", "probe -xmgr"], ["probe -r 1 a", "probe -row 1 a", "probe -xm"]);
  });

  test("Go's flag layout ('  -name type' over a tab-indented description): one dash or two, the value after '=' or apart", () => {
    const help = `Usage of probe:
  -all
    \tinclude everything
  -http string
    \tHTTP service address (default "localhost:6060")
  -maxresults int
    \tmaximum number of results (default 10000)
  -v\tverbose mode
`;
    accepts(
      help,
      ["probe -http=:6060", "probe -http :6060", "probe --http=:6060", "probe --http :6060", "probe --all", "probe -all -v", "probe -maxresults=5"],
      ["probe -http", "probe --http", "probe -maxresults=x", "probe --alll", "probe -x"],
    );
    // A boolean takes a truth value glued on, as strconv.ParseBool reads it, and no other word.
    accepts(
      help,
      ["probe -all=false", "probe --all=true -v=1", "probe -v=F", "probe -all=TRUE -http x"],
      ["probe -all=yes", "probe -all=", "probe -v=on", "probe -all=true=1"],
    );
    // The diagnostic that says so points at the first entry in that layout.
    const note = parseHelp(help, { name: ["probe"] }).diagnostics.find((d) => /Go's flag layout/.test(d.message));
    expect(note?.span?.line).toBe(2);
    expect(help.slice(note!.span!.start, note!.span!.end)).toMatch(/^ {2}-all\n/);
  });

  test("no metavar, but a description that gives a default value ('(default \"profiler.log\")'): an optional value, next word or glued", () => {
    const help = `probe [options]
  -h, --help                  Show this help
  -o, --output                Profiler output name (default "profiler.log")
  -t, --ttl                   ttl (default 64)
  -c, --color                 Use colors in output (default=autodetect)
  -a, --all                   display all sockets (default: connected)
  -s, --smart                 Show linked objects only
`;
    accepts(
      help,
      ["probe -o try.log", "probe --output x", "probe -o", "probe -t 5 -s", "probe --ttl=5", "probe -c", "probe -as"],
      ["probe -s x", "probe -c x", "probe -a x", "probe -q"],
    );
  });

  test("a usage titled 'USAGE' alone over its indented forms, with one-dash words that take values ('[-query input_file]')", () => {
    const help = `USAGE
  probe [-h] [-help] [-import_search_strategy filename]
    [-task task_name] [-db database_name] [-query input_file]
    [-num_threads int_value] [-remote] [-version]

DESCRIPTION
   Protein search
`;
    accepts(
      help,
      ["probe -query a.fa -db main -num_threads 16", "probe -h", "probe -task fast -remote", "probe -version"],
      ["probe -query", "probe -querx a", "probe -q a"],
    );
  });

  test("Boost.Program_options' '-c [ --chroot ] arg': the bracket holds the long spelling, 'arg' the value", () => {
    const help = `Usage:
  probe  [OPTION...] [COMMAND] - run command

Actions:
  -h [ --help ]                   Show help options
  -l [ --list ]                   List available chroots
  --config                        Dump configuration
  -c [ --chroot ] arg             Use specified chroot
`;
    accepts(
      help,
      ["probe --list", "probe -l", "probe -c ch ls", "probe --chroot ch", "probe --chroot=ch", "probe --config"],
      ["probe --chroot", "probe -c", "probe --lis"],
    );
  });

  test("an integer the description lets be negative ('May be negative', 'add integer N') takes a minus sign; a bounded one does not", () => {
    const help = `Usage: probe [OPTION]... [FILE]...

  -n, --adjust=N      add integer N to the priority (default 10)
  -o, --offset=N      add N samples to the offset. May be negative.
  -w, --width=N       wrap lines at N columns, a positive integer
  -c, --count=N       stop after N lines; N must not be negative
`;
    accepts(
      help,
      ["probe -n -5 a", "probe --adjust=-5", "probe -n 5", "probe -o -3", "probe -w 80", "probe -c 2"],
      ["probe -w -80", "probe -c -2", "probe -n x", "probe -n -x", "probe -o 3x"],
    );
  });

  test("an increment or a nice value is written with its sign either way; a value bounded from 0 is not", () => {
    accepts(
      "Usage: probe [options] <pid>...\n\n -n <num>            specify the nice value\n -i, --step <num>    the increment to apply\n -p, --pitch <num>   pitch adjustment, 0 to 99\n",
      ["probe -n -5 1", "probe -n +5 1", "probe -i +2 1", "probe -i -2 1", "probe -p 40 1"],
      ["probe -n x 1", "probe -n +x 1", "probe -p +5 1", "probe -p -5 1"],
    );
  });

  test("a number whose text says several may be given, or a range ('Multiple ports can be specified by using ','') is a word; a KEY=VALUE key may be a number", () => {
    accepts(
      "Usage: probe [options] FILE\n\n --listen-port=PORT...   Set the port. Multiple ports can be specified by using ',',\n                         for example: 6881,6885. You can also use '-' to specify a range.\n --timeout=SEC           Wait this long.\n --index-out=INDEX=PATH  Set the path of the file at INDEX.\n",
      ["probe --listen-port=7000-7001,8000 f", "probe --listen-port=6881 f", "probe --index-out=1=dir/a.iso f", "probe --index-out=a=b f"],
      ["probe --timeout=1-2 f", "probe --index-out=x f", "probe --index-out==x f"],
    );
  });

  test("lower-case letters in brackets complete a one-dash name ('-f[amily] { inet | inet6 }', '-ll[s]')", () => {
    accepts(
      "Usage: probe [OPTIONS] FILESYSTEM\n\t-d[est] <pathname>\textract to <pathname>\n\t-f[amily] { inet | inet6 }\tthe family\n\t-ll[s]\t\tlist with attributes\n\t-lln[umeric]\tsame as -lls, numeric ids\n",
      ["probe -d out f", "probe -dest out f", "probe -family inet f", "probe -f inet6 f", "probe -lls f", "probe -ll f", "probe -llnumeric f", "probe -lln f"],
      ["probe -f bogus f", "probe -dest f", "probe -llx f", "probe -llsx f", "probe -familyx inet f"],
    );
  });

  test("a plain word after an optional value starts the description, not a second value ('-L [l] list (+) suppress')", () => {
    accepts(
      "Usage: probe [OPTIONS] [names]\n\nOptions:\n  -L [l] list (+) suppress (-) link counts < l\n  -G [table] parameters\t\tGet an entry\n  -a, --all    all\n",
      ["probe -L1", "probe -Gx", "probe -L 1 f", "probe -L", "probe -G conntrack -a", "probe -G"],
      ["probe -x", "probe -a x -y"],
    );
  });

  test("a KEY=VALUE value may be quoted whole, as one with spaces is written ('--set \"title=The movie\"')", () => {
    accepts(
      "Usage: probe [options] FILE\n\n  -s, --set <property>=<value>   set a property\n",
      ['probe --set "title=The movie" f', "probe -s 'lang=fre x' f", 'probe --set title="The movie" f', 'probe --set "a=b"c f'],
      ['probe --set "title" f', "probe --set 'x y' f", 'probe --set "=x" f', "probe --set f"],
    );
  });
});
