// The policy checker: judges a command over its tree-sitter-bash parse, so it sees what a
// grammar cannot (where `cd ..` leaves us, what $HOME/.. or `X=/; ... $X` resolves to,
// commands inside `sh -c '...'`, inline code). Every violation names its rule, the
// offending span and a fix. Paths are judged in check-paths.ts, inline code found in inline.ts.
import { basename, firstProblem, invocationOf, parseTree, toWord, unwrap, UNKNOWN, type Invocation, type Node, type Word } from "@shellgen/base";
import { checkPathValue, homeOf, protectedOperand, resolve } from "./check-paths.js";
import { codeOption, inlineCode, type InlineCode } from "./inline.js";
import { commandAllowed, matchesAny, restrictsSubcommands, ruleApplies, UNKNOWN_HOME, type DenyRule, type Policy, type PolicyViolation } from "./policy.js";
import { add, mapW, type State, type WalkState } from "./state.js";

/** Programs whose first operand is a pattern or program text, not a path. */
const PATTERN_FIRST: Record<string, string[]> = {
  grep: ["-e", "--regexp", "-f", "--file"],
  egrep: ["-e", "--regexp", "-f", "--file"],
  fgrep: ["-e", "--regexp", "-f", "--file"],
  rg: ["-e", "--regexp", "-f", "--file"],
  sed: ["-e", "--expression", "-f", "--file"],
  awk: ["-f", "--file"],
  gawk: ["-f", "--file"],
  mawk: ["-f"],
  jq: ["-f", "--from-file"],
};
/** Programs whose operands are text, never opened as files. */
const TEXT_ARGS = new Set([
  "echo",
  "printf",
  "seq",
  "expr",
  "basename",
  "dirname",
  "date",
  "true",
  "false",
  "test",
  "[",
  "export",
  "read",
  "let",
  "declare",
  "local",
]);
/** Shells whose -c text is bash enough to be checked as a command line of its own. */
const POSIX_SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"]);

export function checkPolicy(policy: Policy, command: string): PolicyViolation[] {
  const root = policy.paths?.root ?? "/";
  const st: State = { policy, source: "", base: 0, top: command, cwd: root, out: [], env: { vars: {} } };
  checkSource(st, command, 0);
  return st.out.sort((a, b) => a.span.start - b.span.start);
}

function checkSource(st: State, source: string, base: number): void {
  const home = st.policy.paths?.home ?? UNKNOWN_HOME;
  const sub: State = { ...st, source, base, env: { vars: { HOME: home, PWD: st.cwd } } };
  const tree = parseTree(source);
  // tree-sitter reports byte offsets; map them back to string offsets for spans.
  const chars = byteToChar(source);
  const walkState = { ...sub, map: chars };
  if (tree.rootNode.hasError) {
    const bad = firstProblem(tree.rootNode) ?? tree.rootNode;
    add(
      sub,
      "syntax",
      { start: chars(bad.startIndex), end: chars(Math.max(bad.endIndex, bad.startIndex + 1)) },
      "the command does not parse as bash, so it cannot be checked",
      "fix the syntax (quotes, pipes, do/done, then/fi)",
    );
    return;
  }
  walk(walkState, tree.rootNode);
  st.cwd = sub.cwd;
}

function byteToChar(source: string): (b: number) => number {
  // node-tree-sitter reports UTF-16 offsets for JS strings; keep a hook in case a build reports bytes.
  return (b: number) => Math.min(b, source.length);
}

function walk(st: WalkState, node: Node): void {
  switch (node.type) {
    case "command": {
      const inv = invocationOf(node, st.env);
      if (inv) {
        // A wrapper's arguments hold the command it runs: that command's words are its own.
        const chain = unwrap(inv);
        for (const [i, one] of chain.entries()) checkInvocation(st, one, node, chain[i + 1] && spanOf(chain[i + 1]!));
      }
      break;
    }
    case "pipeline":
      // `cat <<EOF | sh`: tree-sitter puts the `| sh` inside the heredoc redirect.
      if (node.parent?.type === "heredoc_redirect") checkReceiver(st, leftmost(node));
      else checkPipeline(st, node);
      break;
    case "file_redirect":
      checkRedirect(st, node);
      break;
    case "function_definition":
      add(st, "constructs.function", mapW(st, node), "defining shell functions is not allowed (fork bombs hide in them)", "run the commands directly");
      break;
    // `X=/; rm -rf $X`: a plain assignment sets X for what follows (`X=1 cmd` only for cmd).
    case "variable_assignment":
      if (node.parent?.type !== "command") assign(st, node);
      break;
    case "for_statement":
      if (walkLoop(st, node)) return;
      break;
  }
  for (const child of node.namedChildren) walk(st, child);
}

function assign(st: WalkState, node: Node): void {
  const name = node.childForFieldName("name")?.text;
  const value = node.childForFieldName("value");
  if (name) st.env.vars[name] = value ? toWord(value, st.env).value : "";
}

/** `for d in / ~; do rm -rf "$d"; done`: the body is judged once for each listed value. */
function walkLoop(st: WalkState, node: Node): boolean {
  const name = node.childForFieldName("variable")?.text;
  const values = node.childrenForFieldName("value");
  const body = node.childForFieldName("body");
  if (!name || !body || values.length === 0 || values.length > 16) {
    if (name) st.env.vars[name] = UNKNOWN;
    return false;
  }
  for (const v of values) walk(st, v);
  for (const v of values) {
    st.env.vars[name] = toWord(v, st.env).value;
    walk(st, body);
  }
  return true;
}

function checkPipeline(st: WalkState, node: Node): void {
  const stages = node.namedChildren.filter((c) => c.type !== "comment");
  const max = st.policy.pipeline?.maxLength;
  if (max !== undefined && stages.length > max)
    add(
      st,
      "pipeline.maxLength",
      mapW(st, node),
      `the pipeline has ${stages.length} commands; the policy allows at most ${max}`,
      "split it, writing an intermediate file",
    );
  for (const stage of stages.slice(1)) checkReceiver(st, stage);
}

/** The first command of a statement (through lists, pipelines and redirections). */
function leftmost(node: Node): Node {
  let n = node;
  while (n.type !== "command" && n.namedChildren[0]) n = n.namedChildren[0];
  return n;
}

/** A command reading a pipe may not be one that runs what it reads, even behind a wrapper (`| env sh`). */
function checkReceiver(st: WalkState, stage: Node): void {
  const denied = st.policy.pipeline?.denyInto ?? [];
  const cmd = stage.type === "redirected_statement" ? stage.childForFieldName("body") : stage;
  const inv = cmd?.type === "command" ? invocationOf(cmd, st.env) : undefined;
  if (!inv) return;
  for (const one of unwrap(inv)) {
    const name = basename(one.name.value);
    if (!matchesAny(name, denied)) continue;
    add(
      st,
      "pipeline.denyInto",
      mapW(st, one.name),
      `piping into ${name} runs downloaded or generated code`,
      `save the input to a file and inspect it instead of piping it into ${name}`,
    );
    return;
  }
}

function checkRedirect(st: WalkState, node: Node): void {
  const dest = node.childForFieldName("destination");
  if (!dest || dest.type === "number" || /&/.test(node.text.slice(0, dest.startIndex - node.startIndex))) return;
  const value = toWord(dest, st.env);
  checkPathValue(st, value, value.value, "redirect");
}

function flagPresent(args: Word[], flag: string): Word | undefined {
  for (const a of args) {
    const v = a.value;
    if (v === "--") return undefined;
    if (v === flag) return a;
    if (flag.startsWith("--")) {
      if (v.startsWith(flag + "=")) return a;
    } else if (flag.length === 2 && /^-[^-]/.test(v)) {
      const letters = /^-([A-Za-z]*)/.exec(v)![1]!;
      if (letters.includes(flag[1]!)) return a;
    }
  }
  return undefined;
}

const spanOf = (inv: Invocation): { start: number; end: number } => ({ start: inv.name.start, end: (inv.args[inv.args.length - 1] ?? inv.name).end });

function checkInvocation(st: WalkState, inv: Invocation, node: Node, inner?: { start: number; end: number }): void {
  const p = st.policy;
  const name = basename(inv.name.value);
  if (inv.lost) reportLost(st, name, inv.lost);
  for (const line of inv.commandLines ?? []) checkCommandLine(st, name, line, "an option's value", true);
  // `watch 'df -h'`, `ssh host 'ls /'`: a wrapped "program" that is a whole command line, run by a shell.
  if (inv.wrappers.length > 0 && COMMAND_LINE_WORD.test(inv.name.value)) {
    checkCommandLine(st, inv.wrappers[inv.wrappers.length - 1]!, inv.name, "a command line given as its command", false);
    return;
  }
  const inline = inlineCode(inv, node);
  if (inline && !matchesAny(name, p.inline?.allow)) reportInline(st, name, inline);
  if (name.includes(UNKNOWN)) {
    if (p.commands.allow)
      add(st, "commands.allow", mapW(st, inv.name), `the program name ${inv.name.raw} is only known at run time`, "name the program literally");
    return;
  }
  const allowed = commandAllowed(p, name);
  if (!allowed.ok)
    add(
      st,
      allowed.rule,
      mapW(st, inv.name),
      allowed.rule === "commands.deny" ? `${name} is denied by the policy` : `${name} is not in the policy's allowed commands`,
      allowed.rule === "commands.deny" ? `do it without ${name}` : `use one of: ${p.commands.allow!.slice(0, 12).join(", ")}`,
    );

  for (const rule of p.deny) checkDenyRule(st, rule, name, inv);
  if (p.options?.length) checkOptions(st, name, inner ? inv.args.filter((a) => a.end <= inner.start || a.start >= inner.end) : inv.args);

  for (const rule of p.require) {
    if (!ruleApplies(rule.command, name, inv.args)) continue;
    if (!rule.anyOf.some((f) => flagPresent(inv.args, f)))
      add(st, `require.${rule.id}`, mapW(st, inv.name), `${name} must carry ${rule.anyOf.join(" or ")}`, rule.fix ?? `add ${rule.anyOf[0]}`);
  }

  for (const rule of p.wrap) {
    if (!rule.commands.includes(name)) continue;
    if (rule.flags && !rule.flags.some((f) => flagPresent(inv.args, f))) continue;
    if (!inv.wrappers.includes(rule.with))
      add(
        st,
        `wrap.${rule.id}`,
        mapW(st, inv.name),
        `${name}${rule.flags ? " " + rule.flags.join("/") : ""} can run forever; it must run under ${rule.with}`,
        rule.fix ?? `prefix it with ${rule.with}`,
      );
  }

  if (POSIX_SHELLS.has(name)) {
    const opt = codeOption(inv.args, { code: "c", valued: "oO" });
    const script = opt?.code;
    if (script && !script.value.includes(UNKNOWN)) {
      const quoted = script.raw.startsWith("'") || script.raw.startsWith('"') ? 1 : 0;
      if (script.value === script.raw.slice(quoted, script.raw.length - quoted)) checkSource(st, script.value, st.base + script.start + quoted);
    }
  }

  if (name === "cd" || name === "pushd") {
    const target = inv.args.find((a) => !a.value.startsWith("-"));
    const dest = target ? resolve(st, target.value) : homeOf(st);
    checkPathValue(st, target ?? inv.name, target?.value ?? "~", "cd");
    if (dest !== undefined) st.cwd = st.env.vars.PWD = dest;
    return;
  }
  checkArgs(st, name, inv.args);
}

function checkDenyRule(st: WalkState, rule: DenyRule, name: string, inv: Invocation): void {
  if (!ruleApplies(rule.command, name, inv.args)) return;
  if (rule.under && !rule.under.some((w) => inv.wrappers.includes(w))) return;
  const flag = rule.flags ? rule.flags.map((f) => flagPresent(inv.args, f)).find(Boolean) : undefined;
  if (rule.flags && !flag) return;
  let culprit: Word | undefined = flag;
  let where = "";
  if (rule.args || rule.protect) {
    culprit = inv.args.find(
      (a) => (matchesAny(a.value, rule.args) || matchesAny(a.raw, rule.args)) && !matchesAny(a.value, rule.unless) && !matchesAny(a.raw, rule.unless),
    );
    if (!culprit && rule.protect) {
      const hit = protectedOperand(st, rule.protect, inv.args, name);
      if (hit) [culprit, where] = hit;
    }
    if (!culprit) return;
  }
  add(
    st,
    `deny.${rule.id}`,
    mapW(st, culprit!),
    (rule.message ?? `${name} ${culprit!.raw} is denied by the policy`) + where,
    rule.fix ?? `remove ${culprit!.raw}`,
  );
}

/**
 * A program with an options allow-list: its subcommand must have a rule (when its rules name
 * subcommands), and each option word must be allowed. A short cluster is read letter by
 * letter until one that takes a value (the rest of the word, or the next word).
 */
function checkOptions(st: WalkState, name: string, args: Word[]): void {
  const p = st.policy;
  const rules = (p.options ?? []).filter((r) => r.command.split(" ")[0] === name);
  if (rules.length === 0) return;
  // The subcommand is the first operand, past the values of the options the rules list as valued (restic -r REPO backup).
  const valued = new Set(rules.flatMap((r) => r.values ?? []));
  let sub: Word | undefined;
  for (let i = 0; i < args.length && !sub; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    if (!v.startsWith("-") || v === "-") sub = args[i];
    else if (valued.has(v)) i++;
  }
  const applying = rules.filter((r) => r.command === name || (sub && r.command === `${name} ${sub.value}`) || ruleApplies(r.command, name, args));
  // Without any operand (`git --version`) the program's own rule decides.
  const bareOnly = !sub && applying.some((r) => !r.command.includes(" "));
  if (restrictsSubcommands(p, name) && !bareOnly && !applying.some((r) => r.command.includes(" "))) {
    const subs = rules.filter((r) => r.command.includes(" ")).map((r) => r.command);
    add(
      st,
      "options.subcommand",
      mapW(st, sub ?? args[0] ?? { value: name, raw: name, start: 0, end: 0 }),
      `${name} ${sub?.raw ?? "without a subcommand"} is not among the subcommands the policy allows`,
      `use one of: ${subs.slice(0, 12).join(", ")}`,
    );
    return;
  }
  const allow = new Set(applying.flatMap((r) => r.allow));
  const values = new Set(applying.flatMap((r) => r.values ?? []));
  const refuse = (w: Word, what: string): void =>
    add(
      st,
      "options.allow",
      mapW(st, w),
      `${name}'s option ${what} is not in the policy's allowed options`,
      allow.size ? `use only: ${[...allow].slice(0, 16).join(" ")}` : `run ${name} without options`,
    );
  const dashWords = [...allow].some((o) => /^-[^-].+/.test(o));
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.value;
    if (v === "--") return;
    if (!v.startsWith("-") || v === "-") continue;
    const eq = v.indexOf("=");
    const head = eq > 0 ? v.slice(0, eq) : v;
    if (allow.has(head)) {
      if (values.has(head) && eq < 0) i++;
      continue;
    }
    // A program whose allowed options include one-dash words (find's -name) spells its options
    // so: -empty is one option there, never the letters -e -m -p -t -y.
    if (v.startsWith("--") || v.includes(UNKNOWN) || dashWords) {
      refuse(w, w.raw);
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const f = `-${v[k]}`;
      if (!allow.has(f)) {
        refuse(w, v.length > 2 ? `${f} (in ${w.raw})` : w.raw);
        break;
      }
      if (values.has(f)) {
        if (k + 1 === v.length) i++;
        break;
      }
    }
  }
}

/** A word that cannot be a program name but reads as a shell command line. */
const COMMAND_LINE_WORD = /[\s;&|<>()`]/;

/** A wrapper whose command cannot be found: what it runs escapes every rule, so it is refused. */
function reportLost(st: WalkState, name: string, lost: NonNullable<Invocation["lost"]>): void {
  add(
    st,
    "commands.unreadable",
    mapW(st, lost.word),
    `${lost.reason}, so the command ${name} runs cannot be found and checked`,
    `spell ${name}'s options as its --help lists them, or run the command without ${name}`,
  );
}

/**
 * Text a wrapper hands to a shell (`su -c CMD`, `watch 'df -h'`): checked as a command line of
 * its own. `inline`: the text comes through an option, like `sh -c`, so it is inline code unless
 * the policy allows the program's inline code.
 */
function checkCommandLine(st: WalkState, name: string, w: Word, how: string, inline: boolean): void {
  if (inline && !matchesAny(name, st.policy.inline?.allow)) {
    reportInline(st, name, { kind: "shell", word: w, how: `${how} (a shell command line)` });
    return;
  }
  if (w.value.includes(UNKNOWN)) {
    add(st, "inline.shell", mapW(st, w), `${name} runs a command line that is only known at run time`, "write the command line out literally");
    return;
  }
  const quoted = w.raw.startsWith("'") || w.raw.startsWith('"') ? 1 : 0;
  if (w.value === w.raw.slice(quoted, w.raw.length - quoted)) {
    checkSource(st, w.value, st.base + w.start + quoted);
    return;
  }
  // Escapes shift offsets: judge the text apart and point every finding at the whole word.
  const sub: WalkState = { ...st, out: [], env: { vars: { ...st.env.vars } } };
  checkSource(sub, w.value, 0);
  for (const v of sub.out) add(st, v.rule, mapW(st, w), v.message, v.fix);
}

const INLINE_FIX: Record<InlineCode["kind"], (name: string) => string> = {
  interpreter: (name) => `save the code to a file under the workspace and run it (${name} ./script), or allow ${name} under inline.allow in the policy`,
  shell: (name) => `run the commands directly instead of through ${name}, or allow ${name} under inline.allow in the policy`,
  awk: (name) => `keep the ${name} program to text processing and run the other command in the pipeline, or allow ${name} under inline.allow in the policy`,
  sed: (name) => `drop the e command or flag and run the command itself, or allow ${name} under inline.allow in the policy`,
  eval: (name) => `run the command directly instead of through ${name}, or allow ${name} under inline.allow in the policy`,
};

function reportInline(st: WalkState, name: string, code: InlineCode): void {
  const shown = name.includes(UNKNOWN) ? "a program" : name;
  add(
    st,
    `inline.${code.kind}`,
    mapW(st, code.word),
    `${shown} runs inline code given by ${code.how}, which the checker cannot inspect`,
    INLINE_FIX[code.kind](shown),
  );
}

function checkArgs(st: WalkState, name: string, args: Word[]): void {
  if (TEXT_ARGS.has(name)) return;
  const patternOpts = PATTERN_FIRST[name];
  let skipFirst =
    patternOpts !== undefined &&
    !args.some((a) => patternOpts.some((o) => a.value === o || a.value.startsWith(o + "=") || (o.length === 2 && a.value.startsWith(o))));
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (!endOfOptions && v === "--") {
      endOfOptions = true;
      continue;
    }
    if (patternOpts && !endOfOptions && patternOpts.includes(v) && /regexp|expression|^-e$/.test(v)) {
      i++; // the pattern itself
      continue;
    }
    if (!endOfOptions && v.startsWith("-") && v.length > 1) {
      const eq = v.indexOf("=");
      if (v.startsWith("--") && eq > 0) checkValue(st, a, v.slice(eq + 1));
      continue;
    }
    if (skipFirst) {
      skipFirst = false;
      continue;
    }
    const kv = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(v);
    checkValue(st, a, kv ? kv[2]! : v);
  }
}

const URL_RE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

function checkValue(st: WalkState, w: Word, v: string): void {
  const url = URL_RE.exec(v);
  if (url) {
    const schemes = st.policy.urls?.schemes;
    if (schemes && !schemes.includes(url[1]!.toLowerCase()))
      add(
        st,
        "urls.schemes",
        mapW(st, w),
        `the URL scheme ${url[1]} is not allowed (allowed: ${schemes.join(", ")})`,
        `use ${schemes[0]}://${v.slice(url[0].length)}`,
      );
    return;
  }
  if (looksLikePath(v)) checkPathValue(st, w, v, "arg");
}

const looksLikePath = (v: string): boolean => v.includes("/") || v.startsWith("~") || v === ".." || v === "." || v.startsWith(UNKNOWN);
