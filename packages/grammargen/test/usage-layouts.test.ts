// Usage layouts once misread, each read by a general rule on a made-up text.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("usage layouts", () => {
  const pf = (usage: string, ok: string[], bad: string[]) =>
    accepts(
      `Do.\n\nOptions:\n  -w, --wait=false: W.\n      --force=false: F.\n      --grace=-1: S.\n      --hosts='^a$,^b$': H.\n  -l, --l='': S.\n\nUsage:\n  ${usage}\n`,
      ok,
      bad,
    );
  test("pflag's '--force=false: ...' is a boolean, bare or =true; '--grace=-1: ...' takes a value", () => {
    pf(
      "probe NODE [options]",
      ["probe a", "probe a --force", "probe a --force=true", "probe -wl x a", "probe --grace 5 a", "probe --hosts h a"],
      ["probe a --force=x", "probe a --grace", "probe a b", "probe -wx a"],
    );
    accepts(
      "Usage: probe [options] FILE\n\n  --sources=false   Omit\n  --quiet           Say less\n",
      ["probe --sources=false a"],
      ["probe --sources a", "probe --sources=true a"],
    );
  });

  test("newer pflag ends a row at the default's colon, the description on the lines below", () => {
    accepts(
      "Do.\n\nOptions:\n    --current=false:\n\tUse the current one\n\n    --cluster='':\n\tThe cluster\n\n    -w, --wait=false:\n\tWait\n\nUsage:\n  probe [NAME | --current] [options]\n",
      ["probe --current", "probe --current --cluster c", "probe --current=true web", "probe -w web", "probe web --cluster c"],
      ["probe --current --clustr c", "probe --current=x", "probe --cluster", "probe --current --wait=1"],
    );
  });

  test("a command list marks some names with a trailing '*' (docker's plugin commands)", () => {
    accepts(
      "Usage:  probe [OPTIONS] COMMAND\n\nManagement Commands:\n  builder     Manage builds\n  compose*    Run many containers\n  image       Manage images\n\nOptions:\n  -D, --debug   Debug\n",
      ["probe compose", "probe image", "probe -D compose"],
      ["probe compose*", "probe composer", "probe -x compose"],
    );
  });

  test("cobra's parenthesised choices between forms; 'KEY_1=VAL_1 ... KEY_N=VAL_N' is one operand, repeated", () => {
    pf("probe [-w] (POD | TYPE/NAME) [-l LABEL] [options]", ["probe web", "probe -w deploy/web"], ["probe", "probe -x web", "probe a b"]);
    pf(
      "probe ([-f FILENAME] | TYPE [(NAME | -l label | --force)]) [options]",
      ["probe -f a.yaml", "probe pods", "probe pods web", "probe pods --force"],
      ["probe pods web x"],
    );
    pf("probe (TYPE NAME | TYPE/NAME) [options]", ["probe deploy/web", "probe deploy web"], ["probe", "probe a b c"]);
    pf(
      "probe [(-o|--output=)json|yaml|custom-columns=...] (TYPE [NAME | -l label] | TYPE/NAME ...) [flags]",
      ["probe po", "probe po web"],
      ["probe", "probe a b c", "probe x=1 y=2 po"],
    );
    pf("probe RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N", ["probe deploy/a k=v", "probe deploy/a k=v j=w"], ["probe deploy/a"]);
  });

  test("'datadir - Directory where ...' under the usage describes an operand", () => {
    accepts("USAGE: probe [-f | -m ] [ -c num ]\n       num - print num identities.\n", ["probe", "probe -m", "probe -c 4"], ["probe x", "probe -c x"]);
    accepts("Usage: probe [OPTIONS] [dir]\n       dir - Directory where data is.\n\n  -v, --verbose  more\n", ["probe", "probe -v d"], ["probe a b"]);
  });

  test("a numbered run ending in N ('<file> <file2> <fileN>') is one operand", () => {
    const help =
      "Usage: probe [-b#cd] <filename> <filename2> <filenameN>\n -b#             Block size\n -c,--stdout     To stdout\n -d,--decompress Decompress file\n --garbage=#     Ignore garbage\n";
    accepts(help, ["probe a", "probe -d a b c"], ["probe"]);
    accepts("Usage: probe [OPTIONS] FILE1 FILE2\n\n  -q, --quiet  quiet\n", ["probe a b"], ["probe a", "probe a b c"]);
  });

  test("'<a(s)> | <b(s)>' and 'A and/or B...' are placeholders", () => {
    const opts = "\n\n   -i, --intf=str   Interface\n   -q, --quiet      Quiet mode\n";
    accepts(`Usage:  probe [ -<flag> [<val>] ]... \\\n\t\t<pcap_file(s)> | <pcap_dir(s)>${opts}`, ["probe a", "probe -i e a b"], ["probe", "probe -x a"]);
    accepts(`Usage: probe [options] FILES and/or DIRECTORIES...${opts}`, ["probe a", "probe -q a b"], ["probe"]);
  });

  test("options in angle brackets and no square ones: angles mark optional parts", () => {
    const help =
      "usage: probe <-hq> <-n num> <-d dev>\n             <match expression>\n   -h  is help\n   -q  is quiet\n   -n  is num packets\n   -d  is device\n";
    accepts(help, ["probe", "probe -d any", "probe -d e0 port 22", "probe -n 5 -q x"], ["probe -n x"]);
    accepts("Usage: probe -l [-p] <-m|lockfile>\n  -l  lock\n  -m  mailbox\n  -p  pid\n", ["probe -l f", "probe -l -p f"], ["probe -l"]);
  });

  test("each form's description on deeper lines before the next form", () => {
    const help =
      "Usage :\tprobe [options] -a ip port [duration]\n\t\tAdd redirection\n       \tprobe [options] -d port\n\t\tDelete redirection\n       \tprobe [options] -s\n\t\tGet Connection status\n\nOptions:\n  -6 : use ip v6.\n  -a : add\n  -d : delete\n  -s : status\n";
    accepts(help, ["probe -s", "probe -d 80", "probe -a h 22", "probe -6 -s"], ["probe -x", "probe -s a b c d"]);
  });

  test("commands under a ruled title, each a form ending in a colon at the margin", () => {
    const help =
      "Usage: probe COMMAND [...ARGS]\n\nAvailable commands\n------------------\n  Access, rights\n  --------------\nallow [PATH]:\ngrant [PATH]:\n  Grants access.\nexec DIR COMMAND [...ARGS]:\n  Runs a command.\nprune:\n  removes old files\n";
    accepts(help, ["probe allow .", "probe grant", "probe exec /x ls -l", "probe prune"], ["probe foo", "probe Access"]);
  });

  test("a headless usage whose lines end in a bar goes on with each alternative, options and brackets alike", () => {
    accepts(
      "probe --version |\n      --help |\n      --quiet-mode |\n      [--keep] [--as name] [PROGRAM] [ARGS...]\n\nSee the manual.\n",
      ["probe --help", "probe --quiet-mode", "probe --as bob ls -l", "probe --keep make", "probe"],
      ["probe --as", "probe --kep make", "probe --verbose"],
    );
  });

  test("a bar inside a bracket that wraps onto the next line closes the bracket there", () => {
    accepts(
      "usage: probe [-v] [-c command]\n             [-i IPs | -I cmds |\n              -U unix]\n\n  -v  verbose\n",
      ["probe -v", "probe -c x", "probe -U s"],
      ["probe -x", "probe -c"],
    );
  });

  test("a numbered run written as one token ('<src-1>..<src-n>', '<infile 1, 2, .. N>') is one operand, repeated", () => {
    accepts(
      "Usage: probe [options] <PDF-source-1>..<PDF-source-n> <PDF-dest>\n  -v   verbose\n",
      ["probe a.pdf b.pdf", "probe a.pdf b.pdf c.pdf d.pdf", "probe -v a b c"],
      ["probe a.pdf", "probe -x a b"],
    );
    accepts("usage: probe [-?s] [-o outfile] <infile 1, 2, .. N>\n    -s  split\n", ["probe a", "probe -o x a b c", "probe -s a b"], ["probe", "probe -o"]);
  });

  test("'{element ...}' after the operands: a placeholder and dots in braces, any number of it", () => {
    accepts(
      "usage: probe [-vq] [-f FORMAT] [pattern] {element ...}\n",
      ["probe", "probe :", "probe : family style file", "probe -v x y"],
      ["probe -x", "probe -f"],
    );
  });

  test("an option or an operand in one bracket ('[--nr <n:m> | <partition>] <disk>'): the operand may be given", () => {
    accepts(
      "Usage:\n probe [-a|-d] [--nr <n:m> | <partition>] <disk>\n\nOptions:\n -a, --add      add\n -d, --delete   delete\n -n, --nr <n:m>  range\n",
      ["probe /dev/sda", "probe /dev/sda1 /dev/sda", "probe -a --nr 1:2 /dev/sda"],
      ["probe", "probe a b c", "probe -x /dev/sda"],
    );
  });

  test("an operand a bare bar sets against an option ('-f | <device> -s <size>') may be left out for the option", () => {
    accepts(
      "Usage:\n probe [options] <device>\n probe [options] -f | <device> -s <size>\n\nOptions:\n -f, --find         find one\n -s, --size <size>  its size\n",
      ["probe --find --size 1M", "probe -f -s 2G", "probe /dev/x -s 1M", "probe /dev/x"],
      ["probe /dev/x /dev/y", "probe --find --size", "probe -x"],
    );
    accepts("Usage: probe [arch] name | number | --dump\n", ["probe --dump", "probe x86_64 open", "probe 2"], ["probe a b c", "probe --dmp"]);
  });

  test("a usage that hands the words after '--' to another program ('[-- <args>...]') takes any number of them", () => {
    accepts(
      "Usage: probe test [OPTIONS] [TESTNAME] [-- <args>...]\n\nOptions:\n  -q, --quiet  say less\n",
      ["probe test -- --nocapture --test-threads=1", "probe test name -- -a -b c", "probe test -q"],
      ["probe test --nocapture", "probe test a b", "probe test -x -- a"],
    );
    accepts(
      "Usage: probe [OPTIONS...] [-- PROGRAM]\n   -l, --limit=N   limit\n",
      ["probe -l 25 -- firefox -private", "probe -l 5"],
      ["probe -l 5 firefox", "probe -x -- a"],
    );
  });

  test("a message or text at the end of a form ('[<message>]') may be several words, the program joins them", () => {
    accepts(
      "Usage:\n probe [options] [<message>]\n\nOptions:\n -t, --tag <tag>  mark\n",
      ["probe System rebooted", "probe -t x a b c", "probe"],
      ["probe -x a"],
    );
    accepts("Usage: probe send RECIPIENT MESSAGE [PARAMS]\n", ["probe send r m p"], ["probe send r m p q"]);
  });

  test("labels set in under the usage heading ('Magic syntax:') stand over forms, not for one", () => {
    accepts(
      "Usage:\n\n    Standard syntax:\n\n        COMMAND | probe [OPTIONS] PARSER\n\n    Magic syntax:\n\n        probe [OPTIONS] COMMAND\n\n        probe [OPTIONS] /proc/<path>\n\nOptions:\n    -p, --pretty   pretty\n",
      ["probe -p dig www.example.com", "probe /proc/meminfo"],
      ["probe -x ls", "probe"],
    );
    accepts("Usage:\n  probe [options]\n\nExamples:\n  probe -a\n  probe -a --format x\n\nOptions:\n  -a  all\n", ["probe -a"], ["probe x", "probe -a y"]);
  });

  test("'OR' at the margin, in capitals, starts another form ('OR     probe [OPTIONS] --all')", () => {
    accepts(
      "Usage: probe [OPTIONS] database [tables]\nOR     probe [OPTIONS] --databases DB1 [DB2 DB3...]\nOR     probe [OPTIONS] --all\n\n  -A, --all        all of them\n  -B, --databases  name several\n  -u, --user=name  who\n",
      ["probe -u root --all", "probe --databases a b c", "probe db t"],
      ["probe -x", "probe --al1"],
    );
  });

  test("a plural placeholder in brackets ('[ interfaces ]') stands for several words", () => {
    accepts("Usage: probe [ -lk ] [ -a N ] [ -b dbase ] [ interfaces ]\n", ["probe", "probe eth0", "probe -a 1 eth0 eth1 eth2"], ["probe -x eth0", "probe -a"]);
  });

  test("in a bracket of several options, each one's value runs to the next option word", () => {
    accepts(
      "probe -m disc [-hV] [-d debug_level] [-t type -p ip:port -I iface] | [[-p ip:port] [-l]]\n",
      ["probe -m x -t sendtargets -p 1.2.3.4", "probe -m x -p 1.2.3.4 -t st -I eth0", "probe -m x -d 3"],
      ["probe -m x -p", "probe -m x -q"],
    );
  });

  test("an option a table lists bare takes the value its usage shows in one choice of a bracket", () => {
    accepts(
      "usage: probe [-v] [--vault-file VAULT_FILES | -J | --ask-pass] [-i IPs | -I cmds]\n\n  -v  verbose\n  --vault-file  vault password file\n  -J, --ask-pass  ask for it\n  -i  list of addresses given on the command line\n  -I  list of commands given on the command line\n",
      ["probe --vault-file f", "probe -J", "probe -i 10.0.0.1", "probe -v -I 'trace 10.0.0.1'"],
      ["probe --vault-file", "probe -i", "probe -x"],
    );
  });

  test("'[--<resource>=<limit>]' over a 'Resources:' heading: each option under it takes the value with '='", () => {
    accepts(
      "Usage:\n probe [options] [--<resource>=<limit>] [-p PID]\n\nOptions:\n -p, --pid <pid>   process id\n     --raw         raw output\n\nResources:\n -c, --core        core size\n -n, --nofile      open files\n\nArguments:\n <limit> is a range soft:hard\n",
      ["probe --nofile=1024:4095", "probe --core", "probe -p 5 --nofile=512:", "probe --raw"],
      ["probe --raw=1", "probe --nofil=5"],
    );
  });

  test("forms at the margin with no heading, each with its description on deeper lines", () => {
    accepts(
      "probe - look things up\n\nprobe <name> ...\n    Show the page of something.  <name> may be a 'keyword' or a\n    dotted reference to a module.\n\nprobe -k <keyword>\n    Search for a keyword.\n\nprobe -b\n    Start a server and open a browser\n    to browse the pages.\n",
      ["probe -b", "probe os.path", "probe -k zip", "probe a b"],
      ["probe -x", "probe --browse"],
    );
  });
});
