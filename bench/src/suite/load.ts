// Reads corpora/tasks/tier*.json and validates every task against task.schema.json.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ErrorObject } from "ajv";
import type { Task } from "./task.js";

/** corpora/tasks of this checkout; the same depth from bench/src/suite and bench/dist/suite. */
export const defaultSuiteDir = fileURLToPath(new URL("../../../corpora/tasks/", import.meta.url));

export class SuiteError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid task suite: ${problems.length} problem(s)\n  ${problems.join("\n  ")}`);
    this.name = "SuiteError";
  }
}

function describe(e: ErrorObject): string {
  const field = e.instancePath || "(task)";
  const extra =
    e.keyword === "additionalProperties" ? ` '${String(e.params.additionalProperty)}'` :
    e.keyword === "enum" ? ` ${JSON.stringify(e.params.allowedValues)}` : "";
  return `${field} ${e.message ?? e.keyword}${extra}`;
}

/** Loads and validates the suite; throws SuiteError naming each file, task id and field at fault. */
export function loadSuite(dir: string = defaultSuiteDir): Task[] {
  const schema = JSON.parse(readFileSync(join(dir, "task.schema.json"), "utf8")) as object;
  const validate = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(schema);
  const files = readdirSync(dir).filter((f) => /^tier\d+\.json$/.test(f)).sort();
  if (files.length === 0) throw new SuiteError([`${dir}: no tier<N>.json files`]);
  const problems: string[] = [];
  const tasks: Task[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch (e) {
      problems.push(`${file}: not JSON: ${(e as Error).message}`);
      continue;
    }
    if (!Array.isArray(data)) {
      problems.push(`${file}: expected an array of tasks`);
      continue;
    }
    const fileTier = Number(/\d+/.exec(file)![0]);
    data.forEach((raw: unknown, i: number) => {
      const id = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : `#${i}`;
      if (!validate(raw)) {
        for (const e of validate.errors ?? []) problems.push(`${file}: task ${id}: ${describe(e)}`);
        return;
      }
      const task = raw as Task;
      if (task.tier !== fileTier) problems.push(`${file}: task ${id}: /tier is ${task.tier} but the file is tier ${fileTier}`);
      if (!id.startsWith(`t${task.tier}-`)) problems.push(`${file}: task ${id}: /id must start with t${task.tier}-`);
      const prev = seen.get(id);
      if (prev) problems.push(`${file}: task ${id}: /id duplicates a task in ${prev}`);
      seen.set(id, file);
      const overlap = task.wrong.filter((w) => task.solutions.includes(w));
      if (overlap.length) problems.push(`${file}: task ${id}: /wrong repeats a solution: ${overlap[0]}`);
      tasks.push(task);
    });
  }
  if (problems.length) throw new SuiteError(problems);
  return tasks;
}
