// find's expression language: after the leading options and the paths comes one expression
// of primaries joined by operators (`! -not`, implicit or explicit `-a -and`, `-o -or`, `,`)
// and parentheses, nested to a bounded depth. `-exec/-execdir/-ok/-okdir` take a command
// that ends with `;` (escaped or quoted for the shell) or with `{} +`.
import { alt, cls, lit, opt, ref, rep, seq, type Expr, type Grammar } from "../grammar/ast.js";
import { sanitizeName, UNBOUNDED } from "../grammar/names.js";
import type { CommandSpec, OptionSpec } from "../ir.js";
import { RuleSet } from "./ruleset.js";

const EXEC_LIKE = new Set(["exec", "execdir", "ok", "okdir"]);
/** How deep parentheses may nest; real commands rarely go past two. */
const DEPTH = 3;
const MAX_PRIMARIES = 12;
const MAX_PATHS = 16;
const MAX_EXEC_WORDS = 16;

const DEFAULT_OPERATORS = ["(", ")", "!", "-not", "-a", "-and", "-o", "-or", ","];

/** between: a rule (a redirection, with its leading space) that may stand between primaries (LowerOptions.between). */
export function lowerFind(spec: CommandSpec, prefix: string, operators = DEFAULT_OPERATORS, between?: string): Grammar {
  const R = new RuleSet(prefix);
  const sp = R.sp;
  const word = R.t("word");
  const has = (op: string) => operators.includes(op);

  const primaries = spec.options.filter((o) => o.dashLong?.length);
  const leading = spec.options.filter((o) => !o.dashLong?.length);

  // Leading getopt options: -H -L -P, -O3 / -D opts. find does not cluster them.
  const lead: Expr[] = [];
  for (const o of leading) {
    for (const s of o.short) {
      if (o.arity === "none") lead.push(lit(`-${s}`));
      else {
        const v = R.value(o.value?.type ?? { kind: "word" });
        lead.push(o.arity === "required" ? seq(lit(`-${s}`), alt(v, seq(sp, v))) : seq(lit(`-${s}`), opt(v)));
      }
    }
  }
  const longs = leading.flatMap((o) => o.long.map((l) => lit(`--${l}`)));

  // Alternations sit in rules of their own: Lark expands an alternation nested in a sequence
  // (and each `?`) into copies of the whole rule, which multiplies under repetition.
  const semi = R.add(`${prefix}_semicolon`, alt(lit("\\;"), lit("';'"), lit('";"')));
  const braces = R.add(`${prefix}_braces`, alt(lit("{}"), lit("'{}'"), lit('"{}"')));
  // One shared form for -exec/-execdir/-ok/-okdir keeps the grammar small in Lark, which
  // expands every bounded repetition.
  const execNames = primaries.filter((o) => EXEC_LIKE.has(o.dashLong?.[0] ?? "")).flatMap((o) => o.dashLong ?? []);
  const forms = primaries.filter((o) => !EXEC_LIKE.has(o.dashLong?.[0] ?? "")).map((o) => primaryForm(R, o, sp, word));
  if (execNames.length) {
    const cmd = R.add(`${prefix}_command`, seq(word, rep(seq(sp, word), 0, MAX_EXEC_WORDS - 1)), false, "the command -exec runs, up to its terminator");
    // `+` needs no escape, but people escape it like `;` (`{} \+`); the shell passes `+` either way.
    const end = R.add(`${prefix}_command_end`, alt(semi, seq(braces, sp, alt(lit("+"), lit("\\+")))));
    forms.push(seq(alt(...execNames.map(lit)), sp, cmd, sp, end));
  }
  const primary = R.add(`${prefix}_primary`, seq(lit("-"), alt(...forms)), false, "tests, actions and options of the expression");

  const hasNot = has("!") || has("-not");
  const hasAnd = has("-a") || has("-and");
  const hasOr = has("-o") || has("-or");
  const not = hasNot
    ? R.add(`${prefix}_not`, seq(alt(...[has("!") ? [lit("!"), lit("\\!"), lit("'!'")] : [], has("-not") ? [lit("-not")] : []].flat()), sp))
    : undefined;
  const or = hasOr ? R.add(`${prefix}_orop`, seq(sp, alt(...["-o", "-or"].filter(has).map(lit)), sp)) : undefined;
  const lparen = R.add(`${prefix}_lparen`, alt(lit("\\("), lit("'('"), lit('"("')));
  const rparen = R.add(`${prefix}_rparen`, alt(lit("\\)"), lit("')'"), lit('")"')));
  const joiner = hasAnd ? R.add(`${prefix}_andop`, alt(sp, seq(sp, alt(...["-a", "-and"].filter(has).map(lit)), sp))) : sp;

  // `find / -name x 2>/dev/null -print`: a redirection between primaries, as bash allows.
  const aside = between ? [rep(ref(between), 0, 2)] : [];

  // Levels from the innermost out, so each level's parentheses refer to the next one in.
  let inner: Expr | undefined;
  for (let d = DEPTH - 1; d >= 0; d--) {
    const atoms: Expr[] = [primary];
    if (inner && has("(")) atoms.push(seq(lparen, sp, inner, sp, rparen));
    const atom = atoms.length > 1 ? R.add(`${prefix}_atom${d}`, alt(...atoms)) : primary;
    const unary = R.add(`${prefix}_unary${d}`, not ? seq(rep(not, 0, 2), atom) : atom);
    const conj = R.add(`${prefix}_and${d}`, seq(unary, rep(seq(...aside, joiner, unary), 0, MAX_PRIMARIES - 1)));
    const disj = or ? R.add(`${prefix}_or${d}`, seq(conj, rep(seq(or, conj), 0, 5))) : conj;
    inner = has(",") ? R.add(`${prefix}_list${d}`, seq(disj, rep(seq(sp, lit(","), sp, disj), 0, 4))) : disj;
  }

  const head = seq(...spec.path.flatMap((w, i) => (i ? [sp, lit(w)] : [lit(w)])));
  const leadOpts = lead.length ? [rep(seq(sp, R.add(`${prefix}_lead`, alt(...lead), false, "options before the paths")), 0, 8)] : [];
  // A path is an operand that find would not read as the start of an expression: not -x, not
  // `(`/`!` (escaped or quoted). The checker-visible terminal mirrors the shared operand one.
  const path = R.add(`${prefix}_path`, pathTerminal(), true, "a starting point");
  const paths = seq(rep(seq(...aside, sp, path), 0, MAX_PATHS), ...aside);
  const main = seq(head, ...leadOpts, paths, opt(seq(sp, inner!)));
  const start = R.add(prefix, longs.length ? alt(main, seq(head, sp, alt(...longs))) : main);
  void start;
  return R.grammar(prefix);
}

function primaryForm(R: RuleSet, o: OptionSpec, sp: Expr, word: Expr): Expr {
  const names = alt(...(o.dashLong ?? []).map(lit));
  if (o.arity === "none") return names;
  const count = Math.max(1, Math.min(o.valueCount ?? 1, 4));
  const first = valueOf(R, o);
  const rest = count > 1 ? [rep(seq(sp, word), count - 1, count - 1)] : [];
  const value = seq(sp, first, ...rest);
  return seq(names, o.arity === "required" ? value : opt(value));
}

/** `N` is +N/-N/N; `N[bcwkMG]` adds a unit letter; `-type f,d` takes a comma list of letters. */
function valueOf(R: RuleSet, o: OptionSpec): Expr {
  const t = o.value?.type ?? { kind: "word" as const };
  const meta = o.value?.metavar ?? "";
  const units = /^[Nn]\[([A-Za-z]+)\]/.exec(meta);
  const name = sanitizeName(o.dashLong?.[0] ?? "v");
  if (t.kind === "integer" && units) {
    const sign = t.signed === "plusminus" ? [opt(cls("+-"))] : [];
    return R.add(`${R.prefix}_${name}_value`, seq(...sign, rep(cls("0-9"), 1, UNBOUNDED), opt(cls(units[1]!))), true, `${meta}`);
  }
  if (t.kind === "enum" && t.choices.every((c) => c.length === 1)) {
    const letter = cls(t.choices.join(""));
    return R.add(`${R.prefix}_${name}_value`, seq(letter, rep(seq(lit(","), letter), 0, t.choices.length - 1)), true, "letters, comma-separated");
  }
  return R.value(t);
}

function pathTerminal(): Expr {
  const special = " \t\n'\"\\|&;<>()`";
  const bare = cls(special, true);
  const segment = alt(
    bare,
    seq(lit("\\"), cls("\n", true)),
    seq(lit("'"), rep(cls("'", true), 0, UNBOUNDED), lit("'")),
    seq(lit('"'), rep(alt(cls('"\\', true), seq(lit("\\"), cls("\n", true))), 0, UNBOUNDED), lit('"')),
  );
  const first = alt(
    cls(special + "!-", true),
    seq(lit("\\"), cls("\n()!", true)),
    seq(lit("'"), opt(seq(cls("'()!", true), rep(cls("'", true), 0, UNBOUNDED))), lit("'")),
    seq(
      lit('"'),
      opt(seq(alt(cls('"\\()!', true), seq(lit("\\"), cls("\n", true))), rep(alt(cls('"\\', true), seq(lit("\\"), cls("\n", true))), 0, UNBOUNDED))),
      lit('"'),
    ),
  );
  return seq(first, rep(segment, 0, UNBOUNDED));
}
