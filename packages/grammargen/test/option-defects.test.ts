// Option rows whose spellings or values were misread; made-up texts, each also refusing what
// the text does not allow.
import { describe, test } from "vitest";
import { accepts } from "./help-verdicts.js";

describe("option rows read by their layout", () => {
  test("'-h, --help=[man|no-man]: Display ...': the colon ends the head, not the value", () => {
    const help =
      "Usage: probe [options] FILE\n\nOptions:\n  -h, --help=[man|no-man]: Display the manual.\n  -f, --file=FILE: Read FILE.\n  -q, --quiet: Print nothing.\n";
    accepts(
      help,
      ["probe -h b", "probe --help=no-man b", "probe -f a.txt b", "probe --file=a.txt b", "probe -q b"],
      ["probe --help=other", "probe -f", "probe -q=1 b", "probe --file: a b"],
    );
  });
  test("'[!] --proto -p proto': a negation mark, the long spelling first, its letter and value after a gap", () => {
    const help =
      "probe v1.0\n\nUsage: probe -[AD] chain rule-specification [options]\n       probe -[LS] [chain] [options]\n\nCommands:\n  --append  -A chain\t\tAppend to chain\n  --delete  -D chain\t\tDelete matching rule\n  --list    -L [chain [rulenum]]\n\t\t\t\tList the rules in a chain\n  --flush   -F [chain]\t\tDelete all rules in  chain\n\nOptions:\n[!] --proto\t-p proto\tprotocol: by number or name\n[!] --source\t-s address[/mask][...]\n\t\t\t\tsource specification\n --jump\t-j target\n\t\t\t\ttarget for rule\n  --numeric\t-n\t\tnumeric output\n";
    accepts(
      help,
      ["probe -A INPUT -p tcp -j ACCEPT", "probe -A INPUT -s 10.0.0.1 -j DROP", "probe -L", "probe -L INPUT", "probe -F", "probe --list -n"],
      ["probe -A INPUT -p", "probe -A INPUT -x", "probe -A INPUT -j", "probe -L INPUT -s"],
    );
  });

  test("'--prefix=[fileprefix]': a placeholder that starts with a file-system noun is no literal value", () => {
    const help = "Usage: probe [options] --prefix=[fileprefix] [files.png]...\n\n--prefix=[fileprefix]: Adds a prefix to output names.\n-y: Do not ask.\n";
    accepts(
      help,
      ["probe --prefix=out/ a.png", "probe --prefix a.png b.png", "probe -y a.png"],
      ["probe -y=1 a.png", "probe --prefix= a.png", "probe --prefx=a b.png"],
    );
  });

  test("'a  add  Append ...': a command's letter, then its name in a column of its own", () => {
    const help =
      "Usage: probe command archive files... -options...\nCommands:\n   a  add         Append files to archive.\n   x  extract     Extract files.\n   l  list        List files.\nOptions:\n  -all [N]        Extract versions.\n  -key X          Use password X.\n";
    accepts(
      help,
      ["probe add a.zpaq dir", "probe a a.zpaq dir", "probe extract a.zpaq", "probe x a.zpaq -key pw"],
      ["probe ad a.zpaq", "probe z a.zpaq", "probe append a.zpaq"],
    );
  });

  test("'-m --mode MODE [+] one of: ...': one space after the repeat marker leads to the description", () => {
    const help =
      "probe push [OPTION]... [DEST]\n\noptions ([+] can be repeated):\n\n -f --force                 force push\n -m --mode MODE [+] one of: fast, slow, best\n -e --ssh CMD               specify ssh command to use\n";
    accepts(help, ["probe push -m fast", "probe push -m slow -m best dest", "probe push -f"], ["probe push -m other", "probe push -m", "probe push -x"]);
  });
});
