// One line of results.jsonl (docs/CONTRACTS.md, "Bench modes"), plus a few fields reports use.

export interface ResultRecord {
  model: string;
  mode: string;
  taskId: string;
  tier: number;
  command: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  passed: boolean;
  reason: string;
  tokens: { prompt: number; completion: number };
  /** Generation time (0 for the oracle). */
  latencyMs: number;
  /** decode's path: native | constrained | retry-native | failed; "oracle" for canonical solutions. */
  path: string;
  category?: string;
  /** Sandbox wall time of the command. */
  execMs?: number;
  timedOut?: boolean;
  truncated?: boolean;
  /** Ids of the few-shot examples in the prompt (fewshot's exampleId); absent for modes without examples. */
  examples?: string[];
  /** Programs whose grammars constrained the decode; [] for a free decode, ["<default>"] for the pack's default grammar. */
  grammarPrograms?: string[];
  /** Code fences and prose taken off the model's free output before the command was checked. */
  stripped?: { fences: number; prose: number };
  /** Set when no command could be produced (decode threw). */
  error?: string;
  /**
   * Grammar modes: whether the grammar this decode sampled under accepts the same model's
   * native command for the task (the reference a regression is traced against), and where
   * its parse stopped when it does not. Absent when no native command was known.
   */
  nativeCheck?: NativeCheck;
  /** `+exec` modes: what the improvement loop tried (its own verdicts, never the task's check) and why it stopped. */
  exec?: ExecTrace;
  at?: string;
}

export interface NativeCheck {
  command: string;
  accepted: boolean;
  /** The recognizer's reason ("rejected at column 9 (in word "-P", ...); expected ...") */
  reason?: string;
  /** The programs the grammar covered ("<default>": the pack's default grammar). */
  grammar: string[];
}

export interface ExecTrace {
  stopped: string;
  commands: string[];
  verdicts: string[];
}

export const recordKey = (r: Pick<ResultRecord, "model" | "mode" | "taskId">): string => `${r.model}\u0000${r.mode}\u0000${r.taskId}`;

/** Output kept per record; enough to see what went wrong without bloating the JSONL. */
export const OUTPUT_KEEP = 2000;

export function clip(text: string, keep = OUTPUT_KEEP): string {
  return text.length <= keep ? text : `${text.slice(0, keep)}\n... [${text.length - keep} more chars]`;
}

export function isRecord(x: unknown): x is ResultRecord {
  const r = x as ResultRecord;
  return (
    !!r && typeof r === "object" && typeof r.model === "string" && typeof r.mode === "string" && typeof r.taskId === "string" && typeof r.passed === "boolean"
  );
}
