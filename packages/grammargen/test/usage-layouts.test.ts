// Usage-line layouts of programs whose help had been misread: each read by a general rule and
// tested on a made-up program's text, refusing what the text does not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("usage layouts", () => {
  test("an operand described under the usage after a lone dash ('datadir - Directory where ...') is not more of the form", () => {
    accepts(
      "USAGE: probe [-f | -m ] [ -d datadir ] [ -c num ]\n       datadir - Directory where data files can be found.\n       num - print num identities.\n",
      ["probe", "probe -m", "probe -c 4", "probe -f -d data"],
      ["probe x", "probe -c x", "probe -z"],
    );
    accepts(
      "Usage: probe [OPTIONS] [datadir]\n       datadir - Directory where data files can be found.\n\n  -v, --verbose  more output\n",
      ["probe", "probe -v data"],
      ["probe a b", "probe -x"],
    );
  });

  test("a numbered run of operands that ends in N ('<file> <file2> <fileN>') is one operand, repeated", () => {
    const help =
      "Usage: probe [-1 .. -9] [-b#cdk] <filename> <filename2> <filenameN>\n -b#             Block size in 100k steps\n -c,--stdout     Output to standard out\n -d,--decompress Decompress file\n --ignore-trailing-garbage=# Ignore trailing garbage\n";
    accepts(help, ["probe a", "probe -d a b c"], ["probe", "probe -x a"]);
    // Two numbered operands without an N stay two.
    accepts("Usage: probe [OPTIONS] FILE1 FILE2\n\n  -q, --quiet  quiet\n", ["probe a b", "probe -q a b"], ["probe a", "probe a b c"]);
  });

  test("operands in angle brackets of their own joined by a bar ('<pcap_file(s)> | <pcap_dir(s)>') are placeholders", () => {
    const help =
      "Usage:  probe [ -<flag> [<val>] | --<name>[{=| }<val>] ]... \\\n\t\t<pcap_file(s)> | <pcap_dir(s)>\n\n   -i, --intf1=str            Output interface\n   -q, --quiet                Quiet mode\n";
    accepts(help, ["probe a.pcap", "probe -i eth0 a.pcap b.pcap", "probe -q dir/"], ["probe", "probe -i", "probe -x a"]);
  });

  test("'FILES and/or DIRECTORIES...' is one operand of either kind", () => {
    accepts(
      "Usage: probe [options] FILES and/or DIRECTORIES...\n\n -d --delete      delete duplicates\n -r --recurse     recurse\n",
      ["probe photos", "probe a b", "probe -d -r docs"],
      ["probe", "probe -x a"],
    );
  });

  test("a usage that writes no square brackets and puts its options in angle brackets uses them for optional parts", () => {
    const help = `usage: probe <-hqiv> <-n num> <-d dev>
             <match expression> <bpf filter>
   -h  is help/usage
   -q  is be quiet
   -i  is ignore case
   -v  is invert match
   -n  is look at only num packets
   -d  is use specified device
`;
    accepts(help, ["probe", "probe -d any", "probe -d eth0 port 22", "probe -n 5 -qi x"], ["probe -n x", "probe -z"]);
    // Beside square brackets, angle brackets mark what is required.
    accepts(
      "Usage: probe -l [-r retries] [-p] <-m|lockfile>\n  -l  lock\n  -m  use the mailbox\n  -p  pid\n  -r  retries\n",
      ["probe -l f.lock", "probe -l -p f.lock"],
      ["probe -l"],
    );
  });

  test("each usage form's description on deeper lines before the next form at the first one's column", () => {
    const help = `Usage :\tprobe [options] -a ip port protocol [duration]
\t\tAdd port redirection
       \tprobe [options] -d port protocol
\t\tDelete port redirection
       \tprobe [options] -s
\t\tGet Connection status

Options:
  -6 : use ip v6 instead of ip v4.
  -a : add
  -d : delete
  -s : status
`;
    accepts(help, ["probe -s", "probe -d 80 tcp", "probe -a 10.0.0.2 22 tcp", "probe -6 -s"], ["probe -x", "probe -s a b c d e"]);
  });
});
