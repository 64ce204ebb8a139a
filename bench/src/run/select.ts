// Which tasks a run covers: --tier and --tasks narrow the whole suite.
import type { Task } from "../suite/index.js";
import { UsageError } from "./modes.js";

/** A glob over task ids: `*` any run, `?` one character, commas separate alternatives. */
export function globToRegExp(glob: string): RegExp {
  const alt = glob
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean)
    .map((g) =>
      g
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/\?/g, "."),
    );
  return new RegExp(`^(?:${alt.join("|")})$`);
}

export function parseTiers(text: string): number[] {
  const tiers = text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (tiers.length === 0) throw new UsageError("--tier needs a number, e.g. --tier 4 or --tier 1,2");
  return tiers.map((t) => {
    if (!/^\d+$/.test(t)) throw new UsageError(`--tier: "${t}" is not a tier number`);
    return Number(t);
  });
}

export function selectTasks(all: Task[], opts: { tiers?: number[]; glob?: string }): Task[] {
  let tasks = all;
  if (opts.tiers?.length) {
    const have = [...new Set(all.map((t) => t.tier))].sort((a, b) => a - b);
    const unknown = opts.tiers.filter((t) => !have.includes(t as Task["tier"]));
    if (unknown.length) throw new UsageError(`unknown tier ${unknown.join(", ")} (the suite has tiers ${have.join(", ")})`);
    tasks = tasks.filter((t) => opts.tiers!.includes(t.tier));
  }
  if (opts.glob !== undefined) {
    const re = globToRegExp(opts.glob);
    tasks = tasks.filter((t) => re.test(t.id));
    if (tasks.length === 0) {
      const where = opts.tiers?.length ? ` in tier ${opts.tiers.join(",")}` : "";
      throw new UsageError(`no task id matches --tasks "${opts.glob}"${where} (ids look like ${all[0]?.id ?? "t1-..."})`);
    }
  }
  return tasks;
}
