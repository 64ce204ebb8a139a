// What a command line runs: its simple commands, the invocations they make once wrappers
// (xargs, timeout, find -exec, env, ...) are looked through, and the programs named.
import { parseTree, type Node } from "./parse.js";
import { basename, invocationOf, UNKNOWN, unwrap, type Invocation, type WordEnv } from "./words.js";
import { WRAPPER_NAMES } from "./wrappers.js";

/** Every `command` node of a source text, in source order (pipelines, lists, loops and substitutions included). */
export function commandNodes(source: string): Node[] {
  const out: Node[] = [];
  const walk = (n: Node) => {
    if (n.type === "command") out.push(n);
    for (const c of n.namedChildren) walk(c);
  };
  walk(parseTree(source).rootNode);
  return out;
}

/** Each simple command with its program's base name and its source text. */
export function simpleCommands(source: string): { program: string; text: string }[] {
  const out: { program: string; text: string }[] = [];
  for (const n of commandNodes(source)) {
    const name = n.childForFieldName("name");
    if (name) out.push({ program: basename(name.text), text: n.text });
  }
  return out;
}

/**
 * Every invocation in a source text. With `unwrap` (the default), a wrapper is followed by
 * what it runs: `ls | xargs rm -f` gives ls, xargs, rm.
 */
export function invocations(source: string, opts: { unwrap?: boolean; env?: WordEnv } = {}): Invocation[] {
  const env = opts.env ?? { vars: {} };
  const out: Invocation[] = [];
  for (const n of commandNodes(source)) {
    const inv = invocationOf(n, env);
    if (inv) out.push(...(opts.unwrap === false ? [inv] : unwrap(inv)));
  }
  return out;
}

const PROGRAM_NAME = /^[A-Za-z_][\w.+-]*$/;

/** Shells whose `-c SCRIPT` runs a command line. */
const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "busybox-sh"]);
/** How deep scripts inside scripts are read (`ssh h 'sh -c "..."'`). */
const SCRIPT_DEPTH = 3;

/**
 * The command lines an invocation hands to a shell, as text: an option's value (`su -c CMD`,
 * `flock -c CMD`), a shell's `-c SCRIPT` (`bash -lc '...'`), a wrapped command written as
 * one word with spaces (`ssh host 'ls -l'`, `watch 'df -h'`), which the remote shell or
 * watch's `sh -c` splits again, and trap's action.
 */
export function scriptsOf(inv: Invocation): string[] {
  const out = (inv.commandLines ?? []).map((w) => w.value);
  const name = basename(inv.name.value);
  if (SHELLS.has(name)) {
    const i = inv.args.findIndex((a) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a.value));
    if (i >= 0 && i + 1 < inv.args.length) out.push(inv.args[i + 1]!.value);
  }
  if (inv.wrappers.length && /\s/.test(inv.name.value)) out.push([inv.name.value, ...inv.args.map((a) => a.value)].join(" "));
  // trap's action is a command line the shell runs on the signal (`trap 'rm -f "$lock"' EXIT`);
  // `trap -p`, `trap - INT` name none.
  if (name === "trap" && inv.args.length > 1 && !inv.args[0]!.value.startsWith("-")) out.push(inv.args[0]!.value);
  return out.filter((t) => !t.includes(UNKNOWN));
}

/** The programs a command line runs, in order of appearance, each once (wrapped ones and those in scripts it hands a shell included). */
export function programsIn(source: string): string[] {
  return programsRun(source, false);
}

/**
 * The programs a grammar for a command line should hold: those programsIn finds, and, past a
 * wrapper's operand known only at run time, the command after it (`ssh $host uptime`, `chroot
 * $ROOT make`), read as if that word were the operand it most likely is. For planning only:
 * the checker never guesses where a command starts (programsIn, invocations' `lost`), so a
 * guess here only widens the grammar that the checked line must still pass.
 */
export function programsToPlan(source: string): string[] {
  return programsRun(source, true);
}

function programsRun(source: string, guess: boolean): string[] {
  const out: string[] = [];
  const visit = (text: string, depth: number) => {
    for (const inv of invocations(text)) {
      const guessed = guess && inv.lost?.word.value.startsWith(UNKNOWN) ? guessPast(inv) : [];
      for (const i of [inv, ...guessed]) {
        const name = basename(i.name.value);
        if (PROGRAM_NAME.test(name) && !out.includes(name)) out.push(name);
        if (depth < SCRIPT_DEPTH) for (const script of scriptsOf(i)) visit(script, depth + 1);
      }
    }
  };
  visit(source, 0);
  return out;
}

/**
 * What a wrapper lost at a run-time word runs, that word read as an operand before the command
 * (ssh's HOST): nothing where the wrapper would run the word itself (`nice $CMD`, `xargs $CMD`).
 */
function guessPast(inv: Invocation): Invocation[] {
  const { lost, ...wrapper } = inv;
  const operand = { ...lost!.word, value: "operand" };
  const args = inv.args.map((a) => (a === lost!.word ? operand : a));
  const inner = unwrap({ ...wrapper, args }).slice(1);
  return inner[0]?.name === operand ? [] : inner;
}

/**
 * The program a command is "about": that of its first simple command, looking through
 * wrappers (`timeout 5 curl ...` is about curl). "" when nothing runs.
 */
export function programOf(source: string): string {
  const first = commandNodes(source)[0];
  const inv = first && invocationOf(first, { vars: {} });
  if (!inv) return "";
  const chain = unwrap(inv);
  let i = 0;
  while (i + 1 < chain.length && WRAPPER_NAMES.has(basename(chain[i]!.name.value))) i++;
  return basename(chain[i]!.name.value);
}
