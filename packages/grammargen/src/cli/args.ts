// grammargen's view of the shared argv parser (@shellgen/base): each subcommand lists its
// options here as names, and gets them back as maps. `--help` on any subcommand raises
// HelpRequest, which main.ts answers with that subcommand's usage.
import { parseArgv, type OptionSpec } from "@shellgen/base";
import { GrammargenError } from "../diagnostics.js";

export interface FlagSpec {
  /** Flags that take a value: --out FILE or --out=FILE. */
  values?: string[];
  /** Flags that may be given more than once (collected in order). */
  repeated?: string[];
  /** Flags without a value. */
  booleans?: string[];
  /** Stop reading flags at the first positional (the rest is passed through untouched). */
  stopAtPositional?: boolean;
}

export interface Parsed {
  values: Map<string, string>;
  repeated: Map<string, string[]>;
  booleans: Set<string>;
  positionals: string[];
}

export const usageError = (message: string): GrammargenError => new GrammargenError(message, [], "EUSAGE");

/** Thrown by readArgs on --help/-h; main.ts prints the subcommand's usage and exits 0. */
export class HelpRequest extends Error {}

export function readArgs(argv: string[], spec: FlagSpec): Parsed {
  const options: OptionSpec[] = [
    ...(spec.values ?? []).map((name) => ({ name, kind: "value" as const })),
    ...(spec.repeated ?? []).map((name) => ({ name, kind: "list" as const })),
    ...(spec.booleans ?? []).map((name) => ({ name, kind: "bool" as const })),
  ];
  let args: ReturnType<typeof parseArgv>;
  try {
    args = parseArgv(argv, { prog: "grammargen", options, stopAtPositional: spec.stopAtPositional });
  } catch (e) {
    throw usageError((e as Error).message);
  }
  if (args.help) throw new HelpRequest();
  const out: Parsed = { values: new Map(), repeated: new Map(), booleans: new Set(), positionals: args.positionals };
  for (const name of spec.values ?? []) if (args.str(name) !== undefined) out.values.set(name, args.str(name)!);
  for (const name of spec.repeated ?? []) if (args.has(name)) out.repeated.set(name, args.list(name));
  for (const name of spec.booleans ?? []) if (args.bool(name)) out.booleans.add(name);
  return out;
}

const EXTENSION_FORMATS: Record<string, string> = { ".lark": "lark", ".gbnf": "gbnf", ".json": "ir" };

/**
 * The output format: --format when given, else what the --out file's extension says
 * (`--out grep.gbnf` means GBNF), else Lark.
 */
export function outputFormat<F extends string>(parsed: Parsed, allowed: readonly F[]): F {
  const explicit = parsed.values.get("format");
  const out = parsed.values.get("out");
  const ext = out?.match(/\.[A-Za-z]+$/)?.[0]?.toLowerCase();
  const inferred = ext ? EXTENSION_FORMATS[ext] : undefined;
  const format = explicit ?? (inferred && (allowed as readonly string[]).includes(inferred) ? inferred : "lark");
  if (!(allowed as readonly string[]).includes(format)) throw usageError(`--format must be ${allowed.join(", ")}, not ${JSON.stringify(format)}`);
  return format as F;
}
