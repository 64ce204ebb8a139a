// Shell builtins and keywords: bash runs these itself, so their grammar is bash's, not a
// --help text's. `s` is the substitution level their words are drawn from.
import { alt, cls, lit, opt, ref, rep, rule, seq, type Expr, type Grammar } from "../grammar/ast.js";
import { refsOf, UNBOUNDED } from "../grammar/names.js";
import { terminalRule } from "../lower/terminals.js";
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
const many = (e: Expr, min: number, max: number): Expr => rep(seq(sp, e), min, max);

const UNARY = ["-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x", "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-v"];
const BINARY = ["=", "==", "!=", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"];

/**
 * Builtin name -> expression of one invocation, at substitution level s. Under a policy the
 * builtins that would run text past its rules (`command prog args`, a trap's action) are cut
 * to their harmless forms.
 */
export function builtins(s: number, underPolicy = false): Record<string, Expr> {
  const w = ref(`sh_word_s${s}`);
  const name = ref("sh_name");
  const assign = ref(`sh_assign_s${s}`);
  // -9, -KILL, -SIGTERM, -s TERM, -n 9
  const signalName = alt(ref("int"), seq(rep(cls("A-Z"), 1, 3), rep(cls("A-Z0-9+-"), 0, UNBOUNDED)));
  const signal = alt(seq(lit("-"), signalName), seq(alt(lit("-s"), lit("-n")), sp, signalName));
  // What kill, wait and fg take: 1234, %1, $pid, "$pid", $!, $(pgrep x); never a bare "-".
  const varName = alt(seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED)), cls("!$"), seq(lit("{"), rep(cls("}", true), 1, UNBOUNDED), lit("}")));
  const pid = alt(
    ref("int"),
    seq(lit("%"), rep(cls("A-Za-z0-9_.+%-"), 0, UNBOUNDED)),
    seq(lit("$"), varName),
    seq(lit('"$'), varName, lit('"')),
    ref(`sh_piece_s${s}`),
  );
  const texpr = (ops: string[], joiners: string[]): Expr => {
    const prim = seq(opt(seq(lit("!"), sp)), alt(seq(alt(...UNARY.map(lit)), sp, w), seq(w, sp, alt(...ops.map(lit)), sp, w), w));
    return seq(prim, rep(seq(sp, alt(...joiners.map(lit)), sp, prim), 0, 3));
  };
  return {
    "[": seq(lit("["), sp, texpr(BINARY, ["-a", "-o"]), sp, lit("]")),
    test: seq(lit("test"), sp, texpr(BINARY, ["-a", "-o"])),
    "[[": seq(lit("[["), sp, texpr([...BINARY, "=~", "<", ">"], ["&&", "||"]), sp, lit("]]")),
    read: seq(
      lit("read"),
      many(alt(seq(lit("-"), rep(cls("ers"), 1, 3)), seq(alt(lit("-p"), lit("-d"), lit("-t"), lit("-n"), lit("-N"), lit("-u"), lit("-a")), sp, w)), 0, 4),
      many(name, 0, UNBOUNDED),
    ),
    cd: seq(lit("cd"), opt(seq(sp, alt(lit("-L"), lit("-P")))), opt(seq(sp, alt(ref(`sh_operand_s${s}`), lit("-"))))),
    wait: seq(lit("wait"), many(alt(lit("-n"), lit("-f"), pid), 0, UNBOUNDED)),
    export: seq(lit("export"), many(alt(assign, name), 1, UNBOUNDED)),
    local: seq(lit("local"), many(alt(assign, name), 1, UNBOUNDED)),
    declare: seq(lit("declare"), opt(seq(sp, lit("-"), rep(cls("aAilrux"), 1, 4))), many(alt(assign, name), 1, UNBOUNDED)),
    unset: seq(lit("unset"), opt(seq(sp, alt(lit("-v"), lit("-f")))), many(name, 1, UNBOUNDED)),
    set: seq(lit("set"), many(alt(seq(cls("-+"), rep(cls("euxvnfCbhmBHPT"), 1, 6)), seq(alt(lit("-o"), lit("+o")), sp, name), lit("--")), 1, 6)),
    shift: seq(lit("shift"), opt(seq(sp, ref("int")))),
    true: lit("true"),
    false: lit("false"),
    ":": lit(":"),
    exit: seq(lit("exit"), opt(seq(sp, w))),
    return: seq(lit("return"), opt(seq(sp, w))),
    break: seq(lit("break"), opt(seq(sp, ref("int")))),
    continue: seq(lit("continue"), opt(seq(sp, ref("int")))),
    echo: seq(lit("echo"), many(w, 0, UNBOUNDED)),
    pwd: seq(lit("pwd"), opt(seq(sp, alt(lit("-L"), lit("-P"))))),
    type: seq(lit("type"), opt(seq(sp, lit("-"), rep(cls("afptP"), 1, 3))), many(w, 1, UNBOUNDED)),
    // `command -v prog` looks a program up; `command prog args` runs it bypassing functions
    // (and, in a grammar, bypassing a policy's rules on prog: under one, only the lookup).
    command: seq(lit("command"), underPolicy ? seq(sp, alt(lit("-v"), lit("-V"))) : opt(seq(sp, alt(lit("-v"), lit("-V"), lit("-p")))), many(w, 1, UNBOUNDED)),
    source: seq(lit("source"), many(w, 1, UNBOUNDED)),
    ".": seq(lit("."), many(w, 1, UNBOUNDED)),
    eval: seq(lit("eval"), many(w, 1, UNBOUNDED)),
    umask: seq(lit("umask"), opt(seq(sp, lit("-S"))), opt(seq(sp, rep(cls("0-7"), 3, 4)))),
    printf: seq(lit("printf"), opt(seq(sp, lit("-v"), sp, name)), many(w, 1, UNBOUNDED)),
    // Job control: a pid, a $VAR or a jobspec (%1, %+, %name) are all operands.
    kill: seq(lit("kill"), alt(seq(sp, lit("-l"), many(w, 0, 1)), seq(opt(seq(sp, signal)), many(pid, 1, UNBOUNDED)))),
    jobs: seq(lit("jobs"), opt(seq(sp, lit("-"), rep(cls("lnprs"), 1, 3))), many(pid, 0, UNBOUNDED)),
    fg: seq(lit("fg"), many(pid, 0, 1)),
    bg: seq(lit("bg"), many(pid, 0, UNBOUNDED)),
    disown: seq(lit("disown"), opt(seq(sp, lit("-"), rep(cls("ahr"), 1, 3))), many(pid, 0, UNBOUNDED)),
    history: seq(lit("history"), opt(alt(seq(sp, lit("-c")), seq(sp, lit("-d"), sp, ref("int")), seq(sp, ref("int"))))),
    alias: seq(lit("alias"), many(alt(seq(name, lit("="), w), name), 0, UNBOUNDED)),
    unalias: seq(lit("unalias"), alt(seq(sp, lit("-a")), many(name, 1, UNBOUNDED))),
    trap: seq(
      lit("trap"),
      alt(seq(sp, lit("-l")), seq(sp, lit("-p"), many(w, 0, UNBOUNDED)), seq(sp, underPolicy ? alt(lit("-"), lit("''")) : w, many(signalName, 1, UNBOUNDED))),
    ),
  };
}

export const BUILTIN_NAMES = Object.keys(builtins(0));

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
    ],
  };
  const used = new Set<string>([start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of g.rules) if (used.has(r.name)) for (const n of refsOf(r.expr)) if (!used.has(n)) used.add(n), (grew = true);
  }
  return { start, rules: g.rules.filter((r) => used.has(r.name)) };
}
