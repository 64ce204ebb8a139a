// `grammargen <command> [--depth N] [--max-subcommands N]`: programs with subcommands (git,
// openssl, docker, pip, cobra tools) get one grammar for the whole tree; everything else,
// and any explicit help arguments, go to the plain single-help path.
import { BUILTIN_NAMES } from "../compose/builtins.js";
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { GrammargenError } from "../diagnostics.js";
import { formatIrJson } from "../ir-json.js";
import { lowerCommand } from "../lower/command.js";
import { discoverTree } from "../tree/discover.js";
import { outputFormat, readArgs, usageError } from "./args.js";
import { fromCommand } from "./generate.js";
import { deliver, type Io } from "./output.js";

const positiveInt = (flag: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^[1-9][0-9]{0,5}$/.test(v)) throw usageError(`--${flag} must be a positive integer, not ${JSON.stringify(v)}`);
  return Number(v);
};

export async function fromCommandOrTree(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["format", "out", "depth", "max-subcommands", "from"], booleans: ["check"], stopAtPositional: true });
  const [command, ...helpArgs] = args.positionals;
  const depth = positiveInt("depth", args.values.get("depth"));
  const maxSubcommands = positiveInt("max-subcommands", args.values.get("max-subcommands"));
  const wantsTree = depth !== undefined || maxSubcommands !== undefined;
  const plain = argv.filter((a, i) => !/^--(depth|max-subcommands)(=|$)/.test(a) && !/^--(depth|max-subcommands)$/.test(argv[i - 1] ?? ""));
  // A shell builtin (cd, read, export...) has no help to discover: its grammar is bash's.
  // A man page describes one program, not a tree of subcommands: --from man reads it alone.
  if (args.values.get("from") === "man" && wantsTree) throw usageError("--depth/--max-subcommands read help texts; --from man reads one man page");
  if (!command || (helpArgs.length && !wantsTree) || (!wantsTree && BUILTIN_NAMES.includes(command)) || args.values.get("from") === "man")
    return fromCommand(plain, io);
  if (helpArgs.length) throw usageError("--depth/--max-subcommands read each subcommand's help themselves; give no help arguments");
  const format = outputFormat(args, ["lark", "gbnf", "ir"] as const);

  let tree;
  try {
    tree = await discoverTree(command, { depth, maxSubcommands });
  } catch (e) {
    // A program without subcommands is an ordinary one, unless a tree was asked for.
    if (e instanceof GrammargenError && e.code === "ENOSUBCOMMANDS" && !wantsTree) return fromCommand(plain, io);
    // No help text to discover a tree from (pidof prints none): its man page may still say what it takes.
    if (e instanceof GrammargenError && !wantsTree && args.values.get("from") !== "help" && e.code !== "ENOENT" && e.code !== "EUSAGE")
      return fromCommand(plain, io);
    throw e;
  }
  for (const d of tree.diagnostics) io.stderr(`grammargen: ${d.severity}: ${d.message}\n`);
  const spec = tree.spec;
  const text = format === "ir" ? formatIrJson(spec) : format === "gbnf" ? emitGbnf(lowerCommand(spec)) : emitLark(lowerCommand(spec));
  return deliver(io, text, args.values.get("out"), args.booleans.has("check"));
}
