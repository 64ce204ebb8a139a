// Shared value terminals. Their names carry no command prefix so that composed grammars can
// share one copy; every command grammar that uses one includes the identical rule.
import { alt, cls, lit, opt, ref, rep, rule, seq, type Expr, type Rule } from "../grammar/ast.js";
import type { ValueType } from "../ir.js";
import { UNBOUNDED } from "../grammar/names.js";

/** Shell metacharacters and whitespace end a bare word; quotes and backslash start other segments. */
const BARE_EXCLUDED = " \t\n'\"\\|&;<>()`";
const bareChar = (extra = ""): Expr => cls(BARE_EXCLUDED + extra, true);
const escaped = (): Expr => seq(lit("\\"), cls("\n", true));
// Character runs inside a word are unbounded `[...]*` of one class: a bound such as {0,256}
// is unrolled by XGrammar (seconds to compile per grammar) and by Python Lark, while a star
// over a class is a single loop in every engine (llama.cpp, XGrammar, Lark regexes). Words
// are lexemes; the structure around them (options, operands, pipelines) stays bounded.
const squoted = (): Expr => seq(lit("'"), rep(cls("'", true), 0, UNBOUNDED), lit("'"));
const dquoted = (): Expr => seq(lit('"'), rep(alt(cls('"\\', true), escaped()), 0, UNBOUNDED), lit('"'));
const segment = (): Expr => alt(bareChar(), escaped(), squoted(), dquoted());
/** `e` quoted whole, as people also write a literal value: "+10M", '10', "auto". */
export const quotedWhole = (e: Expr): Expr[] => [seq(lit('"'), e, lit('"')), seq(lit("'"), e, lit("'"))];
/** The pieces of a shell word, for lowerings that build word-like terminals of their own. */
export const wordPieces = { bareChar, escaped, squoted, dquoted, segment, BARE_EXCLUDED };
const digits = (max = UNBOUNDED): Expr => rep(cls("0-9"), 1, max);

/** Bounds used by lowering; small enough for GBNF's rules x repetition limit and Lark's `~` expansion. */
export const LIMITS = { words: 256, spaces: 4, optionsPerGap: 64, operands: 64 };

const TERMINALS: Record<string, () => Expr> = {
  sp: () => rep(lit(" "), 1, LIMITS.spaces),
  // Any shell word: bare, '...', "...", or a concatenation of them (so `grep -E 'a|b' f` works).
  word: () => rep(segment(), 1, UNBOUNDED),
  // An operand: a word that does not start with '-', or '-' alone (stdin).
  operand: () => alt(seq(alt(bareChar("-"), escaped(), squoted(), dquoted()), rep(segment(), 0, UNBOUNDED)), lit("-")),
  int: () => digits(),
  int_pm: () => seq(opt(cls("+-")), digits()),
  int_m: () => seq(opt(lit("-")), digits()),
  num: () => seq(opt(lit("-")), alt(seq(digits(), opt(seq(lit("."), rep(cls("0-9"), 0, UNBOUNDED)))), seq(lit("."), digits()))),
  size: () => {
    const unit = alt(seq(cls("KMGTPEZYRQkmgtpezyrq"), opt(alt(lit("iB"), lit("B")))), cls("bcwB"));
    // head -c -1K and truncate -s +1K take a sign; sizes are lenient about it.
    return seq(opt(cls("+-")), alt(seq(digits(), opt(seq(lit("."), digits())), opt(unit)), unit));
  },
  duration: () => {
    const n = seq(digits(), opt(seq(lit("."), digits())));
    const unit = alt(lit("ns"), lit("us"), lit("ms"), lit("s"), lit("m"), lit("h"), lit("d"));
    return seq(n, opt(seq(unit, rep(seq(n, unit), 0, 3))));
  },
  url: () =>
    alt(
      seq(cls("a-zA-Z"), rep(cls("a-zA-Z0-9+.-"), 0, UNBOUNDED), lit("://"), rep(segment(), 1, UNBOUNDED)),
      seq(alt(bareChar(":-"), squoted(), dquoted()), rep(segment(), 0, UNBOUNDED)),
    ),
  // A key with a trailing dash, which removes it (kubectl's "bar-", "dedicated:NoSchedule-", "example.com/app-").
  kv_unset: () => seq(cls("A-Za-z0-9_"), rep(cls("A-Za-z0-9_./:-"), 0, UNBOUNDED), lit("-")),
  // Quoted whole, as people write a value with spaces: --set "title=The movie", -e 'A=b c'.
  kv: () =>
    alt(
      seq(kvKey(), lit("="), rep(segment(), 0, UNBOUNDED)),
      seq(lit('"'), kvKey(), lit("="), rep(alt(cls('"\\', true), escaped()), 0, UNBOUNDED), lit('"'), rep(segment(), 0, UNBOUNDED)),
      seq(lit("'"), kvKey(), lit("="), rep(cls("'", true), 0, UNBOUNDED), lit("'"), rep(segment(), 0, UNBOUNDED)),
    ),
};

/**
 * The key of a KEY=VALUE word; a lone "*" names every key (kubectl's "set image daemonset abc
 * *=nginx:1.9.1"); a key may be a number (aria2c's "--index-out=INDEX=PATH": 1=dir/a.iso).
 */
export function kvKey(): Expr {
  return alt(lit("*"), seq(cls("A-Za-z0-9_"), rep(cls("A-Za-z0-9_.-"), 0, UNBOUNDED)));
}

/** The shared terminals' names: a command's own rules never take one. */
export const SHARED_TERMINALS: ReadonlySet<string> = new Set(Object.keys(TERMINALS));

export type TerminalName = keyof typeof TERMINALS & string;

export function terminalRule(name: string): Rule {
  // Own keys only: a metavar named like an Object method (valueOf) is not a terminal.
  const make = Object.hasOwn(TERMINALS, name) ? TERMINALS[name] : undefined;
  if (!make) throw new Error(`unknown terminal ${name}`);
  return rule(name, make(), true);
}

/**
 * A value of a type other than enum as the shared terminals it may be, each referred to through
 * `use` (which records it): one terminal, or for a KEY=VALUE that may be unset also `key-`.
 */
export function valueTerminalExpr(t: Exclude<ValueType, { kind: "enum" }>, asOperand: boolean, use: (name: string) => Expr): Expr {
  if (t.kind === "keyvalue" && t.unset) return alt(use("kv"), use("kv_unset"));
  return use(valueTerminal(t, asOperand)!);
}

/** The terminal a value of this type lowers to when it is a separate word or attached text. */
export function valueTerminal(t: ValueType, asOperand: boolean): string | undefined {
  switch (t.kind) {
    case "word":
    case "keyvalue":
      return t.kind === "keyvalue" ? "kv" : asOperand ? "operand" : "word";
    case "path":
      return asOperand ? "operand" : "word";
    case "integer":
      return t.signed === "plusminus" ? "int_pm" : t.signed === "minus" ? "int_m" : "int";
    case "number":
      return "num";
    case "size":
      return "size";
    case "duration":
      return "duration";
    case "url":
      return "url";
    case "enum":
      return undefined;
    default: {
      const never: never = t;
      return never;
    }
  }
}

export const refTo = (name: string, used: Set<string>): Expr => {
  used.add(name);
  return ref(name);
};
