// Random command specs and random valid invocations of a spec, for property tests.
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
  })
  .filter((o) => o.short.length + o.long.length > 0)
  .map((o) => ({ short: o.short, long: o.long, arity: o.arity, repeatable: false, description: "", ...(o.arity !== "none" ? { value: { type: o.type } } : {}), ...(o.negatable && o.arity === "none" ? { negatable: true } : {}) }));

const positional: fc.Arbitrary<PositionalSpec> = fc.record({ name: fc.stringMatching(/^[A-Z]{1,6}$/), type: fc.constantFrom<ValueType>({ kind: "path" }, { kind: "word" }, { kind: "integer" }), min: fc.integer({ min: 0, max: 2 }), max: fc.integer({ min: 1, max: 64 }) }).map((p) => ({ ...p, max: Math.max(p.max, p.min) }));

export const specArb: fc.Arbitrary<CommandSpec> = fc
  .record({
    name: fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/),
    style: fc.constantFrom("gnu", "cobra", "argparse", "clap", "click") as fc.Arbitrary<CommandSpec["style"]>,
    options: fc.array(option, { maxLength: 12 }),
    positionals: fc.array(positional, { maxLength: 2 }),
  })
  .map((r) => {
    // Spellings are unique across a command, as in real programs.
    const seenS = new Set<string>();
    const seenL = new Set<string>();
    const options = r.options
      .map((o) => ({ ...o, short: o.short.filter((s) => !seenS.has(s) && (seenS.add(s), true)), long: o.long.filter((l) => !seenL.has(l) && !seenL.has(`no-${l}`) && (seenL.add(l), seenL.add(`no-${l}`), true)) }))
      .filter((o) => o.short.length + o.long.length > 0);
    return { path: [r.name], aliases: [], style: r.style, options, positionals: r.positionals, subcommands: [] };
  });

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
      return fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_./]{0,8}$/), fc.constantFrom("'a b'", '"c|d"', "'x'\"y\"", "dir/f.txt", ...(operand ? ["-"] : t.kind === "word" ? ["-x"] : [])));
  }
};

/** One option occurrence in a form getopt accepts. */
function optionForms(o: OptionSpec, style: string): fc.Arbitrary<string>[] {
  const forms: fc.Arbitrary<string>[] = [];
  const v = o.value ? sample(o.value.type, false) : fc.constant("");
  for (const s of o.short) {
    if (o.arity === "none") forms.push(fc.constant(`-${s}`));
    else if (o.arity === "required") forms.push(v.map((x) => `-${s} ${x}`), v.map((x) => `-${s}${x}`));
    else forms.push(fc.constant(`-${s}`), v.map((x) => `-${s}${x}`));
  }
  for (const l of o.long) {
    if (o.arity === "none") forms.push(fc.constant(`--${l}`), ...(o.negatable ? [fc.constant(`--no-${l}`)] : []));
    else if (o.arity === "required") forms.push(v.map((x) => `--${l}=${x}`), v.map((x) => `--${l} ${x}`));
    else forms.push(fc.constant(`--${l}`), v.map((x) => `--${l}=${x}`), ...(style === "argparse" || style === "clap" || style === "click" ? [sample(o.value!.type, true).map((x) => `--${l} ${x}`)] : []));
  }
  return forms;
}

/** A random valid invocation: options interleaved with operands, sometimes a `--`. */
export function invocationArb(spec: CommandSpec): fc.Arbitrary<string> {
  const forms = spec.options.flatMap((o) => optionForms(o, spec.style));
  const opts = forms.length ? fc.array(fc.oneof(...forms), { maxLength: 4 }) : fc.constant([] as string[]);
  const operands = fc.tuple(...spec.positionals.map((p) => fc.array(sample(p.type, true), { minLength: p.min, maxLength: Math.min(p.max, p.min + 2) })));
  return fc.tuple(opts, spec.positionals.length ? operands : fc.constant([] as string[][]), fc.nat({ max: 100 })).map(([os, ps, seed]) => {
    const ops = (ps as string[][]).flat();
    const words: string[] = [];
    // Options anywhere among operands: spread them by the seed.
    const all = [...os];
    let k = seed;
    for (const op of ops) {
      if (all.length && k % 2 === 0) words.push(all.shift()!);
      words.push(op);
      k = Math.floor(k / 2) + 1;
    }
    words.push(...all);
    return [spec.path.join(" "), ...words].join(" ");
  });
}
