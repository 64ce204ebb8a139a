// One shell task end to end, shared by `shellgen run` and the MCP tool: the loop on copies,
// the explanation of the chosen command, then (only if the caller's `decide` says yes)
// the dry run's file changes applied to the real workspace.
//
// Why apply the previewed changes instead of running the command again in the real
// workspace: the sandbox lets a command write only inside /workspace and reach no network,
// so its file changes are its whole effect; applying exactly those gives the user what the
// preview showed, keeps the real files' owner (the sandbox hands its workspace to a
// throwaway uid when run as root), and is checked against drift first.
import { explain, formatExplanation, loadPack, type ExplainedCommand } from "@shellgen/decode";
import type { CommandSpec } from "@shellgen/grammargen";
import { improve, type Attempt, type LoopOptions, type LoopResult, type StopReason } from "./loop.js";
import type { RunLog } from "./log.js";
import { applyChanges, DEFAULT_LIMITS, noChanges, type Changes } from "./workspace.js";

export interface Decision {
  apply: boolean;
  /** Why not, or how it was confirmed, in words. */
  note: string;
}

export interface TaskOptions extends Omit<LoopOptions, "log"> {
  log: RunLog;
  /** Asked only when an attempt succeeded and it changed files. */
  decide: (preview: { command: string; changes: Changes }) => Promise<Decision>;
  /** Called after the loop, before deciding (the CLI prints the attempts here). */
  onLoop?: (r: LoopResult, explanation: ExplainedCommand[]) => void;
}

export interface TaskOutcome {
  command: string | null;
  stopped: StopReason;
  attempts: Attempt[];
  log?: string;
  explanation: ExplainedCommand[];
  applied: boolean;
  note: string;
}

let specs: Promise<Map<string, CommandSpec>> | undefined;
export async function explainCommand(command: string): Promise<ExplainedCommand[]> {
  specs ??= loadPack().then((p) => new Map(Object.values(p.commands).map((c) => [c.name, c.ir])));
  return explain(command, await specs);
}
export { formatExplanation };

export async function runShellTask(opts: TaskOptions): Promise<TaskOutcome> {
  const r = await improve(opts);
  try {
    const shown = r.command ?? r.attempts.at(-1)?.command ?? "";
    const explanation = shown ? await explainCommand(shown).catch(() => []) : [];
    opts.onLoop?.(r, explanation);
    const base = { command: r.command, stopped: r.stopped, attempts: r.attempts, log: r.log, explanation };
    if (!r.command || !r.preview) {
      const note = "nothing applied: no attempt succeeded";
      opts.log.write("apply", { applied: false, note });
      return { ...base, applied: false, note };
    }
    const changes = r.attempts.at(-1)!.changes;
    if (noChanges(changes)) {
      const note = "nothing to apply: the command changes no files (its output is shown above)";
      opts.log.write("apply", { applied: false, note });
      return { ...base, applied: false, note };
    }
    const decision = await opts.decide({ command: r.command, changes });
    if (!decision.apply) {
      opts.log.write("apply", { applied: false, note: decision.note });
      return { ...base, applied: false, note: decision.note };
    }
    const applied = await applyChanges(opts.workspace, r.preview.base, r.preview.scratch, r.preview.after, opts.limits ?? DEFAULT_LIMITS);
    const note = `applied to ${opts.workspace} (${decision.note}): ${applied.created.length} created, ${applied.deleted.length} deleted, ${applied.modified.length} modified`;
    opts.log.write("apply", { applied: true, note, changes: applied });
    return { ...base, applied: true, note };
  } finally {
    await r.discard();
  }
}
