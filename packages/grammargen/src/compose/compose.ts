// One grammar for shell command lines: lists, pipelines, redirections, loops, ifs,
// heredocs and $(...) around the per-command grammars. Compound nesting is unrolled:
// list(s, k) may hold compound commands whose bodies are list(s, k-1). Arguments at level
// s = 1 may hold $(list(1, depth)), a recursion; level 0 (no substitution) has none.
import { alt, cls, lit, literalTrie, opt, ref, rep, rule, seq, trimExprIds, type Expr, type Grammar, type Rule } from "../grammar/ast.js";
import { forEachRef, UNBOUNDED, validateGrammar } from "../grammar/names.js";
import { GrammargenError } from "../diagnostics.js";
import type { CommandSpec } from "../ir.js";
import { quotedWhole, terminalRule } from "../lower/terminals.js";
import { commandAllowed, matchesAny, type Policy } from "../policy/policy.js";
import { policyTerminals } from "../policy/grammar.js";
import { BUILTIN_NAMES, builtins, COMMAND_BUILTINS, KEYWORDS } from "./builtins.js";
import {
  atLevel,
  commandTemplates,
  INLINE,
  INNER,
  INNER_ANY,
  INNER_EXEC,
  INNER_EXEC0,
  INNER_NEST,
  INNER_SHELL,
  INNER_SHELL1,
  INNER_WITH,
  INNER_XARGS,
  valueAt,
  type CommandTemplate,
} from "./commands.js";
import { shells } from "./shells.js";
import { POSIX_SHELLS } from "./wrappers.js";
import { checkLimits, CONSTRUCTS, DEFAULT_LIMITS, less, type ComposeLimits, type Construct } from "./limits.js";
import { chars, notWords } from "./notwords.js";
import { scriptPath } from "./script-path.js";
import { itemsOf, leftFactor } from "./factor.js";
import { mergeIdenticalRules } from "./merge.js";
import { dqDollar, shellWordTerminals } from "./words.js";

export interface ComposeOptions {
  commands: CommandSpec[];
  constructs?: Construct[];
  policy?: Policy;
  allowUnknown?: boolean;
  /**
   * The shell builtins the grammar holds (default: every one bash documents). Each costs an
   * engine compile time, so a grammar made once for every request may hold the common ones.
   */
  builtins?: string[];
  /** With allowUnknown: program names that are never generic (programs with a grammar elsewhere). */
  reserved?: string[];
  /**
   * Programs known by name only: each takes any words, as a script path does. A name may be a
   * subcommand path ("git clone") of a program the grammar holds other subcommands of. Names
   * the grammar holds otherwise (its programs, builtins, keywords), names a policy denies, and
   * names that are not plain command words are dropped. A misspelled name is still refused,
   * which allowUnknown's "any name" cannot do.
   */
  namesOnly?: string[];
  limits?: Partial<ComposeLimits>;
  /** Heredoc delimiters the grammar offers (a grammar cannot match an arbitrary one). */
  heredocDelimiters?: string[];
  /**
   * Forms one-liners rarely hold, which cost a large grammar's compile time (script-path.ts):
   * a command by an absolute path outside the system bin folders, a history event (`sudo !!`),
   * a wrapper under xargs or find -exec (`xargs sudo rm`),
   * a variable inside `${...}`'s word (`${1:-$HOME}`), `--` after a builtin whose operands
   * could not start with `-` (`cd -- "$d"`).
   * Default true: a grammar composed for a request takes them; the pack's default grammar,
   * made once for every request, leaves them out (false).
   */
  rareForms?: boolean;
  /** Where each program's `--` may stand (LowerOptions.dashDash); decoders want "after-typed". */
  dashDash?: "anywhere" | "after-typed";
  /**
   * Merge identical rules and left-factor (default true). Without it the grammar is the same
   * language at about half the cost: enough for recognizing a command, and
   * optimizeComposed() finishes it when an engine has to sample under it.
   */
  optimize?: boolean;
}

/** Shared value terminals with a shape (numbers, sizes, durations) that a $VAR may stand for. */
const TYPED_VALUES = new Set(["int", "int_pm", "int_m", "num", "size", "duration"]);
/** A style lowering's own typed value terminal (find's `-size N[ckMG]`). */
const STYLE_VALUE = /_value$/;
/** A style lowering's own path terminal (find's starting points): a word like any operand. */
const STYLE_PATH = /_path$/;
/**
 * $NAME, $1, ${...} (defaults and all), bare or in "...". A value whose own shape takes a
 * sign takes one before the expansion too (find -mtime +$DAYS, -ctime -$2).
 */
const expansion = (signed: boolean, unit?: Expr): Expr => {
  const plain = seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED));
  // A name's end is clear only after ${...}, a special parameter or a closing quote: a unit may follow those.
  const closed = alt(cls("0-9#?$!"), seq(lit("{"), rep(cls("}'\"`$ \t\n", true), 1, UNBOUNDED), lit("}")));
  const sign = signed ? [opt(cls("+-"))] : [];
  const units = unit ? [opt(unit)] : [];
  return alt(seq(...sign, lit("$"), plain), seq(...sign, lit("$"), closed, ...units), seq(...sign, lit('"$'), alt(plain, closed), lit('"'), ...units));
};
/** The unit a value may carry after an expansion (`${T}s`, `${N}M`): a braced name, since $Ts is a name. */
const UNITS: Record<string, () => Expr> = {
  size: () => alt(seq(cls("KMGTPEZYRQkmgtpezyrq"), opt(alt(lit("iB"), lit("B")))), cls("bcwB")),
  duration: () => alt(lit("ns"), lit("us"), lit("ms"), lit("s"), lit("m"), lit("h"), lit("d")),
};
/** Whether a value terminal's own shape may start with a sign (`[+-]? digits`). */
const takesSign = (e: Expr): boolean => {
  const first = e.kind === "seq" ? e.items[0] : e;
  return first?.kind === "rep" && first.min === 0 && first.item.kind === "cls" && !first.item.negated && first.item.ranges.some(([a, b]) => a <= 43 && 43 <= b);
};

/** An invocation whose trailing required repetition (operands) may be empty; undefined when it has none. */
function relaxTail(e: Expr): Expr | undefined {
  switch (e.kind) {
    case "rep":
      return e.min > 0 ? rep(e.item, 0, e.max) : undefined;
    case "seq": {
      const n = e.items.length;
      const last = n ? relaxTail(e.items[n - 1]!) : undefined;
      if (last) return seq(...e.items.slice(0, -1), last);
      // `x (sp x)*`: one operand, then more. The first may be absent as well.
      const more = e.items[n - 1];
      const first = e.items[n - 2];
      if (n >= 2 && more?.kind === "rep" && more.min === 0 && first && startsWord(first))
        return seq(...e.items.slice(0, -2), relaxTail(first) ?? opt(first), more);
      return undefined;
    }
    case "alt": {
      const items = e.items.map((i) => relaxTail(i));
      return items.some((i) => i) ? alt(...items.map((i, k) => i ?? e.items[k]!)) : undefined;
    }
    default:
      return undefined;
  }
}

/** Whether every way through `e` starts with a space: a word of its own (an operand). */
function startsWord(e: Expr): boolean {
  switch (e.kind) {
    case "ref":
      return e.name === "sp";
    case "seq":
      return e.items.length > 0 && startsWord(e.items[0]!);
    case "alt":
      return e.items.length > 0 && e.items.every(startsWord);
    default:
      return false;
  }
}

/** How deep parentheses nest inside $(( )) and (( )): `$(( ((a + b) * c) / 2 ))` is two. */
const ARITH_PAREN_DEPTH = 3;

/** Builtins that also exist as programs in /bin, so `/bin/echo hi` names them. */
const EXTERNAL_BUILTINS = ["echo", "printf", "test", "[", "true", "false", "pwd", "kill"];

export const HEREDOC_DELIMITERS = ["EOF", "END", "EOT", "EOL", "DATA", "TEXT", "HEREDOC", "SQL", "PY", "JSON"];

const sp = ref("sp");
const osp = opt(sp);
const bashName = (s: number, k: number, what: string): string => `sh_${what}_s${s}_k${k}`;
const builtinName = (b: string, s: number): string => `sh_b_${b.replace(/\W/g, (c) => `x${c.charCodeAt(0).toString(16)}`)}_s${s}`;

/**
 * The names of `namesOnly` a grammar takes by name: plain command words the grammar does not
 * hold and a policy allows, and subcommand paths ("git clone") of a program it holds.
 */
function takenByName(names: string[], held: ReadonlySet<string>, policy: Policy | undefined): string[] {
  const plain = [...new Set(names)].filter(
    (n) =>
      /^[A-Za-z0-9_][A-Za-z0-9_.+-]*( [A-Za-z0-9_][A-Za-z0-9_.+:-]*)*$/.test(n) && !held.has(n) && (!policy || commandAllowed(policy, n.split(" ")[0]!).ok),
  );
  const single = new Set(plain.filter((n) => !n.includes(" ")));
  return plain.filter((n) => !n.includes(" ") || (held.has(n.split(" ")[0]!) && !single.has(n.split(" ")[0]!))).sort();
}

export function compose(opts: ComposeOptions): Grammar {
  trimExprIds();
  const on = new Set<Construct>(opts.constructs ?? CONSTRUCTS);
  const lim: ComposeLimits = checkLimits({ ...DEFAULT_LIMITS, ...opts.limits });
  const policy = opts.policy;
  if (policy?.pipeline?.maxLength) lim.pipeline = Math.min(lim.pipeline, policy.pipeline.maxLength);
  if (!on.has("pipe")) lim.pipeline = 1;
  // $(...) nests through a recursive rule (level 1 refers to itself), so one copy of every
  // command grammar serves every depth; levels unrolled per depth copied all of them per level.
  const S = on.has("subst") && lim.subst > 0 ? 1 : 0;
  const K = on.has("loop") || on.has("if") ? lim.depth : 0;
  const rules = new Map<string, Rule>();
  const put = (name: string, expr: Expr, terminal = false): Expr => {
    if (!rules.has(name)) rules.set(name, rule(name, expr, terminal));
    return ref(name);
  };
  // A command rule that starts with its name: rewritten as NAME <rule>_after, and the name
  // with its continuation returned for a trie of names (undefined when it starts otherwise).
  const splits = new Map<string, { text: string; then?: Expr } | undefined>();
  const splitName = (name: string): { text: string; then?: Expr } | undefined => {
    if (splits.has(name)) return splits.get(name);
    splits.set(name, undefined);
    const r = rules.get(name);
    if (!r || r.terminal) return undefined;
    const e = leftFactor({ start: name, rules: [r] }).rules[0]!.expr;
    const items = itemsOf(e);
    const head = items[0];
    let text: string;
    let rest: Expr[];
    if (head?.kind === "lit" && head.text !== "") [text, rest] = [head.text, items.slice(1)];
    else if (head?.kind === "ref" && splitName(head.name)) {
      const inner = splitName(head.name)!;
      [text, rest] = [inner.text, [...(inner.then ? [inner.then] : []), ...items.slice(1)]];
    } else return undefined;
    const after = `${name}_after`;
    if (rest.length && rules.has(after)) return undefined;
    if (rest.length) rules.set(after, rule(after, seq(...rest)));
    rules.set(name, { ...r, expr: seq(lit(text), ...(rest.length ? [ref(after)] : [])) });
    const out = { text, ...(rest.length ? { then: ref(after) } : {}) };
    splits.set(name, out);
    return out;
  };

  const wrapperNames = new Set<string>();
  // The shells keep their own shape (shells.ts, from bash's documentation) even where a pack
  // holds one as a program: a shell's help text is rarely its invocation syntax (dash prints
  // "Illegal option --"), and only the shape checks the command line that -c runs.
  const programs = opts.commands.filter((c) => !POSIX_SHELLS.includes(c.path[0] ?? ""));
  const templates = commandTemplates(programs, policy, wrapperNames, on.has("exec"), opts.dashDash, on.has("redirect"), opts.rareForms ?? true).filter((t) =>
    t.program === "xargs" ? on.has("xargs") : true,
  );
  // No programs at all still composes the shell builtins (`compose --commands echo,cd`);
  // programs that a policy denies every one of leave nothing the caller asked for.
  if (programs.length > 0 && templates.length === 0 && !opts.allowUnknown)
    throw new GrammargenError("compose: no commands left to compose (all denied by the policy)", [], "ECOMPOSE");
  for (const t of templates) for (const r of [...t.terminals, ...t.shared]) if (!rules.has(r.name)) rules.set(r.name, r);
  for (const n of ["sp", "word", "operand", "int", "int_m", "num"]) if (!rules.has(n)) rules.set(n, terminalRule(n));
  if (policy) {
    const safe = policyTerminals(policy);
    for (const r of safe) rules.set(r.name, r);
    // Style lowerings may give paths a terminal of their own (find's starting points are
    // <prefix>_path): under a path policy those get the policy's operand shape too.
    const operand = safe.find((r) => r.name === "operand");
    if (operand) for (const r of [...rules.values()]) if (r.terminal && /_path$/.test(r.name)) rules.set(r.name, { ...r, expr: operand.expr });
  }
  put("sh_name", seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_"), 0, UNBOUNDED)), true);
  put("sh_bindir", seq(opt(alt(lit("/usr/local"), lit("/usr"))), alt(lit("/bin/"), lit("/sbin/"))), true);
  if (!policy && !opts.allowUnknown) put("sh_scriptpath", scriptPath(opts.rareForms ?? true), true);
  put("sh_arith", seq(lit("$(("), rep(cls("()\n`", true), 1, UNBOUNDED), lit("))")), true);
  // A `$` in it starts a name ($n, ${n}); `$(` is a substitution, read as one.
  put("sh_arithtext", rep(alt(cls("()\n`$", true), seq(lit("$"), cls("()\n`$", true))), 1, UNBOUNDED), true);
  put("sh_nl", seq(lit("\n"), rep(cls(" \t"), 0, UNBOUNDED)), true);
  put("sh_fd", cls("0-9"), true);
  put("sh_dqtext", rep(alt(cls('"\\$`', true), seq(lit("\\"), cls("\n", true)), dqDollar(opts.rareForms ?? true)), 1, UNBOUNDED), true);
  // "..." may not hide a $(...) or `...` from the grammar: those go through sh_subst.
  if (!policy?.paths && !policy?.urls) for (const r of shellWordTerminals(opts.rareForms ?? true)) rules.set(r.name, r);
  // A typed value may be a parameter expansion (head -n $N, sleep "$DELAY"), or quoted: scripts write it
  // that way and its value is only known when the line runs. Not under a policy, whose bounds
  // on values a variable would slip past.
  // A command substitution stands for one too (head -n $(wc -l < f), sleep `cat t`): the
  // templates' typed values and style paths are renamed to rules that also take a $(...)
  // piece (atLevel), since a terminal cannot hold the recursive substitution.
  // name -> whether the value takes a sign (+$DAYS); paths are words and take none.
  const values = new Map<string, { signed: boolean; unit?: () => Expr }>();
  if (!policy)
    for (const r of [...rules.values()])
      if (r.terminal && (TYPED_VALUES.has(r.name) || STYLE_VALUE.test(r.name))) {
        const v = { signed: takesSign(r.expr), ...(Object.hasOwn(UNITS, r.name) ? { unit: UNITS[r.name]! } : {}) };
        values.set(r.name, v);
        // Quoted whole, as people also write a literal one: find -size "+10M", head -n '10'.
        rules.set(r.name, { ...r, expr: alt(r.expr, expansion(v.signed, v.unit?.()), alt(...quotedWhole(r.expr))) });
      } else if (r.terminal && STYLE_PATH.test(r.name)) values.set(r.name, { signed: false });

  const denyInto = policy?.pipeline?.denyInto ?? [];
  const unknownBuiltins = (opts.builtins ?? []).filter((b) => !BUILTIN_NAMES.includes(b));
  if (unknownBuiltins.length) throw new GrammargenError(`compose: ${unknownBuiltins.join(", ")}: not a shell builtin`, [], "ECOMPOSE");
  const builtinNames = [
    ...BUILTIN_NAMES.filter((b) => (!opts.builtins || opts.builtins.includes(b)) && (!policy || commandAllowed(policy, b).ok)),
    // The shells (sh -c '...').
    ...Object.keys(shells(0, policy)).filter((b) => !policy || commandAllowed(policy, b).ok),
  ];
  const known = [
    ...new Set([
      ...templates.map((t) => t.program),
      ...BUILTIN_NAMES,
      ...Object.keys(shells(0, policy)),
      ...KEYWORDS,
      ...(policy?.commands.deny ?? []).filter((d) => !/[*?]/.test(d)),
      ...(opts.reserved ?? []),
    ]),
  ];
  // Programs a policy only allows under a wrapper (sleep under timeout) are not generic either.
  const wrapOnly = (policy?.wrap ?? []).filter((w) => !w.flags).flatMap((w) => w.commands);
  if (opts.allowUnknown) {
    put("sh_gnamewith", notWords(known, chars("A-Za-z0-9_./"), chars("A-Za-z0-9_.+/-"), UNBOUNDED), true);
    known.push(...wrapOnly);
    put("sh_gname", notWords(known, chars("A-Za-z0-9_./"), chars("A-Za-z0-9_.+/-"), UNBOUNDED), true);
    put("sh_gnamerest", denyInto.length ? notWords([...known, ...denyInto], chars("A-Za-z0-9_./"), chars("A-Za-z0-9_.+/-"), UNBOUNDED) : ref("sh_gname"), true);
  }
  // A builtin the grammar leaves out (opts.builtins) may be taken by name; keywords never are.
  const byName = opts.namesOnly?.length
    ? takenByName(
        opts.namesOnly,
        new Set([
          ...templates.map((t) => t.program),
          ...builtinNames,
          ...KEYWORDS,
          ...(opts.reserved ?? []),
          ...wrapOnly,
          ...programs.map((c) => c.path.join(" ")),
        ]),
        policy,
      )
    : [];
  const byNameRest = byName.filter((n) => !matchesAny(n.split(" ")[0]!, denyInto));

  for (let s = S; s <= S; s++) {
    // Words: the plain word terminals, or a $(...) holding a whole list (at level 1 itself).
    const dqText = opt(ref("sh_dqtext"));
    // $(...) and `...`, glued to word text on either side (logs/$(date +%F).txt);
    // <(...) and >(...) are words of their own.
    const inner = s > 0 ? ref(bashName(s, K, "list")) : undefined;
    const substs: Expr[] = inner
      ? [
          put(`sh_subst_s${s}`, alt(seq(lit("$("), osp, inner, osp, lit(")")), seq(lit("`"), osp, inner, osp, lit("`")))),
          // "$(date +%Y)-$(whoami)", "n=$((n + 1))": any number of substitutions and arithmetic in one quoted string.
          seq(lit('"'), dqText, rep(seq(alt(ref(`sh_subst_s${s}`), ref(`sh_arithx_s${s}`)), dqText), 1, UNBOUNDED), lit('"')),
        ]
      : [];
    // $(( $(wc -l < f) + 1 )), $(( (a + b) * 2 )): arithmetic holding a substitution or a
    // parenthesised part; the plain form stays one terminal.
    // Parentheses nest to a fixed depth, unrolled as compound commands are: only
    // substitutions recurse.
    let arithBody: Expr | undefined;
    if (inner)
      for (let d = 0; d <= ARITH_PAREN_DEPTH; d++) {
        const parts = [ref("sh_arithtext"), ...(arithBody ? [seq(lit("("), arithBody, lit(")"))] : []), ref(`sh_subst_s${s}`)];
        arithBody = put(d === ARITH_PAREN_DEPTH ? `sh_arithbody_s${s}` : `sh_arithbody${d}_s${s}`, rep(alt(...parts), 1, UNBOUNDED));
      }
    const arith = arithBody ? [put(`sh_arithx_s${s}`, seq(lit("$(("), arithBody, lit("))")))] : [];
    const piece = put(`sh_piece_s${s}`, alt(...(arith.length ? arith : [ref("sh_arith")]), ...substs));
    const glued = rep(seq(piece, opt(ref("word"))), 0, UNBOUNDED);
    const procSubst = inner ? [put(`sh_procsubst_s${s}`, seq(alt(lit("<("), lit(">(")), osp, inner, osp, lit(")")))] : [];
    put(`sh_word_s${s}`, alt(seq(ref("word"), glued), seq(piece, opt(ref("word")), glued), ...procSubst));
    put(`sh_operand_s${s}`, alt(seq(ref("operand"), glued), seq(piece, opt(ref("word")), glued), ...procSubst));
    // NAME=word, NAME+=word, NAME[i]=word, and an array: files=(*.txt "$f" $(ls)).
    const words = seq(ref(`sh_word_s${s}`), rep(seq(sp, ref(`sh_word_s${s}`)), 0, UNBOUNDED));
    const array = seq(lit("("), osp, opt(seq(words, osp)), lit(")"));
    // An index is arithmetic or a quoted key: a narrow class, since a class of almost every
    // character in this position cost XGrammar 80 ms of compile time at a 152k vocabulary.
    const braced = seq(lit("${"), rep(cls("A-Za-z0-9_#@*[]:.-"), 1, UNBOUNDED), lit("}"));
    const index = seq(lit("["), rep(alt(cls("A-Za-z0-9_$@*#+/%:.'\"-"), braced), 1, UNBOUNDED), lit("]"));
    put(`sh_assign_s${s}`, seq(ref("sh_name"), opt(index), opt(lit("+")), lit("="), opt(alt(array, ref(`sh_word_s${s}`)))));
    for (const [v, { signed, unit }] of values)
      put(
        valueAt(v, s),
        STYLE_PATH.test(v)
          ? alt(seq(ref(v), glued), seq(piece, opt(ref("word")), glued))
          : alt(ref(v), seq(...(signed ? [opt(cls("+-"))] : []), piece, ...(unit ? [opt(unit())] : []))),
      );

    // A program may be named by its path in a system bin folder (/bin/ls, /usr/bin/env):
    // one optional prefix before the whole choice, so it costs nothing until a `/` is written.
    const starts = (pred: (t: CommandTemplate) => boolean): Expr[] => {
      const refs = templates.filter(pred).map((t) => {
        const lv = atLevel(t, s, new Set(values.keys()));
        for (const r of lv.rules) if (!rules.has(r.name)) rules.set(r.name, r);
        return ref(lv.start);
      });
      return refs.length ? [seq(opt(ref("sh_bindir")), alt(...refs))] : [];
    };
    // An inline command line (trap's action, sh -c, su -c, ssh's command) is a command line of
    // its own, quoted: like $(...), it recurses into the whole list, so it is checked where
    // substitutions are; without them it is a word. A bare name (a function, a command without
    // arguments) and a variable holding the line are taken as they are.
    const list = ref(bashName(s, K, "list"));
    const quoted = put(
      `${INLINE}q_s${s}`,
      s > 0 ? alt(seq(lit("'"), osp, list, osp, lit("'")), seq(lit('"'), osp, list, osp, lit('"'))) : ref(`sh_word_s${s}`),
    );
    const script = put(
      `${INLINE}_s${s}`,
      s > 0 ? alt(quoted, seq(cls("A-Za-z_"), rep(cls("A-Za-z0-9_.+-"), 0, UNBOUNDED)), expansion(false)) : ref(`sh_word_s${s}`),
    );
    // time, command and builtin run their command in this shell: any builtin may be it.
    const shellsHere = shells(s, policy);
    const inRedirect = on.has("redirect") ? { redirect: ref(`sh_redirect_s${s}`) } : {};
    const bi = { ...builtins(s, !!policy, { inner: ref(`${INNER_ANY}_s${s}`), script, ...inRedirect, rare: opts.rareForms ?? true }), ...shellsHere };
    // A program that runs its command itself (sudo, nohup, timeout, xargs, find -exec) runs a
    // file: a builtin that lives only inside the shell (cd, export, source) is no command
    // there (`sudo cd /root` fails), unlike one that is also a program (echo, kill) or a shell.
    const runnable = (b: string): boolean => EXTERNAL_BUILTINS.includes(b) || Object.hasOwn(shellsHere, b);
    // A wrapper's command is never another wrapper (`command command ...`): nesting stays bounded.
    // Under xargs a builtin's trailing operands may be absent too (`pgrep x | xargs kill`):
    // xargs appends them. Such builtins get a relaxed copy of their own.
    const builtinRefs = (exclude: string[], underXargs = false, only: (b: string) => boolean = () => true): Expr[] =>
      builtinNames
        .filter((b) => !matchesAny(b, exclude) && !COMMAND_BUILTINS.includes(b) && only(b))
        .map((b) => {
          const relaxed = underXargs ? relaxTail(bi[b]!) : undefined;
          const r = relaxed ? put(`${builtinName(b, s)}_x`, relaxed) : put(builtinName(b, s), bi[b]!);
          return runnable(b) ? seq(opt(ref("sh_bindir")), r) : r;
        });
    // A script run by its relative path (./build.sh, ../bin/x), or a program a variable names
    // ($EDITOR), has no help text: any words.
    // Not under a policy (whose grammar names every program it allows) nor with
    // allowUnknown (whose generic names already cover it).
    const scripts =
      !policy && !opts.allowUnknown ? [put(`sh_script_s${s}`, seq(ref("sh_scriptpath"), rep(seq(sp, ref(`sh_word_s${s}`)), 0, lim.genericArgs)))] : [];
    const anyWords = (name: string) => seq(ref(name), rep(seq(sp, ref(`sh_word_s${s}`)), 0, lim.genericArgs));
    // Each name leads into the words after it, so the names stay a nested trie: XGrammar
    // (web-xgrammar 0.1.27, mlc-ai/xgrammar#618) over-accepts a flat choice of thousands of
    // words followed by more ("ab" | "ar" | "arc" then words took "abc").
    const args = byName.length ? put(`sh_anyargs_s${s}`, rep(seq(sp, ref(`sh_word_s${s}`)), 0, lim.genericArgs)) : undefined;
    const trieOf = (names: string[]) => literalTrie(names.map((text) => ({ text, then: args })));
    const named0 = byName.length ? [put(`sh_bynamecmd_s${s}`, trieOf(byName))] : [];
    const namedRest = byNameRest.length === byName.length ? named0 : byNameRest.length ? [put(`sh_bynamerestcmd_s${s}`, trieOf(byNameRest))] : [];
    const generic = [...(opts.allowUnknown ? [put(`sh_generic_s${s}`, anyWords("sh_gname"))] : scripts), ...named0];
    const genericRest = [...(opts.allowUnknown ? [put(`sh_genericrest_s${s}`, anyWords("sh_gnamerest"))] : scripts), ...namedRest];
    const anywhere = (t: CommandTemplate) => t.place === "anywhere";
    // Where a command starts, llama.cpp keeps a parse stack for every program whose name is
    // still possible and re-checks each candidate token against all of them: 150 programs
    // and builtins, 150 stacks. The names as one trie, each followed by the rest of its
    // grammar, keep one stack per distinct next letter. The /bin/ form stays a flat choice.
    const named = (pred: (t: CommandTemplate) => boolean, exclude: string[], extra: Expr[]): Expr => {
      const programs = templates.filter(pred).map((t) => {
        const lv = atLevel(t, s, new Set(values.keys()));
        for (const r of lv.rules) if (!rules.has(r.name)) rules.set(r.name, r);
        return lv.start;
      });
      const bis = builtinNames.filter((b) => !matchesAny(b, exclude));
      const biNames = bis.map((b) => (put(builtinName(b, s), bi[b]!), builtinName(b, s)));
      const entries: { text: string; then?: Expr }[] = [];
      const flat: Expr[] = [];
      for (const n of [...programs, ...biNames]) {
        const e = splitName(n);
        if (e) entries.push(e);
        else flat.push(ref(n));
      }
      const binnable = [...programs, ...bis.filter(runnable).map((b) => builtinName(b, s))].map(ref);
      // A backslash before the name runs it past any alias of that name (`\rm -i x`, `\ls`).
      const names = [...(entries.length ? [literalTrie(entries)] : []), ...flat];
      return alt(
        ...(names.length ? [seq(opt(lit("\\")), alt(...names))] : []),
        ...(binnable.length ? [seq(ref("sh_bindir"), alt(...binnable))] : []),
        ...extra,
      );
    };
    put(`sh_cmd_s${s}`, named(anywhere, [], generic));
    if (denyInto.length || opts.allowUnknown)
      put(
        `sh_cmdrest_s${s}`,
        named((t) => anywhere(t) && !matchesAny(t.program, denyInto), denyInto, genericRest),
      );
    else put(`sh_cmdrest_s${s}`, ref(`sh_cmd_s${s}`));
    const notWrapper = (t: CommandTemplate) => !t.wrapper;
    put(`${INNER}_s${s}`, alt(...starts((t) => anywhere(t) && notWrapper(t)), ...builtinRefs([], false, runnable), ...generic));
    const nestable = templates.filter((t) => anywhere(t) && t.nested);
    for (const t of nestable) for (const r of atLevel(t, s).rules) if (!rules.has(r.name)) rules.set(r.name, r);
    put(`${INNER_NEST}_s${s}`, alt(ref(`${INNER}_s${s}`), ...nestable.map((t) => ref(`${t.nested}_s${s}`))));
    // The shell joins the words it is given: a quoted line may be followed by more (`ssh h 'ls' /tmp`, `parallel 'gzip {}' ::: a b`).
    put(`${INNER_ANY}_s${s}`, alt(ref(`${INNER_NEST}_s${s}`), ...builtinRefs([], false, (b) => !runnable(b))));
    const quotedLine = seq(ref(`${INLINE}q_s${s}`), rep(seq(sp, ref(`sh_word_s${s}`)), 0, UNBOUNDED));
    put(`${INNER_SHELL}_s${s}`, alt(ref(`${INNER_ANY}_s${s}`), quotedLine));
    put(`${INNER_SHELL1}_s${s}`, alt(ref(`${INNER}_s${s}`), quotedLine));
    // find's -exec supplies the command's trailing operands as xargs does (`-exec stat {} +`,
    // where the braces stand for many names), so its command takes the same relaxed forms; only
    // find itself (whose -exec would nest without bound) is left out. xargs's rule holds this
    // one and find: XGrammar pays for every alternative it compiles.
    const underXargs = (t: CommandTemplate) => notWrapper(t) && (t.place === "xargs" || (anywhere(t) && !t.relaxed));
    const execPlain = alt(...starts((t) => underXargs(t) && !t.exec), ...builtinRefs([], true, runnable), ...generic);
    // With the rare forms, a wrapper too (`xargs sudo rm`), whose own command is then no wrapper.
    const execWrappers = templates.filter((t) => anywhere(t) && t.nestedExec);
    if (execWrappers.length) {
      for (const t of execWrappers) for (const r of atLevel(t, s).rules) if (!rules.has(r.name)) rules.set(r.name, r);
      put(`${INNER_EXEC0}_s${s}`, execPlain);
      put(`${INNER_EXEC}_s${s}`, alt(ref(`${INNER_EXEC0}_s${s}`), ...execWrappers.map((t) => ref(`${t.nestedExec}_s${s}`))));
    } else put(`${INNER_EXEC}_s${s}`, execPlain);
    const genericWith = [...(opts.allowUnknown ? [put(`sh_genericwith_s${s}`, anyWords("sh_gnamewith"))] : scripts), ...named0];
    put(`${INNER_WITH}_s${s}`, alt(...starts((t) => notWrapper(t) && t.place !== "xargs"), ...builtinRefs([]), ...genericWith));
    put(`${INNER_XARGS}_s${s}`, alt(ref(`${INNER_EXEC}_s${s}`), ...starts((t) => underXargs(t) && !!t.exec)));

    const target = ref(`sh_word_s${s}`);
    // A space before every redirection: in `cmd 2>x` bash reads a word of digits right
    // before > as a file descriptor, so `date -d 2>x` must not parse as `date -d 2` + `>x`.
    const redirection = put(
      `sh_redirection_s${s}`,
      alt(
        seq(opt(ref("sh_fd")), alt(lit(">"), lit(">>"), lit("<"), lit(">|")), osp, target),
        seq(alt(lit("&>"), lit("&>>")), osp, target),
        seq(opt(ref("sh_fd")), alt(lit(">&"), lit("<&")), alt(ref("sh_fd"), lit("-"))),
        seq(lit("<<<"), osp, target),
      ),
    );
    put(`sh_redirect_s${s}`, seq(sp, redirection));
    if (on.has("redirect")) put(`sh_redirs_s${s}`, rep(ref(`sh_redirect_s${s}`), 0, lim.redirects));

    // Redirections may also come first (`2>/dev/null cmd`, `>out cmd`), among the assignments;
    // inside a command's words they stand where options may (the lowering's `between`).
    const assign = ref(`sh_assign_s${s}`);
    const prefixItem = on.has("assign") && on.has("redirect") ? alt(assign, redirection) : on.has("redirect") ? redirection : assign;
    const assigns = on.has("assign") || on.has("redirect") ? rep(seq(prefixItem, sp), 0, 2) : undefined;
    // A command of assignments alone (`x=1`), or, first in its pipeline, of redirections alone
    // (`> log` empties a file; the stage's own redirections may follow). After a `|` one would
    // throw the piped text away (`ls | > x`), which no one means.
    const simple = (cmd: string, first: boolean): Expr =>
      alt(
        seq(...(assigns ? [assigns] : []), ref(cmd)),
        ...(on.has("assign") ? [seq(assign, rep(seq(sp, assign), 0, 2))] : []),
        ...(first && on.has("redirect") ? [redirection] : []),
      );
    put(`sh_simple_s${s}`, simple(`sh_cmd_s${s}`, true));
    put(`sh_simplerest_s${s}`, simple(`sh_cmdrest_s${s}`, false));

    for (let k = 0; k <= K; k++) {
      const n = (what: string) => bashName(s, k, what);
      const body = k > 0 ? ref(bashName(s, k - 1, "body")) : undefined;
      const term = seq(osp, alt(lit(";"), ref("sh_nl"), seq(lit(";"), ref("sh_nl"))), osp);
      const open = alt(sp, seq(osp, ref("sh_nl")));
      const compounds: Expr[] = [];
      if (body) {
        if (on.has("loop")) {
          const words = rep(seq(sp, ref(`sh_word_s${s}`)), 1, 32);
          compounds.push(
            put(n("for"), seq(lit("for"), sp, ref("sh_name"), opt(seq(sp, lit("in"), words)), term, lit("do"), open, body, term, lit("done"))),
            put(n("cfor"), seq(lit("for"), osp, lit("(("), rep(cls("()\n`", true), 1, UNBOUNDED), lit("))"), term, lit("do"), open, body, term, lit("done"))),
            put(n("while"), seq(alt(lit("while"), lit("until")), sp, body, term, lit("do"), open, body, term, lit("done"))),
          );
        }
        if (on.has("if")) {
          const branch = (kw: string) => seq(lit(kw), sp, body, term, lit("then"), open, body, term);
          compounds.push(put(n("if"), seq(branch("if"), rep(branch("elif"), 0, 3), opt(seq(lit("else"), open, body, term)), lit("fi"))));
          // case WORD in PATTERN[|PATTERN]) LIST ;; ... esac: the last item's ";;" may be left off.
          const gap = seq(osp, rep(seq(ref("sh_nl"), osp), 0, UNBOUNDED));
          const word = ref(`sh_word_s${s}`);
          const patterns = seq(opt(seq(lit("("), osp)), word, rep(seq(osp, lit("|"), osp, word), 0, UNBOUNDED), osp, lit(")"), gap);
          const item = seq(patterns, opt(seq(body, gap)), alt(lit(";;"), lit(";&"), lit(";;&")), gap);
          const last = seq(patterns, body, term);
          compounds.push(put(n("case"), seq(lit("case"), sp, word, sp, lit("in"), gap, rep(item, 0, UNBOUNDED), opt(seq(last, gap)), lit("esac"))));
        }
        compounds.push(put(n("subshell"), seq(lit("("), osp, body, osp, lit(")"))), put(n("group"), seq(lit("{"), open, body, term, lit("}"))));
        // Function definitions (`f() { ...; }`, `function f { ...; }`) are not taken, in no
        // grammar: a name that may be followed by `()` derails sampling. Composed for each
        // request, they left 17 of 200 generated requests unfinished at 24 tokens under the
        // default model (decode's embedded.test), and only 96 of 200 ran to the grammar's end at
        // Qwen2's vocabulary (qwen-vocab-property.test asks for 150); and they cost the
        // default grammar about 3.5% more XGrammar compile time at Qwen2's vocabulary
        // (docs/results/2026-12-07-summary-9.md and summary-10.md). A form one-liners rarely
        // hold, whose name no grammar could call.
        // The arithmetic command: `(( count++ ))`, `if (( $# > 1 )); then`.
        const arith = rules.has(`sh_arithbody_s${s}`) ? ref(`sh_arithbody_s${s}`) : rep(cls("()\n`", true), 1, UNBOUNDED);
        compounds.push(put(n("arithcmd"), seq(lit("(("), arith, lit("))"))));
      }
      const redirs = on.has("redirect") ? [ref(`sh_redirs_s${s}`)] : [];
      // bash's `time` times a whole pipeline stage, a compound one too: `time ( make; make test )`.
      // A simple command under it is the time builtin's own grammar.
      const timed = compounds.length && builtinNames.includes("time") ? [seq(lit("time"), sp, opt(seq(lit("-p"), sp)), alt(...compounds), ...redirs)] : [];
      const stage = (simpleName: string) => alt(seq(ref(simpleName), ...redirs), ...(compounds.length ? [seq(alt(...compounds), ...redirs)] : []), ...timed);
      put(n("stage"), stage(`sh_simple_s${s}`));
      put(n("stagerest"), stage(`sh_simplerest_s${s}`));
      const pipeOp = seq(osp, alt(lit("|"), lit("|&")), osp);
      put(n("pipeline"), seq(opt(seq(lit("!"), sp)), ref(n("stage")), rep(seq(pipeOp, ref(n("stagerest"))), 0, less(lim.pipeline, 1))));
      const andOr = [...(on.has("and") ? [lit("&&")] : []), ...(on.has("or") ? [lit("||")] : [])];
      put(n("andor"), andOr.length ? seq(ref(n("pipeline")), rep(seq(osp, alt(...andOr), osp, ref(n("pipeline"))), 0, less(lim.list, 1))) : ref(n("pipeline")));
      const seps = [...(on.has("seq") ? [lit(";")] : []), ...(on.has("background") ? [lit("&")] : [])];
      const tail = seps.length ? opt(seq(osp, alt(...seps))) : undefined;
      const nested = (nl: boolean): Expr => {
        const sep = alt(...(seps.length ? [seq(osp, alt(...seps), osp)] : []), ...(nl ? [seq(osp, ref("sh_nl"))] : []));
        const more = seps.length || nl ? [rep(seq(sep, ref(n("andor"))), 0, less(lim.list, 1))] : [];
        return seq(ref(n("andor")), ...more, ...(tail ? [tail] : []));
      };
      // Unbounded, the list is one loop of pipelines and operators: the same language as the
      // nesting above, but after each command one optional space leads to every operator.
      // Nested, a pipeline's, an and-or's and a list's loops each keep a parse stack waiting
      // for a space in llama.cpp, on every token of every word.
      // A bounded pipeline (a policy's maxLength) stays a rule of its own inside the loop.
      const flatPipes = lim.pipeline >= UNBOUNDED;
      const flat = (nl: boolean): Expr => {
        const first = flatPipes ? seq(opt(seq(lit("!"), sp)), ref(n("stage"))) : ref(n("pipeline"));
        const ops: Expr[] = [
          ...(flatPipes ? [seq(alt(lit("|"), lit("|&")), osp, ref(n("stagerest")))] : []),
          ...(andOr.length ? [seq(alt(...andOr), osp, first)] : []),
          ...(seps.length ? [seq(alt(...seps), osp, first)] : []),
          ...(nl ? [seq(ref("sh_nl"), first)] : []),
        ];
        const items = put(n(nl ? "bodyitems" : "items"), seq(first, ...(ops.length ? [rep(seq(osp, alt(...ops)), 0, UNBOUNDED)] : [])));
        return seq(items, ...(tail ? [tail] : []));
      };
      const list = lim.list >= UNBOUNDED ? flat : nested;
      put(n("list"), list(false));
      put(n("body"), list(true));
    }
  }

  // Top level: lines, one of which may carry a heredoc whose body follows its line. A
  // grammar cannot match an arbitrary delimiter, so each offered delimiter has its own body
  // rule; the choice is made at the delimiter itself, after the shared line prefix, because
  // llama.cpp keeps one parse stack per live alternative: ten per-delimiter copies of the
  // whole line would keep ten stacks alive through every token before `<<`.
  const lines: Expr[] = [ref(bashName(S, K, "list"))];
  if (on.has("heredoc")) {
    const n = (what: string) => bashName(S, K, what);
    const redirsAround = rep(ref(`sh_redirect_s${S}`), 0, less(lim.redirects, 1));
    const compounds =
      K > 0
        ? ["for", "cfor", "while", "if", "case", "subshell", "group"]
            .map((c) => n(c))
            .filter((c) => rules.has(c))
            .map(ref)
        : [];
    const pipeOp = seq(osp, alt(lit("|"), lit("|&")), osp);
    const joins = [lit("&&"), lit("||"), lit(";")];
    const before = rep(seq(ref(n("andor")), osp, alt(...joins), osp), 0, 3);
    const headStage = alt(ref(`sh_simple_s${S}`), ...(compounds.length ? [alt(...compounds)] : []));
    const head = put(
      "sh_hdhead",
      seq(before, rep(seq(ref(n("stage")), pipeOp), 0, Math.min(1, lim.pipeline - 1)), headStage, redirsAround, osp, alt(lit("<<"), lit("<<-")), osp),
    );
    const after = seq(
      redirsAround,
      rep(seq(pipeOp, ref(n("stagerest"))), 0, less(lim.pipeline, 2)),
      rep(seq(osp, alt(...joins), osp, ref(n("pipeline"))), 0, 3),
      opt(seq(osp, lit("&"))),
      lit("\n"),
    );
    const tail = put("sh_hdafter", after);
    const bodies: Expr[] = [];
    for (const d of opts.heredocDelimiters ?? HEREDOC_DELIMITERS) {
      const id = d.toLowerCase().replace(/[^a-z0-9]/g, "_");
      put(`sh_hdline_${id}`, notWords([d], chars("\n", true), chars("\n", true), lim.heredocLineLength), true);
      const bodyText = seq(rep(seq(ref(`sh_hdline_${id}`), lit("\n")), 0, lim.heredocLines), lit(d));
      bodies.push(put(`sh_heredoc_${id}`, seq(alt(lit(d), lit(`'${d}'`), lit(`"${d}"`), lit(`\\${d}`)), tail, bodyText)));
    }
    const items = bashName(S, K, "items");
    if (rules.has(items)) {
      // A flat list: a heredoc line is the same list up to `<<`, so one path carries both
      // (separate paths multiplied every parse stack of the line by the places a heredoc
      // command could stand in it). Any pipeline or list may lead up to the heredoc command.
      const seps = [...(on.has("seq") ? [lit(";")] : []), ...(on.has("background") ? [lit("&")] : [])];
      const ends = [...(seps.length ? [seq(osp, alt(...seps))] : []), seq(osp, alt(lit("<<"), lit("<<-")), osp, alt(...bodies))];
      lines.splice(0, lines.length, seq(ref(items), opt(alt(...ends))));
    } else lines.push(put("sh_heredoc", seq(head, alt(...bodies))));
  }
  put("sh_line", alt(...lines));
  put("sh_top", seq(ref("sh_line"), rep(seq(ref("sh_nl"), ref("sh_line")), 0, less(lim.lines, 1))));

  // Only command copies merge (xargs' relaxed and a wrapper's inner copies share their option
  // rules); shell and shared rules keep their names, which decoding looks up. What the start
  // cannot reach (template rules of unused levels, most builtins of a small selection) is
  // dropped first: merging and factoring then see only the grammar that is kept.
  const reached = prune({ start: "sh_top", rules: [...rules.values()] });
  if (opts.optimize === false) {
    validateGrammar(reached);
    return reached;
  }
  const g = optimizeComposed(reached);
  validateGrammar(g);
  return g;
}

/**
 * What compose() does last: copies of command rules merged, alternatives left-factored, and
 * what that leaves unreachable dropped. The language does not change. Shell and shared rules
 * keep their names (only `c_` rules merge), so rules replaced by name before it stay replaced.
 */
export function optimizeComposed(g: Grammar): Grammar {
  return prune(
    leftFactor(
      mergeIdenticalRules(
        g,
        g.rules.map((r) => r.name).filter((n) => !n.startsWith("c_")),
      ),
    ),
  );
}

/** Drops rules nothing reaches (template rules of unused levels, shared terminals no one kept). */
function prune(g: Grammar): Grammar {
  const byName = new Map(g.rules.map((r) => [r.name, r]));
  const keep = new Set<string>();
  const stack = [g.start];
  while (stack.length) {
    const name = stack.pop()!;
    if (keep.has(name)) continue;
    keep.add(name);
    const r = byName.get(name);
    if (!r) continue;
    forEachRef(r.expr, (n) => {
      if (!keep.has(n)) stack.push(n);
    });
  }
  return { start: g.start, rules: g.rules.filter((r) => keep.has(r.name)) };
}
