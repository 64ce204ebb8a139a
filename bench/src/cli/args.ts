// bench's view of the shared argv parser (@shellgen/base): `--flag value`, `--flag=value`,
// repeatable flags, positionals; values come back as lists so a repeatable flag reads alike.
import { parseArgv, type OptionSpec } from "@shellgen/base";
import { UsageError } from "../run/modes.js";

export interface FlagSpec {
  /** takes a value (otherwise boolean) */
  value?: boolean;
  repeat?: boolean;
}

export interface Parsed {
  flags: Map<string, string[]>;
  positionals: string[];
}

export function parseArgs(argv: string[], spec: Record<string, FlagSpec>): Parsed {
  const options: OptionSpec[] = Object.entries(spec)
    .filter(([name]) => name !== "help")
    .map(([name, s]) => ({ name, kind: !s.value ? "bool" : s.repeat ? "list" : "value" }));
  let args: ReturnType<typeof parseArgv>;
  try {
    args = parseArgv(argv, { prog: "bench", options });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const flags = new Map<string, string[]>();
  if (args.help) flags.set("help", ["true"]);
  for (const o of options) {
    if (!args.has(o.name)) continue;
    flags.set(o.name, o.kind === "bool" ? ["true"] : args.list(o.name));
  }
  return { flags, positionals: args.positionals };
}

export const one = (p: Parsed, name: string): string | undefined => p.flags.get(name)?.[0];
export const has = (p: Parsed, name: string): boolean => p.flags.has(name);

export function positiveInt(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a positive integer (got "${text}")`);
  return Number(text);
}
