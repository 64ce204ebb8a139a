// Turns a tree-sitter-bash parse into invocations: the program name and its argument words
// with their static values, looking through wrappers (timeout, xargs, env, nice, find -exec)
// so the inner command is judged too.
import type { Node } from "./parse.js";

/** Stands for text only known when the command runs ($x, $(...)). */
export const UNKNOWN = "\u0000";

export interface Word {
  /** Static value with quotes removed; known variables resolved; UNKNOWN where it depends on runtime. */
  value: string;
  /** The source text. */
  raw: string;
  start: number;
  end: number;
}

export interface Invocation {
  name: Word;
  args: Word[];
  /** Names of the wrappers around it, outermost first (timeout, xargs...). */
  wrappers: string[];
  node: Node;
}

export interface WordEnv {
  vars: Record<string, string>;
}

/** The static value of an argument node. */
export function wordValue(node: Node, env: WordEnv): string {
  switch (node.type) {
    case "word":
    case "command_name":
      if (node.type === "command_name" && node.namedChildCount > 0) return node.namedChildren.map((c) => wordValue(c, env)).join("");
      return node.text.replace(/\\(.)/gs, "$1");
    case "number":
      return node.text;
    case "raw_string":
      return node.text.slice(1, -1);
    case "ansi_c_string":
      return node.text.slice(2, -1);
    case "string":
    case "translated_string": {
      // Content pieces sit between the quotes; expansions replace their own spans.
      const open = node.type === "string" ? 1 : 2;
      let out = "";
      let pos = node.startIndex + open;
      const text = node.text;
      for (const child of node.namedChildren) {
        if (child.type === "string_content") continue;
        out += unescapeDq(text.slice(pos - node.startIndex, child.startIndex - node.startIndex));
        out += wordValue(child, env);
        pos = child.endIndex;
      }
      out += unescapeDq(text.slice(pos - node.startIndex, text.length - 1));
      return out;
    }
    case "concatenation":
      return node.children.map((c) => wordValue(c, env)).join("");
    case "simple_expansion":
    case "expansion": {
      const m = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(node.text);
      return m && m[1]! in env.vars ? env.vars[m[1]!]! : UNKNOWN;
    }
    default:
      return UNKNOWN;
  }
}

const unescapeDq = (s: string): string => s.replace(/\\([$`"\\])/g, "$1");

export const toWord = (node: Node, env: WordEnv): Word => ({ value: wordValue(node, env), raw: node.text, start: node.startIndex, end: node.endIndex });

/** How a wrapper's own arguments look, so we know where the wrapped command starts. */
interface WrapperShape {
  /** Short options that take a separate value. */
  valued: string;
  /** Long options that take a separate value (also accepted as --opt=value). */
  valuedLong?: string[];
  /** Positionals before the command (timeout's DURATION). */
  leading: number;
  /** env: NAME=VALUE words before the command. */
  assignments?: boolean;
  /** xargs runs echo when no command is given. */
  optionalCommand?: boolean;
}

const WRAPPERS: Record<string, WrapperShape> = {
  timeout: { valued: "sk", valuedLong: ["--signal", "--kill-after"], leading: 1 },
  nice: { valued: "n", valuedLong: ["--adjustment"], leading: 0 },
  nohup: { valued: "", leading: 0 },
  env: { valued: "uCS", valuedLong: ["--unset", "--chdir", "--split-string"], leading: 0, assignments: true },
  stdbuf: { valued: "ioe", valuedLong: ["--input", "--output", "--error"], leading: 0 },
  xargs: {
    valued: "adEeIiLlnPs",
    valuedLong: ["--arg-file", "--delimiter", "--eof", "--replace", "--max-lines", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"],
    leading: 0,
    optionalCommand: true,
  },
  sudo: { valued: "ugCDhprTU", valuedLong: ["--user", "--group"], leading: 0 },
  doas: { valued: "uC", leading: 0 },
  time: { valued: "fo", leading: 0 },
  command: { valued: "", leading: 0 },
  exec: { valued: "a", leading: 0 },
  chroot: { valued: "", leading: 1 },
  ionice: { valued: "cnp", leading: 0 },
  flock: { valued: "wE", leading: 1 },
  watch: { valued: "n", valuedLong: ["--interval"], leading: 0 },
};

/** Programs that run another command given in their arguments (xargs, timeout, env, ...). */
export const WRAPPER_NAMES: ReadonlySet<string> = new Set(Object.keys(WRAPPERS));

const isAssignment = (w: Word): boolean => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w.value);

/** Index of the wrapped command in `args`, or -1 when there is none. */
function wrappedStart(shape: WrapperShape, args: Word[]): number {
  let i = 0;
  while (i < args.length) {
    const v = args[i]!.value;
    if (v === "--") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      const name = v.split("=")[0]!;
      i += shape.valuedLong?.includes(name) && !v.includes("=") ? 2 : 1;
      continue;
    }
    if (/^-[^-]/.test(v) && !/^-\d/.test(v)) {
      // A cluster such as -0r or -n1 or -n 1: the first valued letter takes the rest or the next word.
      const letters = v.slice(1);
      const k = [...letters].findIndex((c) => shape.valued.includes(c));
      i += k >= 0 && k === letters.length - 1 ? 2 : 1;
      continue;
    }
    break;
  }
  if (shape.assignments) while (i < args.length && isAssignment(args[i]!)) i++;
  i += shape.leading;
  return i < args.length ? i : -1;
}

const EXEC_ACTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** Expands one invocation into itself plus whatever it wraps. */
export function unwrap(inv: Invocation): Invocation[] {
  const out: Invocation[] = [inv];
  const name = basename(inv.name.value);
  const shape = WRAPPERS[name];
  if (shape) {
    const at = wrappedStart(shape, inv.args);
    if (at >= 0) {
      const inner: Invocation = { name: inv.args[at]!, args: inv.args.slice(at + 1), wrappers: [...inv.wrappers, name], node: inv.node };
      out.push(...unwrap(inner));
    }
  } else if (name === "find") {
    for (let i = 0; i < inv.args.length; i++) {
      if (!EXEC_ACTIONS.has(inv.args[i]!.value)) continue;
      let j = i + 1;
      while (j < inv.args.length && inv.args[j]!.value !== ";" && inv.args[j]!.value !== "+") j++;
      if (j > i + 1) {
        const inner: Invocation = {
          name: inv.args[i + 1]!,
          args: inv.args.slice(i + 2, j).filter((w) => w.value !== "{}"),
          wrappers: [...inv.wrappers, "find"],
          node: inv.node,
        };
        out.push(...unwrap(inner));
      }
      i = j;
    }
  }
  return out;
}

export const basename = (name: string): string => name.slice(name.lastIndexOf("/") + 1);

/** The invocation a `command` node makes, before unwrapping. */
export function invocationOf(node: Node, env: WordEnv): Invocation | undefined {
  const nameNode = node.childForFieldName("name");
  if (!nameNode) return undefined;
  const args = node.childrenForFieldName("argument").map((a) => toWord(a, env));
  return { name: toWord(nameNode, env), args, wrappers: [], node };
}
