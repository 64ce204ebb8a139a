// The shared word and operand terminals as composition needs them: the lowering's own
// shapes (bare, '...', "..." segments), except that a `$` is one of bash's expansions
// ($VAR, $1, $$, $?, ${...}, $'...') or, ending an operand, itself; and "..." may not contain $( or a
// backtick, so a command substitution is always parsed (and checked) by sh_subst.
// A closing ' right before a letter or digit is refused ('it's is a quote the writer meant
// as an apostrophe); 'it'"'"'s and concatenations like -d'\t' or 'a'/b stay accepted.
import { alt, cls, lit, opt, rep, rule, seq, type Expr, type Rule } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";

const BARE_EXCLUDED = " \t\n'\"\\|&;<>()`$";
const WORDISH = "A-Za-z0-9_";

/** A variable inside ${...}'s word: ${1:-$HOME}, ${a:-${b}} (one level: ${a:-$(pwd)} stays out). */
const innerVariable = (excluded: string): Expr =>
  seq(
    lit("$"),
    alt(seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED)), cls("0-9"), seq(lit("{"), rep(cls(`} \t${excluded}`, true), 1, UNBOUNDED), lit("}"))),
  );

/**
 * A `$` inside "...": an expansion other than $( (sh_subst parses those), or ${...} closed on its
 * line; with `rare` (ComposeOptions.rareForms), one that holds a variable.
 */
export const dqDollar = (rare = true): Expr =>
  seq(lit("$"), alt(cls('("\\`{', true), seq(lit("{"), rep(rare ? alt(cls('}"`$', true), innerVariable('"`$')) : cls('}"`$', true), 1, UNBOUNDED), lit("}"))));

/**
 * `rare` (ComposeOptions.rareForms): a variable may stand in ${...}'s word. The pack's default
 * grammar leaves it out: 1.5% more XGrammar compile time at Qwen2's vocabulary
 * (docs/results/2026-12-07-summary-10.md).
 */
export function shellWordTerminals(rare = true): Rule[] {
  const many = (e: Expr): Expr => rep(e, 0, UNBOUNDED);
  const some = (e: Expr): Expr => rep(e, 1, UNBOUNDED);
  const bare = (extra = ""): Expr => cls(BARE_EXCLUDED + extra, true);
  const escaped = seq(lit("\\"), cls("\n", true));
  // $NAME, $1, $$ and the other special parameters, ${...} (with `rare`, a variable may stand in
  // its word: ${XDG_CONFIG_HOME:-$HOME/.config}; a substitution never may);
  // a $ before / . : and the like is a literal $ (sed s/$/x/). Inside the braces an operator's
  // word may hold blanks (${PATH//:/ }, ${x:- none}); the name before it may not (${a b}).
  const braced = seq(
    lit("{"),
    some(cls("}'\"`$ \t\n", true)),
    opt(seq(cls("-:=?+#%/^,@"), many(rare ? alt(cls("}'\"`$\n", true), innerVariable("'\"`$\n")) : cls("}'\"`$\n", true)))),
    lit("}"),
  );
  const dollar = seq(lit("$"), alt(seq(cls("A-Za-z_"), many(cls(WORDISH))), cls("0-9?$!#@*-"), cls("/.:,%=+^~"), braced));
  const ansi = seq(lit("$'"), many(alt(cls("'\\", true), seq(lit("\\"), cls("\n", true)))), lit("'"));
  const squoted = alt(seq(lit("'"), many(cls("'", true)), lit("'")), ansi);
  const dquoted = seq(lit('"'), many(alt(cls('"\\$`', true), escaped, dqDollar(rare))), opt(lit("$")), lit('"'));
  // X: a segment that may follow anything; T: what may follow a single-quoted one.
  const x = alt(bare(), escaped, dquoted, dollar);
  const afterQuote = seq(alt(bare(WORDISH), escaped, dquoted, dollar), many(x));
  const quotedTail = seq(many(seq(some(squoted), afterQuote)), many(squoted));
  // A `$` that ends an operand expands nothing and stays itself (grep -v ^$). Only operands:
  // the same ending on every word costs XGrammar about 5% more compile time on the default
  // grammar at a large vocabulary, for option values that rarely end so.
  const end = opt(lit("$"));
  const word = alt(seq(some(x), quotedTail), seq(some(squoted), opt(seq(afterQuote, quotedTail))));
  const first = alt(bare("-"), escaped, dquoted, dollar);
  const operand = alt(seq(first, many(x), quotedTail, end), seq(some(squoted), opt(seq(afterQuote, quotedTail)), end), lit("-"));
  return [rule("word", word, true, 'a shell word; "..." holds no $( or `'), rule("operand", operand, true, "an operand: a word not starting with -")];
}
