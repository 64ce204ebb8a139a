// The capture ran `PROG --help` (or `-h`, `-help`) and the program printed the text it parsed and
// exited 0: that spelling is an invocation of the program, whether or not the text lists it
// (a usage line with no help option, a man page read beside the help). A run that exited
// non-zero, as many print their usage after "unrecognized option", shows nothing of the kind.
import type { CommandSpec, OptionSpec } from "../ir.js";
import type { DebianTextRecord } from "./debian.js";

const SPELLED: Record<string, (o: OptionSpec) => boolean> = {
  "--help": (o) => o.long.includes("help"),
  "-h": (o) => o.short.includes("h"),
  "-help": (o) => !!o.dashLong?.includes("help"),
};

export function withHelpInvocation(spec: CommandSpec, words: readonly string[], help: DebianTextRecord | undefined): CommandSpec {
  if (!help || help.exit !== 0 || help.argv.length !== words.length + 1 || words.some((w, i) => help.argv[i] !== w)) return spec;
  const spelling = help.argv[words.length]!;
  const has = SPELLED[spelling];
  if (!has || spec.options.some(has)) return spec;
  // A text that gave nothing to read (no option, operand or command) leaves the command's
  // shape unknown, and lowering lets it take any words; one option would make it take only that.
  if (spec.options.length + spec.positionals.length + spec.subcommands.length === 0) return spec;
  const option: OptionSpec = {
    short: spelling === "-h" ? ["h"] : [],
    long: spelling === "--help" ? ["help"] : [],
    ...(spelling === "-help" ? { dashLong: ["help"] } : {}),
    arity: "none",
    repeatable: false,
    description: `show help and exit (\`${help.argv.join(" ")}\` printed this text and exited 0)`,
  };
  return { ...spec, options: [...spec.options, option] };
}
