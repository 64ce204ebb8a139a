// A command no grammar describes: a script run by its path, or a program named by a variable;
// where asked for, a program installed outside the system bin folders and an earlier line
// recalled from history. It takes any words, as nothing says what it accepts.
import { alt, cls, lit, opt, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { chars, notWords } from "./notwords.js";

const PATH_CHARS = "A-Za-z0-9_.+/-";
const SEGMENT_FIRST = chars("A-Za-z0-9_.");
const SEGMENT_REST = chars("A-Za-z0-9_.+-");

/**
 * ./build.sh, ../bin/x, ~/bin/x; a path led by a variable ($HOME/bin/x, ${DIR}/run.sh) or a
 * variable alone ($EDITOR, $cmd, "$@"), bare or in double quotes.
 *
 * With `rare` (ComposeOptions.rareForms), also an absolute path outside the system bin folders
 * (/etc/init.d/nginx, /opt/app/bin/run: in /bin, /sbin, /usr/bin and /usr/sbin a name is a
 * program whose own grammar applies, and `/usr/bin/gerp` stays refused), and interactive
 * bash's history events (`sudo !!`, `!ssh`, `^foo^bar`). The pack's default grammar leaves
 * them out for what they cost it in XGrammar compile time at Qwen2's vocabulary (`npm run
 * bench:default -- --against VARIANT.gbnf ...`, 9 runs, medians; see
 * docs/results/2026-12-07-summary-9.md): the absolute paths about 5% (3,114 vs 2,959 ms
 * without them), history events about 3% (3,114 vs 3,023 ms). A grammar composed for one
 * request compiles in milliseconds either way.
 */
export function scriptPath(rare = true): Expr {
  const tail = rep(cls(PATH_CHARS), 0, UNBOUNDED);
  const name = seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED));
  // "$cmd", "${DIR}/run.sh", "$@" and "$0" (exec sudo "$0" "$@"): quoted as scripts write them.
  const variable = seq(lit("$"), alt(name, seq(lit("{"), name, lit("}")), cls("0-9@*")), tail);
  const common = [seq(alt(lit("./"), lit("../"), lit("~/")), rep(cls(PATH_CHARS), 1, UNBOUNDED)), variable, seq(lit('"'), variable, lit('"'))];
  if (!rare) return alt(...common);
  const below = (excluded: string[]): Expr => seq(notWords(excluded, SEGMENT_FIRST, SEGMENT_REST, UNBOUNDED), opt(seq(lit("/"), tail)));
  // An event (`sudo !!`, `!ssh`, `!-2`) or a quick substitution (`^foo^bar`) stands for an
  // earlier line, expanded before it runs, which no grammar sees. `! cmd`, with a space, is the
  // pipeline's negation instead. A word designator or modifier may follow (`!!:gs/a/b`, `!:1-3`).
  const modifiers = seq(lit(":"), rep(cls(" \t\n|&;<>()`'\"", true), 1, UNBOUNDED));
  const event = alt(lit("!"), seq(opt(lit("-")), rep(cls("0-9"), 1, UNBOUNDED)), seq(cls("A-Za-z_./"), rep(cls(PATH_CHARS), 0, UNBOUNDED)));
  const history = alt(
    seq(lit("!"), alt(seq(event, opt(modifiers)), modifiers)),
    seq(lit("^"), rep(cls("^ \t\n", true), 1, UNBOUNDED), lit("^"), rep(cls("^ \t\n", true), 0, UNBOUNDED), opt(lit("^"))),
  );
  return alt(history, ...common, seq(lit("/"), alt(seq(lit("usr/"), below(["bin", "sbin"])), below(["bin", "sbin", "usr"]))));
}
