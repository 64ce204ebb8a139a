// Bash builtins as grammars, from bash's own `help` text (data/bash-builtins, read by
// parse/bash-help.ts). Bash reads a builtin's options with its internal getopt: letters
// cluster (`read -rs`), a value follows its letter glued or as the next word (`read -n1`,
// `read -p x`), `--` ends the options, and options come before operands. The operands take
// their shape from bash's placeholder words: `name` is a variable name, `pid | jobspec` a
// process, `command` a command under its own grammar.
import { readFileSync } from "node:fs";
import { alt, cls, lit, matchesEmpty, opt, ref, rep, seq, type Expr } from "../grammar/ast.js";
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
  /** A redirection with its leading space, where the composition has them. */
  redirect?: Expr;
  /** ComposeOptions.rareForms: `--` before operands that could not start with `-` (`cd -- "$d"`). */
  rare?: boolean;
  /** An option before the operands gave a signal: a first process may be a negative group (`kill -9 -1`). */
  signalled?: boolean;
}

const sp = ref("sp");

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
  return alt(
    ref("int"),
    seq(lit("%"), rep(cls("A-Za-z0-9_.+%-"), 0, UNBOUNDED)),
    seq(lit("$"), varName),
    seq(lit('"$'), varName, lit('"')),
    ref(`sh_piece_s${s}`),
  );
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
      if (lender)
        for (const f of lender.forms)
          collectLetters(
            f.filter((i) => isOptionItem(i, lender)),
            lender,
            all,
            into,
            false,
          );
    } else if (it.kind === "optional") collectLetters(it.items, b, all, into, false);
    else if (it.kind === "choice") for (const a of it.alternatives) collectLetters(a, b, all, into, required && it.alternatives.length === 1);
  }
}

function optionArea(letters: Letters, b: BuiltinSpec, ctx: LowerContext): { area: Expr; one: Expr } | undefined {
  const value = (letter: string): Expr => {
    const doc = b.options.find((o) => o.letter === letter);
    const sh = shapeOf(letters.valued.get(letter)!, b, ctx, doc?.description);
    // A command as an option's value (`complete -C command`) is one word the builtin stores.
    if (doc?.choices) return alt(...doc.choices.map(lit));
    return sh.expr && !sh.rest ? sh.expr : ref(`sh_word_s${ctx.s}`);
  };
  // A value glued to its letter (`-n1`) or as the next word (`-n 1`).
  const valued = (l: string): Expr => seq(lit(l), opt(sp), value(l));
  // One option word: a sign, flag letters, and at most one valued letter, last (`-rsn1`, `-euo x`).
  const word = (sign: string, only?: Set<string>): Expr | undefined => {
    const fs = [...letters.flags].filter((l) => !only || only.has(l));
    const vs = [...letters.valued.keys()].filter((l) => !only || only.has(l));
    const flag = fs.length ? cls(fs.join("")) : undefined;
    // Letters whose values have one shape share one branch (`-[oAGW] word`): fewer places for an engine to compile.
    const byShape = new Map<string, { letters: string[]; value: Expr }>();
    for (const l of vs) {
      const v = value(l);
      const key = JSON.stringify(v);
      const group = byShape.get(key) ?? { letters: [], value: v };
      group.letters.push(l);
      byShape.set(key, group);
    }
    const groups = [...byShape.values()].map((gr) => seq(gr.letters.length > 1 ? cls(gr.letters.join("")) : lit(gr.letters[0]!), opt(sp), gr.value));
    const last = [...(flag ? [flag] : []), ...groups];
    if (!last.length) return undefined;
    return seq(lit(sign), ...(flag ? [rep(flag, 0, UNBOUNDED)] : []), alt(...last));
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
  const one = seq(sp, alt(...words));
  const any = rep(one, 0, UNBOUNDED);
  if (!letters.required.size) return { area: any, one };
  // A form that starts with an option (`history -anrw`, `kill -l`) needs one of its letters.
  const flags = [...letters.flags];
  const need = [...letters.required].map((l) =>
    letters.valued.has(l) ? valued(l) : seq(lit(l), ...(flags.length ? [rep(cls(flags.join("")), 0, UNBOUNDED)] : [])),
  );
  const area = seq(any, sp, lit("-"), alt(...need), any);
  return { area, one: area };
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
        // A signal goes to a process group as a negative pid (`kill -- -1234`), written once
        // getopt is done or once a signal is given (`kill -9 -1`: the first word that follows a
        // signal is a process); wait and disown take no group.
        if ((!leading || ctx.signalled) && PROCESS.test(it.metavar.toLowerCase()) && /\bsignal\b/i.test(b.summary)) e = seq(opt(lit("-")), e);
        if (it.assign) {
          // `export $(grep -v '^#' .env | xargs)`: a substitution the shell expands into
          // NAME=value words. Not under a policy, whose checks a run-time value would slip past.
          const piece = seq(ref(`sh_piece_s${ctx.s}`), opt(ref("word")));
          e = alt(ref(`sh_assign_s${ctx.s}`), e, ...(ctx.underPolicy ? [] : [seq(piece, rep(piece, 0, UNBOUNDED))]));
        }
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

/**
 * A builtin whose summary says it changes variables (`Set export attribute for shell variables`,
 * `Unset values ...`, `Mark shell variables ...`) needs one to change: with none it changes
 * nothing (listing has its own `-p` form, or none at all), a command left unfinished.
 */
const CHANGES_VARIABLES = /^(set|unset|mark|define)\b.*\bvariables?\b/i;
function needsName(b: BuiltinSpec, items: UsageItem[]): UsageItem[] {
  if (!CHANGES_VARIABLES.test(b.summary) || /\bdisplay\b/i.test(b.summary)) return items;
  const only = items.length === 1 ? items[0]! : undefined;
  const names = only?.kind === "optional" && only.items.length === 1 ? only.items[0]! : undefined;
  return names?.kind === "repeat" && names.item.kind === "operand" && NAME.test(names.item.metavar) ? [names] : items;
}

/** One builtin: a choice of its forms, each the name, an option area, `--` and the operands. */
export function lowerBuiltin(b: BuiltinSpec, all: Map<string, BuiltinSpec>, ctx: LowerContext): Expr {
  const forms = b.forms.map((items) => {
    let cut = 0;
    while (cut < items.length && isOptionItem(items[cut]!, b)) cut++;
    const letters: Letters = { flags: new Set(), valued: new Map(), plus: new Set(), glued: [], required: new Set() };
    collectLetters(items.slice(0, cut), b, all, letters, true);
    const opts = optionArea(letters, b, ctx);
    // Every builtin reads its options with bash's getopt, also one with none (`eval -x` is an
    // invalid option): `--` ends them, and a first operand cannot start with `-` without it.
    // A form that starts with an option (`declare -p`) is complete without a name.
    const given = letters.required.size ? items.slice(cut) : needsName(b, items.slice(cut));
    const tail = (c: LowerContext): Expr[] => {
      const plain = operands(given, b, c, { open: true });
      const after = operands(given, b, c, { open: false });
      // Where no operand could start with `-` (a name, a number, none at all), `--` changes
      // nothing but itself: written or not, the same operands follow (`cd -- "$dir"`). One of
      // the rare forms: over the default grammar's 40 builtins it cost 1.5% more XGrammar
      // compile time at Qwen2's vocabulary (docs/results/2026-12-07-summary-10.md).
      // After a signal, `--` is still how scripts write a group (`kill -TERM -- -$PGID`).
      if (JSON.stringify(plain) === JSON.stringify(after)) return c.rare === false && !c.signalled ? plain : [opt(seq(sp, lit("--"))), ...plain];
      return [alt(seq(sp, lit("--"), ...after), seq(...plain))];
    };
    // `printf >&2 "%s\n" x`: redirections may come right after the name, where words must
    // follow them. Where none need follow, the stage's own redirections already stand there.
    // Bash's kill reads one signal and then processes, so a group may follow the signal; with
    // no signal given, `-1` would be read as one.
    const signal = [...letters.glued.map((g) => g.metavar), ...letters.valued.values()].some((m) => SIGNAL.test(m.toLowerCase()));
    const rest =
      opts && signal && !letters.required.size
        ? [alt(seq(...tail(ctx)), seq(opts.one, opts.area, ...tail({ ...ctx, signalled: true })))]
        : [...(opts ? [opts.area] : []), ...tail(ctx)];
    const lead = ctx.redirect && !matchesEmpty(seq(...rest)) ? [opt(ctx.redirect)] : [];
    const base = seq(lit(b.name), ...lead, ...rest);
    // After an option, a builtin that runs a command may instead look it up (`command -v git`,
    // whose -v prints what COMMAND is): a lone name there needs no grammar of its own.
    if (!opts || letters.required.size || !ctx.inner || !runsCommand({ ...b, forms: [given] })) return base;
    const lookup = tail({ ...ctx, inner: alt(ctx.inner, ref(`sh_operand_s${ctx.s}`)) });
    return alt(seq(lit(b.name), ...tail(ctx)), seq(lit(b.name), opts.one, opts.area, ...lookup));
  });
  return alt(...forms);
}
