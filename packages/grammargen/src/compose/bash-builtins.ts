// Bash builtins as grammars, from bash's own `help` text (data/bash-builtins, read by
// parse/bash-help.ts). Bash reads a builtin's options with its internal getopt: letters
// cluster (`read -rs`), a value follows its letter glued or as the next word (`read -n1`,
// `read -p x`), `--` ends the options, and options come before operands. The operands take
// their shape from bash's placeholder words: `name` is a variable name, `pid | jobspec` a
// process, `command` a command under its own grammar.
import { readFileSync } from "node:fs";
import { alt, cls, lit, opt, ref, rep, seq, type Expr } from "../grammar/ast.js";
import { UNBOUNDED } from "../grammar/names.js";
import { parseBashHelp, type BuiltinSpec, type UsageItem } from "../parse/bash-help.js";

let cached: BuiltinSpec[] | undefined;
/** The builtins of the committed help text, parsed once. */
export function bashBuiltins(): BuiltinSpec[] {
  cached ??= parseBashHelp(readFileSync(new URL("../../data/bash-builtins/help.txt", import.meta.url), "utf8")).builtins;
  return cached;
}

export interface LowerContext {
  s: number;
  underPolicy: boolean;
  inner?: Expr;
  script?: Expr;
}

const sp = ref("sp");
const MAX_OPTION_WORDS = 8;

// Bash's placeholder vocabulary (the words its help texts use), by the shape of their values.
const NAME = /^(name|var|array|optname)$/;
const INT = /^(n|offset|count|signum|fd|nchars|origin|quantum|limit|timeout)$/;
const PATH = /^(dir|filename|pathname|mode)$/;
const PROCESS = /^(pid|jobspec|job_spec|id)$/;
const SIGNAL = /^(sigspec|signal_spec|sig)$/;
const COMMAND = /^(command|pipeline|shell-builtin)$/;
/** Redirections are the shell's, not the builtin's: the composition reads them anywhere. */
const SHELL_SYNTAX = /^redirection$/;
/** A plural placeholder not followed by `...` is still many words (`printf format [arguments]`). */
const PLURAL = /^(arguments|args)$/;

/** -9, KILL, SIGTERM, RTMIN+1. */
const signalName = (): Expr => alt(ref("int"), seq(rep(cls("A-Z"), 1, 3), rep(cls("A-Z0-9+-"), 0, UNBOUNDED)));
/** What kill, wait and fg take: 1234, %1, %+, $pid, "$pid", $!, $(pgrep x); never a bare "-". */
const processId = (s: number): Expr => {
  const varName = alt(seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED)), cls("!$"), seq(lit("{"), rep(cls("}", true), 1, UNBOUNDED), lit("}")));
  return alt(ref("int"), seq(lit("%"), rep(cls("A-Za-z0-9_.+%-"), 0, UNBOUNDED)), seq(lit("$"), varName), seq(lit('"$'), varName, lit('"')), ref(`sh_piece_s${s}`));
};

interface Shape {
  expr?: Expr;
  /** It takes the rest of the words (a command and its arguments). */
  rest?: boolean;
}

function shapeOf(metavar: string, b: BuiltinSpec, ctx: LowerContext, prose = ""): Shape {
  const m = metavar.toLowerCase();
  const doc = b.operands.find((o) => o.metavar === metavar);
  const words = (doc?.choices ?? []).map(lit);
  const withChoices = (e: Expr): Expr => (words.length ? alt(e, ...words) : e);
  if (doc?.script) {
    // An action the shell runs later: a quoted command line; under a policy only the forms that run nothing.
    if (ctx.underPolicy) return { expr: alt(lit("-"), lit("''"), lit('""')) };
    return { expr: alt(ctx.script ?? ref(`sh_word_s${ctx.s}`), ...words, lit("''"), lit('""')) };
  }
  if (SHELL_SYNTAX.test(m)) return {};
  if (COMMAND.test(m)) {
    const words = seq(ref(`sh_word_s${ctx.s}`), rep(seq(sp, ref(`sh_word_s${ctx.s}`)), 0, UNBOUNDED));
    return { expr: ctx.inner ?? words, rest: true };
  }
  if (NAME.test(m)) return { expr: withChoices(ref("sh_name")) };
  if (INT.test(m) || m === "N".toLowerCase()) {
    const t = /fractional/i.test(prose) ? "num" : /negative/i.test(prose) ? "int_m" : "int";
    return { expr: withChoices(ref(t)) };
  }
  if (PATH.test(m)) return { expr: withChoices(ref(`sh_operand_s${ctx.s}`)) };
  if (PROCESS.test(m)) return { expr: processId(ctx.s) };
  if (SIGNAL.test(m)) return { expr: signalName() };
  return { expr: withChoices(ref(`sh_word_s${ctx.s}`)) };
}

/** Letters of one form's option area, and how each is written. */
interface Letters {
  flags: Set<string>;
  valued: Map<string, string>;
  plus: Set<string>;
  /** Placeholders glued to a sign (`-sigspec`). */
  glued: { sign: string; metavar: string }[];
  required: Set<string>;
}

const isOptionItem = (it: UsageItem, b: BuiltinSpec): boolean => {
  switch (it.kind) {
    case "flags":
    case "option":
      return true;
    case "operand":
      return !!b.borrows && /^options?$/.test(it.metavar);
    case "optional":
      return it.items.length > 0 && it.items.every((i) => isOptionItem(i, b));
    case "choice":
      // `[-s sigspec | -n signum | -sigspec]`: a glued placeholder among options is one of them.
      return (
        it.alternatives.every((a) => a.every((i) => isOptionItem(i, b) || (i.kind === "operand" && !!i.sign))) &&
        it.alternatives.some((a) => a.some((i) => isOptionItem(i, b)))
      );
    default:
      return false;
  }
};

function collectLetters(items: UsageItem[], b: BuiltinSpec, all: Map<string, BuiltinSpec>, into: Letters, required: boolean): void {
  const plusAll = b.plus.includes("*");
  const add = (sign: string, letter: string, metavar: string | undefined, req: boolean): void => {
    const doc = b.options.find((o) => o.letter === letter);
    const mv = metavar ?? doc?.metavar;
    if (mv) into.valued.set(letter, mv);
    else into.flags.add(letter);
    if (sign === "+" || plusAll || b.plus.includes(letter)) into.plus.add(letter);
    if (req) into.required.add(letter);
  };
  for (const it of items) {
    if (it.kind === "flags") for (const c of it.letters) add(it.sign, c, undefined, required);
    else if (it.kind === "option") add(it.sign, it.letter, it.metavar, required);
    else if (it.kind === "operand" && it.sign) into.glued.push({ sign: it.sign, metavar: it.metavar });
    else if (it.kind === "operand" && b.borrows) {
      const lender = all.get(b.borrows);
      if (lender) for (const f of lender.forms) collectLetters(f.filter((i) => isOptionItem(i, lender)), lender, all, into, false);
    } else if (it.kind === "optional") collectLetters(it.items, b, all, into, false);
    else if (it.kind === "choice") for (const a of it.alternatives) collectLetters(a, b, all, into, required && it.alternatives.length === 1);
  }
}

function optionArea(letters: Letters, b: BuiltinSpec, ctx: LowerContext): Expr | undefined {
  const value = (letter: string): Expr => {
    const doc = b.options.find((o) => o.letter === letter);
    const mv = letters.valued.get(letter)!;
    const sh = shapeOf(mv, b, ctx, doc?.description);
    // A command as an option's value (`complete -C command`) is one word the builtin stores.
    if (doc?.choices) return alt(...doc.choices.map(lit));
    return sh.expr && !sh.rest ? sh.expr : ref(`sh_word_s${ctx.s}`);
  };
  const valuedPart = (only?: Set<string>): Expr | undefined => {
    const vs = [...letters.valued.keys()].filter((l) => !only || only.has(l));
    if (!vs.length) return undefined;
    // A value glued to its letter (`-n1`) or as the next word (`-n 1`).
    return alt(...vs.map((l) => seq(lit(l), alt(value(l), seq(sp, value(l))))));
  };
  const word = (sign: string, only?: Set<string>): Expr | undefined => {
    const fs = [...letters.flags].filter((l) => !only || only.has(l));
    const v = valuedPart(only);
    const cluster = fs.length ? seq(rep(alt(...fs.map(lit)), 1, MAX_OPTION_WORDS), ...(v ? [opt(v)] : [])) : undefined;
    const body = [...(cluster ? [cluster] : []), ...(v ? [v] : [])];
    return body.length ? seq(lit(sign), alt(...body)) : undefined;
  };
  const words: Expr[] = [];
  const dash = word("-");
  if (dash) words.push(dash);
  const plus = letters.plus.size ? word("+", letters.plus) : undefined;
  if (plus) words.push(plus);
  for (const g of letters.glued) {
    const sh = shapeOf(g.metavar, b, ctx);
    if (sh.expr) words.push(seq(lit(g.sign), sh.expr));
  }
  if (!words.length) return undefined;
  const any = rep(seq(sp, alt(...words)), 0, MAX_OPTION_WORDS);
  if (!letters.required.size) return any;
  // A form that starts with an option (`history -anrw`, `kill -l`) needs one of its letters.
  const need = [...letters.required].map((l) =>
    letters.valued.has(l) ? seq(lit(l), alt(value(l), seq(sp, value(l)))) : seq(lit(l), rep(alt(...[...letters.flags].map(lit)), 0, MAX_OPTION_WORDS)),
  );
  return seq(any, sp, lit("-"), alt(...need), any);
}

/**
 * Operand items as grammar; a command operand takes the rest of its sequence. `dashFirst`: getopt
 * would read a first operand that starts with `-` as an option, so it may not (after `--` it may).
 */
function operands(items: UsageItem[], b: BuiltinSpec, ctx: LowerContext, dashFirst: { open: boolean }): Expr[] {
  const out: Expr[] = [];
  for (const it of items) {
    const { expr, rest } = operand(it, b, ctx, dashFirst);
    if (expr) out.push(expr);
    if (rest) break;
  }
  return out;
}

function operand(it: UsageItem, b: BuiltinSpec, ctx: LowerContext, first: { open: boolean }): { expr?: Expr; rest?: boolean } {
  switch (it.kind) {
    case "operand": {
      const sh = shapeOf(it.metavar, b, ctx);
      if (!sh.expr) return {};
      const word = ref(`sh_word_s${ctx.s}`);
      const shaped = (leading: boolean): Expr => {
        let e = sh.expr!;
        if (leading && !it.sign && e.kind === "ref" && word.kind === "ref" && e.name === word.name) e = ref(`sh_operand_s${ctx.s}`);
        if (it.sign) e = seq(lit(it.sign), e);
        if (it.assign) e = alt(ref(`sh_assign_s${ctx.s}`), e);
        return seq(sp, e);
      };
      const leading = first.open;
      first.open = false;
      const many = PLURAL.test(it.metavar) && !sh.rest;
      const one = shaped(leading);
      return { expr: many ? seq(one, rep(shaped(false), 0, UNBOUNDED)) : one, ...(sh.rest ? { rest: true } : {}) };
    }
    case "literal":
      first.open = false;
      return { expr: seq(sp, lit(it.text)) };
    case "flags":
    case "option":
      // An option after an operand (rare in bash's synopses): written where the synopsis puts it.
      return { expr: seq(sp, lit(it.sign + (it.kind === "flags" ? it.letters : it.letter))) };
    case "optional": {
      // Absent, it leaves the next operand where it was: still the first one.
      const before = first.open;
      const inner = operands(it.items, b, ctx, first);
      first.open = before;
      return inner.length ? { expr: opt(seq(...inner)) } : {};
    }
    case "choice": {
      const before = first.open;
      const alts = it.alternatives
        .map((a) => {
          const f = { open: before };
          return operands(a, b, ctx, f);
        })
        .filter((a) => a.length);
      first.open = false;
      return alts.length ? { expr: alt(...alts.map((a) => seq(...a))) } : {};
    }
    case "repeat": {
      const head = operand(it.item, b, ctx, first);
      if (!head.expr) return {};
      if (head.rest) return head;
      const tail = operand(it.item, b, ctx, { open: false });
      return { expr: seq(head.expr, rep(tail.expr!, 0, UNBOUNDED)) };
    }
  }
}

/** Builtins that run a command given as their operand (`command`, `exec`, `time`): wrappers, like `nohup`. */
export function runsCommand(b: BuiltinSpec): boolean {
  const walk = (it: UsageItem): boolean =>
    it.kind === "operand"
      ? COMMAND.test(it.metavar.toLowerCase())
      : it.kind === "optional"
        ? it.items.some(walk)
        : it.kind === "choice"
          ? it.alternatives.some((a) => a.some(walk))
          : it.kind === "repeat" && walk(it.item);
  return b.forms.some((f) => f.some(walk));
}

/** One builtin: a choice of its forms, each the name, an option area, `--` and the operands. */
export function lowerBuiltin(b: BuiltinSpec, all: Map<string, BuiltinSpec>, ctx: LowerContext): Expr {
  const forms = b.forms.map((items) => {
    let cut = 0;
    while (cut < items.length && isOptionItem(items[cut]!, b)) cut++;
    const letters: Letters = { flags: new Set(), valued: new Map(), plus: new Set(), glued: [], required: new Set() };
    collectLetters(items.slice(0, cut), b, all, letters, true);
    const area = optionArea(letters, b, ctx);
    const getopt = !!area && (letters.flags.size > 0 || letters.valued.size > 0);
    const rest = (dashFirst: boolean): Expr[] => operands(items.slice(cut), b, ctx, { open: dashFirst });
    const plain = rest(true);
    const dashed = seq(sp, lit("--"), ...rest(false));
    const tail = getopt ? (plain.length ? [alt(dashed, seq(...plain))] : [opt(dashed)]) : rest(false);
    return seq(lit(b.name), ...(area ? [area] : []), ...tail);
  });
  return alt(...forms);
}
