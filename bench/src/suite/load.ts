// Reads task files and validates every task against corpora/tasks/task.schema.json.
// The project's suite (tier<N>.json, ids t<N>-...) and any folder given with
// `bench run --suite DIR` (every *.json array of tasks) go through the same schema.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { tasksDir } from "@shellgen/corpora";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { Task } from "./task.js";

/** The built-in suite @shellgen/corpora ships (corpora/tasks in a checkout). */
export const defaultSuiteDir = tasksDir;
export const SCHEMA_FILE = "task.schema.json";
/** Files in a suite folder that are not task files. */
const NOT_TASKS = new Set([SCHEMA_FILE, "coverage.json", "package.json"]);

export class SuiteError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid task suite: ${problems.length} problem(s)\n  ${problems.join("\n  ")}`);
    this.name = "SuiteError";
  }

  /** One line for a terminal: the first problem, and how many more there are. */
  get firstLine(): string {
    const more = this.problems.length - 1;
    return `${this.problems[0] ?? "invalid task suite"}${more > 0 ? ` (and ${more} more problem${more > 1 ? "s" : ""})` : ""}`;
  }
}

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(join(defaultSuiteDir, SCHEMA_FILE), "utf8")) as object;
  compiled ??= new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(schema);
  return compiled;
}

/**
 * Ajv's errors as one message per field. An `anyOf` of `required` branches (a check needs
 * one of stdout, files, ...) becomes "must have one of a, b" instead of one error per branch.
 */
export function describeErrors(errors: ErrorObject[]): string[] {
  const anyOfAt = new Set(errors.filter((e) => e.keyword === "anyOf").map((e) => `${e.instancePath}\u0000${e.schemaPath}`));
  const branchOf = (e: ErrorObject) => `${e.instancePath}\u0000${e.schemaPath.replace(/\/\d+\/required$/, "")}`;
  const out: string[] = [];
  for (const e of errors) {
    if (e.keyword === "required" && anyOfAt.has(branchOf(e))) continue;
    const field = e.instancePath || "(task)";
    if (e.keyword === "anyOf") {
      const names = errors
        .filter((x) => x.keyword === "required" && branchOf(x) === `${e.instancePath}\u0000${e.schemaPath}`)
        .map((x) => String(x.params.missingProperty));
      if (names.length) {
        out.push(`${field}: must have one of ${names.join(", ")}`);
        continue;
      }
    }
    const extra =
      e.keyword === "additionalProperties"
        ? ` '${String(e.params.additionalProperty)}'`
        : e.keyword === "enum"
          ? ` ${JSON.stringify(e.params.allowedValues)}`
          : "";
    out.push(`${field}: ${e.message ?? e.keyword}${extra}`);
  }
  return [...new Set(out)];
}

const shown = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
};

interface Layout {
  /** which files hold tasks */
  files: (name: string) => boolean;
  /** the project's suite: tier<N>.json holds tier N, and ids start with t<N>- */
  tiered: boolean;
}

const TIERED: Layout = { files: (f) => /^tier\d+\.json$/.test(f), tiered: true };
const FOLDER: Layout = { files: (f) => f.endsWith(".json") && !NOT_TASKS.has(f) && !f.endsWith(".schema.json"), tiered: false };

function load(dir: string, layout: Layout): Task[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SuiteError([`${shown(dir)}: no such folder`]);
  const validate = validator();
  const files = readdirSync(dir).filter(layout.files).sort();
  if (files.length === 0) throw new SuiteError([`${shown(dir)}: no task files (${layout.tiered ? "tier<N>.json" : "*.json arrays of tasks"})`]);
  const problems: string[] = [];
  const tasks: Task[] = [];
  const seen = new Map<string, string>();
  for (const name of files) {
    const file = shown(join(dir, name));
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(dir, name), "utf8"));
    } catch (e) {
      problems.push(`${file}: not JSON: ${(e as Error).message}`);
      continue;
    }
    if (!Array.isArray(data)) {
      problems.push(`${file}: expected an array of tasks`);
      continue;
    }
    const fileTier = layout.tiered ? Number(/\d+/.exec(name)![0]) : undefined;
    data.forEach((raw: unknown, i: number) => {
      const id = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : `#${i}`;
      const at = `${file}: task ${JSON.stringify(id)}:`;
      if (!validate(raw)) {
        for (const m of describeErrors(validate.errors ?? [])) problems.push(`${at} ${m}`);
        return;
      }
      const task = raw as Task;
      if (fileTier !== undefined && task.tier !== fileTier) problems.push(`${at} /tier: is ${task.tier} but the file is tier ${fileTier}`);
      if (layout.tiered && !id.startsWith(`t${task.tier}-`)) problems.push(`${at} /id: must start with t${task.tier}-`);
      const prev = seen.get(id);
      if (prev) problems.push(`${at} /id: duplicates a task in ${prev}`);
      seen.set(id, file);
      const overlap = task.wrong.filter((w) => task.solutions.includes(w));
      if (overlap.length) problems.push(`${at} /wrong: repeats a solution: ${overlap[0]}`);
      tasks.push(task);
    });
  }
  if (problems.length) throw new SuiteError(problems);
  return tasks;
}

/** Loads and validates the project's suite (tier<N>.json); throws SuiteError naming each file, task id and field at fault. */
export function loadSuite(dir: string = defaultSuiteDir): Task[] {
  return load(dir, TIERED);
}

/** Loads any folder of task files (`bench run --suite DIR`): every *.json array of tasks, same schema. */
export function loadTaskFolder(dir: string): Task[] {
  return load(dir, FOLDER);
}
