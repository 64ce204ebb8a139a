// The Task record of corpora/tasks/tier<N>.json (docs/CONTRACTS.md, "Tasks").

/** A file given inline: plain text, or an object with text or base64 bytes and an octal mode. */
export type TaskFile = string | { content?: string; base64?: string; mode?: string };

export interface TaskSetup {
  files?: Record<string, TaskFile>;
  /** bash run inside the sandbox in /workspace after the files are written */
  script?: string;
}

export interface FileExpectation {
  exists?: boolean;
  /** compared after the same normalisation as stdout */
  content?: string;
  /** hex sha256 of the exact bytes */
  sha256?: string;
  /** octal permission bits, e.g. "644" */
  mode?: string;
}

export interface StdoutNormalisation {
  /** compare lines as a sorted multiset (for output whose order is the filesystem's) */
  unordered?: boolean;
  /** drop a leading "./" from each line, so `find .` and `ls` agree */
  strip_dot_slash?: boolean;
  /** strip leading whitespace and squeeze runs of blanks to one space (column-aligned tools) */
  squeeze_spaces?: boolean;
  /** keep only the first whitespace-separated field of each line, so `wc -l f` and `wc -l < f` agree */
  first_field?: boolean;
}

export interface TaskCheck {
  stdout?: string;
  stdout_contains?: string[];
  stdout_excludes?: string[];
  normalize?: StdoutNormalisation;
  files?: Record<string, FileExpectation>;
  /** bash run in /workspace after the command; exit 0 = pass. $CMD_STDOUT holds the command's stdout. */
  script?: string;
  exit_code?: number;
}

/**
 * A second (third...) workspace state of the same task: its own setup and/or check, the
 * rest taken from the task. A conditional task uses one so that the other branch must show;
 * a command passes the task only if it passes the task's own state and every variant.
 */
export interface TaskVariant {
  /** short label used in verdicts, e.g. "file-missing" */
  name: string;
  setup?: TaskSetup;
  check?: TaskCheck;
}

export interface Task {
  id: string;
  tier: 1 | 2 | 3 | 4;
  category: string;
  request: string;
  setup: TaskSetup;
  programs: string[];
  solutions: string[];
  wrong: string[];
  check: TaskCheck;
  variants?: TaskVariant[];
}

/** One concrete workspace state of a task: the task itself, or one of its variants. */
export interface TaskState {
  /** "" for the task's own state */
  name: string;
  setup: TaskSetup;
  check: TaskCheck;
}

/** The states a command must pass, the task's own first. */
export function taskStates(task: Task): TaskState[] {
  return [
    { name: "", setup: task.setup, check: task.check },
    ...(task.variants ?? []).map((v) => ({ name: v.name, setup: v.setup ?? task.setup, check: v.check ?? task.check })),
  ];
}

/** What a sandboxed command produced (the shape of @shellgen/sandbox's runSandboxed). */
export interface CommandResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  truncated: boolean;
  durationMs: number;
}

export interface SandboxOptions {
  command: string;
  workspace: string;
  timeoutMs?: number;
  maxOutputBytes?: number;
  env?: Record<string, string>;
}

export type RunSandboxed = (opts: SandboxOptions) => Promise<CommandResult>;
