// The policy checker: judges a command over its tree-sitter-bash parse, so it sees what a
// grammar cannot (where `cd ..` leaves us, what $HOME/.. resolves to, commands inside
// `sh -c '...'`). Every violation names its rule, the offending span and a fix.
import type { Span } from "../ir.js";
import { commandAllowed, matchesAny, ruleApplies, UNKNOWN_HOME, type Policy, type PolicyViolation } from "./policy.js";
import { basename, firstProblem, invocationOf, parseTree, toWord, unwrap, UNKNOWN, type Invocation, type Node, type Word, type WordEnv } from "@shellgen/base";

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
const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh"]);

interface State {
  policy: Policy;
  source: string;
  /** Offset of `source` inside the text the user gave (for `sh -c '...'` recursion). */
  base: number;
  top: string;
  cwd: string;
  out: PolicyViolation[];
  env: WordEnv;
}

function spanOf(st: State, start: number, end: number): Span {
  const s = st.base + start;
  const line = st.top.slice(0, s).split("\n").length;
  return { start: s, end: st.base + end, line };
}

function add(st: State, rule: string, w: { start: number; end: number }, message: string, fix: string): void {
  const span = spanOf(st, w.start, w.end);
  if (st.out.some((v) => v.rule === rule && v.span.start === span.start && v.span.end === span.end)) return;
  st.out.push({ rule, message, span, fix });
}

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

type WalkState = State & { map: (b: number) => number };

function byteToChar(source: string): (b: number) => number {
  // node-tree-sitter reports UTF-16 offsets for JS strings; keep a hook in case a build reports bytes.
  return (b: number) => Math.min(b, source.length);
}

function walk(st: WalkState, node: Node): void {
  switch (node.type) {
    case "command": {
      const inv = invocationOf(node, st.env);
      if (inv) for (const one of unwrap(inv)) checkInvocation(st, one);
      break;
    }
    case "pipeline":
      checkPipeline(st, node);
      break;
    case "file_redirect":
      checkRedirect(st, node);
      break;
    case "function_definition":
      add(st, "constructs.function", mapW(st, node), "defining shell functions is not allowed (fork bombs hide in them)", "run the commands directly");
      break;
  }
  for (const child of node.namedChildren) walk(st, child);
}

const mapW = (st: WalkState, w: { startIndex: number; endIndex: number } | Word): { start: number; end: number } =>
  "startIndex" in w ? { start: st.map(w.startIndex), end: st.map(w.endIndex) } : { start: st.map(w.start), end: st.map(w.end) };

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
  const denied = st.policy.pipeline?.denyInto ?? [];
  for (const stage of stages.slice(1)) {
    const cmd = stage.type === "redirected_statement" ? stage.childForFieldName("body") : stage;
    const name = cmd?.type === "command" ? cmd.childForFieldName("name") : null;
    if (name && matchesAny(basename(name.text), denied))
      add(
        st,
        "pipeline.denyInto",
        mapW(st, name),
        `piping into ${name.text} runs downloaded or generated code`,
        `save the input to a file and inspect it instead of piping it into ${name.text}`,
      );
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

function checkInvocation(st: WalkState, inv: Invocation): void {
  const p = st.policy;
  const name = basename(inv.name.value);
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

  for (const rule of p.deny) {
    if (!ruleApplies(rule.command, name, inv.args)) continue;
    const flag = rule.flags ? rule.flags.map((f) => flagPresent(inv.args, f)).find(Boolean) : undefined;
    if (rule.flags && !flag) continue;
    let culprit: Word | undefined = flag;
    if (rule.args) {
      culprit = inv.args.find(
        (a) => (matchesAny(a.value, rule.args) || matchesAny(a.raw, rule.args)) && !matchesAny(a.value, rule.unless) && !matchesAny(a.raw, rule.unless),
      );
      if (!culprit) continue;
    }
    add(st, `deny.${rule.id}`, mapW(st, culprit!), rule.message ?? `${name} ${culprit!.raw} is denied by the policy`, rule.fix ?? `remove ${culprit!.raw}`);
  }

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

  if (SHELLS.has(name)) {
    const c = inv.args.findIndex((a) => a.value === "-c" || /^-[a-z]*c$/.test(a.value));
    const script = c >= 0 ? inv.args[c + 1] : undefined;
    if (script && !script.value.includes(UNKNOWN)) {
      const quoted = script.raw.startsWith("'") || script.raw.startsWith('"') ? 1 : 0;
      if (script.value === script.raw.slice(quoted, script.raw.length - quoted)) checkSource(st, script.value, st.base + script.start + quoted);
    }
  }

  if (name === "cd" || name === "pushd") {
    const target = inv.args.find((a) => !a.value.startsWith("-"));
    const dest = target ? resolve(st, target.value) : (p.paths?.home ?? UNKNOWN_HOME);
    checkPathValue(st, target ?? inv.name, target?.value ?? "~", "cd");
    if (dest !== undefined) st.cwd = dest;
    return;
  }
  checkArgs(st, name, inv.args);
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

/** Normalises `value` against the cwd; undefined when a run-time part makes it unknowable. */
function resolve(st: WalkState, value: string): string | undefined {
  const home = st.policy.paths?.home ?? UNKNOWN_HOME;
  let v = value;
  if (v === "~" || v.startsWith("~/")) v = home + v.slice(1);
  if (v.startsWith(UNKNOWN)) return undefined;
  const abs = v.startsWith("/") ? v : `${st.cwd}/${v}`;
  const parts: string[] = [];
  for (const seg of abs.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  // Whatever follows a run-time part may be anything; judge the known prefix.
  const known: string[] = [];
  for (const seg of parts) {
    if (seg.includes(UNKNOWN)) break;
    known.push(seg);
  }
  return "/" + known.join("/");
}

const under = (p: string, dir: string): boolean => dir === "/" || p === dir || p.startsWith(dir + "/");

function checkPathValue(st: WalkState, w: Word, v: string, what: "arg" | "cd" | "redirect"): void {
  const paths = st.policy.paths;
  if (!paths) return;
  const resolved = resolve(st, v);
  const shown = w.raw;
  if (resolved === undefined) {
    if (/(^|\/)\.\.(\/|$)/.test(v))
      add(
        st,
        "paths.root",
        mapW(st, w),
        `${shown} climbs with .. from a value only known at run time, so it may leave ${paths.root}`,
        `use a path under ${paths.root} without ..`,
      );
    return;
  }
  if (under(resolved, paths.root) || paths.allow.some((a) => under(resolved, a))) return;
  const verb = what === "cd" ? "cd leaves" : what === "redirect" ? "the redirect writes outside" : "the path is outside";
  add(
    st,
    "paths.root",
    mapW(st, w),
    `${verb} ${paths.root}: ${shown} resolves to ${resolved}`,
    `use a path under ${paths.root}, e.g. ./${lastSegment(resolved)}`,
  );
}

const lastSegment = (p: string): string => p.split("/").filter(Boolean).pop() ?? "dir";
