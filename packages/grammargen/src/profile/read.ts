// The commands a profile learns from, read from what people and agents leave behind: shell
// histories (bash with `#EPOCH` lines, zsh extended `: EPOCH:SECS;cmd`, multi-line entries
// continued with `\`), plain text, JSON Lines with a `command` field, `shellgen run` logs
// (a folder of step-NN.json) and a bench run's results.jsonl. The format is read off the
// input itself. A line that cannot be read is a problem with its line number, collected
// and skipped; only an input that cannot be opened at all is an error.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { GrammargenError } from "../diagnostics.js";

export interface Observed {
  command: string;
  /** Where it was read: file and 1-based line (a step file's line is 1). */
  file: string;
  line: number;
  /** From a bench run or a run log: whether it passed, and its model and task. */
  passed?: boolean;
  model?: string;
  taskId?: string;
}

export interface ReadProblem {
  file: string;
  line: number;
  message: string;
}

export type InputFormat = "history" | "jsonl" | "run-log" | "bench";

export interface ReadResult {
  commands: Observed[];
  problems: ReadProblem[];
  format: InputFormat;
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new GrammargenError(`cannot read ${file}: ${code === "ENOENT" ? "no such file" : (code ?? (e as Error).message)}`, [], "EREAD");
  }
}

/** Reads one input: a file in any of the text formats, or a run-log or bench-run folder. */
export function readInput(path: string): ReadResult {
  if (existsSync(path) && statSync(path).isDirectory()) {
    if (existsSync(join(path, "results.jsonl"))) return readJsonLines(join(path, "results.jsonl"), readText(join(path, "results.jsonl")));
    const steps = readdirSync(path).filter((f) => /^step-\d+\.json$/.test(f));
    if (steps.length) return readRunLog(path, steps);
    // A folder of run logs ($SHELLGEN_HOME/runs): every one of them.
    const runs = readdirSync(path)
      .sort()
      .filter((d) => statSync(join(path, d)).isDirectory() && readdirSync(join(path, d)).some((f) => /^step-\d+\.json$/.test(f)));
    if (runs.length) {
      const all = runs.map((d) =>
        readRunLog(
          join(path, d),
          readdirSync(join(path, d)).filter((f) => /^step-\d+\.json$/.test(f)),
        ),
      );
      return { commands: all.flatMap((r) => r.commands), problems: all.flatMap((r) => r.problems), format: "run-log" };
    }
    throw new GrammargenError(
      `${path} is a folder with neither results.jsonl (a bench run) nor step-NN.json files (a shellgen run log, or a folder of them)`,
      [],
      "EREAD",
    );
  }
  const text = readText(path);
  const first = text.split("\n").find((l) => l.trim() !== "");
  return first?.trimStart().startsWith("{") ? readJsonLines(path, text) : readHistory(path, text);
}

const ZSH_EXTENDED = /^: *\d+:\d+;/;
const BASH_STAMP = /^#\d{9,}\s*$/;

/** Shell history or plain text: one command per line; zsh continues a command with a trailing `\`. */
export function readHistory(file: string, text: string): ReadResult {
  const commands: Observed[] = [];
  const problems: ReadProblem[] = [];
  const lines = text.split("\n");
  const zsh = lines.some((l) => ZSH_EXTENDED.test(l));
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/\r$/, "");
    const at = i + 1;
    if (zsh) {
      if (!ZSH_EXTENDED.test(line)) {
        if (line.trim() !== "") problems.push({ file, line: at, message: "not a zsh extended-history entry (`: EPOCH:SECONDS;command`)" });
        continue;
      }
      line = line.replace(ZSH_EXTENDED, "");
      // zsh writes a multi-line command with each newline escaped as `\` at the end of a line.
      while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) line = `${line.slice(0, -1)}\n${lines[++i]!.replace(/\r$/, "")}`;
    }
    if (line.trim() === "" || BASH_STAMP.test(line) || /^\s*#/.test(line)) continue;
    if (line.includes("\u0000")) {
      problems.push({ file, line: at, message: "holds a NUL byte (not text)" });
      continue;
    }
    commands.push({ command: line.trim(), file, line: at });
  }
  return { commands, problems, format: "history" };
}

/** JSON Lines: a bench results.jsonl (model, mode, taskId, passed) or any records with a `command` field. */
export function readJsonLines(file: string, text: string): ReadResult {
  const commands: Observed[] = [];
  const problems: ReadProblem[] = [];
  let bench = false;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === "") continue;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(raw) as Record<string, unknown>;
    } catch (e) {
      problems.push({ file, line: i + 1, message: `not valid JSON: ${(e as Error).message.split("\n")[0]}` });
      continue;
    }
    if (!rec || typeof rec !== "object" || Array.isArray(rec)) {
      problems.push({ file, line: i + 1, message: "not a JSON object" });
      continue;
    }
    if (typeof rec.command !== "string") {
      problems.push({ file, line: i + 1, message: "has no string `command` field" });
      continue;
    }
    const isBench = typeof rec.model === "string" && typeof rec.taskId === "string" && typeof rec.passed === "boolean";
    bench ||= isBench;
    if (rec.command.trim() === "") continue;
    commands.push({
      command: rec.command.trim(),
      file,
      line: i + 1,
      ...(typeof rec.passed === "boolean" ? { passed: rec.passed } : {}),
      ...(typeof rec.model === "string" ? { model: rec.model } : {}),
      ...(typeof rec.taskId === "string" ? { taskId: rec.taskId } : {}),
    });
  }
  return { commands, problems, format: bench ? "bench" : "jsonl" };
}

/** A `shellgen run` log: the attempts it ran, each with its verdict (the loop's own judgement). */
function readRunLog(dir: string, steps: string[]): ReadResult {
  const commands: Observed[] = [];
  const problems: ReadProblem[] = [];
  for (const f of steps.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))) {
    const file = join(dir, f);
    let step: Record<string, unknown>;
    try {
      step = JSON.parse(readText(file)) as Record<string, unknown>;
    } catch (e) {
      problems.push({ file, line: 1, message: `not valid JSON: ${(e as Error).message.split("\n")[0]}` });
      continue;
    }
    if (step.kind !== "attempt") continue;
    // A rejected attempt never ran (it did not parse or was refused before the sandbox).
    if (typeof step.command !== "string" || step.verdict === "rejected") continue;
    commands.push({ command: step.command.trim(), file, line: 1, passed: step.verdict === "success" });
  }
  return { commands, problems, format: "run-log" };
}
