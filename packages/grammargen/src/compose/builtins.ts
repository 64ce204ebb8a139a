// Shell builtins and keywords: bash runs these itself, so their grammar is bash's, not a
// --help text's. `s` is the substitution level their words are drawn from.
import { alt, cls, lit, opt, ref, rep, rule, seq, type Expr, type Grammar } from "../grammar/ast.js";
import { refsOf, UNBOUNDED } from "../grammar/names.js";
import { terminalRule } from "../lower/terminals.js";
import { bashBuiltins, lowerBuiltin, runsCommand } from "./bash-builtins.js";
import { shellWordTerminals } from "./words.js";

export const KEYWORDS = [
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "for",
  "while",
  "until",
  "do",
  "done",
  "case",
  "esac",
  "in",
  "function",
  "select",
  "time",
  "coproc",
  "{",
  "}",
  "!",
  "[[",
  "]]",
];

const sp = ref("sp");

const UNARY = ["-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x", "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-v"];
const BINARY = ["=", "==", "!=", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"];

/** Where a builtin's command operand and inline script lead, at its substitution level. */
export interface BuiltinContext {
  /** A command under its own grammar (`command ls -l`, `time make`, `exec prog`). */
  inner?: Expr;
  /** A quoted command line (trap's action). */
  script?: Expr;
  /** A redirection with its leading space, where the composition has them. */
  redirect?: Expr;
  /** ComposeOptions.rareForms: `--` before operands that could not start with `-` (`cd -- "$d"`). */
  rare?: boolean;
}

/**
 * Builtin name -> expression of one invocation, at substitution level s. Every builtin bash
 * documents with `help` is read from that text (data/bash-builtins); `test`, `[` and `[[`,
 * whose expressions the text describes only in prose, `echo`, which prints an option it
 * does not know, and `:`, which ignores its arguments, are written here. Under a policy a
 * trap's action is cut to its harmless forms (`-` and the empty string).
 */
export function builtins(s: number, underPolicy = false, ctx: BuiltinContext = {}): Record<string, Expr> {
  const w = ref(`sh_word_s${s}`);
  // `=~`'s right side is a regular expression: a `$` that ends it anchors the match (^[0-9]+$).
  const regex = seq(w, sp, lit("=~"), sp, w, opt(lit("$")));
  const texpr = (ops: string[], joiners: string[], more: Expr[] = []): Expr => {
    const prim = seq(opt(seq(lit("!"), sp)), alt(seq(alt(...UNARY.map(lit)), sp, w), seq(w, sp, alt(...ops.map(lit)), sp, w), ...more, w));
    return seq(prim, rep(seq(sp, alt(...joiners.map(lit)), sp, prim), 0, 3));
  };
  const out: Record<string, Expr> = {};
  const specs = bashBuiltins();
  const byName = new Map(specs.map((b) => [b.name, b]));
  for (const b of specs) out[b.name] = lowerBuiltin(b, byName, { s, underPolicy, ...ctx });
  // bash's echo reads no options with getopt: -n, -e and -E count, any other word is printed.
  // A redirection may stand among its words (`echo >&2 "no such file"`); one at the end is the
  // stage's own.
  out.echo = seq(lit("echo"), rep(ctx.redirect ? alt(seq(sp, w), seq(ctx.redirect, sp, w)) : seq(sp, w), 0, UNBOUNDED));
  // `:` ignores its arguments, which are expanded for their effects (`: "${X:=1}"`).
  out[":"] = seq(lit(":"), rep(seq(sp, w), 0, UNBOUNDED));
  out["["] = seq(lit("["), sp, texpr(BINARY, ["-a", "-o"]), sp, lit("]"));
  out.test = seq(lit("test"), sp, texpr(BINARY, ["-a", "-o"]));
  out["[["] = seq(lit("[["), sp, texpr([...BINARY, "<", ">"], ["&&", "||"], [regex]), sp, lit("]]"));
  return out;
}

export const BUILTIN_NAMES = Object.keys(builtins(0));
/** Builtins that run another command (`command ls`, `time make`): wrappers, kept out of a wrapper's own command. */
export const COMMAND_BUILTINS = bashBuiltins()
  .filter(runsCommand)
  .map((b) => b.name);

/**
 * One builtin's grammar on its own (`grammargen echo`): its invocation over the shell's
 * word terminals, without composition around it (no $(...) inside its words).
 */
export function builtinGrammar(name: string): Grammar | undefined {
  const expr = BUILTIN_NAMES.includes(name) ? builtins(0)[name] : undefined;
  if (!expr) return undefined;
  const start = `b_${name.replace(/\W/g, (c) => `x${c.charCodeAt(0).toString(16)}`)}`;
  const g: Grammar = {
    start,
    rules: [
      rule(start, expr, false, `the shell builtin ${name}`),
      rule("sh_word_s0", alt(ref("word"), ref("sh_arith"))),
      rule("sh_operand_s0", alt(ref("operand"), ref("sh_arith"))),
      rule("sh_piece_s0", ref("sh_arith")),
      rule("sh_assign_s0", seq(ref("sh_name"), lit("="), opt(ref("sh_word_s0")))),
      rule("sh_name", seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED)), true),
      rule("sh_arith", seq(lit("$(("), rep(cls("()\n`", true), 1, UNBOUNDED), lit("))")), true),
      ...shellWordTerminals(),
      terminalRule("sp"),
      terminalRule("int"),
      terminalRule("int_m"),
      terminalRule("num"),
    ],
  };
  const used = new Set<string>([start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of g.rules) if (used.has(r.name)) for (const n of refsOf(r.expr)) if (!used.has(n)) used.add(n), (grew = true);
  }
  return { start, rules: g.rules.filter((r) => used.has(r.name)) };
}
