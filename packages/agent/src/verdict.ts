// The success heuristic, used when nobody says what the output should be. It can only see
// what the command did, so it is deliberately plain:
//   1. the command exited 0;
//   2. it wrote nothing to stderr;
//   3. its effect matches the kind of goal: a goal that deletes must delete something, one
//      that creates or changes files must change something, one that asks to see something
//      must print something.
// It does not judge whether the output is the right output: a listing of the wrong folder
// passes. It is a filter for commands that plainly failed, not a check of correctness.
import { noChanges, type Changes } from "./workspace.js";

export type GoalKind = "delete" | "change" | "show";

// "remove duplicate lines" edits text; it does not delete files.
const TEXT_OBJECT =
  /\b(lines?|words?|characters?|chars?|duplicates?|spaces?|whitespace|columns?|fields?|blank|empty lines?|comments?|prefix|suffix|trailing|leading|newlines?)\b/i;
const DELETE = /\b(delete|remove|erase|rm|purge|get rid of|clean ?up|wipe)\b/i;
const CHANGE =
  /\b(create|make|mkdir|touch|write|save|store|copy|cp|move|mv|rename|compress|archive|zip|gzip|tar|extract|unpack|decompress|untar|unzip|chmod|chown|permissions?|executable|append|replace|substitute|edit|modify|update|split|merge|link|symlink|backup|back up|overwrite|truncate|convert)\b|\b(into|to|as) (a |the |new )?file\b|\bin[- ]place\b/i;

// A goal that opens by asking to see something is a "show" goal even when it names an
// archive or a copy ("list what is in backup.tar"), unless it asks to save the result.
const SHOW_FIRST = /^\s*(list|show|print|display|count|how many|what|which|where|find|search|look|tell|get|output|check|is|are|does|do|compare|diff)\b/i;
const SAVES = /\b(save|write|store|into|to (a |the |new )?file|redirect)\b/i;

export function goalKind(goal: string): GoalKind {
  if (DELETE.test(goal) && !TEXT_OBJECT.test(goal)) return "delete";
  if (SHOW_FIRST.test(goal) && !SAVES.test(goal)) return "show";
  if (CHANGE.test(goal) || (DELETE.test(goal) && /\b(in[- ]place|from the file|in the file)\b/i.test(goal))) return "change";
  return "show";
}

export type Verdict = "success" | "failed" | "stderr" | "no-effect" | "timeout" | "no-command";

export interface Judged {
  verdict: Verdict;
  /** Why, in words, for the user and the log. */
  reason: string;
}

export function judge(goal: string, r: { exitCode: number | null; stdout: string; stderr: string; timedOut: boolean; changes: Changes }): Judged {
  if (r.timedOut) return { verdict: "timeout", reason: "the command ran past the time limit" };
  if (r.exitCode !== 0) return { verdict: "failed", reason: `exit status ${r.exitCode ?? "none (killed)"}` };
  if (r.stderr.trim() !== "") return { verdict: "stderr", reason: "exit 0 but it wrote to stderr" };
  const kind = goalKind(goal);
  if (kind === "delete" && r.changes.deleted.length === 0) return { verdict: "no-effect", reason: "the goal deletes, but nothing was deleted" };
  if (kind === "change" && noChanges(r.changes)) return { verdict: "no-effect", reason: "the goal changes files, but no file changed" };
  if (kind === "show" && r.stdout.trim() === "" && noChanges(r.changes))
    return { verdict: "no-effect", reason: "the goal asks to see something, but nothing was printed" };
  return { verdict: "success", reason: `exit 0, no stderr, effect fits a "${kind}" goal` };
}
