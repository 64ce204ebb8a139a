// Usage layouts once misread, each read by a general rule on a made-up text.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("usage layouts", () => {
  // pflag's older listing ("--flag=DEFAULT: description") under cobra's usage shapes.
  const pflag = (usage: string) =>
    `Do it.\n\nOptions:\n  -f, --filename=[]: Files.\n  -w, --wait=false: Wait.\n      --force=false: Force it.\n      --grace=-1: Seconds.\n      --hosts='^a$,^b$': Hosts.\n  -l, --selector='': Selector.\n\nUsage:\n  ${usage}\n`;
  test("pflag's '--force=false: ...' is a boolean, taken bare or as --force=true, and '--grace=-1: ...' takes a value", () => {
    accepts(
      pflag("probe cut NODE [options]"),
      ["probe cut a", "probe cut a --force", "probe cut a --force=true", "probe cut -wl x a", "probe cut --grace 5 a", "probe cut --hosts h a"],
      ["probe cut a --force=x", "probe cut a --grace", "probe cut", "probe cut a b", "probe cut -wx a"],
      "probe cut",
    );
    // Without defaults shown so, "=false" is part of the spelling.
    accepts(
      "Usage: probe [options] FILE\n\n  --sources=false   Omit sources\n  --quiet           Say less\n",
      ["probe --sources=false a"],
      ["probe --sources a", "probe --sources=true a"],
    );
  });

  test("cobra's parenthesised choices: placeholders are one operand, and a form with options only makes the rest optional", () => {
    accepts(
      pflag("probe logs [-w] (POD | TYPE/NAME) [-l LABEL] [options]"),
      ["probe logs web", "probe logs -w deploy/web"],
      ["probe logs", "probe logs -x web", "probe logs a b"],
      "probe logs",
    );
    const del = pflag("probe rm ([-f FILENAME] | TYPE [(NAME | -l label | --force)]) [options]");
    accepts(del, ["probe rm -f a.yaml", "probe rm pods", "probe rm pods web", "probe rm pods --force"], ["probe rm pods web x"], "probe rm");
    accepts(
      pflag("probe hist (TYPE NAME | TYPE/NAME) [options]"),
      ["probe hist deploy/web", "probe hist deploy web"],
      ["probe hist", "probe hist a b c"],
      "probe hist",
    );
    accepts(
      pflag("probe show (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME) [options]"),
      ["probe show -f a", "probe show po", "probe show po web"],
      ["probe show po web x"],
      "probe show",
    );
    accepts(
      pflag("probe get [(-o|--output=)json|yaml|wide|custom-columns=...] (TYPE [NAME | -l label] | TYPE/NAME ...) [flags] [options]"),
      ["probe get po", "probe get po web"],
      ["probe get", "probe get a b c", "probe get x=1 y=2 po"],
      "probe get",
    );
  });

  test("'KEY_1=VAL_1 ... KEY_N=VAL_N' is one operand, repeated", () => {
    accepts(
      pflag("probe env RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N"),
      ["probe env deploy/a k=v", "probe env deploy/a k=v j=w"],
      ["probe env deploy/a"],
      "probe env",
    );
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
});
