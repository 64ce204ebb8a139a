// parseHelp: help text -> CommandSpec for getopt-like styles (GNU, cobra, argparse, click,
// clap and unknown "generic" texts). Other styles register their own parser in styles.ts.
import { GrammargenError, Session, type CommandSpec, type Diagnostic, type HelpStyle, type OptionSpec, type PositionalSpec, type ValueType } from "../ir.js";
import { readEntries, type OptionEntry } from "./entries.js";
import { arityOf } from "./head.js";
import { detectStyle } from "./style.js";
import { claimedStyle, styleParser } from "./styles.js";
import { checkHelpText, normalize, splitLines } from "./text.js";
import { COBRA_TYPES, inferType } from "./types.js";
import { MANY, parseUsage, type UsageOperand } from "./usage.js";

export interface ParseOptions {
  name: string | string[];
  style?: HelpStyle;
}

export interface ParseResult {
  spec: CommandSpec;
  diagnostics: Diagnostic[];
}

export const nameWords = (name: string | string[]): string[] => (Array.isArray(name) ? name : name.split(/\s+/)).map((w) => w.trim()).filter((w) => w !== "");

const REPEAT_DESC = /can be (used|given|specified|repeated|passed)( multiple times| more than once| several times)|may be (given|repeated|used|specified) (multiple times|more than once)|\brepeatable\b|multiple times/i;
const SUBCOMMAND_NAME = /^(command|commands|subcommand|sub-command|cmd|<command>|COMMAND|SUBCOMMAND|resource|topic)$/i;
const ARGS_NAME = /^(args?|arguments?|ARGS?|options)$/i;
const REST_NAME = /^(command|cmd|prog|program|utility|executable)$/i;

/** "-p, --indicator-style=slash": a lowercase literal after '=' is a fixed value, so -p is a flag. */
function optionsFrom(e: OptionEntry, style: HelpStyle, text: string): OptionSpec[] {
  const v = e.head.values[0];
  if (v && v.attach === "eq" && e.head.values.length === 1 && /^[a-z][a-z0-9-]*$/.test(v.metavar) && style !== "cobra") {
    const out: OptionSpec[] = [];
    if (e.head.short.length) out.push({ short: e.head.short, long: [], arity: "none", repeatable: false, description: e.description, span: e.span });
    if (e.head.long.length) out.push({ short: [], long: e.head.long, arity: "required", value: { type: { kind: "enum", choices: [v.metavar] }, metavar: v.metavar }, repeatable: false, description: e.description, span: e.span });
    return out;
  }
  return [optionFrom(e, style, text)];
}

function optionFrom(e: OptionEntry, style: HelpStyle, text: string): OptionSpec {
  const h = e.head;
  let arity = arityOf(h);
  // pflag count flags ("-v, --verbose n ... specify multiple times or a level using --verbose=n") take no value unless attached.
  if (style === "cobra" && arity === "required" && /multiple times/i.test(e.description) && h.long.some((l) => e.description.includes(`--${l}=`))) arity = "optional";
  const o: OptionSpec = { short: h.short, long: h.long, arity, repeatable: h.repeatable || REPEAT_DESC.test(e.description), description: e.description, span: e.span };
  if (h.dashLong.length) o.dashLong = h.dashLong;
  if (h.negatable) o.negatable = true;
  if (arity !== "none") {
    const v = h.values[0]!;
    let type: ValueType;
    if (style === "cobra" && /^(strings|stringArray|stringSlice|ints|uints|bools|durationSlice|ipSlice|stringToString)$/.test(v.metavar)) {
      o.repeatable = true;
      type = v.metavar === "ints" || v.metavar === "uints" ? { kind: "word" } : inferType("", { description: e.description, style });
      if (type.kind !== "enum") type = { kind: "word" };
    } else if (style === "cobra" && COBRA_TYPES.has(v.metavar) && v.metavar !== "string") type = inferType(v.metavar, { description: e.description, style });
    else type = inferType(v.metavar, { description: e.description, style, text });
    o.value = { type, metavar: v.metavar };
    if (h.extraValues > 0) o.valueCount = 1 + h.extraValues;
  }
  return o;
}

/** Options the text lists twice (GNU grep lists -E in two sections) merge into one. */
function mergeOptions(options: OptionSpec[], session: Session): OptionSpec[] {
  const out: OptionSpec[] = [];
  for (const o of options) {
    const same = out.find((p) => p.short.some((s) => o.short.includes(s)) || p.long.some((l) => o.long.includes(l)) || (p.dashLong ?? []).some((d) => (o.dashLong ?? []).includes(d)));
    if (!same) {
      out.push(o);
      continue;
    }
    if (same.arity !== o.arity && o.arity !== "none" && same.arity === "none") {
      same.arity = o.arity;
      same.value = o.value;
    } else if (same.value && o.value && same.value.type.kind === "enum") {
      // The more general value wins; two enums pool their choices.
      if (o.value.type.kind !== "enum") same.value = o.value;
      else same.value = { ...same.value, type: { kind: "enum", choices: [...new Set([...same.value.type.choices, ...o.value.type.choices])] } };
    }
    for (const s of o.short) if (!same.short.includes(s)) same.short.push(s);
    for (const l of o.long) if (!same.long.includes(l)) same.long.push(l);
    if (o.span) session.warn(`option ${[...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`)].join(", ")} is listed more than once; merged`, o.span);
  }
  return out;
}

/** Several usage alternatives -> one operand list: the widest alternative, with minimums lowered to the smallest total. */
function mergeAlternatives(alts: UsageOperand[][]): UsageOperand[] {
  if (alts.length === 0) return [];
  const total = (a: UsageOperand[], k: "min" | "max") => a.reduce((s, o) => s + o[k], 0);
  const widest = [...alts].sort((a, b) => total(b, "max") - total(a, "max") || b.length - a.length)[0]!.map((o) => ({ ...o }));
  let excess = total(widest, "min") - Math.min(...alts.map((a) => total(a, "min")));
  for (let i = widest.length - 1; i >= 0 && excess > 0; i--) {
    const cut = Math.min(widest[i]!.min, excess);
    widest[i]!.min -= cut;
    excess -= cut;
  }
  return widest;
}

export function parseGetoptStyle(text: string, opts: ParseOptions, style: HelpStyle): ParseResult {
  const session = new Session("parse");
  const path = nameWords(opts.name);
  const lines = splitLines(text);
  const entries = readEntries(lines);
  for (const span of entries.unreadable) session.warn(`could not read an option in ${JSON.stringify(text.slice(span.start, span.end).slice(0, 60))}`, span);
  const options = mergeOptions(
    entries.options.flatMap((e) => optionsFrom(e, style, text)),
    session,
  );

  const takesValue = (spelling: string): boolean | undefined => {
    const long = spelling.startsWith("--") ? spelling.slice(2) : undefined;
    const short = !long && spelling.length === 2 ? spelling.slice(1) : undefined;
    const o = options.find((x) => (long && x.long.includes(long)) || (short && x.short.includes(short)) || (!long && !short && x.dashLong?.includes(spelling.slice(1))));
    return o ? o.arity === "required" : undefined;
  };
  const usage = parseUsage(lines, path, takesValue);
  let operands = mergeAlternatives(usage.alternatives);

  const subcommands: CommandSpec[] = [];
  const addSub = (name: string, aliases: string[] = []) => {
    if (name === "help" && style === "cobra") aliases = [];
    if (!subcommands.some((s) => s.path[s.path.length - 1] === name)) subcommands.push({ path: [...path, name], aliases, style, options: [], positionals: [], subcommands: [] });
  };
  for (const c of entries.commands) addSub(c.name, c.aliases);
  for (const o of operands) if (o.subcommand && o.choices) for (const c of o.choices) addSub(c);
  if (subcommands.length) {
    // The subcommand placeholder and the arguments after it belong to the subcommand.
    const at = operands.findIndex((o) => o.subcommand || SUBCOMMAND_NAME.test(o.name));
    if (at >= 0) operands = operands.slice(0, at);
    operands = operands.filter((o) => !ARGS_NAME.test(o.name));
  }

  const positionals: PositionalSpec[] = [];
  for (let i = 0; i < operands.length; i++) {
    const o = operands[i]!;
    const desc = entries.positionals.find((p) => p.name === o.name || p.name.replace(/[<>[\]]/g, "") === o.name)?.description ?? "";
    const type: ValueType = o.choices ? { kind: "enum", choices: o.choices } : inferType(o.name, { description: desc, style });
    const p: PositionalSpec = { name: o.name, type: type.kind === "path" || type.kind === "word" || type.kind === "enum" || type.kind === "keyvalue" ? type : { kind: "word" }, min: o.min, max: o.max, span: o.span };
    if (type.kind === "url") p.type = type;
    // "COMMAND [ARG]...": everything from the command on is passed through untouched.
    if (REST_NAME.test(o.name.replace(/[<>]/g, "")) && (operands[i + 1] === undefined || /arg/i.test(operands[i + 1]!.name))) p.rest = true;
    positionals.push(p);
  }
  if (!usage.alternatives.length) {
    if (options.length === 0) session.warn("no recognisable options or usage line; the grammar accepts the bare command and its operands");
    else session.warn("no usage line; operands of any number are allowed");
    positionals.push({ name: "ARG", type: { kind: "word" }, min: 0, max: MANY });
  } else if (options.length === 0 && style !== "generic") session.warn("no options found in the help text");

  const spec: CommandSpec = { path, aliases: [], style, options, positionals, subcommands, source: { program: path[0] ?? "" } };
  return { spec, diagnostics: session.diagnostics };
}

export function parseHelp(text: string, opts: ParseOptions): ParseResult {
  if (typeof text !== "string") throw new GrammargenError("help text must be a string", [], "EUSAGE");
  checkHelpText(text);
  const path = nameWords(opts.name);
  if (path.length === 0) throw new GrammargenError("a command name is required (--name)", [], "EUSAGE");
  for (const w of path) if (!/^[\w.+@:/-]+$/.test(w)) throw new GrammargenError(`command word ${JSON.stringify(w)} has characters a shell would interpret`, [], "EUSAGE");
  const normalized = normalize(text);
  const style = opts.style ?? claimedStyle(normalized) ?? detectStyle(normalized);
  const special = styleParser(style, normalized);
  try {
    const result = special ? special(normalized, { name: path }) : parseGetoptStyle(normalized, { name: path }, style);
    return result;
  } catch (e) {
    if (e instanceof GrammargenError) throw e;
    // A parser bug must still reach the user as a typed error, never a bare one.
    throw new GrammargenError(`could not parse the help text: ${(e as Error)?.message ?? String(e)}`, [], "EPARSE");
  }
}
