// A small argv reader: `--flag value`, `--flag=value`, repeatable flags, positionals.
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
  const flags = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith("--") || a === "-") {
      if (a.startsWith("-") && a !== "-" && a !== "-h") throw new UsageError(`unknown option ${a}`);
      if (a === "-h") flags.set("help", ["true"]);
      else positionals.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = a.slice(2, eq < 0 ? undefined : eq);
    const s = spec[name];
    if (!s) throw new UsageError(`unknown option --${name} (see bench --help)`);
    let value = "true";
    if (s.value) {
      if (eq >= 0) value = a.slice(eq + 1);
      else {
        const v = argv[++i];
        if (v === undefined || v.startsWith("--")) throw new UsageError(`--${name} needs a value`);
        value = v;
      }
    } else if (eq >= 0) throw new UsageError(`--${name} takes no value`);
    if (flags.has(name) && !s.repeat) throw new UsageError(`--${name} given twice`);
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return { flags, positionals };
}

export const one = (p: Parsed, name: string): string | undefined => p.flags.get(name)?.[0];
export const has = (p: Parsed, name: string): boolean => p.flags.has(name);

export function positiveInt(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a positive integer (got "${text}")`);
  return Number(text);
}
