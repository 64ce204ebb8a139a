// The replayable log: one directory per run under $SHELLGEN_HOME/runs/, one JSON file per
// step (step-01.json, step-02.json, ...), each written atomically and flushed
// (writeFileAtomicSync), so a killed run or a power cut leaves whole steps only.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { join, resolve } from "node:path";
import { userDir } from "@shellgen/fewshot";
import { AgentError } from "./errors.js";

export const runsDir = (): string => join(userDir(), "runs");

export function writeJsonAtomic(file: string, value: unknown): void {
  writeFileAtomicSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

export interface Step {
  step: number;
  kind: "start" | "attempt" | "stop" | "apply";
  at: string;
  [key: string]: unknown;
}

export class RunLog {
  private n = 0;
  readonly steps: Step[] = [];
  private constructor(readonly dir: string | undefined) {}

  /** A new run directory named by the time (and a random suffix, so parallel runs never share one). */
  static create(root = runsDir()): RunLog {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const dir = join(root, `${stamp}-${randomBytes(3).toString("hex")}`);
    try {
      mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw new AgentError(
        `cannot create the run log ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)} (set SHELLGEN_HOME to a writable folder)`,
        "ELOG",
      );
    }
    return new RunLog(dir);
  }

  /** A log kept in memory only (the bench: thousands of runs, nobody replays them). */
  static memory(): RunLog {
    return new RunLog(undefined);
  }

  write(kind: Step["kind"], data: Record<string, unknown>): Step {
    const step: Step = { step: ++this.n, kind, at: new Date().toISOString(), ...data };
    this.steps.push(step);
    if (this.dir) writeJsonAtomic(join(this.dir, `step-${String(step.step).padStart(2, "0")}.json`), step);
    return step;
  }
}

/** A run directory given as a path, or as a name under $SHELLGEN_HOME/runs ("latest" = the newest). */
export function resolveRunDir(arg: string): string {
  const root = runsDir();
  if (arg === "latest") {
    const names = existsSync(root)
      ? readdirSync(root)
          .filter((n) => statSync(join(root, n)).isDirectory())
          .sort()
      : [];
    if (names.length === 0) throw new AgentError(`no runs in ${root}`, "EUSAGE");
    return join(root, names[names.length - 1]!);
  }
  for (const dir of [resolve(arg), join(root, arg)]) if (existsSync(dir) && statSync(dir).isDirectory()) return dir;
  throw new AgentError(`no run directory ${arg} (give a path or a name under ${root})`, "EUSAGE");
}

export function readSteps(dir: string): Step[] {
  const files = readdirSync(dir)
    .filter((f) => /^step-\d+\.json$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  if (files.length === 0) throw new AgentError(`${dir} holds no step-NN.json files: not a shellgen run log`, "EUSAGE");
  return files.map((f) => {
    try {
      return JSON.parse(readFileSync(join(dir, f), "utf8")) as Step;
    } catch (err) {
      throw new AgentError(`${join(dir, f)} is not valid JSON: ${(err as Error).message}`, "EUSAGE");
    }
  });
}
