// Command-line parsing for `shellgen`: a small table of flags, so an unknown or malformed
// flag is a one-line usage error rather than a silent default.
import { DecodeError } from "../errors.js";

export interface Flag {
  name: string;
  /** "bool" takes no value; "value" needs one (--x v or --x=v); "optional" only takes --x=v. */
  kind: "bool" | "value" | "optional";
  negatable?: boolean;
}

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | boolean>;
}

export function parseArgs(argv: string[], table: Flag[]): ParsedArgs {
  const byName = new Map(table.map((f) => [f.name, f]));
  const flags = new Map<string, string | boolean>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-h") {
      flags.set("help", true);
      continue;
    }
    if (!arg.startsWith("--")) {
      if (/^-[A-Za-z]/.test(arg)) throw new DecodeError(`unknown option ${arg} (see shellgen --help)`, "EUSAGE");
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    let flag = byName.get(name);
    if (!flag && name.startsWith("no-")) {
      const positive = byName.get(name.slice(3));
      if (positive?.negatable && inline === undefined) {
        flags.set(positive.name, false);
        continue;
      }
    }
    if (!flag) throw new DecodeError(`unknown option --${name} (see shellgen --help)`, "EUSAGE");
    if (flag.kind === "bool") {
      if (inline !== undefined) throw new DecodeError(`option --${name} takes no value`, "EUSAGE");
      flags.set(flag.name, true);
    } else if (flag.kind === "optional") {
      flags.set(flag.name, inline ?? true);
    } else {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new DecodeError(`option --${name} needs a value`, "EUSAGE");
      flags.set(flag.name, value);
    }
  }
  return { positionals, flags };
}

export function intFlag(flags: Map<string, string | boolean>, name: string, min: number, max: number): number | undefined {
  const v = flags.get(name);
  if (v === undefined) return undefined;
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new DecodeError(`--${name} needs an integer from ${min} to ${max}`, "EUSAGE");
  return n;
}
