// A command no grammar describes: a script, a program installed outside the system bin
// folders, an earlier line recalled from history. It takes any words, as nothing says what it accepts.
import { alt, cls, lit, opt, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { chars, notWords } from "./notwords.js";

const PATH_CHARS = "A-Za-z0-9_.+/-";
const SEGMENT_FIRST = chars("A-Za-z0-9_.");
const SEGMENT_REST = chars("A-Za-z0-9_.+-");

/**
 * A history event (!!, !ssh, ^old^new); ./build.sh, ../bin/x, ~/bin/x; an absolute path (/opt/app/bin/run, /etc/init.d/cron,
 * /usr/local/bin/tool); a path led by a variable ($HOME/bin/x, ${DIR}/run.sh) or a variable
 * alone ($EDITOR, $cmd). Absolute paths in /bin, /sbin, /usr/bin and /usr/sbin are left out:
 * there a name is a program whose own grammar applies (`/usr/bin/gerp` stays refused).
 */
export function scriptPath(): Expr {
  const tail = rep(cls(PATH_CHARS), 0, UNBOUNDED);
  const below = (excluded: string[]): Expr => seq(notWords(excluded, SEGMENT_FIRST, SEGMENT_REST, UNBOUNDED), opt(seq(lit("/"), tail)));
  const name = seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED));
  // Interactive bash's history: an event (`sudo !!`, `!ssh`, `!-2`) or a quick substitution
  // (`^foo^bar`) stands for an earlier line, expanded before it runs, which no grammar sees.
  // `! cmd`, with a space, is the pipeline's negation instead.
  // A word designator or modifier may follow (`!!:gs/a/b`, `!:1-3`, `!$:h`).
  const modifiers = seq(lit(":"), rep(cls(" \t\n|&;<>()`'\"", true), 1, UNBOUNDED));
  const event = alt(lit("!"), seq(opt(lit("-")), rep(cls("0-9"), 1, UNBOUNDED)), seq(cls("A-Za-z_./"), rep(cls(PATH_CHARS), 0, UNBOUNDED)));
  const history = alt(
    seq(lit("!"), alt(seq(event, opt(modifiers)), modifiers)),
    seq(lit("^"), rep(cls("^ \t\n", true), 1, UNBOUNDED), lit("^"), rep(cls("^ \t\n", true), 0, UNBOUNDED), opt(lit("^"))),
  );
  return alt(
    history,
    seq(alt(lit("./"), lit("../"), lit("~/")), rep(cls(PATH_CHARS), 1, UNBOUNDED)),
    seq(lit("/"), alt(seq(lit("usr/"), below(["bin", "sbin"])), below(["bin", "sbin", "usr"]))),
    seq(lit("$"), alt(name, seq(lit("{"), name, lit("}"))), tail),
  );
}
