// Inline code: program text handed over on the command line (python3 -c, perl -e, node -e,
// bash -c, env -S, an awk program that calls system(), sed's e, eval) or fed to an interpreter's stdin from a
// heredoc, here-string or <(...). What such text does is opaque to the checker, so the
// checker denies it unless the policy's `inline.allow` names the program.
import { basename, UNKNOWN, type Invocation, type Node, type Word } from "@shellgen/base";

export type InlineKind = "interpreter" | "shell" | "awk" | "sed" | "eval";

export interface InlineCode {
  kind: InlineKind;
  /** The word to point at: the code, the option that introduces it, or the program name. */
  word: Word;
  /** How the code arrives, for the message: "-c", "a heredoc", "system()"... */
  how: string;
}

/** How a program's options introduce code: short letters (also inside clusters such as -lne), long options. */
interface CodeOptions {
  code: string;
  long?: string[];
  /** Short letters whose value is the rest of the cluster or the next word (so a later letter is part of that value). */
  valued?: string;
  /** Short letters whose value can only be the rest of the cluster (perl -i.bak, -Mstrict); -l and -0 take digits only, so they need no entry. */
  valuedAttached?: string;
  valuedLong?: string[];
  /** Letters after which the remaining words belong to something else (python -m module). */
  stop?: string;
  /** Whether code may follow its letter in the same word (python -cCODE); a shell's `-ce` is -c and -e, its code the next word. */
  attached?: boolean;
}

const INTERPRETERS: [RegExp, CodeOptions][] = [
  [/^(python|pypy)[0-9.]*$/, { code: "c", valued: "WX", stop: "m", attached: true }],
  // perl -pie is -p -i with the backup suffix "e": -i and the other valued letters end the cluster.
  [/^perl[0-9.]*$/, { code: "eE", valuedAttached: "IMmxCdDVFi", attached: true }],
  [/^(ruby[0-9.]*|jruby)$/, { code: "e", valued: "IrCE", valuedAttached: "KWxiF", attached: true }],
  [
    /^(node|nodejs|bun)$/,
    {
      code: "ep",
      long: ["--eval", "--print"],
      valued: "r",
      valuedLong: ["--require", "--import", "--loader", "--experimental-loader", "--input-type", "--env-file", "--title"],
    },
  ],
  [/^php[0-9.]*$/, { code: "r", valued: "cdz", attached: true }],
  [/^(lua[0-9.]*|luajit)$/, { code: "e", valued: "l", attached: true }],
  [/^(Rscript|osascript)$/, { code: "e" }],
];

export const SHELLS = /^(sh|bash|dash|zsh|ksh|mksh|ash|csh|tcsh|fish|busybox)$/;
const SHELL_OPTIONS: CodeOptions = { code: "c", long: ["--command"], valued: "oO", valuedLong: ["--rcfile", "--init-file"] };
const AWKS = /^(awk|gawk|mawk|nawk)$/;
const ENV_SPLIT: CodeOptions = { code: "S", long: ["--split-string"], valued: "uC", valuedLong: ["--unset", "--chdir"], attached: true };

/** The code option's word and the code word after it, when `args` carry one before the first operand. */
export function codeOption(args: Word[], o: CodeOptions): { option: Word; code?: Word } | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === "--" || !/^[-+]./.test(v)) return undefined;
    if (v.startsWith("--")) {
      const name = v.split("=")[0]!;
      if (o.long?.includes(name)) return { option: a, ...(v.includes("=") ? { code: a } : args[i + 1] ? { code: args[i + 1]! } : {}) };
      if (o.valuedLong?.includes(name) && !v.includes("=")) i++;
      continue;
    }
    const letters = v.slice(1);
    for (let k = 0; k < letters.length; k++) {
      const c = letters[k]!;
      if (o.stop?.includes(c)) return undefined;
      if (o.code.includes(c)) return { option: a, ...(o.attached && k < letters.length - 1 ? { code: a } : args[i + 1] ? { code: args[i + 1]! } : {}) };
      if (o.valuedAttached?.includes(c)) break;
      if (o.valued?.includes(c)) {
        if (k === letters.length - 1) i++;
        break;
      }
    }
  }
  return undefined;
}

/** What the invocation runs as inline code, if anything. `node` is the tree-sitter command node (for heredocs and here-strings). */
export function inlineCode(inv: Invocation, node: Node): InlineCode | undefined {
  const name = basename(inv.name.value);
  if (name.includes(UNKNOWN)) {
    // "$SHELL" -c '...', $(which python3) -c '...': a program chosen at run time, given code.
    const opt = codeOption(inv.args, { code: "c" });
    return opt?.code ? { kind: "shell", word: opt.code, how: `${opt.option.raw} (to a program only known at run time)` } : undefined;
  }
  if (name === "eval") return { kind: "eval", word: inv.name, how: "its arguments" };
  // trap ACTION SIGNAL... runs ACTION later; `trap - SIG` and `trap '' SIG` only reset or ignore.
  const action = name === "trap" ? inv.args.find((a) => a.value !== "--") : undefined;
  if (action && !/^-[lp]?$/.test(action.value) && action.value !== "") return { kind: "eval", word: action, how: "trap" };
  if ((name === "source" || name === ".") && inv.args.some(isProcessSubstitution))
    return { kind: "eval", word: inv.args.find(isProcessSubstitution)!, how: `${name} <(...)` };
  if (AWKS.test(name)) return awkCode(inv);
  if (name === "sed" || name === "gsed") return sedCode(inv);
  if (name === "env") {
    const split = codeOption(inv.args, ENV_SPLIT);
    return split ? { kind: "shell", word: split.code ?? split.option, how: "env -S" } : undefined;
  }
  const sub = inv.args.find((a) => !a.value.startsWith("-"));
  if (name === "deno" && sub?.value === "eval") return { kind: "interpreter", word: sub, how: "deno eval" };
  const shell = SHELLS.test(name);
  const options = shell ? SHELL_OPTIONS : INTERPRETERS.find(([re]) => re.test(name))?.[1];
  if (!options) return undefined;
  if (name === "busybox" && !/^(sh|ash|hush)$/.test(inv.args[0]?.value ?? "")) return undefined;
  const args = name === "busybox" ? inv.args.slice(1) : inv.args;
  const kind: InlineKind = shell ? "shell" : "interpreter";
  const opt = codeOption(args, options);
  if (opt) return { kind, word: opt.code ?? opt.option, how: opt.option.value.split("=")[0]! };
  const operand = args.find((a) => !/^[-+]./.test(a.value));
  if (operand && isProcessSubstitution(operand)) return { kind, word: operand, how: "<(...)" };
  // No script file named (or `-`): the program reads its code from stdin.
  if (!operand || operand.value === "-") {
    const stdin = stdinCode(node);
    if (stdin) return { kind, word: inv.name, how: stdin };
  }
  return undefined;
}

const isProcessSubstitution = (w: Word): boolean => /^[<>]\(/.test(w.raw);

/** "a heredoc" or "a here-string" when the command's stdin is text written in the command line. */
function stdinCode(node: Node): string | undefined {
  if (node.children.some((c) => c.type === "herestring_redirect")) return "a here-string";
  const parent = node.parent;
  if (parent?.type === "redirected_statement" && parent.children.some((c) => c.type === "heredoc_redirect" || c.type === "herestring_redirect"))
    return parent.children.some((c) => c.type === "heredoc_redirect") ? "a heredoc" : "a here-string";
  return undefined;
}

/** awk's program runs other programs through system(), `print | "cmd"`, `"cmd" | getline` and gawk's `|&`. */
const AWK_RUNS = /\bsystem\s*\(|(^|[^|])\|&?\s*("|getline\b)|\|&|\bprintf?\b[^;{}|]*[^|]\|[^|]/;

function awkCode(inv: Invocation): InlineCode | undefined {
  const programs: Word[] = [];
  let fromFile = false;
  for (let i = 0; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === "--") {
      if (!fromFile && inv.args[i + 1]) programs.push(inv.args[i + 1]!);
      break;
    }
    if (/^(-f|--file)$/.test(v) || /^(-f.|--file=)/.test(v)) fromFile = true;
    if (/^(-e|--source)$/.test(v) && inv.args[i + 1]) programs.push(inv.args[++i]!);
    else if (/^--source=/.test(v)) programs.push(inv.args[i]!);
    else if (/^-[fvF]$|^--(file|assign|field-separator)$/.test(v)) i++;
    else if (!v.startsWith("-") || v === "-") {
      if (!fromFile) programs.push(inv.args[i]!);
      break;
    }
  }
  for (const p of programs) {
    if (p.value !== "" && p.value.split(UNKNOWN).join("") === "") return { kind: "awk", word: p, how: "a program only known at run time" };
    const text = p.value.split(UNKNOWN).join(" ");
    if (AWK_RUNS.test(text)) return { kind: "awk", word: p, how: /system/.test(text) ? "system()" : "a pipe to or from a command" };
  }
  return undefined;
}

/** GNU sed runs commands with the `e` command and the s///e flag (not under --sandbox). */
const SED_S_E = /(?:^|[;\n{}\s\d$/!])s([^\w\s\\])(?:\\.|(?!\1)[^\\])*\1(?:\\.|(?!\1)[^\\])*\1[gpiImM0-9]*e/;
const SED_E = /(?:^|[;\n{}]|[\d$/]\s*)\s*e(?:\s|;|$)/;

function sedCode(inv: Invocation): InlineCode | undefined {
  const scripts: Word[] = [];
  let fromOption = false;
  for (let i = 0; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === "--sandbox") return undefined;
    if (/^(-e|--expression)$/.test(v) && inv.args[i + 1]) scripts.push(inv.args[++i]!), (fromOption = true);
    else if (/^--expression=/.test(v)) scripts.push(inv.args[i]!), (fromOption = true);
    else if (/^(-f|--file)$/.test(v) || /^(-f.|--file=)/.test(v)) fromOption = true;
    else if (/^-[lL]$|^--line-length$/.test(v)) i++;
    else if (!v.startsWith("-") && !fromOption) {
      scripts.push(inv.args[i]!);
      break;
    }
  }
  for (const w of scripts) {
    const text = w.value.replace(/^--expression=/, "");
    if (SED_S_E.test(text)) return { kind: "sed", word: w, how: "the s///e flag" };
    if (SED_E.test(text)) return { kind: "sed", word: w, how: "the e command" };
  }
  return undefined;
}
