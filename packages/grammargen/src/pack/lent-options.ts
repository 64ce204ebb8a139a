// A wrapper whose text says in words whose options it takes (zgrep's "OPTIONs are the same as
// for 'grep'": `options-of` with `said`) gets that program's options, where the collection
// holds it, in place of any option word; its own spellings win. A usage placeholder naming
// another command of the same program (go test's "[build flags]": `options-of` with `ifHeld`)
// lends that command's options where the collection holds it, and nothing otherwise.
import type { CommandSpec, Extension, OptionSpec } from "../ir.js";

const spellings = (o: OptionSpec): string[] => [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)];

/** `spec` and its subcommands with the options their texts say they borrow, where `lender(program)` has them. */
export function withLentOptions(spec: CommandSpec, lender: (program: string) => CommandSpec | undefined): CommandSpec {
  const subcommands = spec.subcommands.map((c) => withLentOptions(c, lender));
  let out: CommandSpec = subcommands.some((c, k) => c !== spec.subcommands[k]) ? { ...spec, subcommands } : spec;
  const lending = (spec.extensions ?? []).filter((e): e is Extract<Extension, { kind: "options-of" }> => e.kind === "options-of" && !!(e.said || e.ifHeld));
  for (const ext of lending) {
    // A command may take its program's (global) options.
    const program = ext.program !== spec.path[0] || spec.path.length > 1 ? ext.program : undefined;
    // "kubectl options" lists kubectl's global options; where the collection lacks that command,
    // the program's root stands for it (the root itself then takes its own options only).
    const root = program?.split(" ")[0];
    const is = (s: CommandSpec | undefined, path: string | undefined) => (s && path && s.path.join(" ") === path ? s : undefined);
    const from = program ? (is(lender(program), program) ?? (!ext.ifHeld && root !== program ? is(lender(root!), root) : undefined)) : undefined;
    if (!from && !ext.ifHeld) continue;
    const own = new Set(out.options.flatMap(spellings));
    const lent = (from?.options ?? []).filter((o) => !spellings(o).some((w) => own.has(w))).map(({ span: _, ...o }) => structuredClone(o));
    const extensions = (out.extensions ?? []).filter((e) => e !== ext);
    out = { ...out, options: [...out.options, ...lent] };
    if (extensions.length) out.extensions = extensions;
    else delete out.extensions;
  }
  return out;
}
