// Why a task regressed (its baseline passed, the other mode failed): the grammar refused the
// baseline's command (a grammar gap, named where the parse stopped), a policy rule refused
// it, the grammar took it yet the decode chose otherwise (model drift), or the tree-sitter
// retry replaced the command. The evidence is what the run recorded (nativeCheck, path, error).
import { basename, parseTree, type Node } from "@shellgen/base";
import type { ResultRecord } from "../run/record.js";

export const CAUSES = ["grammar gap", "policy", "model drift", "retry", "same command", "prompt", "unknown"] as const;
export type Cause = (typeof CAUSES)[number];

/** What a cause means, for the reports' legends. */
export const CAUSE_MEANING: Record<Cause, string> = {
  "grammar gap": "the baseline's command is shell the grammar refuses; named where the parse stopped",
  policy: "a policy rule refused the command",
  "model drift": "the grammar accepts the baseline's command, yet the constrained decode chose another",
  retry: "the constrained command did not parse and the native retry replaced it",
  "same command": "both modes ran the same command; the check differed between the runs",
  prompt: "the mode has no grammar: its prompt (examples, grounding) changed the command",
  unknown: "the run recorded no grammar check of the baseline's command",
};

/** Where a grammar stopped reading a command. */
export interface GapSite {
  /** the program whose words the refusal fell in; "" where it fell between commands */
  program: string;
  /** the option refused, when the word there is one ("-P", "--null") */
  option?: string;
  /** the shell construct refused, when the refusal fell outside a simple command ("pipe", "redirect", ...) */
  construct?: string;
  /** the word at the refusal, as the recognizer reported it */
  word?: string;
}

export interface TracedCause {
  cause: Cause;
  /** One line: the rule, the site, the two commands. */
  detail: string;
  site?: GapSite;
  rule?: string;
}

// tree-sitter-bash node types, as the constructs the pack's grammars offer.
const CONSTRUCTS: Record<string, string> = {
  pipeline: "pipe",
  list: "and/or list",
  redirected_statement: "redirect",
  file_redirect: "redirect",
  heredoc_redirect: "heredoc",
  heredoc_body: "heredoc",
  herestring_redirect: "here-string",
  command_substitution: "command substitution",
  process_substitution: "process substitution",
  for_statement: "loop",
  c_style_for_statement: "loop",
  while_statement: "loop",
  if_statement: "if",
  case_statement: "case",
  subshell: "subshell",
  compound_statement: "group",
  function_definition: "function",
  variable_assignment: "assignment",
  test_command: "test",
  arithmetic_expansion: "arithmetic",
  negated_command: "negation",
};

const REJECTED = /^rejected at column (\d+) \(in word ("(?:[^"\\]|\\.)*")/;
const ENDED = /^input ended early at column (\d+)/;

/** The program, option or construct at the place a recognizer reason points to. */
export function gapSite(command: string, reason: string): GapSite | undefined {
  const rej = REJECTED.exec(reason);
  const end = rej ? undefined : ENDED.exec(reason);
  if (!rej && !end) return undefined;
  const column = Number((rej ?? end)![1]);
  const word = rej ? (JSON.parse(rej[2]!) as string) : undefined;
  // The recognizer counts code points; tree-sitter's indices count UTF-16 units.
  let at = [...command].slice(0, column - 1).join("").length;
  if (end) at = Math.max(0, command.trimEnd().length - 1);
  const root = parseTree(command).rootNode;
  let construct: string | undefined;
  for (let n: Node | null = root.descendantForIndex(at, Math.min(at + 1, command.length)); n; n = n.parent) {
    if (n.type === "command") {
      const name = n.childForFieldName("name");
      const program = name ? basename(name.text) : "";
      const option = !construct && word && /^--?[A-Za-z0-9]/.test(word) ? word.replace(/=.*$/s, "") : undefined;
      // A construct inside the command (an assignment prefix, a substitution) is named with its program.
      return { program, ...(option ? { option } : {}), ...(construct ? { construct } : {}), ...(word !== undefined ? { word } : {}) };
    }
    construct ??= CONSTRUCTS[n.type];
  }
  return { program: "", construct: construct ?? "command line", ...(word !== undefined ? { word } : {}) };
}

/** The defect a site names, without the word's value: one entry however many tasks hit it. */
export const siteKey = (s: GapSite): string =>
  s.construct ? (s.program ? `${s.program}: ${s.construct}` : s.construct) : `${s.program}${s.option ? ` ${s.option}` : ""}`;

export const siteLabel = (s: GapSite): string =>
  `${siteKey(s)}${s.option || !s.word ? "" : ` at ${JSON.stringify(s.word.length > 30 ? `${s.word.slice(0, 27)}...` : s.word)}`}`;

const show = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);

/** The cause of one regression: `base` passed, `other` failed, same model and task. */
export function traceCause(base: ResultRecord, other: ResultRecord): TracedCause {
  if (other.command.trim() !== "" && other.command.trim() === base.command.trim())
    return { cause: "same command", detail: `both ran ${show(base.command)}; the second failed: ${other.reason}` };
  const policy = /^policy ([^:]+):/.exec(other.error ?? "");
  if (policy) return { cause: "policy", rule: policy[1]!, detail: `rule ${policy[1]}: ${other.error!.slice(policy[0].length).trim()}` };
  const check = other.nativeCheck && other.nativeCheck.command === base.command ? other.nativeCheck : undefined;
  const gap = check && !check.accepted ? gapSite(base.command, check.reason ?? "") : undefined;
  const grammar = check ? ` (grammar of ${check.grammar.join(", ")})` : "";
  if (other.path === "retry-native") {
    const why = check
      ? check.accepted
        ? "; the grammar accepts the baseline's command"
        : `; the grammar refuses the baseline's command: ${check.reason}`
      : "";
    return { cause: "retry", detail: `the native retry gave ${show(other.command)}${why}`, ...(gap ? { site: gap } : {}) };
  }
  if (!check) {
    const grammarMode = (other.grammarPrograms?.length ?? 0) > 0 || other.path === "constrained";
    return grammarMode
      ? { cause: "unknown", detail: "the run recorded no grammar check of the baseline's command (bench records nativeCheck when native runs first)" }
      : { cause: "prompt", detail: `no grammar; the prompt led to ${show(other.command)}` };
  }
  if (check.accepted) return { cause: "model drift", detail: `the grammar${grammar} accepts ${show(base.command)}; the decode chose ${show(other.command)}` };
  return {
    cause: "grammar gap",
    detail: `${gap ? `${siteLabel(gap)}: ` : ""}the grammar${grammar} refuses ${show(base.command)}: ${check.reason ?? "rejected"}`,
    ...(gap ? { site: gap } : {}),
  };
}
