// A small argv reader shared by every grammargen subcommand.
import { GrammargenError } from "../ir.js";

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

export function readArgs(argv: string[], spec: FlagSpec): Parsed {
  const out: Parsed = { values: new Map(), repeated: new Map(), booleans: new Set(), positionals: [] };
  const takesValue = new Set([...(spec.values ?? []), ...(spec.repeated ?? [])]);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith("--") && a.length > 2) {
      const eq = a.indexOf("=");
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (takesValue.has(name)) {
        const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
        if (value === undefined) throw usageError(`--${name} needs a value`);
        if (spec.repeated?.includes(name)) out.repeated.set(name, [...(out.repeated.get(name) ?? []), value]);
        else out.values.set(name, value);
        continue;
      }
      if (spec.booleans?.includes(name) && eq < 0) {
        out.booleans.add(name);
        continue;
      }
      throw usageError(`unknown option ${a}`);
    }
    out.positionals.push(a);
    if (spec.stopAtPositional) {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
  }
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
