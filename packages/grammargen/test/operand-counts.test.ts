// Operand counts a usage line writes in other ways; each test also refuses too few operands
// or a wrong option.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("operand counts read from the usage line", () => {
  test("GLib's '[OPTION?]' in a C locale: its '[LOCATION?]' repeats as '[LOCATION…]' does", () => {
    const help = "Usage:\n  probe [OPTION?] NAME [LOCATION?]\n\nMove files.\n\nOptions:\n  -f, --force     Never prompt\n";
    accepts(help, ["probe n", "probe -f n a b c", "probe n a/b c"], ["probe", "probe -x n a"]);
  });

  test("'image [images]': the second operand in the plural takes any number more", () => {
    const help = "usage: probe [-i imgtype] [-B] image [images]\n\t-i imgtype: The format of the image\n\t-B: print bytes\n";
    accepts(help, ["probe a.img", "probe -i raw a b c", "probe -B a b"], ["probe", "probe -i", "probe -x a"]);
    const gnu = "Usage: probe [OPTION]... KEY [KEYS]\n\nOptions:\n  -v, --verbose   be verbose\n";
    accepts(gnu, ["probe a", "probe -v a b c"], ["probe", "probe -x a"]);
    // A "sourcefile" (java's, passed through with what follows) before a "targetdirectory" ("arg"
    // inside a word) stays an operand list: a wrong option after it is still refused.
    const copy =
      "usage: probe [-spt] [-D clash_option] sourcefile targetfile\n       probe [-spt] [-D clash_option] sourcefile [sourcefiles...] targetdirectory\n";
    accepts(copy, ["probe a b", "probe -s a b c dir"], ["probe", "probe a b -x", "probe a -x c"]);
  });

  test("a BSD usage line's plural operand ('warts-files') takes several words", () => {
    const help = "probe: invalid option -- '-'\nusage: probe [-o outfile] [-s sorting] warts-files\n";
    accepts(help, ["probe a.warts", "probe -o out.pcap a.warts b.warts c.warts"], ["probe -x a.warts", "probe -o"]);
  });

  test("a manual's OPTIONS entry '[<rev-args>...]' is the operand a SYNOPSIS piped into another program does not name", () => {
    const help = `GIT-PROBE(1)                          Git Manual                          GIT-PROBE(1)

NAME
       git-probe - Data prober

SYNOPSIS
       git probe [<options>] | git unprobe

OPTIONS
       --progress=<n>
           Insert progress statements every <n> objects.

       [<rev-args>...]
           The objects to probe.
`;
    accepts(help, ["git probe", "git probe main", "git probe --progress=3 main~3..main dev"], ["git probe --bogus main", "git probe --progress"], "git probe");
  });

  test("'<spec> [x-options] ...': the dots after another program's options repeat the operand before them", () => {
    const help =
      "\nUsage:\n  probe install [options] <requirement specifier> [package-index-options] ...\n\nInstall Options:\n  -U, --upgrade               Upgrade all packages\n  -t, --target <dir>          Install into <dir>\n";
    accepts(help, ["probe install a", "probe install a b c -U", "probe install -t d a b"], ["probe install", "probe install -t"], "probe install");
  });
});
