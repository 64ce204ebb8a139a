// The policy as grammar terminals: replacements for the shared word, operand, url and kv
// terminals that cannot spell a path outside the root (no leading / or ~ unless under an
// allowed prefix, no `..`, no $HOME-style variables) nor a URL with a scheme the policy
// does not allow (no `x://` except the allowed schemes).
import { alt, cls, lit, opt, rep, rule, seq, type Expr, type Rule } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { chars, minus, toExpr, type CharSet } from "../compose/notwords.js";
import type { Policy } from "./policy.js";

const META = " \t\n'\"\\|&;<>()`";
const cp = (c: string): number => c.codePointAt(0)!;

export function policyTerminals(policy: Policy): Rule[] {
  if (!policy.paths && !policy.urls) return [];
  const urls = !!policy.urls;
  const paths = !!policy.paths;
  const special = `.$=${urls ? ":" : ""}`;
  // B: bare characters that need no context; `.`, `$`, `=` and `:` get units of their own.
  const B: CharSet = chars(META + special, true);
  const notFirst = paths ? ["/", "~"] : [];
  const bare = (set: CharSet, extra: string[] = []): Expr => toExpr(minus(set, extra.map(cp)));
  const variable = alt(
    seq(lit("$"), cls("a-z_"), rep(cls("a-z0-9_"), 0, 31)),
    seq(lit("${"), cls("a-z_"), rep(cls("a-z0-9_"), 0, 31), rep(cls("}\"'\\ \n", true), 0, 32), lit("}")),
    seq(lit("$"), cls("0-9@#?!$*")),
  );
  const dot = (after: CharSet): Expr => seq(lit("."), toExpr(after));
  const colon = (after: CharSet): Expr => alt(seq(lit(":"), bare(after, ["/"])), seq(lit(":/"), bare(after, ["/"])));
  // Quoted text: the same rules inside the quotes.
  const SQ: CharSet = chars(`'${special.replace("$", "").replace("=", "")}`, true);
  const sqUnit = alt(toExpr(SQ), dot(chars(`'.${urls ? ":" : ""}`, true)), ...(urls ? [colon(chars("'", true))] : []));
  const sqFirst = alt(bare(SQ, notFirst), dot(chars(`'.${urls ? ":" : ""}`, true)), ...(urls ? [colon(chars("'", true))] : []));
  const DQ: CharSet = chars(`"\\$\`.${urls ? ":" : ""}`, true);
  const dqAfter = chars(`"\\$\`.${urls ? ":" : ""}`, true);
  const dqUnit = alt(toExpr(DQ), dot(dqAfter), seq(lit("\\"), cls("\n", true)), variable, ...(urls ? [colon(chars('"\\$`', true))] : []));
  const dqFirst = alt(bare(DQ, notFirst), dot(dqAfter), seq(lit("\\"), cls(`\n${notFirst.join("")}`, true)), variable, ...(urls ? [colon(chars('"\\$`', true))] : []));
  const sq = seq(lit("'"), opt(seq(sqFirst, rep(sqUnit, 0, UNBOUNDED))), lit("'"));
  const dq = seq(lit('"'), opt(seq(dqFirst, rep(dqUnit, 0, UNBOUNDED))), lit('"'));
  const sqAny = seq(lit("'"), rep(sqUnit, 0, UNBOUNDED), lit("'"));
  const dqAny = seq(lit('"'), rep(dqUnit, 0, UNBOUNDED), lit('"'));

  // Absolute paths under the root or an allowed prefix, bare or quoted.
  const prefixes = policy.paths ? [policy.paths.root, ...policy.paths.allow] : [];
  const abs = (inner: Expr, q: string): Expr[] => prefixes.map((p) => seq(lit(q + p), opt(seq(lit("/"), rep(inner, 0, UNBOUNDED))), ...(q ? [lit(q)] : [])));
  const schemes = policy.urls?.schemes ?? [];
  const urlRest = rep(cls(META, true), 1, UNBOUNDED);
  const url = (q: string): Expr[] => schemes.map((s) => seq(lit(`${q}${s}://`), q ? rep(cls(`${q}\n`, true), 1, UNBOUNDED) : urlRest, ...(q ? [lit(q)] : [])));

  const firstUnit = (noDash: boolean): Expr =>
    alt(bare(B, [...notFirst, ...(noDash ? ["-"] : [])]), dot(B), variable, seq(lit("\\"), cls(`\n.${notFirst.join("")}`, true)), sq, dq, ...(urls ? [colon(B)] : []));
  const unitAfterEq = alt(firstUnit(false), ...abs(unitPlaceholder(), ""));
  const unit = alt(toExpr(B), dot(B), variable, seq(lit("\\"), cls("\n.", true)), sqAny, dqAny, seq(lit("="), opt(unitAfterEq)), ...(urls ? [colon(B)] : []));
  // abs() needs `unit` for what follows the prefix; build it again now that unit exists.
  const absBare = abs(unit, "");
  const absQuoted = [...abs(sqUnit, "'"), ...abs(dqUnit, '"')];
  const word = (noDash: boolean): Expr =>
    alt(
      seq(alt(firstUnit(noDash), ...absBare, ...absQuoted, ...url(""), ...url("'"), ...url('"')), rep(unit, 0, UNBOUNDED), opt(lit("."))),
      lit("."),
      ...(noDash ? [lit("-")] : []),
    );
  const out: Rule[] = [rule("word", word(false), true, "policy: paths stay under the root, URLs use allowed schemes"), rule("operand", word(true), true, "policy-restricted operand"), rule("url", word(true), true, "policy-restricted URL"), rule("kv", seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_.-"), 0, 63), lit("="), opt(seq(alt(firstUnit(false), ...absBare, ...url("")), rep(unit, 0, UNBOUNDED)))), true, "policy-restricted key=value")];
  return out;
}

// After `=` an absolute path may follow too; the prefix's tail is any unit except a nested `=`.
function unitPlaceholder(): Expr {
  return cls(META + ".$=:", true);
}
