// Plain-text rendering of a run, shared by `shellgen run` (live) and `shellgen replay`
// (from the log), so a replay reads like the run did.
import type { Changes } from "./workspace.js";

const MAX_LINES = 12;

export function indentBlock(text: string, prefix = "    "): string {
  const lines = text.replace(/\n$/, "").split("\n");
  const shown = lines.slice(0, MAX_LINES).map((l) => `${prefix}${l}`);
  if (lines.length > MAX_LINES) shown.push(`${prefix}[... ${lines.length - MAX_LINES} more lines]`);
  return shown.join("\n");
}

export function formatChanges(c: Changes): string {
  const parts = [
    ...c.created.map((x) => `+ ${x.path}${x.type === "dir" ? "/" : ""}${x.sha256 ? `  sha256 ${x.sha256.slice(0, 12)}` : ""}`),
    ...c.deleted.map((x) => `- ${x.path}${x.type === "dir" ? "/" : ""}`),
    ...c.modified.map((x) => `~ ${x.path}  ${x.before.slice(0, 12)} -> ${x.after.slice(0, 12)}`),
  ];
  return parts.length ? parts.join("\n") : "(no file changes)";
}

export interface AttemptView {
  n: number;
  command: string;
  source?: string;
  exitCode: number | null;
  stdout?: string;
  stderr: string;
  changes: Changes;
  verdict: string;
  reason: string;
}

export function formatAttempt(a: AttemptView): string {
  const out = [`attempt ${a.n}${a.source === "repair" ? " (names repaired from the error)" : ""}: ${a.command || "(none)"}`];
  out.push(`  verdict: ${a.verdict} (${a.reason})`);
  if (a.verdict !== "rejected") {
    if (a.stdout?.trim()) out.push("  stdout:", indentBlock(a.stdout));
    if (a.stderr.trim()) out.push("  stderr:", indentBlock(a.stderr));
    out.push("  changes in the copy:", indentBlock(formatChanges(a.changes)));
  }
  return out.join("\n");
}

const STOPS: Record<string, string> = {
  success: "an attempt succeeded",
  "max-attempts": "the attempt limit was reached",
  "wall-time": "the time limit was reached",
  "repeated-command": "the next proposal repeated a command already tried",
  "repeated-error": "the same error came back",
};

export const describeStop = (stopped: string): string => STOPS[stopped] ?? stopped;
