// The policy record: what commands may do. One normalised shape, read from JSON or YAML
// by load.ts, enforced twice: by the grammar (spec.ts, compose) and by the checker
// over the tree-sitter-bash parse (check.ts).
import type { Span } from "../ir.js";

/** Deny an invocation of `command` when it carries any of `flags` (if given) and an argument matching any of `args` (if given). */
export interface DenyRule {
  id: string;
  command: string;
  flags?: string[];
  /** Globs over the argument's static value (`*` matches anything, `/` included). */
  args?: string[];
  /** Globs that exempt an argument matched by `args` (dd of=/dev/null). */
  unless?: string[];
  /**
   * Directories an operand may not resolve to, nor to any directory above them (segment
   * globs; `{root}` is paths.root, `{home}` paths.home). Operands resolve as path
   * arguments do: against the working directory, through `..`, `~`, `$HOME`, a last `*`.
   */
  protect?: string[];
  /**
   * Only when the command runs under one of these wrappers (`xargs`): its operands then come
   * from standard input at run time, where no other key can see them.
   */
  under?: string[];
  message?: string;
  fix?: string;
}

/** `command` must carry one of `anyOf` (curl -m/--max-time). */
export interface RequireRule {
  id: string;
  command: string;
  anyOf: string[];
  fix?: string;
}

/** `commands` (optionally only when carrying one of `flags`) must run under `with` (timeout). */
export interface WrapRule {
  id: string;
  commands: string[];
  flags?: string[];
  with: string;
  fix?: string;
}

/**
 * A least-privilege allow-list for one program or subcommand (`grammargen profile` writes
 * them): the options it may carry. Once a program has a rule naming a subcommand
 * (`git commit`), only the subcommands with a rule are allowed.
 */
export interface OptionsRule {
  /** A program name or a program and subcommand words ("git commit"). */
  command: string;
  /** Every allowed spelling (`-s`, `--silent`, find's `-name`); a short one also in a cluster (`-sL`). */
  allow: string[];
  /** The allowed options that take a value (the next word, glued, or after `=`), so the checker can tell `-o FILE` from a cluster. */
  values?: string[];
}

export interface Policy {
  version: 1;
  name?: string;
  commands: { allow?: string[]; deny: string[] };
  deny: DenyRule[];
  require: RequireRule[];
  wrap: WrapRule[];
  urls?: { schemes: string[] };
  /** root: every path argument resolves under it; allow: extra absolute prefixes (/dev/null, /tmp); home: what ~ and $HOME mean (unknown, so outside the root, when absent). */
  paths?: { root: string; allow: string[]; home?: string };
  /** maxLength: commands per pipeline; denyInto: programs that may not read a pipe (curl ... | sh). */
  pipeline?: { maxLength?: number; denyInto?: string[] };
  /** Programs whose inline code (python3 -c, bash -c, awk system(), eval) is allowed; denied for every other program. */
  inline?: { allow: string[] };
  /** Per-program option allow-lists; a program without a rule keeps every option its grammar has. */
  options?: OptionsRule[];
}

export interface PolicyViolation {
  /** Dotted rule name, e.g. "paths.root", "deny.rm-root", "require.curl-timeout". */
  rule: string;
  message: string;
  span: Span;
  fix: string;
}

/** Shell glob to RegExp: `*` any run of characters, `?` one character. */
export function globRegExp(glob: string): RegExp {
  const body = [...glob].map((c) => (c === "*" ? "[\\s\\S]*" : c === "?" ? "[\\s\\S]" : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&"))).join("");
  return new RegExp(`^${body}$`);
}

export const matchesAny = (value: string, globs: string[] | undefined): boolean => !!globs && globs.some((g) => globRegExp(g).test(value));

export function commandAllowed(policy: Policy, name: string): { ok: true } | { ok: false; rule: string } {
  if (matchesAny(name, policy.commands.deny)) return { ok: false, rule: "commands.deny" };
  if (policy.commands.allow && !matchesAny(name, policy.commands.allow)) return { ok: false, rule: "commands.allow" };
  return { ok: true };
}

/** Where ~ and $HOME lead when the policy does not say: somewhere outside any root. */
export const UNKNOWN_HOME = "/home/(unknown)";

/** A deny rule that only names flags: the grammar drops those options (the others need the checker). */
export const isFlagsOnly = (rule: DenyRule): boolean => !!rule.flags && !rule.args && !rule.protect && !rule.under;

/** Options before a subcommand that take the next word as their value (`git -C dir push`). */
const GLOBAL_VALUED: Record<string, string[]> = {
  git: ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"],
};

/** A rule's command is a program name or a program and subcommand words ("git push"). */
export function ruleApplies(command: string, name: string, args: { value: string }[]): boolean {
  const words = command.split(/\s+/);
  if (words[0] !== name) return false;
  const valued = GLOBAL_VALUED[name] ?? [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (!v.startsWith("-")) operands.push(v);
    else if (operands.length === 0 && valued.includes(v)) i++;
  }
  return words.slice(1).every((w, i) => operands[i] === w);
}

/**
 * The options rules that apply to a command path: for a subcommand (["git", "commit"]) the
 * program's own and the subcommand's; for the program itself all of them, since options
 * given before a subcommand (`restic -r REPO backup`) count in the subcommand's rule.
 */
export function optionsRulesFor(policy: Policy, path: string[]): OptionsRule[] | undefined {
  const rules = (policy.options ?? []).filter((r) => r.command.split(/\s+/)[0] === path[0]);
  if (rules.length === 0) return undefined;
  if (path.length === 1) return rules;
  const key = path.join(" ");
  return rules.filter((r) => r.command === path[0] || r.command === key);
}

/** Whether a program's options rules restrict its subcommands (some rule names one). */
export const restrictsSubcommands = (policy: Policy, program: string): boolean =>
  (policy.options ?? []).some((r) => r.command.split(/\s+/)[0] === program && /\s/.test(r.command.trim()));
