// One program, two texts: its --help output and its man page. The help text is the installed
// program's own word and is the base, unless it is thin (it lists fewer than a third of the
// man page's options: procps' terse usage, apt-cache's "command" summary); then the man page
// is. The other text adds what the base leaves out (options, spellings, and, for a base with
// no usage line, its operands). Every difference is reported, on the text it was found in.
import { withLeftOff } from "./left-off.js";
import { markSubcommands } from "./subcommand-operand.js";
import type { Diagnostic } from "../diagnostics.js";
import type { CommandSpec, OptionSpec, PositionalSpec } from "../ir.js";
import type { ParseResult } from "./help.js";

type Origin = "help" | "man";
const NAME: Record<Origin, string> = { help: "help text", man: "man page" };

const spellings = (o: OptionSpec): string[] => [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)];
const keys = (o: OptionSpec): string[] => [...o.short.map((s) => `s:${s}`), ...o.long.map((l) => `l:${l}`), ...(o.dashLong ?? []).map((d) => `d:${d}`)];
const copy = <T>(x: T): T => structuredClone(x);
const takes = (a: OptionSpec["arity"]) => (a === "none" ? "no value" : `a value (${a})`);
const choicesOf = (o: OptionSpec): string[] => (o.value?.type.kind === "enum" ? o.value.type.choices : []);
/** An operand of choices that are all among the option's value's choices. */
const choicesIn = (p: PositionalSpec, o: OptionSpec): boolean =>
  p.type.kind === "enum" && choicesOf(o).length > 0 && p.type.choices.every((c) => choicesOf(o).includes(c));

/**
 * Merges the spec read from a program's help text with the one read from its man page. Either
 * may be missing (then the other is returned as it is). Diagnostics: both inputs' (each with
 * its `origin`), then one warning per difference: which text is the base when it is the man
 * page, an option in only one of the texts, a value the texts disagree on (required, optional
 * or none), operands taken from the other text.
 */
export function mergeHelpAndMan(help: ParseResult | undefined, man: ParseResult | undefined): ParseResult {
  const tag = (ds: Diagnostic[], origin: Origin) => ds.map((d) => ({ ...d, origin }));
  if (!help || !man) {
    const only = help ?? man;
    if (!only) throw new TypeError("mergeHelpAndMan needs a help text's or a man page's result");
    return { spec: only.spec, diagnostics: tag(only.diagnostics, help ? "help" : "man") };
  }
  const thin = help.spec.options.length * 3 < man.spec.options.length;
  const [baseOrigin, otherOrigin]: [Origin, Origin] = thin ? ["man", "help"] : ["help", "man"];
  const [base, other] = thin ? [man, help] : [help, man];
  const spec: CommandSpec = copy(base.spec);
  const notes: Diagnostic[] = [];
  const note = (message: string, origin: Origin, span?: OptionSpec["span"]) =>
    notes.push({ severity: "warning", stage: "parse", message, origin, ...(span ? { span } : {}) });
  const where = (o: OptionSpec, origin: Origin) => (o.span ? ` (${NAME[origin]} line ${o.span.line})` : "");
  if (thin)
    note(
      `the help text lists ${help.spec.options.length} option(s), the man page ${man.spec.options.length}: the man page is the base, the help text adds to it`,
      "help",
    );

  const byKey = new Map<string, OptionSpec>();
  for (const o of spec.options) for (const k of keys(o)) if (!byKey.has(k)) byKey.set(k, o);
  const matched = new Set<OptionSpec>();
  for (const m of other.spec.options) {
    const b = keys(m)
      .map((k) => byKey.get(k))
      .find((x) => x !== undefined);
    if (!b) {
      const added = copy(m);
      spec.options.push(added);
      for (const k of keys(added)) if (!byKey.has(k)) byKey.set(k, added);
      note(`option ${spellings(m).join(", ")} is in the ${NAME[otherOrigin]} only${where(m, otherOrigin)}; added`, otherOrigin, m.span);
      continue;
    }
    matched.add(b);
    // killall's page heads "-s, --signal, -SIGNAL" with no value, where its help gives -s one:
    // the value written as the option itself (-9, -HUP) takes none, so those spellings are an
    // option of their own beside the one that takes a value.
    const valueAsOption = (k: string) => /^s:\d$|^d:/.test(k);
    const apart = b.arity !== "none" && m.arity === "none" ? keys(m).filter((k) => valueAsOption(k) && !byKey.has(k)) : [];
    if (apart.length) {
      const own: OptionSpec = { ...copy(m), short: [], long: [], arity: "none" };
      delete own.dashLong;
      for (const k of apart) {
        const [kind, name] = [k[0], k.slice(2)];
        if (kind === "s") own.short.push(name);
        else (own.dashLong ??= []).push(name);
        byKey.set(k, own);
      }
      spec.options.push(own);
    }
    // The other text's spellings of the same option (less's "-N or --LINE-NUMBERS").
    for (const s of m.short)
      if (!b.short.includes(s) && !byKey.has(`s:${s}`)) {
        b.short.push(s);
        byKey.set(`s:${s}`, b);
      }
    for (const l of m.long)
      if (!b.long.includes(l) && !byKey.has(`l:${l}`)) {
        b.long.push(l);
        byKey.set(`l:${l}`, b);
      }
    for (const d of m.dashLong ?? [])
      if (!b.dashLong?.includes(d) && !byKey.has(`d:${d}`)) {
        (b.dashLong ??= []).push(d);
        byKey.set(`d:${d}`, b);
      }
    // find's --help lists "-daystart -follow -nowarn -regextype -warn" on one line, values left
    // out: a line of three or more bare names says nothing of a value, and the man page's entry does.
    const sameLine = help.spec.options.filter((x) => b.span && x.span?.start === b.span.start && x.span.end === b.span.end).length;
    // fprintd-enroll's GLib help lists "-f, --finger" bare; its page's SYNOPSIS has "[-f finger]".
    if (baseOrigin === "help" && b.arity === "none" && m.arity !== "none" && (sameLine >= 3 || help.valuesUnshown)) {
      b.arity = m.arity;
      if (m.value) b.value = copy(m.value);
      if (m.valueCount) b.valueCount = m.valueCount;
      note(`option ${spellings(b).join(", ")} is listed without a value in the help text; its value is the man page's${where(m, "man")}`, "man", m.span);
    } else if (b.arity === "required" && m.arity === "optional" && m.description) {
      // scrot's help shows "[-s OPTS]" in its usage only, git branch's table "--merged <commit>";
      // the man page's entry writes the value in brackets ("--merged [<commit>]"): optional.
      b.arity = "optional";
      if (m.valueApart) b.valueApart = true;
      note(
        `option ${spellings(b).join(", ")} takes a value in the ${NAME[baseOrigin]}'s usage; the ${NAME[otherOrigin]} describes it as optional${where(m, otherOrigin)}`,
        otherOrigin,
        m.span,
      );
    } else if (
      b.arity === "none" &&
      !b.description &&
      m.value?.type.kind === "enum" &&
      spec.positionals.some((p) => choicesIn(p, m) && p.type.kind === "enum" && p.type.choices.length < choicesOf(m).length)
    ) {
      // openntpd's usage "ntpctl -s all | peers | Sensors | status" reads its choices as an
      // operand after a flag; the page's entry for -s names more spellings of them ("Keywords
      // may be abbreviated"): the operand takes those too.
      for (const p of spec.positionals) if (choicesIn(p, m)) p.type = copy(m.value.type);
      note(
        `the ${NAME[otherOrigin]} spells the choices after ${spellings(b).join(", ")} in more ways${where(m, otherOrigin)}; the operand takes them`,
        otherOrigin,
        m.span,
      );
    } else if (
      b.arity === "required" &&
      m.arity === "required" &&
      (m.valueCount ?? 1) > (b.valueCount ?? 1) &&
      (b.valueCount ?? 1) === 1 &&
      b.value?.metavar?.trim().split(/\s+/).length === m.valueCount
    ) {
      // xdg-user-dirs-update's help usage "[--set DIR path]" read as one value named "DIR path";
      // its page's "--set NAME PATH" row says they are two.
      b.valueCount = m.valueCount;
      note(`option ${spellings(b).join(", ")} takes ${m.valueCount} values in the ${NAME[otherOrigin]}${where(m, otherOrigin)}`, otherOrigin, m.span);
    } else if (b.arity !== m.arity)
      note(
        `option ${spellings(b).join(", ")} takes ${takes(b.arity)} in the ${NAME[baseOrigin]} but ${takes(m.arity)} in the ${NAME[otherOrigin]}${where(m, otherOrigin)}; the ${NAME[baseOrigin]}'s is kept`,
        baseOrigin,
        b.span,
      );
    // A BSD usage line names every option and describes none ("[-46AaCfV]"); the page's entry
    // says what one does ("-V  Display the version number and exit"), which the lowering reads
    // (an option that exits needs no operand).
    if (!b.description && m.description) b.description = m.description;
  }
  base.spec.options.forEach((o, i) => {
    if (!matched.has(spec.options[i]!)) note(`option ${spellings(o).join(", ")} is in the ${NAME[baseOrigin]} only`, baseOrigin, o.span);
  });
  // A text without a usage line gets operands of any number (spanless); the other's usage says which.
  const fallback = spec.positionals.length > 0 && spec.positionals.every((p) => !p.span);
  if (fallback && other.spec.positionals.some((p) => p.span)) {
    spec.positionals = copy(other.spec.positionals);
    note(`the ${NAME[baseOrigin]} has no usage line: the operands are the ${NAME[otherOrigin]}'s`, otherOrigin, other.spec.positionals[0]?.span);
  }
  // A generated page's "kubectl cordon [OPTIONS]": the help's usage says the operands.
  if (
    baseOrigin === "man" &&
    !spec.positionals.length &&
    !spec.subcommands.length &&
    !help.spec.subcommands.length &&
    help.spec.positionals.some((p) => p.span)
  ) {
    spec.positionals = copy(help.spec.positionals);
    note(`the man page's synopsis names no operand: the operands are the help text's usage's`, "help", help.spec.positionals[0]?.span);
  }
  const bare = (n: string) => n.replace(/[<>[\]]/g, "").toLowerCase();
  const need = (ps: CommandSpec["positionals"]) => ps.reduce((n, p) => n + p.min, 0);
  /** Lowers the minimums of `ps` by `by` in all, the last operands first. */
  const lowerMinimums = (ps: CommandSpec["positionals"], by: number) => {
    for (let i = ps.length - 1; i >= 0 && by > 0; i--) {
      const cut = Math.min(ps[i]!.min, by);
      ps[i]!.min -= cut;
      by -= cut;
    }
  };
  // adduser's help yields one operand of its forms ("group"), its page's SYNOPSIS "user group":
  // where the other text's usage names every operand the base's does and one more, its operands
  // are taken, needing no more of them than the base's did.
  if (
    !fallback &&
    !spec.subcommands.length &&
    spec.positionals.length > 0 &&
    other.spec.positionals.length === spec.positionals.length + 1 &&
    other.spec.positionals.every((o) => o.span && !o.rest) &&
    spec.positionals.every((p) => !p.rest && other.spec.positionals.some((o) => bare(o.name) === bare(p.name))) &&
    // One more, named as a placeholder is ("user", "SIZE"), not a stray word of prose or a program's.
    other.spec.positionals.every(
      (o) =>
        spec.positionals.some((p) => bare(p.name) === bare(o.name)) ||
        (/^(?:[a-z][a-z0-9_-]{2,}|[A-Z][A-Z0-9_]{2,})$/.test(o.name.replace(/^<(.*)>$/, "$1")) && !spec.path.includes(bare(o.name))),
    )
  ) {
    note(
      `the ${NAME[otherOrigin]}'s usage names more operands than the ${NAME[baseOrigin]}'s: its operands are taken`,
      otherOrigin,
      other.spec.positionals[0]?.span,
    );
    const needed = need(spec.positionals);
    spec.positionals = copy(other.spec.positionals);
    lowerMinimums(spec.positionals, need(spec.positionals) - needed);
  }
  // ifconfig's help asks for "<interface>"; its man page's SYNOPSIS also has "ifconfig [-v] [-a]
  // [-s] [interface]". Where the other text's usage needs fewer operands, the base's minimums
  // come down to it, the last operands first.
  const excess = need(spec.positionals) - need(other.spec.positionals);
  if (!fallback && excess > 0 && other.spec.positionals.some((p) => p.span)) {
    note(
      `the ${NAME[otherOrigin]}'s usage needs ${need(other.spec.positionals)} operand(s), the ${NAME[baseOrigin]}'s ${need(spec.positionals)}: the fewer are enough`,
      otherOrigin,
      other.spec.positionals.find((p) => p.span)?.span,
    );
    lowerMinimums(spec.positionals, excess);
  }
  // vidir's help says "[directory|file|-]", its page "[directory|file|-]...": where the other
  // text's usage repeats an operand of the same name that the base takes once, it is repeated.
  if (!fallback && spec.positionals.length === other.spec.positionals.length)
    spec.positionals.forEach((p, i) => {
      const o = other.spec.positionals[i]!;
      if (o.span && bare(o.name) === bare(p.name) && p.max === 1 && o.max > 1 && !p.rest) {
        p.max = o.max;
        note(`the ${NAME[otherOrigin]}'s usage repeats operand ${o.name}; the ${NAME[baseOrigin]}'s takes one: it is repeated`, otherOrigin, o.span);
      }
    });
  // Subcommands only where the base says nothing of its operands: a thin help's list of
  // commands, each without a usage of its own, would take any words after them.
  // mutool's man page says "mutool <sub-command> [options]", its help lists the commands: a
  // base whose one operand is a command placeholder takes the other's list for it.
  // Not one that passes its words through (rest): that says any command may come.
  const commandOnly = spec.positionals.length === 1 && !spec.positionals[0]!.rest && /^<?(sub-?)?command>?$/i.test(spec.positionals[0]!.name);
  if (!spec.subcommands.length && other.spec.subcommands.length && (commandOnly || !spec.positionals.some((p) => p.span))) {
    spec.subcommands = copy(other.spec.subcommands);
    if (commandOnly) spec.positionals = [];
  }
  // A help text that lists the program's commands is the word on them and on its operands where
  // the man page is the base for the options and leaves some of those commands out: one page
  // for all commands (samtools'), its SYNOPSIS forms read as operands, or a SUBCOMMANDS
  // section that describes a level below (syncthing's, the groups of `syncthing cli`).
  const named = new Set(spec.subcommands.map((c) => c.path.join(" ")));
  if (baseOrigin === "man" && help.spec.subcommands.some((c) => !named.has(c.path.join(" ")))) {
    spec.subcommands = copy(help.spec.subcommands);
    spec.positionals = copy(help.spec.positionals);
    note(`the help text lists the commands: its commands and operands are kept, the man page adds options`, "help");
  }
  // Two lists of the same commands (most of the page's are the help's) differ in a few names
  // (ip route's help spells `list`, its page `show`): the page's others are added.
  const listed = new Set(spec.subcommands.map((c) => c.path.join(" ")));
  const extra = other.spec.subcommands.filter((c) => !listed.has(c.path.join(" ")));
  if (baseOrigin === "help" && extra.length && (other.spec.subcommands.length - extra.length) * 2 >= other.spec.subcommands.length) {
    spec.subcommands.push(...copy(extra));
    note(`the man page also lists ${extra.map((c) => c.path.join(" ")).join(", ")}; added`, "man");
  }
  // npm pack's page: "If no arguments are supplied, then npm packs the current package folder",
  // over its help's `npm pack <package-spec>`: either text saying so makes the operands optional.
  const left = withLeftOff(spec.positionals, other.leftOff);
  if (left !== spec.positionals) {
    spec.positionals = left;
    note(`the ${NAME[otherOrigin]} says operands may be left off: they are optional`, otherOrigin);
  }
  if (!spec.aliases.length) spec.aliases = [...other.spec.aliases];
  for (const e of other.spec.extensions ?? []) {
    const same = spec.extensions?.find((x) => x.kind === e.kind);
    if (!same) (spec.extensions ??= []).push(copy(e));
    // zgrep's help says in words whose options it takes; its page only names them by a placeholder.
    else if (same.kind === "options-of" && e.kind === "options-of" && e.said && same.program === e.program) same.said = true;
  }
  spec.source = {
    ...(help.spec.source ?? { program: spec.path[0] ?? "" }),
    ...(man.spec.source?.manPage ? { manPage: man.spec.source.manPage } : {}),
  };
  // Either text showing the program's own commands decides for the merged operands.
  const own = help.listsOwnCommands || man.listsOwnCommands;
  return {
    spec: own ? markSubcommands(spec) : spec,
    diagnostics: [...tag(help.diagnostics, "help"), ...tag(man.diagnostics, "man"), ...notes],
    ...(own ? { listsOwnCommands: true } : {}),
  };
}
