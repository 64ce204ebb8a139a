// The policy as grammar terminals: replacements for the shared word, operand, url and kv
// terminals that cannot spell a path outside the root (no leading / or ~ unless under an
// allowed prefix, no `..`, no $HOME-style variables) nor a URL with a scheme the policy
// does not allow (no `x://` except the allowed schemes).
//
// The pieces are named terminals (pol_*) that the four replacements share. Written inline,
// every prefix and quoting style repeated the unit expressions: the GBNF of the composed
// default-policy grammar carried ~500 copies, XGrammar took 50 s to read it, and Python
// Lark minutes. Lark still gets one regex per terminal (refs between terminals inline).
import { alt, cls, lit, literalChoice, opt, ref, rep, rule, seq, type Expr, type Rule } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { chars, minus, toExpr, type CharSet } from "../compose/notwords.js";
import { kvKey } from "../lower/terminals.js";
import type { Policy } from "./policy.js";

const META = " \t\n'\"\\|&;<>()`";
const cp = (c: string): number => c.codePointAt(0)!;

export function policyTerminals(policy: Policy): Rule[] {
  if (!policy.paths && !policy.urls) return [];
  const urls = !!policy.urls;
  const paths = !!policy.paths;
  const special = `.$=${urls ? ":" : ""}`;
  // B: bare characters that need no context; `.`, `$`, `=` and `:` get units of their own.
  // A bare `{` only opens a group without a comma ({} for find -exec, HEAD@{1}): brace
  // alternatives such as `{/etc/shadow,}` would spell a path outside the root.
  const B: CharSet = chars(`${META}${special}{`, true);
  const notFirst = paths ? ["/", "~"] : [];
  const bare = (set: CharSet, extra: string[] = []): Expr => toExpr(minus(set, extra.map(cp)));
  const out: Rule[] = [];
  const put = (name: string, expr: Expr): Expr => (out.push(rule(`pol_${name}`, expr, true)), ref(`pol_${name}`));

  // Runs of one class are unbounded (`[...]*`), as in the unrestricted terminals: a bound
  // such as {0,31} is unrolled into that many positions by XGrammar and Python Lark.
  // ${x%.txt}, ${x/a/b}, ${x:1}: any text; ${x:-word} and the other default forms may not
  // spell a path (${x:-/etc/shadow}).
  const opText = rep(cls("}\"'\\ \n", true), 0, UNBOUNDED);
  const varOp = alt(
    seq(cls("%#/^,@"), opText),
    seq(lit(":"), cls("0-9 "), opText),
    seq(opt(lit(":")), cls("-=+?"), rep(cls("}\"'\\ \n/~.", true), 0, UNBOUNDED)),
  );
  const variable = put(
    "var",
    alt(
      seq(lit("$"), cls("a-z_"), rep(cls("a-z0-9_"), 0, UNBOUNDED)),
      seq(lit("${"), cls("a-z_"), rep(cls("a-z0-9_"), 0, UNBOUNDED), opt(varOp), lit("}")),
      seq(lit("$"), cls("0-9@#?!$*")),
    ),
  );
  const dot = (after: CharSet): Expr => seq(lit("."), toExpr(after));
  const braces = put("braces", seq(lit("{"), rep(cls(`${META},{}.`, true), 0, UNBOUNDED), lit("}")));
  const colon = (after: CharSet): Expr => alt(seq(lit(":"), bare(after, ["/"])), seq(lit(":/"), bare(after, ["/"])));
  // Quoted text: the same rules inside the quotes.
  const SQ: CharSet = chars(`'${special.replace("$", "").replace("=", "")}`, true);
  const sqDot = dot(chars(`'.${urls ? ":" : ""}`, true));
  const sqUnit = put("squnit", alt(toExpr(SQ), sqDot, ...(urls ? [colon(chars("'", true))] : [])));
  const sqFirst = alt(bare(SQ, notFirst), sqDot, ...(urls ? [colon(chars("'", true))] : []));
  const DQ: CharSet = chars(`"\\$\`.${urls ? ":" : ""}`, true);
  const dqDot = dot(chars(`"\\$\`.${urls ? ":" : ""}`, true));
  const dqColon = urls ? [colon(chars('"\\$`', true))] : [];
  const dqUnit = put("dqunit", alt(toExpr(DQ), dqDot, seq(lit("\\"), cls("\n", true)), variable, ...dqColon));
  const dqFirst = alt(bare(DQ, notFirst), dqDot, seq(lit("\\"), cls(`\n${notFirst.join("")}`, true)), variable, ...dqColon);
  const sq = put("sq", seq(lit("'"), opt(seq(sqFirst, rep(sqUnit, 0, UNBOUNDED))), lit("'")));
  const dq = put("dq", seq(lit('"'), opt(seq(dqFirst, rep(dqUnit, 0, UNBOUNDED))), lit('"')));
  const sqAny = seq(lit("'"), rep(sqUnit, 0, UNBOUNDED), lit("'"));
  const dqAny = seq(lit('"'), rep(dqUnit, 0, UNBOUNDED), lit('"'));

  // Absolute paths under the root or an allowed prefix, bare or quoted: the prefixes as one trie.
  const prefixes = policy.paths ? [policy.paths.root, ...policy.paths.allow] : [];
  const prefix = prefixes.length ? put("prefix", literalChoice(prefixes)) : undefined;
  const abs = (inner: Expr, q: string): Expr[] =>
    prefix ? [seq(...(q ? [lit(q)] : []), prefix, opt(seq(lit("/"), rep(inner, 0, UNBOUNDED), opt(lit(".")))), ...(q ? [lit(q)] : []))] : [];
  const schemes = (policy.urls?.schemes ?? []).map((s) => `${s}://`);
  const urlRest = rep(cls(META, true), 1, UNBOUNDED);
  const url = (q: string): Expr[] =>
    schemes.length ? [seq(...(q ? [lit(q)] : []), literalChoice(schemes), q ? rep(cls(`${q}\n`, true), 1, UNBOUNDED) : urlRest, ...(q ? [lit(q)] : []))] : [];

  // What every first unit shares; the bare first character differs (no `-` for operands).
  const firstTail = put("first", alt(dot(B), variable, seq(lit("\\"), cls(`\n.${notFirst.join("")}`, true)), sq, dq, braces, ...(urls ? [colon(B)] : [])));
  const firstUnit = (noDash: boolean): Expr[] => [bare(B, [...notFirst, ...(noDash ? ["-"] : [])]), firstTail];
  const afterEq = put("aftereq", alt(...firstUnit(false)));
  const plainUnit = put("plain", alt(toExpr(B), dot(B), variable, seq(lit("\\"), cls("\n.", true)), sqAny, dqAny, braces, ...(urls ? [colon(B)] : [])));
  const unit = put("unit", alt(plainUnit, seq(lit("="), opt(afterEq))));
  const units = rep(unit, 0, UNBOUNDED);
  // A word that starts with an allowed prefix or URL ends with it: the prefix's own tail
  // (after `/`) holds the rest, so `/tmpx` and `/workspace2` are not under /tmp and /workspace.
  const start = put("start", alt(...abs(unit, ""), ...url("")));
  const quoted = [...abs(sqUnit, "'"), ...abs(dqUnit, '"'), ...url("'"), ...url('"')];
  const startQuoted = quoted.length ? [put("startq", alt(...quoted))] : [];
  const starts = [...(prefix || schemes.length ? [start] : []), ...startQuoted];
  // After a last `=` an absolute path may follow (--out=/workspace/x), ending the word likewise.
  const eqAbs = prefix ? [seq(lit("="), put("eqabs", seq(prefix, opt(seq(lit("/"), rep(plainUnit, 0, UNBOUNDED), opt(lit(".")))))))] : [];
  const word = (noDash: boolean): Expr =>
    alt(seq(alt(...firstUnit(noDash)), units, opt(alt(...eqAbs, lit(".")))), ...starts, lit("."), ...(noDash ? [lit("-")] : []));
  const kvValue = opt(alt(seq(alt(...firstUnit(false)), units), ...(prefix || schemes.length ? [start] : [])));
  return [
    rule("word", word(false), true, "policy: paths stay under the root, URLs use allowed schemes"),
    rule("operand", word(true), true, "policy-restricted operand"),
    rule("url", word(true), true, "policy-restricted URL"),
    rule("kv", seq(kvKey(), lit("="), kvValue), true, "policy-restricted key=value"),
    // pol_start with no prefix and no scheme is an empty alternation: drop it.
    ...out.filter((r) => r.name !== "pol_start" || prefix || schemes.length),
  ];
}
