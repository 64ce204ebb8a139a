// The pack's default grammar and its open variant. `default` holds the programs pack.json
// names, each under its own grammar, and refuses every other program. `default-open` is the
// same grammar that also takes every other program of the pack by name, with any words after
// it (`docker ps -a`, `git clone URL`), and still refuses a name no source knows: one grammar
// for an engine that is given a single grammar for every request, where a refused program
// would push the model to another one. It is generated with the Debian-derived set, whose
// names it lists, and never committed.
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import type { Grammar } from "../grammar/ast.js";
import type { CommandSpec } from "../ir.js";
import { compose, type ComposeOptions } from "../compose/compose.js";
import { BUILTIN_NAMES } from "../compose/builtins.js";
import { CONSTRUCTS, parseConstructs, type Construct } from "../compose/limits.js";

export interface DefaultConfig {
  commands: string[];
  constructs?: string[];
  builtins?: string[];
  heredocDelimiters?: string[];
}

export type DefaultOptions = Pick<ComposeOptions, "rareForms" | "builtins" | "heredocDelimiters">;

/** Compose options every default grammar shares. */
export function defaultComposeOptions(config: DefaultConfig, heredocDelimiters: string[] | undefined): DefaultOptions {
  return {
    // Forms one-liners rarely hold, left out for the compile time they cost (script-path.ts).
    rareForms: false,
    ...(config.builtins ? { builtins: config.builtins } : {}),
    ...(heredocDelimiters ? { heredocDelimiters } : {}),
  };
}

export const defaultConstructs = (config: DefaultConfig): Construct[] => (config.constructs ? parseConstructs(config.constructs.join(",")) : [...CONSTRUCTS]);

/**
 * The specs pack.json's default names, a reviewed text winning over a Debian-derived one; a
 * shell builtin keeps bash's grammar. `missing`: names neither set has.
 */
export function pickDefaultSpecs(
  config: DefaultConfig,
  reviewed: ReadonlyMap<string, CommandSpec>,
  derived: readonly { key: string; spec: CommandSpec }[],
): { specs: CommandSpec[]; keys: string[]; missing: string[] } {
  const byKey = new Map<string, CommandSpec>([
    ...derived.filter((e) => !BUILTIN_NAMES.includes(e.key)).map((e): [string, CommandSpec] => [e.key, e.spec]),
    ...reviewed,
  ]);
  const keys = config.commands.filter((k) => byKey.has(k));
  return { specs: keys.map((k) => byKey.get(k)!), keys, missing: config.commands.filter((k) => !byKey.has(k) && !BUILTIN_NAMES.includes(k)) };
}

/**
 * The names default-open takes any words after: every program of `all` the default grammar
 * does not hold; for a program it holds some subcommands of (git), its other subcommands.
 */
export function openNames(held: readonly CommandSpec[], all: Iterable<CommandSpec>): string[] {
  const heldPrograms = new Set(held.map((s) => s.path[0]!));
  const names = new Set<string>();
  // A spec's own subcommands count too (the bare `git` lists those whose text was left out).
  for (const spec of all)
    for (const s of [spec, ...spec.subcommands]) names.add(heldPrograms.has(s.path[0]!) && s.path.length > 1 ? s.path.slice(0, 2).join(" ") : s.path[0]!);
  return [...names].sort();
}

export interface BuiltGrammar {
  lark: string;
  gbnf: string;
  rules: number;
}

export function emitDefault(g: Grammar): BuiltGrammar {
  return { lark: emitLark(g), gbnf: emitGbnf(g, { shareAll: true, flatLiterals: true }), rules: g.rules.length };
}

/** default-open: the shell builtins the default grammar leaves out are taken by name too. */
export function openDefault(held: CommandSpec[], all: Iterable<CommandSpec>, constructs: Construct[], options: DefaultOptions): BuiltGrammar {
  return emitDefault(compose({ commands: held, constructs, ...options, namesOnly: [...openNames(held, all), ...BUILTIN_NAMES] }));
}
