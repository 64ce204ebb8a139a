// Random command specs (options, some repeatable; operands, some variadic or a rest operand;
// subcommands nested up to MAX_DEPTH with inherited global options) and random valid
// invocations of a spec, for property tests. Sizes stay small so every property runs at its
// default count in seconds; every arbitrary shrinks.
import fc from "fast-check";
import type { CommandSpec, OptionSpec, PositionalSpec, ValueType } from "../src/index.js";

const valueType: fc.Arbitrary<ValueType> = fc.oneof(
  fc.constant({ kind: "word" } as ValueType),
  fc.constant({ kind: "path" } as ValueType),
  fc.constant({ kind: "integer" } as ValueType),
  fc.constant({ kind: "integer", signed: "minus" } as ValueType),
  fc.constant({ kind: "size" } as ValueType),
  fc.constant({ kind: "duration" } as ValueType),
  fc.constant({ kind: "number" } as ValueType),
  fc.constant({ kind: "url" } as ValueType),
  fc.constant({ kind: "keyvalue" } as ValueType),
  fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/), { minLength: 1, maxLength: 4 }).map((choices) => ({ kind: "enum", choices }) as ValueType),
);

const option: fc.Arbitrary<OptionSpec> = fc
  .record({
    short: fc.uniqueArray(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), { maxLength: 1 }),
    long: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,5})?$/), { maxLength: 2 }),
    arity: fc.constantFrom("none", "none", "required", "optional") as fc.Arbitrary<OptionSpec["arity"]>,
    type: valueType,
    negatable: fc.boolean(),
    // -v/--verbose... (clap), -I DIR given twice: invocations repeat these.
    repeatable: fc.boolean(),
  })
  .filter((o) => o.short.length + o.long.length > 0)
  .map((o) => ({
    short: o.short,
    long: o.long,
    arity: o.arity,
    repeatable: o.repeatable,
    description: "",
    ...(o.arity !== "none" ? { value: { type: o.type } } : {}),
    ...(o.negatable && o.arity === "none" ? { negatable: true } : {}),
  }));

const positional: fc.Arbitrary<PositionalSpec> = fc
  .record({
    name: fc.stringMatching(/^[A-Z]{1,6}$/),
    type: fc.constantFrom<ValueType>({ kind: "path" }, { kind: "word" }, { kind: "integer" }),
    min: fc.integer({ min: 0, max: 2 }),
    max: fc.integer({ min: 1, max: 64 }),
  })
  .map((p) => ({ ...p, max: Math.max(p.max, p.min) }));

/** A last operand after which options end and any words follow (timeout DURATION COMMAND [ARG]...). */
const restPositional: fc.Arbitrary<PositionalSpec> = fc
  .record({
    name: fc.stringMatching(/^[A-Z]{1,6}$/),
    type: fc.constantFrom<ValueType>({ kind: "word" }, { kind: "path" }),
    min: fc.integer({ min: 0, max: 1 }),
  })
  .map((p) => ({ ...p, max: 1, rest: true }));

/** Subcommands nest at most this deep (git remote add), so every spec stays small. */
const MAX_DEPTH = 2;

interface Node {
  name: string;
  aliases: string[];
  options: OptionSpec[];
  globals: OptionSpec[];
  positionals: PositionalSpec[];
  subs: Node[];
}

/** A command and, above the last level, up to a few subcommands of its own (fewer, smaller, deeper down). */
function nodeArb(depth: number): fc.Arbitrary<Node> {
  return fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/),
    aliases: depth === 0 ? fc.constant([]) : fc.array(fc.stringMatching(/^[a-z]{1,3}$/), { maxLength: 1 }),
    options: fc.array(option, { maxLength: depth === 0 ? 12 : 4 }),
    globals: depth < MAX_DEPTH ? fc.array(option, { maxLength: 2 }) : fc.constant([]),
    positionals: fc.tuple(fc.array(positional, { maxLength: 2 }), fc.option(restPositional, { freq: 4 })).map(([ps, rest]) => (rest ? [...ps, rest] : ps)),
    subs:
      depth < MAX_DEPTH
        ? fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(nodeArb(depth + 1), { minLength: 1, maxLength: 3 - depth }) })
        : fc.constant([]),
  });
}

export const specArb: fc.Arbitrary<CommandSpec> = fc
  .tuple(nodeArb(0), fc.constantFrom("gnu", "cobra", "argparse", "clap", "click") as fc.Arbitrary<CommandSpec["style"]>)
  .map(([root, style]) => {
    // Spellings are unique across the whole command tree, as in real programs (a subcommand's
    // option never shadows an inherited global one).
    const seenS = new Set<string>();
    const seenL = new Set<string>();
    const unique = (options: OptionSpec[]) =>
      options
        .map((o) => ({
          ...o,
          short: o.short.filter((s) => !seenS.has(s) && (seenS.add(s), true)),
          long: o.long.filter((l) => !seenL.has(l) && !seenL.has(`no-${l}`) && (seenL.add(l), seenL.add(`no-${l}`), true)),
        }))
        .filter((o) => o.short.length + o.long.length > 0);
    const build = (n: Node, path: string[]): CommandSpec => {
      const taken = new Set<string>();
      const subs = n.subs.filter((c) => !taken.has(c.name) && (taken.add(c.name), true));
      const spec: CommandSpec = { path, aliases: n.aliases, style, options: unique(n.options), positionals: n.positionals, subcommands: [] };
      const globals = unique(n.globals);
      if (subs.length && globals.length) spec.globalOptions = globals;
      spec.subcommands = subs.map((c) => build({ ...c, aliases: c.aliases.filter((a) => !taken.has(a) && (taken.add(a), true)) }, [...path, c.name]));
      return spec;
    };
    return build(root, [root.name]);
  });

// Built once: fc.stringMatching compiles its regex each time it is made, and invocations of
// nested subcommands make their arbitraries afresh for every spec.
const bareWord = fc.stringMatching(/^[a-z][a-z0-9_./]{0,8}$/);
const quotedWords = ["'a b'", '"c|d"', "'x'\"y\"", "dir/f.txt"];
const WORDS = {
  operand: fc.oneof(bareWord, fc.constantFrom(...quotedWords, "-")),
  word: fc.oneof(bareWord, fc.constantFrom(...quotedWords, "-x")),
  path: fc.oneof(bareWord, fc.constantFrom(...quotedWords)),
};

const sample = (t: ValueType, operand: boolean): fc.Arbitrary<string> => {
  switch (t.kind) {
    case "integer":
      return fc.nat({ max: 9999 }).map(String);
    case "number":
      return fc.constantFrom("1", "2.5", "0.25", "10");
    case "size":
      return fc.constantFrom("1", "10K", "2M", "1.5G", "512", "4KiB");
    case "duration":
      return fc.constantFrom("5", "5s", "1m30s", "250ms", "2h");
    case "enum":
      return fc.constantFrom(...t.choices);
    case "keyvalue":
      return fc.constantFrom("a=b", "KEY=value", "x.y=1");
    default:
      // A value may start with '-' only where getopt takes the next word unconditionally (a required word).
      return operand ? WORDS.operand : t.kind === "word" ? WORDS.word : WORDS.path;
  }
};

/** One option occurrence in a form getopt accepts. */
function optionForms(o: OptionSpec, style: string): fc.Arbitrary<string>[] {
  const forms: fc.Arbitrary<string>[] = [];
  const v = o.value ? sample(o.value.type, false) : fc.constant("");
  for (const s of o.short) {
    if (o.arity === "none") forms.push(fc.constant(`-${s}`), ...(o.repeatable ? [fc.integer({ min: 2, max: 3 }).map((n) => `-${s.repeat(n)}`)] : []));
    else if (o.arity === "required")
      forms.push(
        v.map((x) => `-${s} ${x}`),
        v.map((x) => `-${s}${x}`),
      );
    else
      forms.push(
        fc.constant(`-${s}`),
        v.map((x) => `-${s}${x}`),
      );
  }
  for (const l of o.long) {
    if (o.arity === "none") forms.push(fc.constant(`--${l}`), ...(o.negatable ? [fc.constant(`--no-${l}`)] : []));
    else if (o.arity === "required")
      forms.push(
        v.map((x) => `--${l}=${x}`),
        v.map((x) => `--${l} ${x}`),
      );
    else
      forms.push(
        fc.constant(`--${l}`),
        v.map((x) => `--${l}=${x}`),
        ...(style === "argparse" || style === "clap" || style === "click" ? [sample(o.value!.type, true).map((x) => `--${l} ${x}`)] : []),
      );
  }
  if (!o.repeatable || forms.length === 0) return forms;
  // A repeatable option given two or three times over, in any of its forms.
  const any = fc.oneof(...forms);
  return [...forms, fc.array(any, { minLength: 2, maxLength: 3 }).map((xs) => xs.join(" "))];
}

/** Any shell word, '-'-led ones included: what may follow `--` or a rest operand. */
const anyWord = fc.oneof(bareWord, fc.constantFrom("-x", "--flag", "--k=v", "-", "'a b'", "a=b", '"-q"', "x-y"));

/** The lowering's cut-off: an operand that may repeat this often is unbounded ("FILE..."). */
const REPEATED = 16;
/** How many operands the `--` form takes before `--` (as lowered: the sum of the operand caps). */
const operandTotal = (ps: PositionalSpec[]): number => ps.reduce((n, p) => n + (p.max >= REPEATED ? Infinity : Math.max(p.min, p.max)), 0);

/** Options spread among operands by the seed: each operand may be preceded by the next option. */
function interleave(options: string[], operands: string[], seed: number): string[] {
  const words: string[] = [];
  const all = [...options];
  let k = seed;
  for (const op of operands) {
    if (all.length && k % 2 === 0) words.push(all.shift()!);
    words.push(op);
    k = Math.floor(k / 2) + 1;
  }
  return [...words, ...all];
}

/** The words after a command's name: options with operands (and a rest operand), a `--` form, or a subcommand. */
function argumentsArb(spec: CommandSpec, inherited: OptionSpec[], depth: number): fc.Arbitrary<string[]> {
  const forms = [...spec.options, ...inherited].flatMap((o) => optionForms(o, spec.style));
  const opts = forms.length ? fc.array(fc.oneof(...forms), { maxLength: 4 }) : fc.constant([] as string[]);
  const plain = spec.positionals.filter((p) => !p.rest);
  const rest = spec.positionals.find((p) => p.rest);
  const operands = fc.tuple(...plain.map((p) => fc.array(sample(p.type, true), { minLength: p.min, maxLength: Math.min(p.max, p.min + 2) })));
  // A rest operand, when given, comes last: its value, then any words, even option-like ones.
  const restWords = rest
    ? (rest.min > 0 ? fc.constant(true) : fc.boolean()).chain((on) =>
        on ? fc.tuple(sample(rest.type, true), fc.array(anyWord, { maxLength: 3 })).map(([v, ws]) => [v, ...ws]) : fc.constant([] as string[]),
      )
    : fc.constant([] as string[]);
  const main = fc
    .tuple(opts, plain.length ? operands : fc.constant([] as string[][]), restWords, fc.nat({ max: 100 }))
    .map(([os, ps, rw, seed]) => [...interleave(os, (ps as string[][]).flat(), seed), ...rw]);
  // `--` ends the options: up to `total` operands before it, then words that may start with '-'.
  const total = operandTotal(spec.positionals);
  const before = Math.min(total, 2);
  const after = Math.min(Math.max(total, 1), 3);
  const dashdash = fc
    .tuple(opts, fc.array(sample({ kind: "word" }, true), { maxLength: before }), fc.array(anyWord, { minLength: 1, maxLength: after }), fc.nat({ max: 100 }))
    .map(([os, ps, ws, seed]) => [...interleave(os, ps, seed), "--", ...ws]);
  const choices: fc.Arbitrary<string[]>[] = [main, dashdash];
  if (spec.subcommands.length && depth <= MAX_DEPTH) {
    const globals = [...inherited, ...(spec.globalOptions ?? [])];
    // Options of this level (and inherited ones) before the subcommand's name, then its own arguments.
    const sub = fc
      .constantFrom(...spec.subcommands)
      .chain((s) =>
        fc
          .tuple(opts, fc.constantFrom(s.path[s.path.length - 1]!, ...s.aliases), argumentsArb(s, globals, depth + 1))
          .map(([os, name, args]) => [...os, name, ...args]),
      );
    choices.push(sub, sub);
  }
  return fc.oneof(...choices);
}

/** A random valid invocation: options interleaved with operands, a rest operand and the words
 * after it, a `--` and option-like words after it, or a subcommand (nested) with its own. */
export function invocationArb(spec: CommandSpec): fc.Arbitrary<string> {
  return argumentsArb(spec, [], 0).map((words) => [spec.path.join(" "), ...words].join(" "));
}
