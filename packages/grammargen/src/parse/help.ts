// parseHelp: help text -> CommandSpec for getopt-like styles (GNU, cobra, argparse, click,
// clap and unknown "generic" texts). Other styles register their own parser in styles.ts.
import { withAbbreviations } from "./abbreviated.js";
import { withGoFlagSpellings } from "./goflag.js";
import { readBsdLetters, withoutBsdLetters } from "./bsd-letters.js";
import { withBorrowedOptions, withSiblingOptions } from "./borrowed.js";
import { withPlaceholderOptions } from "./placeholders.js";
import { templatePrefix, withPrefixedOptions } from "./prefixed.js";
import { usageCommandList } from "./command-list.js";
import { withSubcommandOperand } from "./subcommand-operand.js";
import { withSuppliedOperands } from "./supplied.js";
import { exampleSuppliers, withExampleFlags, withExampleUnsets } from "./text-examples.js";
import { withKeywordGrammar } from "./keyword-grammar.js";
import { groupLines, namesOptionGroup } from "./option-groups.js";
import { bracketOptions } from "./option-brackets.js";
import { readUsage, usageForms } from "./bsd.js";
import { withOwnAliases } from "./own-aliases.js";
import { type LeftOff, leftOffIn, withLeftOff } from "./left-off.js";
import { synopsisAsUsage } from "./man.js";
import { GrammargenError, Session, type Diagnostic } from "../diagnostics.js";
import type { Arity, CommandSpec, HelpStyle, OptionSpec, PositionalSpec, ValueType } from "../ir.js";
import { readEntries, sectionKind, type OptionEntry } from "./entries.js";
import { type HeadValue, parseHead, type Spelling } from "./head.js";
import { claimedStyle, detectStyle, styleParser } from "./styles.js";
import { PASS_THROUGH_NAME, PASSED_TO_PROGRAM, SCRIPT_ARGS_NAME, SCRIPT_NAME, checkHelpText, headlessUsageLine, normalize, splitLines } from "./text.js";
import { bareMetavar, COBRA_TYPES, inferType, isPlaceholderName, rangesSaid } from "./types.js";
import { MANY, angledAsOptional, parseUsage, type UsageOperand } from "./usage.js";

export interface ParseOptions {
  name: string | string[];
  style?: HelpStyle;
  /**
   * "plain": the text writes placeholders as plain lower-case words (a rendered man page, whose
   * italics are gone), so "--color=xcolor" names a value and never a literal one.
   */
  placeholders?: "plain";
}

export interface ParseResult {
  spec: CommandSpec;
  diagnostics: Diagnostic[];
  /** The text shows that the program has commands of its own (parse/subcommand-operand.ts), so a merge can apply it to the other text's operands. */
  listsOwnCommands?: boolean;
  /** The text says operands may be left off (parse/left-off.ts), so a merge can apply it to the other text's operands. */
  leftOff?: LeftOff;
  /** The text's option rows need not show a value an option takes (GLib's), so a merge takes the other text's. */
  valuesUnshown?: boolean;
}

// GLib's option help ("Help Options:" over "-h, --help  Show help options") prints a value only
// where the program gave it a name: "-f, --finger  Finger selected to verify" takes one.
const GLIB_HELP = /^Help Options:\s*\n\s+-h, --help\s+Show help options\s*$/m;

/**
 * GLib prints a value's description as the program wrote it, so its brackets are the program's
 * words: mmcli's "-m, --modem=[PATH|INDEX|UID|any]" takes a value (`mmcli -m 0`), next word or
 * glued on, as GLib reads every option that has one.
 */
function withGlibValues(r: ParseResult, text: string): ParseResult {
  const bracketed = (o: OptionSpec): boolean => !!o.span && /=\[[^\]]*\]$/.test(text.slice(o.span.start, o.span.end));
  if (!r.spec.options.some((o) => o.arity === "optional" && bracketed(o))) return r;
  const options = r.spec.options.map((o): OptionSpec => (o.arity === "optional" && bracketed(o) ? { ...o, arity: "required" } : o));
  return { ...r, spec: { ...r.spec, options } };
}

export const nameWords = (name: string | string[]): string[] => (Array.isArray(name) ? name : name.split(/\s+/)).map((w) => w.trim()).filter((w) => w !== "");

const REPEAT_DESC =
  /can be (used|given|specified|repeated|passed)( multiple times| more than once| several times)|may be (given|repeated|used|specified) (multiple times|more than once)|\brepeatable\b|multiple times/i;
const SUBCOMMAND_NAME = /^(command|commands|subcommand|sub-command|cmd|<command>|COMMAND|SUBCOMMAND|resource|topic)$/i;
const ARGS_NAME = /^(args?|arguments?|ARGS?|options)$/i;
/** GNU programs whose implementation takes -NUM (head -5) although their --help does not say so. */
const OBSOLETE_NUMERIC = new Set(["head", "tail"]);

/** The text writes `--name=word` with another lower-case word than `value` too. */
const spelledWithOthers = (text: string, sp: Spelling, value: string): boolean => {
  const dashes = sp.kind === "long" ? "--" : "-";
  const at = new RegExp(`(?<![\\w-])${dashes}${sp.name.replace(/[.+?*()[\]{}|^$\\]/g, "\\$&")}=([a-z][a-z0-9-]*)`, "g");
  for (const m of text.matchAll(at)) if (m[1] !== value) return true;
  return false;
};

const SETTING_WORD = /^(yes|no|none|all|auto|always|never|on|off|true|false|default|both|enable|disable)$/;

/** The text writes `--other=value` for another option name: setfacl's "--modify=acl", "--remove=acl", "--set=acl". */
const sharedWithOtherNames = (text: string, sp: Spelling, value: string): boolean => {
  const dashes = sp.kind === "long" ? "--" : "-";
  const at = new RegExp(`(?<![\\w-])${dashes}([\\w-]+)=${value.replace(/[.+?*()[\]{}|^$\\]/g, "\\$&")}(?![\\w-])`, "g");
  for (const m of text.matchAll(at)) if (m[1] !== sp.name) return true;
  return false;
};

const isLiteral = (e: OptionEntry, sp: Spelling, style: HelpStyle, text: string, plain = false): boolean => {
  const v = sp.value;
  if (plain || !v || (v.attach !== "eq" && v.attach !== "attached-optional") || style === "cobra" || !/^[a-z][a-z0-9-]*$/.test(v.metavar)) return false;
  // A number's name (perl's "-l[octnum]", sgdisk's "partnum") is no word to type. ip's
  // "-h[uman-readable]" completes the option's name, and stays one.
  if (/^[a-z]{2,}num$/.test(v.metavar)) return false;
  // sed's "-e script, --expression=script" names a metavar twice; ls's "-p, --indicator-style=slash" names a value once.
  if (e.head.spellings.some((o) => o !== sp && o.value?.metavar === v.metavar)) return false;
  // A placeholder's own name is no value to type: MariaDB's "--user=name", logrotate's
  // "-s, --state=statefile", uvcdynctrl's "--save=filename", zmap's "--probes=n". Unless the
  // text spells the option with other words too (dpkg-buildpackage's "-S, --build=source"
  // beside "-b, --build=binary"): then each is one of its values.
  if (isPlaceholderName(v.metavar) && !spelledWithOthers(text, sp, v.metavar)) return false;
  // One word after several options' names names what each takes, not a value to type: setfacl's
  // "-m, --modify=acl" beside "-x, --remove=acl" and "--set=acl". Not the words that switch a
  // setting, which many options take (astyle's "-n, --suffix=none", "-F, --break-blocks=all").
  if (!SETTING_WORD.test(v.metavar) && sharedWithOtherNames(text, sp, v.metavar) && !spelledWithOthers(text, sp, v.metavar)) return false;
  // A literal may be quoted in the description ("with 'all', reject ..."); a metavar is used bare.
  // The first half of a compound ("-b, --build=binary  binary-only build") is not the metavar.
  return !new RegExp(`\\b${v.metavar}\\b(?!-\\w)`).test(e.description.replace(/'[^']*'|"[^"]*"|‘[^’]*’/g, ""));
};

/**
 * One entry -> options. Spellings without their own value take the value of the last spelling
 * that has one ("-w, --width=COLS"); literal values ("--check=quiet") become one-choice enums;
 * spellings with different shapes ("-c, -C NUM, --context[=NUM]") become separate options.
 */
/**
 * troff's "-Fdir  Search in directory dir", gs's "-dname  Define a name", lpr's "-wnum  Uses num as
 * the page width": a rendered man page, its italics gone, glues a placeholder word to one letter.
 * When the description names that word, the letter is the option and the word its value.
 */
function gluedPlaceholder(sp: Spelling, description: string): Spelling | undefined {
  const m = /^([A-Za-z0-9])([a-z]+)$/.exec(sp.kind === "dashLong" ? sp.name : "");
  if (!m || !isPlaceholderName(m[2]!) || !new RegExp(`\\b${m[2]}\\b`).test(description)) return undefined;
  return { kind: "short", name: m[1]!, extra: 0, value: { metavar: m[2]!, attach: "separate" } };
}

/** The description names a word in quotes: 'v', "file", ‘name’, `val'. */
const quotes = (description: string, word: string): boolean => new RegExp(`['"‘\`]${word}['"’]`).test(description);

/**
 * Graphviz's "-Tv  - Set output format to 'v'", "-ofile  - Write output to 'file'", "-Gname=val  -
 * Set graph attribute 'name' to 'val'": a help text with no italics glues a placeholder to one
 * letter and quotes it in the description, the way a value is named. The letter is the option,
 * the glued word (and any "=word" after it) its value.
 */
function quotedPlaceholder(sp: Spelling, description: string): Spelling | undefined {
  const m = /^([A-Za-z0-9])([a-z]\w*)$/.exec(sp.kind === "dashLong" ? sp.name : "");
  if (!m || !quotes(description, m[2]!)) return undefined;
  const after = sp.value && sp.value.joiner === "=" && quotes(description, sp.value.metavar) ? `=${sp.value.metavar}` : "";
  if (sp.value && !after) return undefined;
  return { kind: "short", name: m[1]!, extra: 0, value: { metavar: m[2]! + after, attach: "separate" } };
}

/** An entry's spellings with each glued placeholder read so, when every one-dash word of it reads so (not troff's "-rcn" beside "-rname=n"). */
function unglued(e: OptionEntry, plain: boolean): Spelling[] {
  const sps = e.head.spellings;
  const read = sps.map((sp) =>
    sp.kind === "dashLong" ? ((plain ? gluedPlaceholder(sp, e.description) : undefined) ?? quotedPlaceholder(sp, e.description)) : sp,
  );
  return read.every((sp) => sp !== undefined) ? read : sps;
}

/**
 * hledger's "--depth=NUM  (or -NUM): hide accounts ...", pdfjam's "--quiet  (or -q) ...": a
 * description that opens by naming another spelling of the option, read as the head reads it.
 */
function spelledInDescription(e: OptionEntry): Spelling[] {
  const m = /^\((?:or|also)\s+(-[^\s)]+)\)/.exec(e.description);
  return m ? (parseHead(m[1]!)?.spellings ?? []) : [];
}

function optionsFrom(e: OptionEntry, style: HelpStyle, text: string, plain = false): OptionSpec[] {
  const sps = [...unglued(e, plain), ...spelledInDescription(e)];
  const literal = new Set(sps.filter((sp) => isLiteral(e, sp, style, text, plain)));
  // astyle's "--style=kr  OR  --style=k&r  OR  -A3": spellings joined by "or" that write values
  // of their own, each another, are each as they are written (blender's "-S or --scene <name>"
  // writes one value, for both).
  const own = /\s(?:or|OR)\s/.test(e.headText) && new Set(sps.flatMap((sp) => sp.value?.metavar ?? [])).size >= 2;
  const carrier = own ? undefined : [...sps].reverse().find((sp) => sp.value && !literal.has(sp));
  const groups = new Map<string, { spellings: Spelling[]; value?: HeadValue; extra: number; literals: string[] }>();
  for (const sp of sps) {
    const lit = literal.has(sp);
    // "-COLUMN, --columns=COLUMN": the number is the option itself, so -# takes no value.
    const numeric = (sp.kind === "short" && sp.name === "#" && !sp.value) || sp.bare === true;
    const value = lit || numeric ? undefined : (sp.value ?? carrier?.value);
    // "-e script, --expression=script": a separate and an '=' value are the same required value.
    const shape = value ? (value.attach === "eq" || value.attach === "separate" ? "required" : value.attach) : "";
    const key = lit ? `literal` : value ? `${shape}\u0000${value.metavar}` : "none";
    const g = groups.get(key) ?? { spellings: [], value, extra: 0, literals: [] };
    groups.set(key, g);
    if (!g.spellings.some((x) => x.kind === sp.kind && x.name === sp.name)) g.spellings.push(sp);
    if (lit) g.literals.push(sp.value!.metavar);
    g.extra = Math.max(g.extra, sp.value ? sp.extra : (carrier?.extra ?? 0));
  }
  // "--check, --check=diagnose-first": the bare spelling makes the literal optional.
  const lits = groups.get("literal");
  const none = groups.get("none");
  const out: OptionSpec[] = [];
  const make = (spellings: Spelling[], arity: Arity, value?: OptionSpec["value"], extra = 0): OptionSpec => {
    const o: OptionSpec = {
      short: spellings.filter((x) => x.kind === "short").map((x) => x.name),
      long: spellings.filter((x) => x.kind === "long").map((x) => x.name),
      arity,
      repeatable: e.head.repeatable || REPEAT_DESC.test(e.description),
      description: e.description,
      span: e.span,
    };
    const dash = spellings.filter((x) => x.kind === "dashLong").map((x) => x.name);
    if (dash.length) o.dashLong = dash;
    const joiner = spellings.find((x) => x.kind === "dashLong" && x.value?.joiner)?.value?.joiner;
    if (joiner && arity !== "none") o.joiner = joiner;
    if (e.head.negatable && arity === "none") o.negatable = true;
    if (value) o.value = value;
    if (extra > 0 && arity !== "none") o.valueCount = 1 + extra;
    return o;
  };
  // pflag's "-f, --follow=false: ...": a boolean, bare or =true, where the text shows defaults so
  // ("--c=''"); esbuild's "--sources-content=false" is a spelling.
  const [b, ...more] = sps.filter((sp) => sp.value);
  const shows = /^[ \t]*(?:-\w, )?--[\w.-]+=(?:(?:''|""|\[\])(?::[ \t]|:$|[ \t]{2,})|(?:true|false):(?:[ \t]|$))/m;
  if (b?.kind === "long" && !more.length && b.value!.attach === "eq" && /^(true|false)$/.test(b.value!.metavar) && shows.test(text))
    return [
      sps.some((sp) => sp.kind === "short")
        ? make(sps, "none")
        : make(sps, "optional", { type: { kind: "enum", choices: ["true", "false"] }, metavar: "true|false" }),
    ];
  if (lits) {
    const bare = none?.spellings.filter((x) => x.kind !== "short" && lits.spellings.some((l) => l.name === x.name)) ?? [];
    const attachedOptional = lits.spellings.some((x) => x.value?.attach === "attached-optional");
    out.push(
      make(lits.spellings, bare.length || attachedOptional ? "optional" : "required", {
        type: { kind: "enum", choices: [...new Set(lits.literals)] },
        metavar: lits.literals[0]!,
      }),
    );
    if (none) none.spellings = none.spellings.filter((x) => !bare.includes(x));
  }
  for (const [key, g] of groups) {
    if (key === "literal" || g.spellings.length === 0) continue;
    if (!g.value) {
      // No metavar, but the description spells the value's syntax as a list template
      // (ps: "--sort  specify sort order as: [+|-]key[,[+|-]key[,...]]").
      const template = LIST_TEMPLATE.exec(e.description);
      if (template) out.push(make(g.spellings, "required", { type: { kind: "word" }, metavar: template[1]!.toUpperCase() }));
      else if (style === "generic" && defaultValueSaid(e.description) && g.spellings.some((x) => x.name !== "#" && !/^[0-9]$/.test(x.name))) {
        // No metavar, but the description gives a default that is a value, not a state
        // (PipeWire's "-o, --output   Profiler output name (default \"profiler.log\")", hping3's
        // "-t  --ttl   ttl (default 64)"). Which word is the value is not shown, so it is
        // optional and may be the next word: `prog -o x.log` and a bare `prog -o` both pass.
        const o = make(g.spellings, "optional", { type: { kind: "word" } });
        o.valueApart = true;
        out.push(o);
      } else out.push(make(g.spellings, "none"));
      continue;
    }
    let arity: Arity = g.value.attach === "attached-optional" || g.value.attach === "separate-optional" ? "optional" : "required";
    // pflag count flags ("-v, --verbose n ... specify multiple times or a level using --verbose=n") take a value only when attached.
    if (style === "cobra" && arity === "required" && /multiple times/i.test(e.description) && g.spellings.some((x) => e.description.includes(`--${x.name}=`)))
      arity = "optional";
    // "--voices=<language> ... If <language> is omitted": optional. Not od's "-S BYTES,
    // --strings[=BYTES] ... when BYTES is not specified": the text shows which spelling.
    const shownOptional = sps.some((x) => x.value?.attach === "attached-optional" || x.value?.attach === "separate-optional");
    const omitted = arity === "required" && g.extra === 0 && !shownOptional && valueMayBeOmitted(e.description, g.value.metavar);
    if (omitted) arity = "optional";
    out.push(make(g.spellings, arity, { type: valueType(g.value.metavar, e, style, text), metavar: g.value.metavar }, g.extra));
    if (omitted && g.value.attach !== "eq") out[out.length - 1]!.valueApart = true;
    // sysstat's "-u [ ALL ]": an optional value written apart is the next word when given.
    if (style === "generic" && g.value.attach === "separate-optional") out[out.length - 1]!.valueApart = true;
    if (style === "cobra" && /^(strings|stringArray|stringSlice|ints|uints|bools|durationSlice|ipSlice|stringToString)$/.test(g.value.metavar))
      out[out.length - 1]!.repeatable = true;
  }
  return out;
}

/** An operand's description saying it may be left off. */
const OPERAND_OMITTED = /\(default:? [^)]*\)|\bcan be omitted\b|\b(?:if|when) (?:it is |this is )?omitted\b|^\(?optional\b|\(optional\)/i;

/** The description says the value named `metavar` may be left off ("If <X> is omitted", "X is optional"). */
function valueMayBeOmitted(description: string, metavar: string): boolean {
  const name = metavar.replace(/^<([^<>]+)>$/, "$1");
  if (!/^[\w-]+$/.test(name)) return false;
  const named = `<?${name}>?`;
  return new RegExp(
    `\\b(?:if|when)\\s+(?:the\\s+)?${named}\\s+is\\s+(?:omitted|not\\s+given|not\\s+specified|left\\s+out)|(?:^|[\\s(])${named}\\s+(?:it's|is)\\s+optional\\b`,
    "i",
  ).test(description);
}

function valueType(metavar: string, e: OptionEntry, style: HelpStyle, text: string): ValueType {
  if (style === "cobra" && /^(strings|stringArray|stringSlice|ints|uints|bools|durationSlice|ipSlice|stringToString)$/.test(metavar)) {
    const t = inferType("", { description: e.description, style });
    return t.kind === "enum" ? t : { kind: "word" };
  }
  if (style === "cobra" && COBRA_TYPES.has(metavar) && metavar !== "string") return inferType(metavar, { description: e.description, style });
  if (metavar === "#") return { kind: "integer" };
  return inferType(metavar, { description: e.description, style, text, memo: memos.get(text) });
}

// "(default 64)", "(default: https)", "(default=`8')", "(default \"profiler.log\")": one word or
// one quoted string. Not "(default is Celsius)" nor "(default behavior)": those describe a state.
const DEFAULT_VALUE = /\(default(?::\s*|\s*=\s*|\s+)("[^"]*"|'[^']*'|`[^`']*'|[^\s()"',;]+)\s*\)/i;
const STATE_WORD = /^(true|false|on|off|yes|no|enabled?|disabled?|none|unset|set|is|behaviou?r|mode|auto|automatic|autodetect)$/i;

// A description that starts by saying what the option does to the output is a flag's, whatever
// default it names: netstat's "-a, --all  display all sockets (default: connected)", dos2unix's
// "add Byte Order Mark (default UTF-8)".
const FLAG_VERB = /^(display|show|print|list|add|enable|disable|use|include|exclude|suppress|ignore|turn)\b/i;

/** The description gives a default that is a value to type (not a state, not another option). */
const defaultValueSaid = (description: string): boolean => {
  if (FLAG_VERB.test(description)) return false;
  const m = DEFAULT_VALUE.exec(description);
  if (!m) return false;
  const v = m[1]!.replace(/^["'`]|["'`]$/g, "");
  return v !== "" && !v.startsWith("-") && !STATE_WORD.test(v);
};

/**
 * A value's syntax written as a list template, `key[,key[,...]]`; group 1 is the item's name.
 * Not another option's value in the description (metaflac's --list, over "--block-type=type[,type[...]]").
 */
const LIST_TEMPLATE = /(?<![=\w-])([a-z]+)\[,[^\]]*\.\.\.\]/i;
const COMMA_LIST = /^(?:an? |the )?comma[- ]separated list of\b/i;
const VALUE_MEANINGS = /^[a-z0-9][\w-]*=[^,=]+(?:,\s*[a-z0-9][\w-]*=[^,=]+)+$/i;

/** One memo per help text being parsed (see TypeHints.memo). */
const memos = new Map<string, Map<string, { choices?: string[]; multiplier: boolean }>>();

/** Options the text lists twice (GNU grep lists -E in two sections) merge into one. */
function mergeOptions(options: OptionSpec[], session: Session): OptionSpec[] {
  const out: OptionSpec[] = [];
  // Spelling -> position in `out`: a scan of `out` per option made 20,000 options cost seconds.
  const at = new Map<string, number>();
  const keys = (o: OptionSpec) => [...o.short.map((s) => `s:${s}`), ...o.long.map((l) => `l:${l}`), ...(o.dashLong ?? []).map((d) => `d:${d}`)];
  for (const o of options) {
    // The earliest option sharing any spelling, as a front-to-back scan would find it.
    const hit = Math.min(...keys(o).map((k) => at.get(k) ?? Infinity));
    const same = out[hit];
    if (!same) {
      for (const k of keys(o)) if (!at.has(k)) at.set(k, out.length);
      out.push(o);
      continue;
    }
    if (same.arity !== o.arity && (same.arity === "none" || o.arity === "none")) {
      // du lists "--time" and "--time=WORD": together an optional value.
      same.arity = "optional";
      same.value ??= o.value;
      // gcc's "-save-temps" and "-save-temps=<arg>": the value stays glued on.
      if (o.joiner && !same.joiner) same.joiner = o.joiner;
    } else if (same.value && o.value && same.value.type.kind !== "enum" && o.value.type.kind !== "enum" && same.value.type.kind !== o.value.type.kind) {
      // expand's "-t, --tabs=N" and "-t, --tabs=LIST": one option whose value may be either.
      same.value = { ...same.value, type: { kind: "word" } };
    } else if (same.value && o.value && same.value.type.kind === "enum") {
      // The more general value wins; two enums pool their choices.
      if (o.value.type.kind !== "enum") same.value = o.value;
      else same.value = { ...same.value, type: { kind: "enum", choices: [...new Set([...same.value.type.choices, ...o.value.type.choices])] } };
    }
    for (const s of o.short) if (!same.short.includes(s)) same.short.push(s);
    for (const l of o.long) if (!same.long.includes(l)) same.long.push(l);
    for (const d of o.dashLong ?? []) if (!same.dashLong?.includes(d)) (same.dashLong ??= []).push(d);
    for (const k of keys(same)) if (!at.has(k)) at.set(k, hit);
    const names = [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)];
    if (o.span) session.warn(`option ${names.join(", ")} is listed more than once; merged`, o.span);
  }
  return out;
}

/** A usage operand's type: its listed choices, a word for alternative placeholders, else inferred from its name. */
const operandType = (o: UsageOperand, hints: Parameters<typeof inferType>[1]): ValueType => {
  if (o.choices) return { kind: "enum", choices: o.choices };
  if (o.placeholders) return { kind: "word" };
  const t = inferType(o.name, hints);
  // poetry's "<tokens>...": a count's name in the plural, repeated, names the things counted
  // (the tokens to search for), not how many; a count is one number.
  return t.kind === "integer" && o.max > 1 && /[a-z]s$/i.test(bareMetavar(o.name)) ? { kind: "word" } : t;
};

/** The description on a row that starts with an operand's name ("arg ...: arguments passed to program"), or "". */
function rowAbout(text: string, name: string): string {
  if (!/^[\w.-]+$/.test(name)) return "";
  const m = new RegExp(`^[ \\t]*${name.replace(/\./g, "\\.")}(?:[ \\t]*\\.\\.\\.)?[ \\t]*:[ \\t]+(\\S.*)$`, "m").exec(text);
  return m?.[1] ?? "";
}

/**
 * A listed command whose word the usage forms spell, with what follows it
 * (`git subtree [<options>] -P <prefix> add <local-commit>`), is described by those forms: its
 * operands are theirs, and the options the text lists for the program are its options, as the
 * forms give them beside its word. Without this it would take any words, options included.
 * A listed command no form spells keeps its unknown shape.
 */
function formsOfListed(subcommands: CommandSpec[], alternatives: UsageOperand[][], options: OptionSpec[]): void {
  for (const sub of subcommands) {
    if (sub.options.length || sub.positionals.length || sub.subcommands.length) continue;
    const words = new Set([sub.path[sub.path.length - 1]!, ...sub.aliases]);
    const forms = alternatives.flatMap((alt) => {
      const at = alt.findIndex((o) => words.has(o.name) && o.min > 0 && !o.choices);
      return at < 0 ? [] : [alt.slice(at + 1)];
    });
    if (!forms.length || forms.some((f) => f.some((o) => o.subcommand || SUBCOMMAND_NAME.test(o.name) || ARGS_NAME.test(o.name)))) continue;
    sub.positionals = mergeAlternatives(forms).map((o) => ({
      name: o.name,
      type: operandType(o, { description: "", style: sub.style, operand: true }),
      min: o.min,
      max: o.max,
      span: o.span,
    }));
    sub.options = options;
  }
}

/**
 * Qt's QCommandLineParser lists every positional it was given, so a program that registers its
 * commands that way prints them one by one after the command's placeholder ("Usage: probe
 * [options] command status enable purge"), each described under "Arguments:" like an operand
 * ("status  Print the status"). The words after the placeholder are its choices, the commands,
 * not more operands to give. Only where the section describes the placeholder and every word
 * after it, and none of those words is a placeholder itself.
 */
function commandsAsOperands(operands: UsageOperand[], described: readonly { name: string }[]): UsageOperand[] {
  const at = operands.findIndex((o) => SUBCOMMAND_NAME.test(o.name) && !o.choices && o.min === 1 && o.max === 1);
  const names = operands.slice(at + 1);
  const has = (n: string) => described.some((d) => d.name === n);
  if (at < 0 || names.length < 2 || !has(operands[at]!.name)) return operands;
  if (!names.every((o) => /^[a-z][A-Za-z0-9-]*$/.test(o.name) && o.min === 1 && o.max === 1 && !o.choices && has(o.name) && !isPlaceholderName(o.name)))
    return operands;
  const choices = names.map((o) => o.name);
  return [...operands.slice(0, at), { ...operands[at]!, choices, subcommand: true }];
}

/**
 * Usage forms that each go on from the command's words with a plain lower-case word, two words
 * or more in all ("tool conf set <key>=<value>", "tool conf get [<key>]", "tool conf edit"): the
 * words are the command's own commands, each described by its forms (formsOfListed), so one
 * whose form ends at its word takes no operand. Not forms that all start alike ("ln source
 * dest", "ln source ... dir"), nor a form that starts otherwise, nor a word naming a placeholder.
 */
function usageCommandWords(alternatives: UsageOperand[][], text: string, path: string[]): string[] {
  // A text with a heading for its commands (a man page's COMMANDS) describes them there.
  if (alternatives.length < 2 || /^[ \t]*(?:sub-?)?commands:?[ \t]*$/im.test(text)) return [];
  // Right after the command's words, with nothing between ("tool conf set"): not a placeholder
  // after options (setserial's "-g [-abGv] device1", surfraw's "[-elvi] elvis").
  const label = /^\s*(?:usage\s*:?|or\s*:?)?\s*/i;
  const command = (before: string) => {
    // The command's words, the last perhaps under another name the text gives it (npm's "npm owner" for npm author).
    const words = before
      .replace(label, "")
      .trim()
      .replace(/^\S*\//, "")
      .split(/\s+/);
    return (
      words.length === path.length &&
      words.slice(0, -1).join(" ") === path.slice(0, -1).join(" ") &&
      (path.length > 1 ? /^[a-z][\w.-]*$/.test(words.at(-1)!) : words[0] === path[0])
    );
  };
  const words = alternatives.map((alt) => {
    const o = alt[0];
    const bare = o && o.min === 1 && !o.choices && !o.placeholders && text.slice(o.span.start, o.span.end) === o.name;
    const after = bare && command(text.slice(text.lastIndexOf("\n", o.span.start - 1) + 1, o.span.start));
    return after && /^[a-z][a-z0-9-]*$/.test(o.name) && !isPlaceholderName(o.name) ? o.name : undefined;
  });
  if (words.some((w) => w === undefined)) return [];
  // The forms write their placeholders otherwise ("<key>", "KEY"): a bare word after the first
  // is one (lpmove's "job destination", "source-destination destination"), and so may the first be.
  const raw = (o: UsageOperand) => text.slice(o.span.start, o.span.end);
  if (alternatives.some((alt) => alt.slice(1).some((o) => o.min > 0 && !/^<.*>$|^[A-Z][A-Z0-9_-]*(\.\.\.)?$/.test(raw(o))))) return [];
  const distinct = [...new Set(words as string[])];
  return distinct.length >= 2 ? distinct : [];
}

/**
 * Whether the text's own examples run the command with nothing after it (act's "EXAMPLES" over
 * "% act", then "% act a.embl a.crunch b.embl"): whatever its usage line demands, no operand is
 * needed. An example line is the command's words alone, after a prompt ($, %, #, >) at most.
 */
function showsBare(lines: readonly { text: string }[], path: readonly string[]): boolean {
  const words = path.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+");
  const alone = new RegExp(`^\\s+(?:[$%#>]\\s*)?(?:\\S*/)?${words}\\s*$`);
  let inside = false;
  for (const l of lines) {
    if (/^\s*(examples?|example usage)\s*:?\s*$/i.test(l.text)) inside = true;
    else if (/^\S/.test(l.text)) inside = false;
    else if (inside && alone.test(l.text)) return true;
  }
  return false;
}

/**
 * Several usage alternatives -> one operand list: the widest alternative, with minimums lowered to
 * the smallest total. An operand the smallest form does not name is the one made optional first
 * (runcon's "CONTEXT COMMAND" beside "[-t TYPE] COMMAND": CONTEXT, not COMMAND); then from the end.
 */
function mergeAlternatives(alts: UsageOperand[][]): UsageOperand[] {
  if (alts.length === 0) return [];
  const total = (a: UsageOperand[], k: "min" | "max") => a.reduce((s, o) => s + o[k], 0);
  const widest = [...alts].sort((a, b) => total(b, "max") - total(a, "max") || b.length - a.length)[0]!.map((o) => ({ ...o }));
  const smallest = [...alts].sort((a, b) => total(a, "min") - total(b, "min"))[0]!;
  let excess = total(widest, "min") - total(smallest, "min");
  const named = new Set(smallest.map((o) => o.name));
  for (let i = 0; i < widest.length && excess > 0 && smallest.length > 0; i++) {
    if (named.has(widest[i]!.name)) continue;
    const cut = Math.min(widest[i]!.min, excess);
    widest[i]!.min -= cut;
    excess -= cut;
  }
  for (let i = widest.length - 1; i >= 0 && excess > 0; i--) {
    const cut = Math.min(widest[i]!.min, excess);
    widest[i]!.min -= cut;
    excess -= cut;
  }
  return widest;
}

export function parseGetoptStyle(text: string, opts: ParseOptions, style: HelpStyle): ParseResult {
  const session = new Session("parse");
  // BSD-syntax letters (ps) are the extension's; the getopt reader sees the dashed names only.
  const bsd = style === "gnu" || style === "generic" ? readBsdLetters(text) : undefined;
  if (bsd) text = withoutBsdLetters(text);
  const path = nameWords(opts.name);
  text = angledAsOptional(text, path[0]);
  const lines = splitLines(text);
  const entries = readEntries(lines, path[path.length - 1]);
  const templates: string[] = [];
  for (const span of entries.unreadable) {
    const line = text.slice(span.start, span.end);
    const prefix = templatePrefix(line);
    if (!prefix) session.warn(`could not read an option in ${JSON.stringify(line.slice(0, 60))}`, span);
    else {
      if (!templates.includes(prefix)) templates.push(prefix);
      session.warn(`${line.trim().split(/\s/)[0]} names a family of options: any text after ${prefix} is taken`, span);
    }
  }
  memos.clear();
  memos.set(text, new Map());
  const options = mergeOptions(
    entries.options.flatMap((e) => optionsFrom(e, style, text, opts.placeholders === "plain")),
    session,
  ).filter((o) => {
    // diff's "--GTYPE-group-format=GFMT": a template for several names, not one option.
    const template = style === "gnu" && o.long.some((l) => /[A-Z]{2,}/.test(l));
    if (template) session.warn(`skipped the option template --${o.long[0]}`, o.span);
    return !template;
  });
  // An options heading over bracket groups, not rows (option-brackets.ts): options no row spells.
  for (const o of bracketOptions(lines)) {
    const spelled = (x: OptionSpec) =>
      x.short.some((c) => o.short.includes(c)) || x.long.some((l) => o.long.includes(l)) || (x.dashLong ?? []).some((d) => o.dashLong?.includes(d));
    const rows = options.filter(spelled);
    if (!rows.length) options.push(o);
    // npm 10+'s "[--audit-level <info|low|...>]" over a row that names the option alone
    // ("  --audit-level" over its description): the row says nothing of a value, the group does.
    else if (rows.length === 1 && o.arity !== "none" && o.value) {
      const row = rows[0]!;
      if (row.arity === "none" && !row.value && !row.negatable && row.span && /^\s*\S+\s*$/.test(text.slice(row.span.start, row.span.end).split("\n")[0]!)) {
        row.arity = o.arity;
        row.value = o.value;
        if (o.valueCount) row.valueCount = o.valueCount;
        if (o.repeatable) row.repeatable = true;
      }
    }
  }
  // "-0 ... -9" (xz): every digit between the two.
  for (const o of options) {
    const range = o.span && /^\s*-([0-9])\s*(?:\.\.\.?|…|-|to)\s*-([0-9])\b/.exec(text.slice(o.span.start, o.span.end));
    if (range && o.short.every((c) => /[0-9]/.test(c))) {
      for (let d = Number(range[1]); d <= Number(range[2]); d++) if (!o.short.includes(String(d))) o.short.push(String(d));
      o.short.sort();
    }
  }
  // Go's flag packages print a boolean long option with "(default true)" (podman's "--tls-verify
  // Require HTTPS ... (default true)"), and take it as --tls-verify=false too; cobra's texts get
  // that from their style, other layouts from the remark.
  if (style !== "cobra")
    for (const o of options)
      if (o.arity === "none" && o.short.length === 0 && o.long.length && /\(default (true|false)\)\s*$/.test(o.description)) {
        o.arity = "optional";
        o.value = { type: { kind: "enum", choices: ["true", "false"] }, metavar: "true|false" };
      }
  // pngquant's "--force  overwrite existing files (synonym: -f)", pdfjam's "--outfile PATH  (or
  // -o PATH)": a remark in parentheses that opens or ends the description and names another
  // spelling of the option. Not a spelling another option has, nor "(same as -o ro)".
  const spelling = "-{1,2}[A-Za-z0-9?][\\w-]*";
  const aliasRemark = new RegExp(`^(?:or|synonyms?:?|short(?: form)?:?|alias(?:es)?:?) +${spelling}(?: \\S+)?(?:, *(?:or +)?${spelling}(?: \\S+)?)*$`, "i");
  for (const o of options) {
    const remark = /^\(([^()]*)\)|\(([^()]*)\)\.?$/.exec(o.description.trim());
    const inner = remark?.[1] ?? remark?.[2] ?? "";
    if (!aliasRemark.test(inner)) continue;
    for (const [w] of inner.matchAll(new RegExp(spelling, "g"))) {
      const name = w.replace(/^-+/, "");
      // hledger's "(or -NUM)": a number written as the option, not a name.
      if (/^[A-Z]{2,}$/.test(name)) continue;
      const list = (x: OptionSpec) => (w.startsWith("--") ? x.long : name.length === 1 ? x.short : (x.dashLong ?? []));
      if (options.some((x) => list(x).includes(name))) continue;
      if (w.startsWith("--")) o.long.push(name);
      else if (name.length === 1) o.short.push(name);
      else (o.dashLong ??= []).push(name);
    }
  }
  // A number written as an option: "[-WIDTH]" in the usage (fmt -60), or the obsolete -NUM of
  // programs that accept it without listing it (GNU head -5, tail -3).
  const numericUsage = /^\s*(usage|Usage|USAGE):.*\[-(NUM|NUMBER|N|WIDTH|COLUMNS?|COUNT|LINES|DIGITS|LEVEL)\]/m.test(text);
  if ((numericUsage || (style === "gnu" && path.length === 1 && OBSOLETE_NUMERIC.has(path[0]!))) && !options.some((o) => o.short.includes("#")))
    options.push({
      short: ["#"],
      long: [],
      arity: "none",
      repeatable: false,
      description: numericUsage ? "a number written as the option (-NUM)" : "-NUM: the obsolete spelling of -n NUM",
    });
  // "-#" (zstd, xz): a digit option, -1 ... -19.
  for (const o of options)
    if (o.short.includes("#"))
      o.short = [...o.short.filter((c) => c !== "#"), ..."0123456789"].filter(
        (c, k, a) => a.indexOf(c) === k && !options.some((x) => x !== o && x.short.includes(c)),
      );

  // Spelling -> the first option with it, built once: the usage line asks for every word it reads.
  const bySpelling = new Map<string, OptionSpec>();
  const keysOf = (x: OptionSpec) => [...x.long.map((l) => `l:${l}`), ...x.short.map((c) => `s:${c}`), ...(x.dashLong ?? []).map((d) => `d:${d}`)];
  for (const x of options) for (const k of keysOf(x)) if (!bySpelling.has(k)) bySpelling.set(k, x);
  const takesValue = (spelling: string): boolean | undefined => {
    const long = spelling.startsWith("--") ? spelling.slice(2) : undefined;
    const short = !long && spelling.length === 2 ? spelling.slice(1) : undefined;
    const o = bySpelling.get(long ? `l:${long}` : short ? `s:${short}` : `d:${spelling.slice(1)}`);
    return o ? o.arity === "required" : undefined;
  };
  // Options the usage line shows and the table does not list (gcore's "[-o prefix]",
  // bashbug's "[--help]"), read as a BSD usage line is read; what the table says wins. Only
  // for texts no framework claims: argparse, click, cobra, clap and GNU list every option.
  // Words that only look like letter clusters are blanked first, keeping offsets: "-options"
  // and "-WIDTH" placeholders, and one-dash long options the table lists (xxd's -ps).
  if (style === "generic") {
    const usageText = text.replace(/(?<![\w-])-[\w?]+/g, (w) =>
      /^-(options?|opts|flags|switches)$/i.test(w) || /^-[A-Z]{3,}$/.test(w) || bySpelling.has(`d:${w.slice(1)}`) ? " ".repeat(w.length) : w,
    );
    // A program whose table spells long options with one dash (java's -cp, -zero) spells its
    // usage line's one-dash words so too: `-jar <jarfile>` is -jar, not -j -a -r.
    // So does a usage line that writes two or more one-dash words of three letters or more with a
    // value after them (NCBI BLAST's "[-query input_file] [-db database_name]"): letters clustered
    // after one dash take no value of their own.
    const dashLong =
      options.filter((o) => o.dashLong?.some((d) => d.length > 1)).length >= 2 ||
      new Set([...usageText.matchAll(/\[-([a-z][\w-]{2,}) [^\]\s[|-][^\]\s[|]*\]/g)].map((m) => m[1])).size >= 2;
    for (const read of readUsage(usageText, usageForms(usageText, path), { dashLong, takesValue: (c) => takesValue(`-${c}`) === true }).options) {
      // One letter after one dash is a short option either way (-m <module>).
      const single = (read.dashLong ?? []).filter((d) => d.length === 1);
      const o = single.length ? { ...read, short: [...read.short, ...single], dashLong: read.dashLong!.filter((d) => d.length > 1) } : read;
      if (o.dashLong?.length === 0) delete o.dashLong;
      const keys = keysOf(o);
      if (keys.length === 0) continue;
      // httrack's "[ -O, --path ]" beside a table that lists -O only: the usage's other spelling
      // is the listed option's too; what the table says of it wins.
      const known = [...new Set(keys.flatMap((k) => bySpelling.get(k) ?? []))];
      if (known.length === 1) {
        const x = known[0]!;
        for (const l of o.long) if (!bySpelling.has(`l:${l}`)) x.long.push(l);
        for (const c of o.short) if (!bySpelling.has(`s:${c}`)) x.short.push(c);
        for (const d of o.dashLong ?? []) if (!bySpelling.has(`d:${d}`)) (x.dashLong ??= []).push(d);
        for (const k of keysOf(x)) bySpelling.set(k, x);
      }
      if (known.length) continue;
      options.push(o);
      for (const k of keys) bySpelling.set(k, o);
    }
  }
  // unzip's "[-x xlist] [-d exdir]": the usage line shows a value that the option table,
  // listing "-d  extract files into exdir", does not. The usage line says how it is called.
  const usageAt = lines.findIndex((l) => /^\s*usage\s*:/i.test(l.text));
  if (usageAt >= 0) {
    let block = "";
    for (let k = usageAt; k < lines.length && !lines[k]!.blank; k++) block += `${lines[k]!.text}\n`;
    // HAProxy pads its brackets: "[ -n <maxconn> ]".
    // lvmpolld's "[-t secs] [-l {all|wire|debug}]" over "-t|--timeout  Time to wait": a long
    // spelling beside the letter changes nothing, where no other row spells that letter.
    // A long option too, however many spellings its row has: ansible's man page lists
    // "-i, --inventory, --inventory-file" and "--vault-id" bare under "[-i INVENTORY]" and
    // "[--vault-id VAULT_IDS]"; mosquitto_sub's "[--cert file]" over "--cert : client certificate";
    // rarcrack's "[--type rar|zip|7z]" over "--type: you can specify the archive program";
    // scamper's "[-i IPs | -I cmds | -f file]", one choice of a bracket.
    for (const m of block.matchAll(
      /(?:\[|\|) ?-(-[A-Za-z0-9][\w-]+|[A-Za-z0-9]) +([a-z0-9][\w.+-]*(?:\|[\w.+-]+)+|[a-z][\w-]*|[A-Z][A-Za-z0-9_-]*|<[^>\s]+>|\{[\w-]+(?:\|[\w-]+)+\})(?= ?(?:\]|\| ?-))/g,
    )) {
      const long = m[1]!.startsWith("-") ? m[1]!.slice(1) : undefined;
      const spelled = options.filter((x) => (long ? x.long.includes(long) : x.short.includes(m[1]!)));
      const o = spelled.length === 1 ? spelled[0] : undefined;
      if (o && o.arity === "none" && !o.value && o.short.length <= 1 && !o.negatable) {
        o.arity = "required";
        o.value = { metavar: m[2]!, type: inferType(m[2]!, { description: o.description, style, text }) };
      }
    }
    // po4a's "po4a-gettextize -f fmt -m master.doc -l XX.doc -p XX.po" over rows that name each
    // option alone ("-f, --format" over its description): a form that is nothing but two or more
    // options, each with a word after it, shows the values the rows leave out. po4a-updatepo's
    // "-f fmt (-m master.doc)+ (-p XX.po)+" repeats a pair in parentheses with a plus.
    for (const l of block.split("\n")) {
      const form = l.replace(/^\s*(?:usage\s*:)?\s*\S+/i, "");
      if (!/^(?:\s+\(?-{1,2}[A-Za-z][\w-]*\s+(?!-)[A-Za-z<][^\s[\]()]*(?:\)\+)?){2,}\s*$/.test(form)) continue;
      for (const m of form.matchAll(/(\()?(-{1,2})([A-Za-z][\w-]*)\s+([^\s()]+)(\)\+)?/g)) {
        if (!m[1] !== !m[5]) continue;
        const o = options.find((x) => (m[2] === "--" ? x.long : m[3]!.length === 1 ? x.short : (x.dashLong ?? [])).includes(m[3]!));
        if (o && o.arity === "none" && !o.value && !o.negatable) {
          o.arity = "required";
          o.value = { metavar: m[4]!, type: inferType(m[4]!, { description: o.description, style, text }) };
          if (m[5]) o.repeatable = true;
        }
      }
    }
    // prlimit's "[--<resource>=<limit>]" over "Resources:" and its rows ("-n, --nofile"): each
    // option under the heading the placeholder names takes the value, glued on with "=".
    for (const m of block.matchAll(/\[--<([a-z][\w-]*)>=<([\w-]+)>\]/g)) {
      const group = groupLines(m[1]!, lines);
      if (!group) continue;
      for (const o of options)
        if (o.arity === "none" && !o.value && o.span && o.span.line > group.from && o.span.line <= group.to) {
          o.arity = "optional";
          // A value defined once for every row ("<limit> is defined as a range soft:hard"): any word.
          o.value = { metavar: m[2]!, type: { kind: "word" } };
        }
    }
    // The usage line and its bracketed continuations, not an option table run on below it.
    let forms = "";
    // A bare "Usage:" heading (a man page's SYNOPSIS as the view writes it) has its forms on the lines below.
    const bareHeading = /^\s*usage\s*:?\s*$/i.test(lines[usageAt]?.text ?? "");
    for (let k = usageAt; k < lines.length && (k === usageAt || (bareHeading ? !lines[k]!.blank : /^\s+[[{<]/.test(lines[k]!.text))); k++)
      forms += `${lines[k]!.text}\n`;
    // lsof's "[-?abhKlnNoOPRtUvVX]": letters the usage line shows as bare flags, and nowhere
    // with a value, take none; a table entry that seemed to give one read its prose as a value
    // ("-a AND selections (OR)"). Only for options the usage line is the one source of.
    if (style === "generic")
      for (const m of forms.matchAll(/\[-([A-Za-z0-9?]{2,})\]/g)) {
        if (/^(options?|opts|flags|switches)$/i.test(m[1]!)) continue;
        for (const c of m[1]!) {
          const o = options.find((x) => x.short.includes(c));
          if (o?.arity !== "required" || o.long.length || o.dashLong?.length || o.short.length > 1) continue;
          const esc = c.replace(/[?]/g, "\\?");
          if (new RegExp(`(^|[\\s[|])-${esc}( +[^\\s\\]|-]|[^\\s\\]|])`).test(forms)) continue;
          o.arity = "none";
          delete o.value;
          delete o.valueCount;
        }
      }
    // lsof's "[-i [i]]", ssh-copy-id's "[-i [identity_file]]": the value may be left off, and
    // when given it may be the next word. Only where the usage line is the one source of the form.
    if (style === "generic")
      for (const m of forms.matchAll(/\[[-+|]*-([A-Za-z0-9]) +\[([^\]\s[]+)\]\]/g)) {
        const o = options.find((x) => x.short.includes(m[1]!));
        if (!o || o.long.length || o.dashLong?.length) continue;
        o.arity = "optional";
        o.value ??= { metavar: m[2]!, type: inferType(m[2]!, { description: o.description, style, text }) };
        o.valueApart = true;
      }
  }
  // wpa_supplicant's usage "-i<ifname> -c<config file>" (headed or not) over "-i = interface
  // name": a value glued on in angle brackets is required, whatever the table seemed to say.
  let glued = "";
  for (let k = usageAt >= 0 ? usageAt : headlessUsageLine(lines, path[0] ?? ""); k >= 0 && k < lines.length && !lines[k]!.blank; k++)
    glued += `${lines[k]!.text}\n`;
  for (const m of glued.matchAll(/(?<=^|[\s[|])-([A-Za-z0-9])(<[^<>\n]+>)(?=[\s\]|]|$)/g)) {
    const o = options.find((x) => x.short.includes(m[1]!));
    if (o && o.arity !== "required" && o.short.length === 1 && o.long.length === 0 && !o.dashLong?.length) {
      o.arity = "required";
      o.value = { metavar: m[2]!, type: inferType(m[2]!, { description: o.description, style, text }) };
      delete o.valueCount;
    }
  }
  // sacct's "-o, --format   Comma separated list of fields.", wget2's "-D, --domains
  // Comma-separated list of domains to follow.": where the usage shows no value either, the
  // description says there is one.
  // speaker-test's "-t,--test  pink=use pink noise, sine=use sine wave, wav=WAV file": a
  // description that is nothing but "value=meaning" pairs lists the values.
  for (const o of options) {
    if (o.arity !== "none" || o.value || o.negatable) continue;
    const pairs = VALUE_MEANINGS.test(o.description.trim()) ? [...o.description.matchAll(/(?:^|,\s*)([a-z0-9][\w-]*)=/gi)].map((m) => m[1]!) : [];
    if (COMMA_LIST.test(o.description)) {
      o.arity = "required";
      o.value = { metavar: "LIST", type: { kind: "word" } };
    } else if (pairs.length >= 2) {
      o.arity = "required";
      o.value = { metavar: pairs.join("|"), type: { kind: "enum", choices: pairs } };
    }
  }
  const usage = parseUsage(lines, path, takesValue);
  usage.alternatives = usage.alternatives.map((a) => commandsAsOperands(a, entries.positionals));
  let operands = mergeAlternatives(usage.alternatives);
  // popt prints "Usage: rpm [OPTION...]" whatever the program takes after its options (its
  // help ends with "--usage  Display brief usage message"): that usage says nothing of operands.
  if (usage.alternatives.length === 1 && operands.length === 0 && /^\s+--usage\s+Display brief usage message/m.test(text))
    operands = [{ name: "ARG", min: 0, max: MANY, span: usage.span ?? { start: 0, end: 0, line: 1 } }];
  // dpkg's "Usage: dpkg [<option>...] <command>" under "Commands:" that are options
  // (-i|--install <.deb file name>...): the command is one of those options, and the words
  // after it are its arguments, as many as it takes. Mono's "Usage: gacutil.exe <commands>
  // [ <options> ]" lists them at the margin ("-i <assembly_path> ...").
  if (/^commands:\s*\n(?:\s*\n)*[ \t]*-/im.test(text))
    operands = operands.map((o) =>
      /^(command|operation)$/i.test(o.name) || (/^(commands|operations)$/i.test(o.name) && o.min > 0) ? { ...o, name: "ARG", min: 0, max: MANY } : o,
    );
  operands = operands.filter((o) => o.choices || o.placeholders || !namesOptionGroup(o.name, lines));
  // virt-xml's hand-written "usage: virt-xml [options]" over argparse's "positional arguments:"
  // section, which lists "domain": the section names the operands the usage left out, and as
  // the usage shows none, none is required.
  if (usage.alternatives.length === 1 && !operands.length && /^positional arguments:\s*$/m.test(text))
    for (const p of entries.positionals) if (/^[A-Za-z][\w-]*$/.test(p.name)) operands.push({ name: p.name, min: 0, max: 1, span: p.span });

  const subcommands: CommandSpec[] = [];
  const leaf = (p: string[], aliases: string[] = []): CommandSpec => ({ path: p, aliases, style, options: [], positionals: [], subcommands: [] });
  const addSub = (name: string, aliases: string[] = [], own: string[] = []) => {
    if (name === "help" && style === "cobra") aliases = [];
    if (!subcommands.some((s) => s.path[s.path.length - 1] === name))
      subcommands.push({ ...leaf([...path, name], aliases), subcommands: own.map((c) => leaf([...path, name, c])) });
  };
  // A list right under the usage with no heading (GLib's, mutool's), where the usage takes
  // no operand but a command.
  const listed = entries.commands.length || !operands.every((o) => SUBCOMMAND_NAME.test(o.name)) ? [] : usageCommandList(lines);
  // Not the commands of a program whose usage this subcommand's text prints (apt list's); only
  // those it shows after this command's word ("reg reload", "reg get" under iw reg).
  const shownAfter = (c: (typeof entries.commands)[number]) => text.slice(c.span.start).startsWith(`${path[path.length - 1]} `);
  // tput's "capname  unlike clear/init/reset, print value for capability "capname"": an entry
  // whose description names a thing by the entry's own name in double quotes stands for a word
  // of the caller's, not one to type (az's "Aka 'purge' the deleted App" is a verb).
  const placeholder = (c: (typeof entries.commands)[number]) => new RegExp(`[a-z] "${c.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`).test(c.description);
  const placeholderEntry = entries.commands.find(placeholder);
  for (const c of [...entries.commands, ...listed])
    if ((!usage.programsUsage || shownAfter(c)) && c !== placeholderEntry) addSub(c.name, c.aliases, c.commands);
  // Not in a rendered man page, whose placeholders lost their italics and read as plain words.
  const formWords =
    !entries.commands.length && !listed.length && !usage.programsUsage && opts.placeholders !== "plain"
      ? usageCommandWords(usage.alternatives, text, path)
      : [];
  for (const w of formWords) addSub(w);
  for (const o of operands) if (o.subcommand && o.choices) for (const c of o.choices) addSub(c);
  for (const w of usage.commandForms ?? []) addSub(w);
  if (subcommands.length) {
    // The subcommand placeholder and the arguments after it belong to the subcommand, and so do
    // a form's listed command word and what follows it (apt-cache's "[options] show pkg1 [pkg2 ...]").
    const named = new Set(subcommands.flatMap((c) => [c.path[c.path.length - 1]!, ...c.aliases]));
    // nmcli's "OBJECT" heading over its commands names the usage's placeholder for them.
    const first = entries.commands[0];
    // cryptsetup's "<action> is one of:" over them.
    const over = first
      ? text
          .slice(0, first.span.start)
          .trimEnd()
          .split("\n")
          .at(-1)
          ?.trim()
          .replace(/:$/, "")
          .replace(/^(?:where )?<([\w-]+)> is one of$/, "$1")
      : undefined;
    const at = operands.findIndex((o) => o.subcommand || SUBCOMMAND_NAME.test(o.name) || named.has(o.name) || o.name === over);
    if (at >= 0) operands = operands.slice(0, at);
    operands = operands.filter((o) => !ARGS_NAME.test(o.name));
    formsOfListed(subcommands, usage.alternatives, options);
    withAliasRows(subcommands, lines);
  }

  // GNU's "With no FILE, ...", runcon's "With neither CONTEXT nor COMMAND, ...".
  const leftOff = new Set(
    [...text.matchAll(/\b[Ww]ith (?:no|neither) ([A-Z][A-Z0-9_-]*)(?: (?:nor|or) ([A-Z][A-Z0-9_-]*))?,/g)].flatMap((m) =>
      m.slice(1).filter((n) => n !== undefined),
    ),
  );
  const bare = showsBare(lines, path);
  // seq's "FIRST, INCREMENT, and LAST are interpreted as floating point values": numbers, a
  // sign included (seq 10 -1 1).
  const numeric = new Set<string>();
  for (const m of text.matchAll(
    /((?:\b[A-Z][A-Z0-9_]+,?\s+(?:(?:and|or)\s+)?)+)(?:are|is)\s+(?:interpreted|treated|read)\s+as\s+(?:floating[- ]point|decimal|integer)\s+(?:values|numbers)/g,
  ))
    for (const n of m[1]!.match(/[A-Z][A-Z0-9_]+/g) ?? []) numeric.add(n);
  // dpkg-divert's "<command>" over "Commands:  --remove <file>  remove the diversion.": a
  // commands section of options only; each of them is the command.
  const commandOptions = entries.commands.length
    ? []
    : entries.options
        .filter((e) => sectionKind(e.section) === "commands")
        .flatMap((e) => e.head.spellings.map((x) => (x.kind === "long" ? `--${x.name}` : `-${x.name}`)));
  const positionals: PositionalSpec[] = [];
  for (let i = 0; i < operands.length; i++) {
    const o = operands[i]!;
    const desc = entries.positionals.find((p) => p.name === o.name || p.name.replace(/[<>[\]]/g, "") === o.name)?.description ?? "";
    let type = operandType(o, { description: desc, style, operand: true, ...(/\[SUFFIX\]$/.test(o.name) ? { text } : {}) });
    // OpenBSD nc's "Port numbers can be individual or ranges: lo-hi": a number or a range of them.
    if (type.kind === "integer" && rangesSaid(text, o.name)) type = { kind: "word" };
    if (type.kind === "word" && numeric.has(o.name.replace(/^<|>$/g, ""))) type = { kind: "number" };
    // hashid's "INPUT  input to analyze (default: STDIN)".
    const min = bare || OPERAND_OMITTED.test(desc) || leftOff.has(o.name.replace(/^<|>$/g, "")) ? 0 : o.min;
    const suppliedBy = o.suppliedBy ?? (SUBCOMMAND_NAME.test(o.name) && commandOptions.length ? commandOptions : undefined);
    const p: PositionalSpec = { name: o.name, type, min, max: o.max, span: o.span, ...(suppliedBy ? { suppliedBy } : {}) };
    // "COMMAND [ARG]...": everything from the command on is passed through untouched.
    // Only getopt-style programs stop option parsing there; argparse, click, clap and cobra do not.
    if (
      (style === "gnu" || style === "generic") &&
      PASS_THROUGH_NAME.test(o.name.replace(/[<>]/g, "")) &&
      // texconfig's "findprog PROG...": programs to look up, a list, not one to run.
      !o.listed &&
      // aws's "<command> <subcommand> [<subcommand> ...] [parameters]": the words that follow belong to the command.
      (operands[i + 1] === undefined || /arg|param|subcommand/i.test(operands[i + 1]!.name))
    )
      p.rest = true;
    // An interpreter stops reading its own options at the script: php's "<file> [--] [args...]",
    // perl's "[programfile] [arguments]"; python's "arg ...: arguments passed to program".
    const bareName = (n: string) => n.replace(/[<>[\]]/g, "");
    const next = operands[i + 1];
    if (
      (style === "gnu" || style === "generic") &&
      ((SCRIPT_NAME.test(bareName(o.name)) && next && SCRIPT_ARGS_NAME.test(bareName(next.name))) ||
        PASSED_TO_PROGRAM.test(desc || rowAbout(text, bareName(o.name))))
    )
      p.rest = true;
    positionals.push(p);
  }
  // A list of commands that says it is not complete: a word that is none of them names another
  // command (cargo's plugins, `cargo owner`), and the words after it are that command's.
  if (subcommands.length && placeholderEntry)
    positionals.push({ name: placeholderEntry.name, type: { kind: "word" }, min: 0, max: 1, rest: true, subcommand: true, span: placeholderEntry.span });
  else if (subcommands.length && entries.moreCommands) {
    session.warn('the list of commands is not complete ("..."): another command word passes through with its arguments', entries.moreCommands);
    positionals.push({ name: "COMMAND", type: { kind: "word" }, min: 0, max: 1, rest: true, subcommand: true, span: entries.moreCommands });
  }
  if (!usage.alternatives.length) {
    if (options.length === 0) session.warn("no recognisable options or usage line; the grammar accepts the bare command and its operands");
    else if (subcommands.length) session.warn("no usage line; the commands listed are the only operands");
    else session.warn("no usage line; operands of any number are allowed");
    // With a list of commands (systemctl prints "systemctl [OPTIONS...] COMMAND ..." without
    // "Usage:"), a word that is none of them is a mistake, not an operand.
    // With no options read either, nothing is known of its words: they pass through, dashes
    // included (openssl's top-level help lists commands only; `openssl req -new` is real).
    if (!subcommands.length) positionals.push({ name: "ARG", type: { kind: "word" }, min: 0, max: MANY, ...(options.length === 0 ? { rest: true } : {}) });
  } else if (options.length === 0 && style !== "generic") session.warn("no options found in the help text");

  // `apt install --help` prints apt's own help, which lists none of install's options: nothing
  // is known of the command's words, so it keeps the unknown shape (any words, dashes included)
  // instead of refusing `apt install -y curl` for want of a -y the text never had to list.
  if (
    usage.programsUsage &&
    path.length > 1 &&
    !subcommands.length &&
    options.every((o) => o.long.every((l) => /^(help|version)$/.test(l)) && o.short.every((c) => /^[hV?]$/.test(c)))
  ) {
    session.warn("the text is its program's help, with none of this command's options: any words are taken");
    options.length = 0;
    positionals.length = 0;
  }
  const spec: CommandSpec = { path, aliases: [], style, options, positionals, subcommands, source: { program: path[0] ?? "" } };
  if (bsd && !subcommands.length) spec.extensions = [bsd];
  // LLVM's tools ("USAGE: llc [options] <input bitcode>", "  --name=<value>   - text") take
  // every long option with one dash too.
  else if (/^USAGE: \S+/m.test(text) && /^OPTIONS:\s*$/m.test(text) && /^\s+--[\w-]+(?:=<\w+>)?\s+- \S/m.test(text))
    spec.extensions = [{ kind: "single-dash-long" }];
  if (templates.length) spec.extensions = [...(spec.extensions ?? []), { kind: "option-prefixes", prefixes: templates }];
  if (formWords.length && !positionals.length) spec.extensions = [...(spec.extensions ?? []), { kind: "command-required" }];
  if (usage.passesAfterDashes) spec.extensions = [...(spec.extensions ?? []), { kind: "passes-after-dashes" }];
  if (/^\s*usage:\s+\S+\s+\[switches\]/im.test(text)) spec.extensions = [...(spec.extensions ?? []), { kind: "switch-clusters" }];
  return { spec, diagnostics: session.diagnostics };
}

/** The operands `text` says may be left off, made optional; the result records what it said, for a merge. */
export function withTextLeftOff(r: ParseResult, text: string): ParseResult {
  // The text's examples that give a KEY=VALUE operand as "key-" (kubectl label's "bar-").
  const spec = withExampleFlags(withExampleUnsets(r.spec, text), text);
  const inProse = leftOffIn(text);
  // The text's examples that give options only: their first options stand in for the required operands.
  const by = exampleSuppliers(spec, text);
  const shown = spec.positionals.filter((p) => p.min > 0).map((p) => ({ name: p.name.replace(/^<|>$/g, "").toLowerCase(), by }));
  const said: LeftOff | undefined = by.length ? { all: false, names: [], ...inProse, unless: [...(inProse?.unless ?? []), ...shown] } : inProse;
  if (!said) return spec === r.spec ? r : { ...r, spec };
  return { ...r, spec: { ...spec, positionals: withLeftOff(spec.positionals, said) }, leftOff: said };
}

export function parseHelp(text: string, opts: ParseOptions): ParseResult {
  if (typeof text !== "string") throw new GrammargenError("help text must be a string", [], "EUSAGE");
  checkHelpText(text);
  const path = nameWords(opts.name);
  if (path.length === 0) throw new GrammargenError("a command name is required (--name)", [], "EUSAGE");
  for (const w of path)
    if (!/^[\w.+@:/-]+$/.test(w)) throw new GrammargenError(`command word ${JSON.stringify(w)} has characters a shell would interpret`, [], "EUSAGE");
  const normalized = normalize(text);
  const style = opts.style ?? claimedStyle(normalized) ?? detectStyle(normalized);
  const special = styleParser(style);
  try {
    // A help text that is a man page: its SYNOPSIS forms are its usage, read as the man page reader reads them.
    const asMan = special ? undefined : synopsisAsUsage(normalized, path);
    const read = asMan ? parseGetoptStyle(asMan.text, { name: path }, style) : undefined;
    const result = read
      ? { ...read, spec: asMan!.remap(read.spec), diagnostics: asMan!.remapDiagnostics(read.diagnostics) }
      : special
        ? special(normalized, { name: path })
        : parseGetoptStyle(normalized, { name: path }, style);
    // Operands last: an option a placeholder stands for may be the one that supplies an operand.
    const done = withTextLeftOff(
      withOwnAliases(
        withGoFlagSpellings(
          withAbbreviations(
            withSubcommandOperand(
              withSuppliedOperands(
                withPlaceholderOptions(
                  withPrefixedOptions(withSiblingOptions(withBorrowedOptions(withKeywordGrammar(result, normalized), normalized), normalized), normalized),
                  normalized,
                ),
              ),
              normalized,
            ),
            normalized,
          ),
          normalized,
        ),
        normalized,
      ),
      normalized,
    );
    return GLIB_HELP.test(normalized) ? { ...withGlibValues(done, normalized), valuesUnshown: true } : done;
  } catch (e) {
    if (e instanceof GrammargenError) throw e;
    // A parser bug must still reach the user as a typed error, never a bare one.
    throw new GrammargenError(`could not parse the help text: ${(e as Error)?.message ?? String(e)}`, [], "EPARSE");
  }
}

/**
 * cryptsetup's "You can also use old <action> syntax aliases:" over "open: create (plainOpen),
 * luksOpen, ...": under a heading that names aliases, a row that starts with one of the commands
 * and a colon lists other names for it.
 */
function withAliasRows(subcommands: CommandSpec[], lines: readonly { text: string }[]): void {
  for (let i = 0; i < lines.length; i++) {
    if (!/\baliases:\s*$/i.test(lines[i]!.text)) continue;
    for (let k = i + 1; k < lines.length; k++) {
      const row = /^\s+([a-z][\w-]*):\s+(\S.*)$/i.exec(lines[k]!.text);
      if (!row) break;
      const sub = subcommands.find((c) => c.path[c.path.length - 1] === row[1]);
      if (!sub) continue;
      const names = row[2]!.split(/[\s,()]+/).filter((n) => /^[A-Za-z][\w-]*$/.test(n) && n !== row[1]);
      sub.aliases = [...new Set([...sub.aliases, ...names])];
    }
  }
}
