// A command named by a path no grammar describes: a script or a program installed outside
// the system bin folders. It takes any words, as nothing says what it accepts.
import { alt, cls, lit, opt, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { chars, notWords } from "./notwords.js";

const PATH_CHARS = "A-Za-z0-9_.+/-";
const SEGMENT_FIRST = chars("A-Za-z0-9_.");
const SEGMENT_REST = chars("A-Za-z0-9_.+-");

/**
 * ./build.sh, ../bin/x, ~/bin/x; an absolute path (/opt/app/bin/run, /etc/init.d/cron,
 * /usr/local/bin/tool); a path led by a variable ($HOME/bin/x, ${DIR}/run.sh) or a variable
 * alone ($EDITOR, $cmd). Absolute paths in /bin, /sbin, /usr/bin and /usr/sbin are left out:
 * there a name is a program whose own grammar applies (`/usr/bin/gerp` stays refused).
 */
export function scriptPath(): Expr {
  const tail = rep(cls(PATH_CHARS), 0, UNBOUNDED);
  const below = (excluded: string[]): Expr => seq(notWords(excluded, SEGMENT_FIRST, SEGMENT_REST, UNBOUNDED), opt(seq(lit("/"), tail)));
  const name = seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED));
  return alt(
    seq(alt(lit("./"), lit("../"), lit("~/")), rep(cls(PATH_CHARS), 1, UNBOUNDED)),
    seq(lit("/"), alt(seq(lit("usr/"), below(["bin", "sbin"])), below(["bin", "sbin", "usr"]))),
    seq(lit("$"), alt(name, seq(lit("{"), name, lit("}"))), tail),
  );
}
