// What the observed commands use: each line is parsed with tree-sitter-bash, wrappers
// (sudo, xargs, env, timeout, find -exec) are looked through with @shellgen/base's reader,
// and each invocation's words are read against its program's IR: a cluster splits into its
// flags, a value glued on or in the next word is taken as the option's, and every spelling
// of an option (-s, --silent) counts as one. Operands and values are classified by shape.
import { basename, invocationOf, parseTree, unwrap, UNKNOWN, type Invocation, type Node, type Word } from "@shellgen/base";
import type { CommandSpec, OptionSpec } from "../ir.js";
import type { Observed, ReadProblem } from "./read.js";

export interface Usage {
  count: number;
  example: string;
}

export interface OptionUsage extends Usage {
  /** Every spelling of the option (from the IR; the observed one alone when the IR lacks it). */
  spellings: string[];
  /** Takes a value in the next word when not glued on (what the checker must skip). */
  valued: boolean;
}

export interface CommandUsage extends Usage {
  /** "curl", or "git commit" for a subcommand. */
  command: string;
  options: Map<string, OptionUsage>;
  /** Operand and option-value shapes: url:https, path:inside, path:outside, number, glob, word. */
  shapes: Map<string, number>;
  /** Whether the pack has an IR for it (its options were read against it). */
  known: boolean;
}

export interface Learned {
  commands: Map<string, CommandUsage>;
  /** Lines read, lines whose commands were counted, and the problems with the rest. */
  read: number;
  used: number;
  problems: ReadProblem[];
}

/** The pack's specs by command words ("git commit"). */
export type SpecIndex = Map<string, CommandSpec>;

/**
 * `clean`: whether a command line passes the base policy; an example is taken from one that
 * does where there is one, so the comments a reviewer reads show allowed use.
 */
export function learn(observed: Observed[], specs: SpecIndex, root: string, clean: (command: string) => boolean = () => true): Learned {
  const out: Learned = { commands: new Map(), read: observed.length, used: 0, problems: [] };
  // Subcommands a program has: the pack's own IRs (git-commit) and the ones nested in the
  // program's IR (flask run), each indexed by its words.
  const subcommandsOf = new Map<string, Set<string>>();
  const index: SpecIndex = new Map(specs);
  for (const spec of specs.values())
    for (const sub of spec.path.length === 1 ? spec.subcommands : []) {
      const key = sub.path.join(" ");
      if (!index.has(key)) index.set(key, sub);
      for (const alias of sub.aliases) if (!index.has(`${spec.path[0]} ${alias}`)) index.set(`${spec.path[0]} ${alias}`, sub);
    }
  for (const key of index.keys()) {
    const [p, s] = key.split(" ");
    if (s) (subcommandsOf.get(p!) ?? subcommandsOf.set(p!, new Set()).get(p!)!).add(s);
  }
  for (const o of observed) {
    let tree: ReturnType<typeof parseTree>;
    try {
      tree = parseTree(o.command);
    } catch (e) {
      out.problems.push({ file: o.file, line: o.line, message: `tree-sitter-bash could not parse it: ${(e as Error).message}` });
      continue;
    }
    if (tree.rootNode.hasError) {
      out.problems.push({ file: o.file, line: o.line, message: "does not parse as bash" });
      continue;
    }
    let counted = false;
    for (const node of commandNodes(tree.rootNode)) {
      const inv = invocationOf(node, { vars: {} });
      if (!inv) continue;
      const chain = unwrap(inv);
      for (const [i, one] of chain.entries()) {
        const inner = chain[i + 1];
        const args = inner ? one.args.filter((a) => a.end <= inner.name.start || a.start >= endOf(inner)) : one.args;
        if (record(out, one, args, o.command, index, subcommandsOf, root, clean)) counted = true;
      }
    }
    if (counted) out.used++;
  }
  return out;
}

const endOf = (inv: Invocation): number => (inv.args[inv.args.length - 1] ?? inv.name).end;

function commandNodes(root: Node): Node[] {
  const out: Node[] = [];
  const walk = (n: Node): void => {
    if (n.type === "command") out.push(n);
    for (const c of n.namedChildren) walk(c);
  };
  walk(root);
  return out;
}

const PROGRAM = /^[A-Za-z0-9_][\w.+:[-]*$/;

function record(
  out: Learned,
  inv: Invocation,
  args: Word[],
  line: string,
  specs: SpecIndex,
  subs: Map<string, Set<string>>,
  root: string,
  clean: (command: string) => boolean,
): boolean {
  const name = basename(inv.name.value);
  if (name.includes(UNKNOWN) || !PROGRAM.test(name)) return false;
  const base = specs.get(name);
  let path = [name];
  let rest = args;
  // A program with subcommands in the pack: its first operand (after its own options) names one.
  const known = subs.get(name);
  if (known) {
    const globals = base ? base.options.concat(base.globalOptions ?? []) : [];
    // Without the program's own IR its options' values cannot be told from operands: the first
    // operand the pack knows as a subcommand is taken (git -C dir status), else the first.
    const operands = args.map((a, i) => [a, i] as const).filter(([a]) => !a.value.startsWith("-"));
    const at = base ? firstOperand(args, globals) : ((operands.find(([a]) => known.has(a.value)) ?? operands[0])?.[1] ?? -1);
    const word = at >= 0 ? args[at]!.value : undefined;
    if (word && /^[a-z][\w-]*$/.test(word)) {
      path = [name, word];
      rest = [...args.slice(0, at), ...args.slice(at + 1)];
    }
  }
  const spec = specs.get(path.join(" ")) ?? (path.length === 1 ? base : undefined);
  const key = path.join(" ");
  const usage = out.commands.get(key) ?? { command: key, count: 0, example: line, options: new Map(), shapes: new Map(), known: !!spec };
  out.commands.set(key, usage);
  usage.count++;
  const better = (u: Usage): void => {
    if (u.example !== line && !clean(u.example) && clean(line)) u.example = line;
  };
  better(usage);
  const options = spec
    ? [...spec.options, ...(spec.globalOptions ?? []), ...(path.length > 1 && base ? [...base.options, ...(base.globalOptions ?? [])] : [])]
    : [];
  const seen = new Set<string>();
  const note = (o: OptionUsage | undefined, spelled: string, opt?: OptionSpec): void => {
    const id = opt ? canonical(opt) : spelled;
    if (seen.has(id)) return;
    seen.add(id);
    const u = usage.options.get(id) ?? o ?? { count: 0, example: line, spellings: opt ? spellings(opt, spec!) : [spelled], valued: opt?.arity === "required" };
    u.count++;
    better(u);
    usage.options.set(id, u);
  };
  const shape = (v: string): void => {
    const s = shapeOf(v, root);
    usage.shapes.set(s, (usage.shapes.get(s) ?? 0) + 1);
  };
  for (let i = 0; i < rest.length; i++) {
    const v = rest[i]!.value;
    if (v === "--") {
      for (const w of rest.slice(i + 1)) shape(w.value);
      break;
    }
    if (!v.startsWith("-") || v === "-" || /^-\d/.test(v)) {
      shape(v);
      continue;
    }
    const eq = v.indexOf("=");
    const head = eq > 0 ? v.slice(0, eq) : v;
    const exact = spec ? findOption(options, head, spec) : undefined;
    if (exact || v.startsWith("--") || !spec) {
      if (!spec && !v.startsWith("--") && /^-[A-Za-z]{2,}$/.test(v)) {
        // No IR: a cluster of letters is read as flags, each its own option.
        for (const c of v.slice(1)) note(undefined, `-${c}`);
        continue;
      }
      note(undefined, head, exact);
      if (eq > 0) shape(v.slice(eq + 1));
      else if (exact?.arity === "required" && i + 1 < rest.length) {
        for (let k = 0; k < Math.max(1, exact.valueCount ?? 1) && i + 1 < rest.length; k++) shape(rest[++i]!.value);
      }
      continue;
    }
    // A short cluster: letters until one that takes a value, which takes the rest or the next word.
    for (let k = 1; k < v.length; k++) {
      const opt = options.find((o) => o.short.includes(v[k]!));
      note(undefined, `-${v[k]}`, opt);
      if (!opt || opt.arity === "none") continue;
      if (k + 1 < v.length) shape(v.slice(k + 1));
      else if (opt.arity === "required" && i + 1 < rest.length) shape(rest[++i]!.value);
      break;
    }
  }
  return true;
}

function firstOperand(args: Word[], options: OptionSpec[]): number {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (!v.startsWith("-") || v === "-") return i;
    const o = options.find((x) => [...x.short.map((s) => `-${s}`), ...x.long.map((l) => `--${l}`), ...(x.dashLong ?? []).map((d) => `-${d}`)].includes(v));
    if (o?.arity === "required" && !v.includes("=")) i++;
  }
  return -1;
}

/** One-dash spellings of long names (find's -name when the IR lists it long) are allowed where the style has them. */
const dashLongStyle = (spec: CommandSpec): boolean => ["find", "openssl", "llvm"].includes(spec.style);

function spellings(o: OptionSpec, spec: CommandSpec): string[] {
  return [
    ...o.short.map((s) => `-${s}`),
    ...o.long.map((l) => `--${l}`),
    ...(o.dashLong ?? []).map((d) => `-${d}`),
    ...(dashLongStyle(spec) ? o.long.map((l) => `-${l}`) : []),
  ];
}

const canonical = (o: OptionSpec): string => (o.long[0] ? `--${o.long[0]}` : o.dashLong?.[0] ? `-${o.dashLong[0]}` : `-${o.short[0]}`);

/** An option word as getopt_long reads it: an exact spelling, or the one long name it abbreviates. */
function findOption(options: OptionSpec[], head: string, spec: CommandSpec): OptionSpec | undefined {
  const exact = options.find((o) => spellings(o, spec).includes(head));
  if (exact || !head.startsWith("--")) return exact;
  const name = head.slice(2);
  const hits = options.filter((o) => o.long.some((l) => l.startsWith(name)));
  return name && hits.length === 1 ? hits[0] : undefined;
}

/** The shape of an operand or option value, as a policy reviewer reads it. */
export function shapeOf(v: string, root: string): string {
  const url = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(v);
  if (url) return `url:${url[1]!.toLowerCase()}`;
  if (v.includes(UNKNOWN)) return "runtime";
  if (/^[+-]?\d+(\.\d+)?[A-Za-z%]{0,3}$/.test(v)) return "number";
  if (/[*?]|\[.*\]/.test(v)) return "glob";
  if (v.startsWith("~") || v.startsWith("$HOME")) return "path:outside";
  if (v.startsWith("/")) return v === root || v.startsWith(`${root}/`) ? "path:inside" : "path:outside";
  if (v.includes("/") || v === "." || v === "..") return v.split("/").includes("..") ? "path:outside" : "path:inside";
  return "word";
}
