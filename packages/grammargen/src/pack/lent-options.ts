// A wrapper whose text says in words that its options are another program's (zgrep's
// "OPTIONs are the same as for 'grep'": an `options-of` extension with `said`) takes that
// program's options where the collection being read holds it, in place of any option word:
// the lender's options join the wrapper's own (its own spelling wins), and a wrong letter is
// refused as it is for the lender. A name only guessed from a placeholder ("[file_options]"),
// a program the collection lacks, or the wrapper itself lends nothing: any option word stays.
import type { CommandSpec, OptionSpec } from "../ir.js";

const spellings = (o: OptionSpec): string[] => [...o.short.map((s) => `-${s}`), ...o.long.map((l) => `--${l}`), ...(o.dashLong ?? []).map((d) => `-${d}`)];

/** `spec` and its subcommands with the options their texts say they borrow, where `lender(program)` has them. */
export function withLentOptions(spec: CommandSpec, lender: (program: string) => CommandSpec | undefined): CommandSpec {
  const subcommands = spec.subcommands.map((c) => withLentOptions(c, lender));
  const ext = spec.extensions?.find((e) => e.kind === "options-of" && e.said);
  const program = ext?.kind === "options-of" && ext.program !== spec.path[0] ? ext.program : undefined;
  const from = program ? lender(program) : undefined;
  if (from?.path.length !== 1 || from.path[0] !== program) return subcommands.some((c, k) => c !== spec.subcommands[k]) ? { ...spec, subcommands } : spec;
  const own = new Set(spec.options.flatMap(spellings));
  // The lender's spans point into its own text, not this one's.
  const lent = from.options.filter((o) => !spellings(o).some((w) => own.has(w))).map(({ span: _, ...o }) => structuredClone(o));
  const extensions = spec.extensions!.filter((e) => e !== ext);
  const out: CommandSpec = { ...spec, options: [...spec.options, ...lent], subcommands };
  if (extensions.length) out.extensions = extensions;
  else delete out.extensions;
  return out;
}
