// The shared word and operand terminals as composition needs them: the lowering's own
// shapes (bare, '...', "..." segments), except that "..." may not contain $( or a
// backtick, so a command substitution is always parsed (and checked) by sh_subst.
import { alt, cls, lit, rep, rule, seq, type Expr, type Rule } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";

const BARE_EXCLUDED = " \t\n'\"\\|&;<>()`";

export function shellWordTerminals(): Rule[] {
  const bare = (extra = ""): Expr => cls(BARE_EXCLUDED + extra, true);
  const escaped = seq(lit("\\"), cls("\n", true));
  const squoted = seq(lit("'"), rep(cls("'", true), 0, UNBOUNDED), lit("'"));
  const dqChar = alt(cls('"\\$`', true), escaped, seq(lit("$"), cls('("\\`', true)));
  const dquoted = seq(lit('"'), rep(dqChar, 0, UNBOUNDED), rep(lit("$"), 0, 1), lit('"'));
  const segment = alt(bare(), escaped, squoted, dquoted);
  return [
    rule("word", rep(segment, 1, UNBOUNDED), true, "a shell word; \"...\" holds no $( or `"),
    rule("operand", alt(seq(alt(bare("-"), escaped, squoted, dquoted), rep(segment, 0, UNBOUNDED)), lit("-")), true, "an operand: a word not starting with -"),
  ];
}
