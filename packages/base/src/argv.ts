// The one argv parser behind every shellgen CLI (shellgen, grammargen, bench): a table of
// options per command, so an unknown or malformed option is a one-line usage error rather
// than a silent default, and `--help`/`-h` work the same on every subcommand.

export interface OptionSpec {
  /** Long name without the dashes: "max-tokens". */
  name: string;
  /**
   * bool: no value (`--json`); value: needs one (`--k 3`, `--k=3`); optional: only
   * `--x=v` takes a value, a bare `--x` means "on"; list: a value that may repeat.
   */
  kind: "bool" | "value" | "optional" | "list";
  /** `--no-<name>` sets a bool to false. */
  negatable?: boolean;
  /** Placeholder for the value in the help text ("N", "FILE"). */
  arg?: string;
  help?: string;
}

export interface CliSpec {
  /** The command as typed: "shellgen examples". Error messages point at `<prog> --help`. */
  prog: string;
  /** Synopsis lines, without the program name. */
  usage?: string[];
  /** One paragraph on what the command does. */
  summary?: string;
  options: OptionSpec[];
  /** Stop reading options at the first positional; the rest passes through untouched. */
  stopAtPositional?: boolean;
}

export class UsageError extends Error {
  readonly code = "EUSAGE";
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

type Value = string | boolean | string[];

export class Args {
  constructor(
    readonly spec: CliSpec,
    readonly positionals: string[],
    private readonly values: Map<string, Value>,
  ) {}

  /** `--help` or `-h` was given. */
  get help(): boolean {
    return this.values.get("help") === true;
  }
  has(name: string): boolean {
    return this.values.has(name);
  }
  /** The value of a `value` option, or of an `optional` one given as `--x=v`. */
  str(name: string): string | undefined {
    const v = this.values.get(name);
    return typeof v === "string" ? v : undefined;
  }
  /** true/false when given (false for `--no-x`), undefined when not. */
  bool(name: string): boolean | undefined {
    const v = this.values.get(name);
    return v === undefined ? undefined : v !== false;
  }
  list(name: string): string[] {
    const v = this.values.get(name);
    return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
  }
  /** An integer option within [min, max], or undefined when not given. */
  int(name: string, min: number, max: number): number | undefined {
    const v = this.str(name);
    if (v === undefined) return undefined;
    const n = /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} needs an integer from ${min} to ${max} (got ${JSON.stringify(v)})`);
    return n;
  }
  /** A number option within [min, max], or undefined when not given. */
  num(name: string, min: number, max = Number.POSITIVE_INFINITY): number | undefined {
    const v = this.str(name);
    if (v === undefined) return undefined;
    const n = v.trim() === "" ? Number.NaN : Number(v);
    if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`--${name} needs a number from ${min} to ${max} (got ${JSON.stringify(v)})`);
    return n;
  }
}

/**
 * A word that starts with a dash is an option, except "-" (standard input, by convention)
 * and a dash before a digit or ".digit" ("-3", "-0.5", "-.5"): no option of any shellgen
 * CLI starts with a digit, so `--offset -3` means minus three.
 */
function looksLikeOption(word: string): boolean {
  return word.length > 1 && word.startsWith("-") && !/^-\.?\d/.test(word);
}

const HELP: OptionSpec = { name: "help", kind: "bool", help: "this text" };

export function parseArgv(argv: string[], spec: CliSpec): Args {
  const table = new Map<string, OptionSpec>([[HELP.name, HELP]]);
  for (const o of spec.options) table.set(o.name, o);
  const values = new Map<string, Value>();
  const positionals: string[] = [];
  const see = `(see ${spec.prog} --help)`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-h") {
      values.set("help", true);
      continue;
    }
    if (!arg.startsWith("--")) {
      if (looksLikeOption(arg)) throw new UsageError(`unknown option ${arg} ${see}`);
      positionals.push(arg);
      if (spec.stopAtPositional) {
        positionals.push(...argv.slice(i + 1));
        break;
      }
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const option = table.get(name);
    if (!option) {
      const positive = name.startsWith("no-") ? table.get(name.slice(3)) : undefined;
      if (positive?.negatable && inline === undefined) {
        values.set(positive.name, false);
        continue;
      }
      throw new UsageError(`unknown option --${name} ${see}`);
    }
    if (option.kind === "bool") {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      values.set(name, true);
      continue;
    }
    if (option.kind === "optional") {
      values.set(name, inline ?? true);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value ${see}`);
    // `--dir --json` is a forgotten value far more often than a folder named "--json":
    // taking it silently would also swallow the option. The `=` form says it is meant.
    if (inline === undefined && looksLikeOption(value))
      throw new UsageError(`--${name} needs a value, but ${value} is an option; write --${name}=${value} if ${value} is the value ${see}`);
    if (option.kind === "list") values.set(name, [...((values.get(name) as string[] | undefined) ?? []), value]);
    else if (values.has(name)) throw new UsageError(`--${name} given twice`);
    else values.set(name, value);
  }
  return new Args(spec, positionals, values);
}

/** The `--help` text: synopsis, summary, then one line per option. */
export function formatHelp(spec: CliSpec): string {
  const lines = (spec.usage ?? [""]).map((u, i) => `${i === 0 ? "usage:" : "      "} ${spec.prog}${u ? ` ${u}` : ""}`);
  if (spec.summary) lines.push("", spec.summary);
  const rows = [...spec.options, HELP].map((o) => {
    const flag = o.kind === "bool" ? `--${o.name}` : o.kind === "optional" ? `--${o.name}[=${o.arg ?? "V"}]` : `--${o.name} ${o.arg ?? "V"}`;
    return [o.negatable ? `${flag}, --no-${o.name}` : flag, o.help ?? ""] as const;
  });
  const width = Math.min(28, Math.max(...rows.map(([f]) => f.length)) + 2);
  lines.push("", "options:");
  for (const [flag, help] of rows) lines.push(flag.length + 2 > width ? `  ${flag}\n  ${" ".repeat(width)}${help}` : `  ${flag.padEnd(width)}${help}`);
  return `${lines.join("\n")}\n`;
}
