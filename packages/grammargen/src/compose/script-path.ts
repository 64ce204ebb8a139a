// A command no grammar describes: a script run by its relative path, or a program named by a
// variable. It takes any words, as nothing says what it accepts.
import { alt, cls, lit, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";

const PATH_CHARS = "A-Za-z0-9_.+/-";

/**
 * ./build.sh, ../bin/x, ~/bin/x; a path led by a variable ($HOME/bin/x, ${DIR}/run.sh) or a
 * variable alone ($EDITOR, $cmd).
 *
 * Not taken, for what they cost the default grammar in XGrammar compile time at Qwen2's
 * vocabulary (`npm run bench:default -- --against VARIANT.gbnf ...`, 9 runs, medians; see
 * docs/results/2026-12-07-summary-9.md): an absolute path outside the system bin folders
 * (/etc/init.d/nginx, /opt/app/bin/run), about 5% (3,114 vs 2,959 ms without it); interactive
 * bash's history events (`sudo !!`, `^foo^bar`), about 3% (3,114 vs 3,023 ms).
 */
export function scriptPath(): Expr {
  const name = seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED));
  return alt(
    seq(alt(lit("./"), lit("../"), lit("~/")), rep(cls(PATH_CHARS), 1, UNBOUNDED)),
    seq(lit("$"), alt(name, seq(lit("{"), name, lit("}"))), rep(cls(PATH_CHARS), 0, UNBOUNDED)),
  );
}
