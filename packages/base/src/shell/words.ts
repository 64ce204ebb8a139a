// Turns a tree-sitter-bash parse into invocations: the program name and its argument words
// with their static values, looking through wrappers (timeout, xargs, env, nice, find -exec)
// so the inner command is judged too. Where a wrapper's command starts is wrappers.ts's job.
import type { Node } from "./parse.js";
import { commandStart, wrapperShape } from "./wrappers.js";

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
  /**
   * Set on a wrapper whose command cannot be found: an option its help text does not list, a
   * word only known at run time. What it runs is then unknown, not absent.
   */
  lost?: { word: Word; reason: string };
  /** Option values a wrapper runs as shell command lines (`su -c CMD`, `flock -c CMD`). */
  commandLines?: Word[];
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

const EXEC_ACTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/**
 * Expands one invocation into itself plus whatever it wraps. A wrapper whose command cannot be
 * found comes back with `lost` set and nothing after it.
 */
export function unwrap(inv: Invocation): Invocation[] {
  const out: Invocation[] = [inv];
  const name = basename(inv.name.value);
  const shape = wrapperShape(name);
  if (shape) {
    const start = commandStart(name, shape, inv.args);
    if ("lost" in start) return [{ ...inv, lost: { word: start.lost, reason: start.reason } }];
    if (start.commandLines.length) out[0] = { ...inv, commandLines: start.commandLines };
    if (start.at >= 0) {
      const inner: Invocation = { name: inv.args[start.at]!, args: inv.args.slice(start.at + 1), wrappers: [...inv.wrappers, name], node: inv.node };
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
