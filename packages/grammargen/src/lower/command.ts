// CommandSpec -> grammar AST. One invocation: the command words, then options and operands
// interleaved (getopt permutes), `--` ending options. Options are grouped by how their value
// attaches and by value type, so a program with 150 options still gives a handful of rules:
// flat alternations of literals plus one character class for clustered short flags.
import { alt, lit, literalChoice, mapExpr, opt, ref, rep, rule, seq, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { sanitizeName, UNBOUNDED } from "../grammar/names.js";
import { GrammargenError } from "../diagnostics.js";
import { optionSpellings, type CommandSpec, type OptionSpec, type PositionalSpec, type ValueType } from "../ir.js";
import { LIMITS, quotedWhole, SHARED_TERMINALS, terminalRule, valueTerminal, valueTerminalExpr, wordPieces } from "./terminals.js";
import { chars, notWords } from "../compose/notwords.js";
import { lowerExtensions } from "./extensions.js";

/** The part of a policy that lowering applies: which options a grammar may offer. */
export interface LowerPolicy {
  allowOption?(command: string[], option: OptionSpec): boolean;
  /** Which subcommands of a tree (["git", "commit"]) a grammar may offer; all when absent. */
  allowSubcommand?(path: string[]): boolean;
}

export interface LowerOptions {
  policy?: LowerPolicy;
  /** Prefix of every command-specific rule; shared value terminals (sp, word, int, ...) are unprefixed. */
  ruleprefix?: string;
  /** Most options between two operands (default: unbounded, `(sp opt)*`). */
  maxOptionsPerGap?: number;
  /** Most operands in one invocation (default: unbounded; "FILE..." is `(sp operand)*`). */
  maxOperands?: number;
  /**
   * Where `--` may stand. "anywhere" (default): after options and any operands, each a plain
   * operand. "after-typed": right after the options, or after the operands as the usage types
   * them. A decoder needs the second: with the first, a word that no typed slot takes (an
   * ungrounded file name) is still an operand of the `--` form, which cannot end until `--`
   * is written, so a model that never writes it runs to its token limit.
   */
  dashDash?: "anywhere" | "after-typed";
  /**
   * A rule (with its own leading space) that may stand wherever an option may: composition
   * passes its redirection, which bash takes anywhere in a simple command (`ls >out -l`).
   */
  between?: string;
  /**
   * Options of the program itself that may stand between its name and a subcommand's words
   * (`git -C repo log`, `docker --host h ps`): composition passes the bare program's options
   * when it is composed beside its subcommands.
   */
  before?: OptionSpec[];
}

/** Operand counts from help text at or above this mean "repeated" ("FILE..."). */
const REPEATED = 16;

/** Styles whose optional option values may also be the next word (argparse nargs='?', clap). */
const SEPARATE_OPTIONAL = new Set(["argparse", "clap", "click"]);

class Lowering {
  readonly rules: Rule[] = [];
  readonly names = new Set<string>();
  readonly terminals = new Set<string>();
  private readonly enums = new Map<string, string>();

  constructor(
    readonly prefix: string,
    readonly opts: LowerOptions,
  ) {}

  add(name: string, expr: Expr, comment?: string): Expr {
    if (this.names.has(name)) throw new GrammargenError(`rule ${name} defined twice while lowering`, [], "ELOWER");
    this.names.add(name);
    this.rules.push(rule(name, expr, false, comment));
    return ref(name);
  }

  fresh(base: string): string {
    let name = base;
    for (let i = 2; this.names.has(name) || SHARED_TERMINALS.has(name); i++) name = `${base}_${i}`;
    return name;
  }

  t(name: string): Expr {
    this.terminals.add(name);
    return ref(name);
  }

  get sp(): Expr {
    return this.t("sp");
  }

  /** The value expression for a type: a shared typed terminal, or an enum rule of literals. */
  value(type: ValueType, asOperand: boolean): Expr {
    if (type.kind === "enum") {
      const choices = [...new Set(type.choices.filter((c) => c !== ""))].map(shellLiteral);
      if (choices.length === 0) return this.t(asOperand ? "operand" : "word");
      const key = choices.join("\u0000");
      let name = this.enums.get(key);
      if (!name) {
        name = this.fresh(`${this.prefix}_enum${this.enums.size ? this.enums.size + 1 : ""}`);
        this.enums.set(key, name);
        // Quoted whole too, as people also write one (--color="auto", kill -s 'TERM'); a choice
        // that needs quoting is offered quoted already.
        const plain = choices.filter((c) => !c.startsWith("'"));
        if (plain.length) {
          const bare = this.add(this.fresh(`${name}_w`), literalChoice(plain));
          const quotedAlready = choices.filter((c) => c.startsWith("'"));
          this.add(name, alt(bare, ...quotedWhole(bare), ...(quotedAlready.length ? [literalChoice(quotedAlready)] : [])));
        } else this.add(name, literalChoice(choices));
      }
      return ref(name);
    }
    return valueTerminalExpr(type, asOperand, (n) => this.t(n));
  }

  grammar(start: string): Grammar {
    const shared = [...this.terminals].sort().map(terminalRule);
    return { start, rules: [...this.rules, ...shared] };
  }
}

/** Enum choices that a shell would split or interpret are offered quoted. */
function shellLiteral(choice: string): string {
  return /^[^\s'"\\|&;<>()`$]+$/.test(choice) ? choice : `'${choice.replace(/'/g, "")}'`;
}

const valueKey = (t: ValueType): string => (t.kind === "enum" ? `enum:${t.choices.join("|")}` : t.kind === "integer" ? `integer:${t.signed ?? ""}` : t.kind);

interface Group {
  names: string[];
  option: OptionSpec;
  /** The names as a set, so a group of thousands of options grows in linear time. */
  has: Set<string>;
}

/** Groups options with the same value shape so each group lowers to one alternation. */
function groupBy(options: OptionSpec[], spell: (o: OptionSpec) => string[], style: string): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const o of options) {
    const names = spell(o);
    if (names.length === 0) continue;
    const key =
      o.arity === "none"
        ? `none${style === "cobra" ? ":bool" : ""}`
        : `${o.arity}:${valueKey(o.value?.type ?? { kind: "word" })}:${o.valueCount ?? 1}${o.joiner ? `:${o.joiner}` : ""}${o.valueApart ? ":apart" : ""}`;
    const g = groups.get(key);
    if (g) {
      for (const n of names) if (!g.has.has(n)) g.has.add(n), g.names.push(n);
    } else groups.set(key, { names: [...new Set(names)], option: o, has: new Set(names) });
  }
  return groups;
}

/** LLVM's tools: every long option may be written with one dash too. */
const singleDashLong = (spec: CommandSpec): boolean => spec.extensions?.some((e) => e.kind === "single-dash-long") ?? false;

interface LoweredOptions {
  /** One option, any spelling. */
  option?: Expr;
  /** The clustered flag letters' rule, when there are any. */
  flags?: Expr;
}

/**
 * The options' rule. `only`: lower just these options, as written after a cluster of `flags`
 * (sed -ne SCRIPT), and none of the open "any option word" branches.
 */
function lowerOptions(L: Lowering, base: string, spec: CommandSpec, options: OptionSpec[], only?: { flags?: Expr }): LoweredOptions {
  const separateOptional = SEPARATE_OPTIONAL.has(spec.style);
  /**
   * present: an optional value is written (the option without one is spelled elsewhere).
   * glued: the attached value, where it differs from the value as the next word.
   */
  const valueForms = (o: OptionSpec, attach: Expr, present = false, glued?: Expr): Expr => {
    const v = L.value(o.value?.type ?? { kind: "word" }, false);
    const gv = glued ?? v;
    const count = Math.max(1, Math.min(o.valueCount ?? 1, 8));
    const rest = count > 1 ? [rep(seq(L.sp, v), count - 1, count - 1)] : [];
    if (o.arity === "required") return seq(alt(seq(attach, gv), seq(L.sp, v)), ...rest);
    // optional: GNU getopt only takes an attached value; argparse/clap also take the next word
    const given = separateOptional || o.valueApart ? seq(alt(seq(attach, gv), seq(L.sp, v)), ...rest) : seq(attach, gv);
    return present ? given : opt(given);
  };

  const branches: Expr[] = [];
  let flagsRule: Expr | undefined;

  // Short options: one class for clustered flag letters, then at most one letter taking a value.
  const seen = new Set<string>();
  const shortOpts = options.map((o) => ({ ...o, short: o.short.filter((s) => !seen.has(s) && (seen.add(s), true)) }));
  // `-u, -U NUM, --unified[=NUM]`: the optional value is the long option's, and a twin letter
  // takes it as a required one, so -u itself is a plain flag that clusters anywhere (diff
  // -Naur). Without a twin the letter may be getopt's `w::`, which takes the rest of its
  // cluster as its value (od -wlots is -w "lots"), so it only clusters last.
  const plain = (o: OptionSpec): boolean =>
    o.arity === "none" ||
    (o.arity === "optional" &&
      options.some((t) => t !== o && t.arity === "required" && t.short.length > 0 && t.description === o.description && t.value?.metavar === o.value?.metavar));
  const flagLetters = shortOpts.filter(plain).flatMap((o) => o.short);
  // Plain letters and the others group apart: a plain letter's value, when it takes one, is written.
  const valued = shortOpts.filter((o) => o.arity !== "none");
  const shortGroups = [true, false].flatMap((p) =>
    [
      ...groupBy(
        valued.filter((o) => plain(o) === p),
        (o) => o.short,
        spec.style,
      ).values(),
    ].map((g) => ({ ...g, plain: p })),
  );
  if (flagLetters.length || shortGroups.length) {
    const parts: Expr[] = [];
    let flags: Expr | undefined;
    if (flagLetters.length) {
      const name = L.fresh(`${base}_sflags`);
      L.names.add(name);
      // A supplying flag (git add -A) clusters with the program's other flags (-vA, -Av): one
      // terminal, since a lexer would read "vA" whole as the other flags' terminal.
      const others = only?.flags;
      const cluster = others ? seq(opt(others), classOf(flagLetters), opt(others)) : rep(classOf(flagLetters), 1, UNBOUNDED);
      L.rules.push(rule(name, cluster, true, "clustered short flags"));
      flags = ref(name);
      flagsRule = flags;
      parts.push(flags);
    }
    flags ??= only?.flags;
    if (shortGroups.length) {
      // A plain letter without its value is already one of the flags above.
      const spelled = oneDashWords(spec, options);
      const sargName = L.fresh(`${base}_svalue`);
      // perl's "-l[octnum]" in `perl -lne CODE`: where the program reads its own switches
      // (getopt's `l::` would take "ne" as the value), an optional number glued to a letter ends
      // at its last digit, and the cluster goes on after it.
      const switches = spec.extensions?.some((e) => e.kind === "switch-clusters") ?? false;
      const goesOn = (o: OptionSpec): Expr[] =>
        switches && o.arity === "optional" && (o.value?.type.kind === "integer" || o.value?.type.kind === "number")
          ? [opt(flags ? alt(seq(flags, opt(ref(sargName))), ref(sargName)) : ref(sargName))]
          : [];
      const withValue = shortGroups.flatMap((g) => {
        const apart = gluedExceptions(L, base, g.names, g.option, flagLetters, spelled);
        const rest = g.names.filter((c) => !apart.has(c));
        const more = g.plain ? [] : goesOn(g.option);
        return [
          ...(rest.length ? [seq(alt(...rest.map(lit)), valueForms(g.option, lit(""), g.plain), ...more)] : []),
          ...[...apart].map(([c, glued]) => seq(lit(c), valueForms(g.option, lit(""), g.plain, glued), ...more)),
        ];
      });
      const sarg = L.add(sargName, alt(...withValue.map(dropEmpty)), "short options taking a value");
      parts.push(flags ? seq(opt(flags), sarg) : sarg);
    }
    // A number written as the option (head -5): a number's expansion too (head -$N).
    if ([..."0123456789"].every((d) => flagLetters.includes(d)) && !only) parts.push(L.value({ kind: "integer" }, false));
    if (parts.length) branches.push(L.add(L.fresh(`${base}_short`), seq(lit("-"), alt(...parts))));
  }

  // Long options: `--name`, `--name=V` / `--name V`, `--name[=V]`.
  const longNames = (o: OptionSpec) => [
    ...o.long,
    ...(o.negatable && o.arity === "none" ? o.long.filter((l) => !l.startsWith("no-")).map((l) => `no-${l}`) : []),
  ];
  const abbreviated = spec.extensions?.some((e) => e.kind === "abbreviations") ?? false;
  const longPrefixes = abbreviated ? uniquePrefixes(options.flatMap(longNames), []) : undefined;
  const longGroups = groupBy(options, (o) => withPrefixes(longNames(o), longPrefixes), spec.style);
  // Each group's names as a trie (shared prefixes written once), then the group's value form
  // once after the trie. Engines pay per grammar position (XGrammar computes a token mask for
  // each; llama.cpp keeps a stack per live branch): a flat alternation of 250 long options
  // costs every character of every name, and a value form after each name costs it again.
  if (longGroups.size) {
    const forms = [...longGroups.entries()].map(([key, g]) => {
      const names = literalChoice(g.names);
      if (g.option.arity === "none") return key.endsWith(":bool") ? seq(names, opt(seq(lit("="), alt(lit("true"), lit("false"))))) : names;
      return seq(names, valueForms(g.option, lit("=")));
    });
    branches.push(L.add(L.fresh(`${base}_long`), seq(singleDashLong(spec) ? alt(lit("--"), lit("-")) : lit("--"), alt(...forms.map(dropEmpty)))));
  }

  // Single-dash long options (-name value), as openssl, find and Java tools spell them.
  // Under "abbreviations" a single-dash prefix never takes a short option's letter.
  const dashPrefixes = abbreviated
    ? uniquePrefixes(
        options.flatMap((o) => o.dashLong ?? []),
        options.flatMap((o) => o.short),
      )
    : undefined;
  const dashGroups = groupBy(
    options.filter((o) => o.dashLong?.length),
    (o) => withPrefixes(o.dashLong ?? [], dashPrefixes),
    spec.style,
  );
  if (dashGroups.size) {
    const forms = [...dashGroups.values()].map((g) => {
      const names = literalChoice(g.names);
      if (g.option.arity === "none") return names;
      const v = L.value(g.option.value?.type ?? { kind: "word" }, false);
      // gcc's -std=c11, -Wl,-rpath,/lib: glued on, never the next word.
      if (g.option.joiner) {
        // Netpbm's -row=N, which its text lets be written -row N too (valueApart).
        const glued = g.option.valueApart ? alt(seq(lit(g.option.joiner), v), seq(L.sp, v)) : seq(lit(g.option.joiner), v);
        return seq(names, g.option.arity === "required" ? glued : opt(glued));
      }
      const count = Math.max(1, Math.min(g.option.valueCount ?? 1, 8));
      const one = seq(L.sp, v);
      if (g.option.arity === "required") return seq(names, rep(one, count, count));
      // squashfs-tools' "-ll[s]", "-lln[umeric]": an optional value of given words that the text
      // does not set apart is written glued on as well (-lls, -llnumeric). Not any word: -namex
      // would pass for a misspelled -name.
      return seq(names, opt(!g.option.valueApart && g.option.value?.type.kind === "enum" ? alt(v, one) : one));
    });
    branches.push(L.add(L.fresh(`${base}_dlong`), seq(lit("-"), alt(...forms))));
  }
  // A wrapper whose options are another program's (zgrep's are grep's): any option word. A value
  // given as the next word reads as an operand.
  // Under a policy that denies some of the program's flags neither is taken: any option word
  // would let the denied ones back in.
  const open = !L.opts.policy?.allowOption && !only;
  if (open && spec.extensions?.some((e) => e.kind === "options-of" && !e.ifHeld)) branches.push(seq(lit("-"), L.t("word")));
  // gcc's -O2, -Wall, -fPIC: a prefix the help names, with anything glued on.
  for (const e of spec.extensions ?? [])
    if (open && e.kind === "option-prefixes" && e.prefixes.length) branches.push(seq(literalChoice(e.prefixes), opt(L.t("word"))));
  if (branches.length === 0) return { flags: flagsRule };
  return { option: L.add(L.fresh(`${base}_opt`), alt(...branches)), flags: flagsRule };
}

/**
 * The words spelled after one dash that are not one letter, of the options that need a value:
 * one-dash options, their prefixes, LLVM-style long ones. A flag needs no exception: read as a
 * letter with a glued value (pkill's `-PIPE` as `-P` "IPE"), it accepts what the flag accepts,
 * while each exception costs XGrammar a walk of most of its vocabulary (about 0.5 s for pkill's
 * signal names at Qwen2's).
 */
function oneDashWords(spec: CommandSpec, options: OptionSpec[]): string[] {
  const abbreviated = spec.extensions?.some((e) => e.kind === "abbreviations") ?? false;
  const dashLong = options.flatMap((o) => o.dashLong ?? []);
  const prefixes = abbreviated
    ? uniquePrefixes(
        dashLong,
        options.flatMap((o) => o.short),
      )
    : undefined;
  const valued = options.filter((o) => o.arity === "required");
  return [
    ...withPrefixes(
      valued.flatMap((o) => o.dashLong ?? []),
      prefixes,
    ),
    ...(singleDashLong(spec) ? valued.flatMap((o) => o.long) : []),
  ].filter((w) => w.length > 1);
}

/**
 * A word that spells a one-dash option is that option: xprop's `-font` is not `-f` with "ont"
 * glued on. Per valued letter that could complete such a word (after clustered flags), the
 * attached value without those completions. Any-word and enum values only.
 */
function gluedExceptions(L: Lowering, base: string, letters: string[], option: OptionSpec, flagLetters: string[], words: string[]): Map<string, Expr> {
  const out = new Map<string, Expr>();
  if (!words.length) return out;
  const type = option.value?.type ?? { kind: "word" };
  if (type.kind !== "enum" && valueTerminal(type, false) !== "word") return out;
  const flags = new Set(flagLetters);
  for (const c of letters) {
    const rests = new Set<string>();
    for (const w of words) for (let i = 0; i < w.length - 1 && (i === 0 || flags.has(w[i - 1]!)); i++) if (w[i] === c) rests.add(w.slice(i + 1));
    if (!rests.size) continue;
    if (type.kind === "enum") {
      const kept = type.choices.filter((x) => !rests.has(x));
      if (kept.length < type.choices.length) out.set(c, kept.length ? L.value({ kind: "enum", choices: kept }, false) : lit(""));
      continue;
    }
    // Any word but those: a bare word that is none of them, or one with a quoted or escaped piece.
    const bare = chars(wordPieces.BARE_EXCLUDED, true);
    const { bareChar, escaped, squoted, dquoted } = wordPieces;
    const expr = alt(notWords([...rests], bare, bare, UNBOUNDED), seq(rep(bareChar(), 0, UNBOUNDED), alt(escaped(), squoted(), dquoted()), opt(L.t("word"))));
    const name = L.fresh(`${base}_glued_${sanitizeName(c)}`);
    L.names.add(name);
    L.rules.push(rule(name, expr, true, `-${c}'s attached value: no word that spells a one-dash option`));
    out.set(c, ref(name));
  }
  return out;
}

/**
 * Each name's unique prefixes (the name itself excluded): cut anywhere after the point where no
 * other name starts alike, and never equal to another name or to one of `taken`.
 */
function uniquePrefixes(names: string[], taken: string[]): Map<string, string[]> {
  const all = [...new Set(names)];
  const reserved = new Set([...all, ...taken]);
  const out = new Map<string, string[]>();
  for (const n of all) {
    const cuts: string[] = [];
    for (let k = n.length - 1; k >= 1; k--) {
      const p = n.slice(0, k);
      if (reserved.has(p) || all.some((x) => x !== n && x.startsWith(p))) break;
      cuts.push(p);
    }
    out.set(n, cuts);
  }
  return out;
}

const withPrefixes = (names: string[], prefixes: Map<string, string[]> | undefined): string[] =>
  prefixes ? [...names, ...names.flatMap((n) => prefixes.get(n) ?? [])] : names;

/** seq(x, lit("")) comes from attaching nothing; drop empty literals so emitters never see them. */
function dropEmpty(e: Expr): Expr {
  return mapExpr(e, (x) => {
    if (x.kind !== "seq") return x;
    const items = x.items.filter((i) => !(i.kind === "lit" && i.text === ""));
    return items.length === 1 ? items[0]! : { kind: "seq", items };
  });
}

function classOf(letters: string[]): Expr {
  const ranges: [number, number][] = [...new Set(letters)].sort().map((c) => [c.codePointAt(0)!, c.codePointAt(0)!]);
  return { kind: "cls", ranges, negated: false };
}

/** An option after which the program takes no options of its own: "(terminates option list)". */
const ENDS_OPTIONS = /\bterminates? (?:the )?option list\b|\b(?:stops|ends) option (?:parsing|processing)\b/i;

function lowerInvocation(L: Lowering, base: string, spec: CommandSpec, words: Expr, inherited: OptionSpec[]): Expr {
  const policy = L.opts.policy;
  const allOptions = [...spec.options, ...inherited].filter((o) => !policy?.allowOption || policy.allowOption(spec.path, o));
  // Options and repeated operands ("FILE...") are unbounded by default: a bound such as
  // (sp opt){0,64} nested inside (sp FILE opts){0,64} is unrolled by XGrammar into thousands
  // of positions (minutes to compile), while `*` is one loop in every engine. The bounds that
  // keep composed grammars finite (pipeline length, nesting depth) live in composition.
  const maxGap = L.opts.maxOptionsPerGap ?? UNBOUNDED;
  const maxOperands = L.opts.maxOperands ?? UNBOUNDED;
  const unbounded = maxOperands >= UNBOUNDED;
  const lowered = lowerOptions(L, base, spec, allOptions);
  const optRef = lowered.option;
  const between = L.opts.between ? [ref(L.opts.between)] : [];
  const gapItem = optRef ? alt(seq(L.sp, optRef), ...between) : between[0];
  const gap = gapItem ? L.add(L.fresh(`${base}_opts`), rep(gapItem, 0, maxGap)) : undefined;
  const withGap = (...items: Expr[]): Expr => seq(...items, ...(gap ? [gap] : []));

  // A subcommand the help lists but does not describe (no help of its own was read) takes
  // any words: refusing `npm install express` would force a decoder off every real use. The
  // program's global options it inherits say nothing about its own arguments.
  const unknownShape = spec.options.length === 0 && spec.positionals.length === 0 && spec.subcommands.length === 0 && spec.path.length > 1;
  let positionals: PositionalSpec[] = spec.positionals;
  if (unknownShape) positionals = [{ name: "ARGS", type: { kind: "word" }, min: 0, max: LIMITS.operands }];

  // Fit the operand caps into the budget by trimming the widest ones, never below a minimum.
  // Without a budget, a repeated operand (the parsers' "many", 16 or more) has no cap.
  const caps = unbounded ? positionals.map((p) => (p.max >= REPEATED ? UNBOUNDED : Math.max(p.min, p.max))) : fitCaps(positionals, maxOperands);
  // The operands in order; `minOf` relaxes the ones an option supplied. `left`: the budget left.
  const operandBlocks = (minOf: (p: PositionalSpec) => number): { blocks: Expr[]; left: number } => {
    let budget = unbounded
      ? UNBOUNDED
      : Math.max(
          maxOperands,
          caps.reduce((a, b) => a + b, 0),
        );
    const blocks: Expr[] = [];
    for (const [i, p0] of positionals.entries()) {
      const p = { ...p0, min: minOf(p0), max: caps[i]! };
      if (p.rest) {
        // Options end at this operand: it and the words after it pass through as they are.
        const words = unbounded ? UNBOUNDED : Math.max(0, budget - 1);
        budget = 0;
        const block = seq(L.sp, L.value(p.type, true), ...(words > 0 ? [rep(seq(L.sp, L.t("word")), 0, words)] : []));
        blocks.push(p.min > 0 ? block : opt(block));
        break;
      }
      const max = unbounded ? p.max : Math.max(0, Math.min(p.max, budget));
      const min = Math.min(p.min, max);
      if (!unbounded) budget -= max;
      if (max === 0) continue;
      // Under a policy that filters options, its words are operands only: an option word there
      // would pass the filter unseen.
      const v = unknownShape ? L.t(policy?.allowOption ? "operand" : "word") : L.value(p.type, true);
      blocks.push(rep(withGap(L.sp, v), min, max));
    }
    // Adjacent operands of one shape ("[A] [B] [C]" all plain words) merge into one bounded
    // repetition: the same language, and no chain of optional groups for Lark to multiply out.
    // (One pass, left to right, each item serialised once: splicing pairwise was quadratic.)
    const merged: { block: Expr; key?: string }[] = [];
    for (const b of blocks) {
      const key = b.kind === "rep" ? JSON.stringify(b.item) : undefined;
      const last = merged[merged.length - 1];
      if (key !== undefined && last?.key === key && last.block.kind === "rep" && b.kind === "rep")
        last.block = rep(last.block.item, last.block.min + b.min, Math.min(UNBOUNDED, last.block.max + b.max));
      else merged.push({ block: b, key });
    }
    return { blocks: merged.map((m) => m.block), left: budget };
  };
  const { blocks: joined, left: budget } = operandBlocks((p) => p.min);
  // A rest operand takes any number of words, after `--` too (`fakeroot -- ls -l`).
  const total = unbounded
    ? positionals.some((p) => p.rest)
      ? UNBOUNDED
      : Math.min(
          UNBOUNDED,
          caps.reduce((a, b) => a + b, 0),
        )
    : maxOperands - budget;
  const head = withGap(words);
  // After `--` every word is an operand, even one starting with '-'.
  const passed = spec.extensions?.some((e) => e.kind === "passes-after-dashes") ? UNBOUNDED : 1;
  const dashes = [L.sp, lit("--"), rep(seq(L.sp, L.t("word")), 0, Math.max(total, passed))];
  const afterDashes = seq(...dashes);
  let forms: Expr[];
  if (L.opts.dashDash === "after-typed") {
    // `rm -- -f` needs the form without operands when the usage requires some; otherwise the
    // main form's own optional `--` covers it, and one form keeps one parse.
    const required = positionals.some((p) => p.min > 0);
    forms = [seq(head, ...joined, opt(afterDashes)), ...(required ? [seq(head, afterDashes)] : [])];
  } else {
    const tail = seq(head, ...(total > 0 ? [rep(withGap(L.sp, L.t("operand")), 0, total)] : []), ...dashes);
    forms = [seq(head, ...joined), tail];
  }
  // An operand an option supplies (sed -e SCRIPT, grep -f FILE) may be absent once one of
  // those options is given: a form that starts with such an option, among the others, and
  // then takes the operands with the supplied ones optional. `sed` and `grep` alone still fail.
  const supplied = new Set(positionals.flatMap((p) => p.suppliedBy ?? []));
  const suppliers = supplied.size ? allOptions.filter((o) => optionSpellings(o).some((w) => supplied.has(w))) : [];
  if (suppliers.length) {
    // `--no-all` supplies nothing that `--all` does.
    const supplier = lowerOptions(
      L,
      `${base}_supply`,
      spec,
      suppliers.map((o) => ({ ...o, negatable: false })),
      { flags: lowered.flags },
    ).option;
    const given = new Set(suppliers.flatMap(optionSpellings));
    const relaxed = operandBlocks((p) => (p.suppliedBy?.some((w) => given.has(w)) ? 0 : p.min)).blocks;
    if (supplier) forms.push(seq(head, withGap(L.sp, supplier), ...relaxed, ...(L.opts.dashDash === "after-typed" ? [opt(afterDashes)] : [])));
  }
  // "-m mod  run library module as a script (terminates option list)": after such an option and
  // its value every word passes through, the options of what it runs included (`python3 -m
  // http.server --bind ::1`, `python3 -c 'code' -x`). Under a policy that filters options, as
  // operands only.
  const enders = allOptions.filter((o) => optionSpellings(o).length && ENDS_OPTIONS.test(o.description));
  const ender = enders.length ? lowerOptions(L, `${base}_ends`, spec, enders, { flags: lowered.flags }).option : undefined;
  if (ender) forms.push(seq(head, L.sp, ender, rep(seq(L.sp, L.t(policy?.allowOption ? "operand" : "word")), 0, UNBOUNDED)));
  // "--version  output version information and exit": such an option alone is a whole
  // invocation, even where the usage line demands operands (watch --version, ssh -V); so is
  // util-linux's "-h, --help  display this help", which does not say it exits, and an option
  // that lists what the program knows ("--voices  List the available voices", "-l  List
  // available transformations"), which needs no operand to list it.
  // Usage forms that each start with a command: the program without one is no invocation, but
  // for an option such as these alone (`tool --help`).
  const commandRequired = spec.subcommands.length > 0 && !!spec.extensions?.some((e) => e.kind === "command-required");
  const alone: Expr[] = [];
  if (positionals.some((p) => p.min > 0) || commandRequired) {
    const INFO = /^(help|version|usage)$/;
    // Not curl's "-l, --list-only  List only mode", a mode of another action.
    const LISTS = /^(?:: )?(list|lists|show a list|display all|(print|show|display) (a |the )?list)\b(?! only)/i;
    const exits = allOptions.filter(
      (o) =>
        (o.arity === "none" &&
          (/\b(and|then) (exits?|quits?)\b/i.test(o.description) ||
            LISTS.test(o.description) ||
            o.long.some((l) => INFO.test(l)) ||
            (o.dashLong ?? []).some((d) => INFO.test(d)) ||
            (o.short.some((c) => c === "h" || c === "V" || c === "?") && /\b(help|version|usage)\b|^this message$/i.test(o.description)) ||
            // poppler's "-v  : print copyright and version info".
            (o.short.includes("v") && /^(?:: )?(print|show|display|output)\b.*\bversion\b/i.test(o.description) && !/verbos/i.test(o.description)))) ||
        // util-linux kill's "-l, --list=[<signal>]  list all signal names, or convert one to a name".
        (o.arity === "optional" && LISTS.test(o.description)) ||
        // Thor's "-h, [--help], [--no-help]  # Show this help message and quit" reads as an optional value.
        (o.arity === "optional" && o.long.includes("help") && /\b(help|usage)\b/i.test(o.description)),
    );
    const spellings = [
      ...new Set(
        exits.flatMap((o) => [
          ...o.long.map((l) => `--${l}`),
          ...(singleDashLong(spec) ? o.long.map((l) => `-${l}`) : []),
          ...o.short.map((c) => `-${c}`),
          ...(o.dashLong ?? []).map((d) => `-${d}`),
        ]),
      ),
    ];
    // Other options may come with it (`cjxl -h -v -v`, `prog -q --version`): they do not bring the operands back.
    if (spellings.length) alone.push(withGap(head, L.sp, literalChoice(spellings)));
    // wfuzz's "-e <type>  : List of available encoders/payloads/printers", kcat's "-X list  List
    // available properties": an option that lists what the program has of the kind its value names
    // is a whole invocation with that value. Not "-M FILE  list of servers", a list given to it.
    // OpenSSH's "-Q query_option  Queries for the algorithms supported by one of the following
    // features" too (`ssh -Q cipher`).
    const listers = allOptions.filter(
      (o) =>
        o.arity === "required" &&
        /^(?:: )?(?:list (?:of )?(?:the )?(?:available|installed|supported)|quer(?:y|ies)(?: for)? (?:the )?[\w-]+ (?:available|supported))\b/i.test(
          o.description,
        ),
    );
    const lister = listers.length ? lowerOptions(L, `${base}_lists`, spec, listers, { flags: lowered.flags }).option : undefined;
    if (lister) alone.push(withGap(head, L.sp, lister));
  }
  forms = [...(commandRequired ? [] : forms), ...alone];
  if (spec.subcommands.length) {
    const globals = [...inherited, ...(spec.globalOptions ?? [])];
    const kept = spec.subcommands.filter((sub) => L.opts.policy?.allowSubcommand?.(sub.path) ?? true);
    // A name cut short is the first listed name it starts, as a program reading its table in order takes it.
    const names = spec.subcommands.map((sub) => sub.path[sub.path.length - 1] ?? "");
    const short = spec.extensions?.some((e) => e.kind === "abbreviated-commands");
    const subs = kept.map((sub) => {
      const name = sub.path[sub.path.length - 1] ?? "";
      const first = names.indexOf(name);
      const cut = short ? leadingParts(name).filter((p) => !names.some((n, j) => n === p || (j < first && n.startsWith(p)))) : [];
      const subWords = alt(...[...new Set([name, ...sub.aliases, ...cut])].filter((w) => w !== "").map(lit));
      return lowerInvocation(L, L.fresh(`${base}_${sanitizeName(name)}`), sub, subWords, globals);
    });
    if (subs.length) forms.push(seq(head, L.sp, alt(...subs)));
  }
  return L.add(base, alt(...forms.map(dropEmpty)));
}

/**
 * Operand caps that fit `maxOperands`: the result of taking one from the widest trimmable cap
 * (first on ties, never below its minimum, never a rest operand) until the sum fits. Computed
 * by finding the level the caps are cut to, since one step at a time cost operands x total.
 */
export function fitCaps(positionals: PositionalSpec[], maxOperands: number): number[] {
  const caps = positionals.map((p) => Math.max(p.min, p.max));
  const cut = (T: number) => caps.map((c, i) => (positionals[i]!.rest ? c : Math.max(positionals[i]!.min, Math.min(c, T))));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(caps) <= maxOperands) return caps;
  if (sum(cut(0)) > maxOperands) return cut(0);
  // The largest level T whose cut fits; cut(hi) never fits.
  let lo = 0;
  let hi = Math.max(...caps);
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (sum(cut(mid)) <= maxOperands) lo = mid;
    else hi = mid;
  }
  // Everything is cut to `hi` first; then caps standing at `hi` lose one each, in order, until it fits.
  const out = cut(hi);
  let total = sum(out);
  for (let i = 0; i < out.length && total > maxOperands; i++) {
    if (out[i] === hi && !positionals[i]!.rest && hi > positionals[i]!.min) {
      out[i]!--;
      total--;
    }
  }
  return out;
}

function commandWords(spec: CommandSpec, sp: Expr, before?: Expr): Expr {
  const path = spec.path.filter((w) => w !== "");
  if (path.length === 0) throw new GrammargenError("command spec has an empty path", [], "ELOWER");
  // Aliases: a program's name, or a command's last word.
  const called = (w: string) => alt(...[w, ...spec.aliases.filter((a) => a && !a.includes(" "))].filter((x, i, a) => a.indexOf(x) === i).map(lit));
  const first = path.length > 1 ? lit(path[0]!) : called(path[0]!);
  const rest = path.slice(1).flatMap((w, i) => [sp, i === path.length - 2 ? called(w) : lit(w)]);
  return seq(first, ...(before ? [rep(seq(sp, before), 0, UNBOUNDED)] : []), ...rest);
}

export function lowerCommand(spec: CommandSpec, opts: LowerOptions = {}): Grammar {
  let prefix = opts.ruleprefix !== undefined ? opts.ruleprefix : sanitizeName(spec.path.join("_"));
  if (!/^[a-z][a-z0-9_]*$/.test(prefix)) throw new GrammargenError(`ruleprefix ${JSON.stringify(prefix)} must match [a-z][a-z0-9_]*`, [], "ELOWER");
  if (SHARED_TERMINALS.has(prefix) || prefix === "start" || prefix === "root") prefix = `${prefix}_cmd`;
  // find expressions, tar letter bundles and dd operands have their own lowering (lower/extensions.ts).
  const extended = lowerExtensions(spec, prefix, opts, (s, p) => lowerCommand(s, { ...opts, ruleprefix: p }));
  if (extended) return extended;
  const L = new Lowering(prefix, opts);
  // The program's own options before a subcommand's words, lowered under a prefix of their own.
  const before =
    opts.before?.length && spec.path.length > 1
      ? lowerOptions(L, `${prefix}_pre`, { ...spec, path: spec.path.slice(0, 1), options: opts.before, positionals: [], subcommands: [] }, opts.before).option
      : undefined;
  const start = lowerInvocation(L, prefix, spec, commandWords(spec, L.sp, before), []);
  if (start.kind !== "ref") throw new GrammargenError("lowering produced no start rule", [], "ELOWER");
  // The start rule was added last among its own rules; keep it first for readable output.
  const g = L.grammar(start.name);
  const i = g.rules.findIndex((r) => r.name === start.name);
  g.rules.unshift(...g.rules.splice(i, 1));
  return g;
}

/** A name's leading parts (`address` -> a, ad, ..., addres). */
const leadingParts = (name: string): string[] => [...name].slice(0, -1).map((_, i) => name.slice(0, i + 1));
