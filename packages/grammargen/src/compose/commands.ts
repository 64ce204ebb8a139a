// Per-command grammars as composition templates: each spec lowered once (rules prefixed by
// command), wrappers (xargs, timeout, nice, env...) cut at their COMMAND operand so the
// wrapped command goes through its own grammar, and policy applied on the way: denied
// programs dropped, denied flags removed, required flags enforced by a product with a
// two-state "seen the flag" automaton.
import { TO_SHELL, wrapsCommand } from "@shellgen/base";
import { alt, lit, mapExpr, opt, ref, rep, seq, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { refsOf, sanitizeName, UNBOUNDED } from "../grammar/names.js";
import type { CommandSpec, OptionSpec } from "../ir.js";
import { lowerCommand, type LowerOptions } from "../lower/command.js";
import { SHARED_TERMINALS } from "../lower/terminals.js";
import { commandAllowed, isFlagsOnly, optionsRulesFor, restrictsSubcommands, type Policy } from "../policy/policy.js";
import { COMMAND_VALUE, SHELL_RUN } from "./wrappers.js";

/** Placeholder a wrapper template refers to; replaced by the level's inner-command rule. */
export const INNER = "sh_inner";
export const INNER_WITH = "sh_inner_with";
/** xargs appends operands itself, so its command may omit required ones. */
export const INNER_XARGS = "sh_innerx";
/** find -exec's command: anything but another find (which would nest without bound), its trailing operands supplied as under xargs. */
export const INNER_EXEC = "sh_innerexec";
/** The same without a wrapper, for a wrapper's command under xargs or find -exec (`xargs sudo rm`). */
export const INNER_EXEC0 = "sh_innerexec0";
/** A redirection inside a command's words; replaced by the level's redirection rule. */
export const IN_REDIRECT = "sh_inredirect";
/** A command that may itself be one wrapper deep (`sudo nohup make`, `time sudo ls`). */
export const INNER_NEST = "sh_innerw";
/** A command this shell runs (`time cd /tmp`, `command cd`): a nestable one, or any builtin. */
export const INNER_ANY = "sh_innerany";
/** A wrapper that hands its command to a shell (ssh, watch): a command, or one quoted command line. */
export const INNER_SHELL = "sh_innersh";
/** The same inside another wrapper (`sudo ssh host ls`, `timeout 5 ssh h uptime`): its command may not be one more wrapper. */
export const INNER_SHELL1 = "sh_innersh1";
/** A command line given as one word (`su -c 'ls | wc -l'`), checked by the composed grammar. */
export const INLINE = "sh_inline";
/** What an option valued by a command line is lowered to before its value becomes INLINE. */
const INLINE_MARK = "SHELLGENINLINECOMMANDLINE";

export interface CommandTemplate {
  program: string;
  /** Start rule of one invocation (a wrapper's includes the wrapped command). */
  start: string;
  /** Non-terminal rules, copied once per substitution level. */
  rules: Rule[];
  /** Command-specific terminals (clustered flag letters), shared by every level. */
  terminals: Rule[];
  /** Shared value terminals it uses (word, operand, int...). */
  shared: Rule[];
  wrapper: boolean;
  /** Runs a command of its own through find -exec. */
  exec?: boolean;
  /** Where it may appear: everywhere, or only inside a policy's required wrapper (timeout). */
  place: "anywhere" | "inside-with" | "xargs";
  /** A relaxed sibling (required operands made optional) exists for xargs. */
  relaxed?: boolean;
  /** The wrapper's rule when it is itself the command of another wrapper (its command is then no wrapper). */
  nested?: string;
  /** The same under xargs or find -exec, whose command's trailing operands they supply (`xargs sudo rm`). */
  nestedExec?: string;
}

const spelled = (o: OptionSpec): string[] => [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)];

/**
 * The options rules of a policy, as an option filter: an option stays when one of its
 * spellings is allowed for its command (the subcommand's rule and the program's together).
 * One-dash spellings of long names (`-name` for find) count too.
 */
function allowListFilter(policy: Policy | undefined): ((cmd: string[], o: OptionSpec) => boolean) | undefined {
  if (!policy?.options?.length) return undefined;
  return (cmd, o) => {
    const rules = optionsRulesFor(policy, cmd);
    if (!rules) return true;
    const allowed = new Set(rules.flatMap((r) => r.allow));
    return [...spelled(o), ...o.long.map((l) => `-${l}`)].some((f) => allowed.has(f));
  };
}

/** Two option filters as one: an option must pass both. */
const both = (
  a: ((cmd: string[], o: OptionSpec) => boolean) | undefined,
  b: ((cmd: string[], o: OptionSpec) => boolean) | undefined,
): ((cmd: string[], o: OptionSpec) => boolean) | undefined => (a && b ? (cmd, o) => a(cmd, o) && b(cmd, o) : (a ?? b));

/** Whether a spec survives a policy's subcommand allow-list (a program whose rules name subcommands keeps only those). */
export function subcommandAllowed(policy: Policy | undefined, path: string[]): boolean {
  if (!policy || path.length < 2 || !restrictsSubcommands(policy, path[0]!)) return true;
  return (policy.options ?? []).some((r) => r.command === path.slice(0, 2).join(" "));
}

/** The flags-only deny rules of a policy, as an option filter for lowering. */
function optionFilter(
  policy: Policy | undefined,
  program: string,
  alsoDeny: string[],
  path: string[] = [program],
): ((cmd: string[], o: OptionSpec) => boolean) | undefined {
  const denied = new Set([
    ...(policy?.deny ?? []).filter((r) => (r.command === program || r.command === path.join(" ")) && isFlagsOnly(r)).flatMap((r) => r.flags!),
    ...alsoDeny,
  ]);
  const listed = allowListFilter(policy);
  if (denied.size === 0) return listed;
  return both((_cmd, o) => !spelled(o).some((f) => denied.has(f)), listed);
}

// A command slot a parser did not mark: "command", "<cmd>", "subcommands", or the bare "ARG"
// list a text that says nothing of its operands gets (busybox's help is "applet not found").
const COMMAND_SLOT = /^<?(?:(?:sub-?)?(?:command|cmd)s?|args?|arguments?)>?$/i;

/** A spec for one of a program's subcommands (git log), not for an option's use (python3 -m venv). */
export const isSubcommandPath = (path: string[]): boolean => path.length > 1 && !path[1]!.startsWith("-");

/**
 * A program's own spec without its `COMMAND [ARGS]...` operand, for a composition that holds
 * the program's subcommands too: their grammars are its commands, and an operand taking any
 * word with any arguments after it would accept every wrong option of theirs. The operand is
 * the one marked `subcommand`, named so (openssl's `command`), a pass-through rest (hg's
 * `ARG...`), or the bare `ARG` list; it and all after it go.
 */
export function withoutCommandOperand(spec: CommandSpec): CommandSpec {
  const at = spec.positionals.findIndex((p) => p.subcommand || p.rest || COMMAND_SLOT.test(p.name));
  return at < 0 ? spec : { ...spec, positionals: spec.positionals.slice(0, at) };
}

export function commandTemplates(
  specs: CommandSpec[],
  policy: Policy | undefined,
  wrapperNames: Set<string>,
  execInner = true,
  dashDash?: LowerOptions["dashDash"],
  redirects = false,
  /** ComposeOptions.rareForms: wrappers under xargs and find -exec too. */
  rare = false,
): CommandTemplate[] {
  const out: CommandTemplate[] = [];
  const used = new Set<string>();
  const withWrappers = new Set((policy?.wrap ?? []).map((w) => w.with));
  const withSubcommands = new Set(specs.filter((s) => isSubcommandPath(s.path)).map((s) => s.path[0]!));
  // A subcommand composed as a spec of its own is read from its own help; the entry a parent's
  // command list gives it (no options: any words) would let any option through.
  // Where the parent's text lets its command names be cut short (ip's objects), the short
  // spellings reach the composed spec only through the parent: it stands in the parent's list.
  const composed = new Map(specs.map((s) => [s.path.join(" "), s]));
  const ownSubcommands = (s: CommandSpec): CommandSpec => {
    const nests = s.extensions?.some((e) => e.kind === "abbreviated-commands");
    return {
      ...s,
      subcommands: s.subcommands.flatMap((c) => {
        const own = composed.get(c.path.join(" "));
        return own ? (nests ? [own] : []) : [ownSubcommands(c)];
      }),
    };
  };
  // The bare program's options may stand before a subcommand's words (git -C repo log).
  const topOptions = new Map(specs.filter((s) => s.path.length === 1).map((s) => [s.path[0]!, s.options]));
  // The aliases a parent's list gives a command (cargo's "build, b") hold for its own spec too.
  const listedAliases = new Map(specs.flatMap((s) => s.subcommands.map((c): [string, string[]] => [c.path.join(" "), c.aliases])));
  for (const read of specs) {
    const more = (listedAliases.get(read.path.join(" ")) ?? []).filter((a) => !read.aliases.includes(a));
    const given = more.length ? { ...read, aliases: [...read.aliases, ...more] } : read;
    const program = given.path[0] ?? "";
    const before = isSubcommandPath(given.path) ? topOptions.get(program) : undefined;
    const spec = ownSubcommands(given.path.length === 1 && withSubcommands.has(program) ? withoutCommandOperand(given) : given);
    if (!program || (policy && !commandAllowed(policy, program).ok) || !subcommandAllowed(policy, spec.path)) continue;
    const key = `c_${sanitizeName(spec.path.join("_"))}`;
    if (used.has(key)) continue;
    used.add(key);
    const wraps = (policy?.wrap ?? []).filter((w) => w.commands.includes(program));
    const always = wraps.some((w) => !w.flags);
    const followFlags = wraps.flatMap((w) => w.flags ?? []);
    const variants: { prefix: string; place: CommandTemplate["place"]; deny: string[] }[] = [];
    if (!always) variants.push({ prefix: key, place: "anywhere", deny: followFlags });
    if (wraps.length) variants.push({ prefix: `${key}_in`, place: "inside-with", deny: [] });
    // Flags a policy denies only under xargs (rm -r of paths read from stdin) leave its xargs copy.
    const underXargs = (policy?.deny ?? []).filter((r) => r.command === program && r.under?.includes("xargs") && r.flags && !r.args && !r.protect);
    const xargsDeny = [...followFlags, ...underXargs.flatMap((r) => r.flags!)];
    const needsOperands = (spec.positionals.some((p) => p.min > 0) || underXargs.length > 0) && !always;
    if (needsOperands) variants.push({ prefix: `${key}_x`, place: "xargs", deny: xargsDeny });
    for (const v of variants) {
      const relaxed = v.place === "xargs" ? { ...spec, positionals: spec.positionals.map((p) => ({ ...p, min: 0 })) } : spec;
      const t = template(
        relaxed,
        program,
        v.prefix,
        v.place,
        optionFilter(policy, program, v.deny, spec.path),
        policy,
        wrapperNames,
        withWrappers,
        dashDash,
        redirects,
        before,
        rare,
      );
      if (v.place === "anywhere" && needsOperands) t.relaxed = true;
      if (execInner) {
        const changed = { any: false };
        t.rules = t.rules.map((r) => ({ ...r, expr: execToInner(r.expr, changed) }));
        t.exec = changed.any;
      }
      out.push(t);
    }
  }
  return out;
}

function template(
  spec: CommandSpec,
  program: string,
  prefix: string,
  place: CommandTemplate["place"],
  allow: ((cmd: string[], o: OptionSpec) => boolean) | undefined,
  policy: Policy | undefined,
  wrapperNames: Set<string>,
  withWrappers: Set<string>,
  dashDash?: LowerOptions["dashDash"],
  redirects = false,
  before?: OptionSpec[],
  rare = false,
): CommandTemplate {
  const cut = spec.positionals.findIndex((_, i) => wrapsCommand(spec.positionals, i));
  const wrapper = cut >= 0 && spec.path.length === 1;
  if (wrapper) wrapperNames.add(program);
  const restricts = !!policy && restrictsSubcommands(policy, program);
  // `su -c <command>`: the value is a command line; lowered to a mark, then to INLINE below.
  const marked: CommandSpec = {
    ...spec,
    options: spec.options.map((o) =>
      o.value && COMMAND_VALUE.test(o.value.metavar ?? "") && TO_SHELL.test(o.description ?? "")
        ? { ...o, value: { ...o.value, type: { kind: "enum", choices: [INLINE_MARK] } } }
        : o,
    ),
  };
  const lowered = lowerCommand(wrapper ? { ...marked, positionals: marked.positionals.slice(0, cut) } : marked, {
    ruleprefix: prefix,
    ...(allow || restricts
      ? { policy: { ...(allow ? { allowOption: allow } : {}), ...(restricts ? { allowSubcommand: (p: string[]) => subcommandAllowed(policy, p) } : {}) } }
      : {}),
    ...(dashDash ? { dashDash } : {}),
    ...(redirects ? { between: IN_REDIRECT } : {}),
    ...(before?.length ? { before: allow ? before.filter((o) => allow(spec.path.slice(0, 1), o)) : before } : {}),
  });
  let g: Grammar = lowered;
  for (const req of policy?.require ?? []) if (req.command === program) g = requireFlag(g, req.anyOf);
  // Everything but the shared value terminals belongs to this command (style lowerings such
  // as tar's add rules named after the prefix itself).
  const own = (r: Rule) => !(r.terminal && SHARED_TERMINALS.has(r.name));
  const inline = (r: Rule): Rule => (r.expr.kind === "lit" && r.expr.text === INLINE_MARK ? { ...r, expr: ref(INLINE) } : r);
  const rules = g.rules.filter((r) => own(r) && !r.terminal).map(inline);
  let start = g.start;
  if (wrapper) {
    start = `${prefix}_wrapped`;
    const inner = withWrappers.has(program)
      ? INNER_WITH
      : program === "xargs" || spec.positionals.slice(cut + 1).some((p) => /initial/i.test(p.name))
        ? INNER_XARGS
        : SHELL_RUN.has(program)
          ? INNER_SHELL
          : INNER;
    // POSIX: env with no command prints the environment, xargs with none runs echo; and a
    // command the usage shows optional may be left out (`sudo -v`, `ssh host`, `flock f -c '...'`).
    const optional = program === "env" || program === "xargs" || spec.positionals[cut]!.min === 0;
    const wrapped = (cmd: string): Expr => {
      const run = seq(ref("sp"), ref(cmd));
      return seq(ref(g.start), optional ? opt(run) : run);
    };
    // A wrapper's command may be one more wrapper (`sudo nohup make`, `sudo ssh host ls`); that
    // one's command may not.
    const nests = inner === INNER || inner === INNER_SHELL;
    rules.push({ name: start, expr: wrapped(inner === INNER ? INNER_NEST : inner), terminal: false, comment: `${program} running another command` });
    if (nests)
      rules.push({
        name: `${prefix}_wrapped1`,
        expr: wrapped(inner === INNER ? INNER : INNER_SHELL1),
        terminal: false,
        comment: `${program} inside another wrapper`,
      });
    // Under xargs or find -exec, which supply its command's trailing operands (`xargs sudo rm`,
    // `-exec sudo chmod 644 {} +`): one of the rare forms.
    if (rare && inner === INNER)
      rules.push({ name: `${prefix}_wrappedx`, expr: wrapped(INNER_EXEC0), terminal: false, comment: `${program} under xargs or find -exec` });
  }
  return {
    program,
    start,
    rules,
    terminals: g.rules.filter((r) => own(r) && r.terminal),
    shared: g.rules.filter((r) => !own(r)),
    wrapper,
    place,
    ...(wrapper && rules.some((r) => r.name === `${prefix}_wrapped1`) ? { nested: `${prefix}_wrapped1` } : {}),
    ...(wrapper && rules.some((r) => r.name === `${prefix}_wrappedx`) ? { nestedExec: `${prefix}_wrappedx` } : {}),
  };
}

/**
 * Restricts a command grammar to invocations that contain one of `flags`: each rule R that
 * can produce the flag gets a variant R_req that certainly does, built by choosing the
 * item of a sequence (or one turn of a repetition) where the flag appears. A literal is
 * judged together with the nearest literal to its left, since options are lowered as
 * "--" or "-" followed by an alternation of names.
 */
export function requireFlag(g: Grammar, flags: string[]): Grammar {
  const byName = new Map(g.rules.map((r) => [r.name, r]));
  const produces = (text: string): boolean => flags.some((f) => text === f || text.startsWith(`${f}=`));
  const made = new Map<string, Rule | null>();
  const variants = new Map<string, string>();
  const need = (name: string, before: string): string | undefined => {
    const key = `${name}\u0000${before}`;
    const known = variants.get(key);
    if (known !== undefined) return made.get(known) === null ? undefined : known;
    const vname = `${name}_req${variants.size ? variants.size + 1 : ""}`;
    variants.set(key, vname);
    const r = byName.get(name)!;
    const rule: Rule = { name: vname, expr: r.expr, terminal: false };
    made.set(vname, rule); // assume producible while recursing; fixed below if not
    const e = must(r.expr, before);
    if (!e) {
      made.set(vname, null);
      return undefined;
    }
    rule.expr = e;
    return vname;
  };
  const must = (e: Expr, before: string): Expr | undefined => {
    switch (e.kind) {
      case "lit":
        return produces(before + e.text) || produces(e.text) ? e : undefined;
      case "cls":
        return undefined;
      case "ref": {
        const r = byName.get(e.name);
        if (!r || r.terminal) return undefined;
        const n = need(e.name, before);
        return n ? ref(n) : undefined;
      }
      case "alt": {
        const items = e.items.map((i) => must(i, before)).filter((x): x is Expr => !!x);
        return items.length ? alt(...items) : undefined;
      }
      case "seq": {
        const options: Expr[] = [];
        let lead = before;
        for (let i = 0; i < e.items.length; i++) {
          const item = e.items[i]!;
          const m = must(item, lead);
          if (m) options.push(seq(...e.items.slice(0, i), m, ...e.items.slice(i + 1)));
          if (item.kind === "lit") lead = item.text;
        }
        return options.length ? alt(...options) : undefined;
      }
      case "rep": {
        const m = e.max >= 1 ? must(e.item, before) : undefined;
        if (!m) return undefined;
        const left = e.max >= UNBOUNDED ? UNBOUNDED : Math.max(0, e.max - 1);
        const parts = [...(left > 0 ? [rep(e.item, 0, left)] : []), m, ...(left > 0 ? [rep(e.item, Math.max(0, e.min - 1), left)] : [])];
        return seq(...parts);
      }
    }
  };
  const start = need(g.start, "");
  const extra = [...made.values()].filter((r): r is Rule => r !== null);
  if (!start) {
    // The grammar cannot produce the flag at all: no invocation can satisfy the policy.
    return { start: g.start, rules: g.rules.map((r) => (r.name === g.start ? { ...r, expr: lit("\u0001policy-unsatisfiable") } : r)) };
  }
  // The original start name now means "an invocation carrying the flag".
  const startExpr = extra.find((r) => r.name === start)!.expr;
  return {
    start: g.start,
    rules: [
      ...g.rules.map((r) => (r.name === g.start ? { ...r, name: `${g.start}_any` } : r)),
      ...extra.map((r) => (r.name === start ? { ...r, name: g.start, expr: startExpr } : r)),
    ].map((r) => ({
      ...r,
      expr: renameRef(r.expr, g.start, `${g.start}_any`),
    })),
  };
}

function renameRef(e: Expr, from: string, to: string): Expr {
  return mapExpr(e, (x) => (x.kind === "ref" && x.name === from ? ref(to) : x));
}

const EXEC_LIKE = new Set(["exec", "execdir", "ok", "okdir"]);
const isExecName = (e: Expr | undefined): boolean =>
  !!e && ((e.kind === "lit" && EXEC_LIKE.has(e.text.replace(/^-/, ""))) || (e.kind === "alt" && e.items.length > 0 && e.items.every(isExecName)));
const isWordRun = (e: Expr): boolean =>
  e.kind === "rep" &&
  e.min >= 1 &&
  e.item.kind === "seq" &&
  e.item.items.length === 2 &&
  e.item.items[0]!.kind === "ref" &&
  e.item.items[0]!.name === "sp" &&
  e.item.items[1]!.kind === "ref" &&
  ["word", "operand"].includes(e.item.items[1]!.name);

/** find's `-exec WORDS... ;` becomes `-exec COMMAND ;` with COMMAND from the command grammars. */
function execToInner(e: Expr, changed: { any: boolean }): Expr {
  // A copy, never the node itself: mapExpr passes unchanged nodes on, and those may be shared.
  return mapExpr(e, (x) => {
    if (x.kind !== "seq") return x;
    let items: Expr[] | undefined;
    const at = (i: number): Expr | undefined => (items ?? x.items)[i];
    const set = (i: number, v: Expr): void => {
      items ??= x.items.slice();
      items[i] = v;
      changed.any = true;
    };
    for (let i = 1; i < x.items.length; i++) {
      if (!isExecName(at(i - 1))) continue;
      const item = at(i)!;
      const next = at(i + 1);
      if (isWordRun(item)) set(i, seq(ref("sp"), ref(INNER_EXEC)));
      // find lowerings that name the command rule: -exec SP <x>_command SP <x>_command_end
      else if (item.kind === "ref" && item.name === "sp" && next?.kind === "ref" && /_command$/.test(next.name)) set(i + 1, ref(INNER_EXEC));
    }
    return items ? { ...x, items } : x;
  });
}

/** The rule a value terminal becomes at substitution level s, where $(...) may stand for it. */
export const valueAt = (terminal: string, s: number): string => `sh_v_${terminal}_s${s}`;

/** Renames a template's rules for one substitution level; `values`: terminals renamed by valueAt. */
export function atLevel(tpl: CommandTemplate, s: number, values: Set<string> = new Set()): { start: string; rules: Rule[] } {
  const own = new Set(tpl.rules.map((r) => r.name));
  const rename = (n: string): string => {
    if (own.has(n)) return `${n}_s${s}`;
    if (values.has(n)) return valueAt(n, s);
    if (n === "word" || n === "operand") return `sh_${n}_s${s}`;
    if (n === IN_REDIRECT) return `sh_redirect_s${s}`;
    if ([INNER, INNER_WITH, INNER_XARGS, INNER_EXEC, INNER_EXEC0, INNER_NEST, INNER_ANY, INNER_SHELL, INNER_SHELL1, INLINE].includes(n)) return `${n}_s${s}`;
    return n;
  };
  const renamed = (e: Expr): Expr => mapExpr(e, (x) => (x.kind === "ref" ? ref(rename(x.name)) : x));
  return { start: rename(tpl.start), rules: tpl.rules.map((r) => ({ ...r, name: rename(r.name), expr: renamed(r.expr) })) };
}

export const refsIn = (rules: Rule[]): Set<string> => {
  const s = new Set<string>();
  for (const r of rules) refsOf(r.expr, s);
  return s;
};
