// `grammargen <command> [help-args]` and `grammargen from-help-text <file|-> --name ...`:
// help text -> IR -> grammar, printed or written atomically.
import { readFile, stat } from "node:fs/promises";
import { captureFullHelp, captureHelp } from "../capture/help.js";
import { builtinGrammar } from "../compose/builtins.js";
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { GrammargenError, type Diagnostic } from "../diagnostics.js";
import { lowerCommand } from "../lower/command.js";
import { nameWords, parseHelp } from "../parse/help.js";
import { MAX_HELP_BYTES } from "../parse/text.js";
import { outputFormat, readArgs, usageError, type Parsed } from "./args.js";
import { deliver, type Io } from "./output.js";

type Format = "lark" | "gbnf" | "ir";

const FORMATS: readonly Format[] = ["lark", "gbnf", "ir"];

function warn(io: Io, diagnostics: Diagnostic[]): void {
  for (const d of diagnostics) io.stderr(`grammargen: ${d.severity}: ${d.message}${d.span ? ` (line ${d.span.line})` : ""}\n`);
}

async function render(io: Io, text: string, name: string[], format: Format, args: Parsed, helpArgs?: string[]): Promise<number> {
  const { spec, diagnostics } = parseHelp(text, { name });
  if (helpArgs) spec.source = { ...(spec.source ?? { program: name[0]! }), helpArgs };
  const result = format === "ir" ? `${JSON.stringify(spec, null, 2)}\n` : format === "gbnf" ? emitGbnf(lowerCommand(spec)) : emitLark(lowerCommand(spec));
  const status = await deliver(io, result, args.values.get("out"), args.booleans.has("check"));
  // Warnings only once the output exists, so a failure stays a single line on stderr.
  warn(io, diagnostics);
  return status;
}

export async function fromCommand(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["format", "out"], booleans: ["check"], stopAtPositional: true });
  const [command, ...helpArgs] = args.positionals;
  if (!command) throw usageError("usage: grammargen [--format lark|gbnf|ir] [--out FILE [--check]] <command> [help-args...]");
  const format = outputFormat(args, FORMATS);
  // `grammargen curl --format gbnf` would run `curl --format gbnf` for help text: say so.
  const misplaced = helpArgs.find((a) => /^--(format|out|check)(=|$)/.test(a));
  if (misplaced)
    throw usageError(
      `${misplaced.split("=")[0]} after the command is passed to ${command} as a help argument; put grammargen's options first: grammargen ${misplaced.split("=")[0]} ... ${command}`,
    );
  // Bash runs its builtins itself (echo, cd, test, kill...): their grammar is bash's, not a --help text's.
  const builtin = helpArgs.length ? undefined : builtinGrammar(command);
  if (builtin) {
    if (format === "ir") throw new GrammargenError(`${command} is a shell builtin: it has a grammar (--format lark or gbnf) but no help-text IR`, [], "EUSAGE");
    const result = format === "gbnf" ? emitGbnf(builtin) : emitLark(builtin);
    return deliver(io, result, args.values.get("out"), args.booleans.has("check"));
  }
  // Without help arguments: `--help`, or the fuller help it points to (curl's `--help all`).
  const { text, args: hargs } = helpArgs.length ? { text: await captureHelp(command, helpArgs), args: helpArgs } : await captureFullHelp(command);
  return render(io, text, [command], format, args, hargs);
}

export async function fromHelpText(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["format", "out", "name"], booleans: ["check"] });
  const [file, ...extra] = args.positionals;
  if (!file || extra.length) throw usageError("usage: grammargen from-help-text <file|-> --name <command words> [--format lark|gbnf|ir] [--out FILE]");
  const name = nameWords(args.values.get("name") ?? "");
  if (!name.length) throw usageError("from-help-text needs --name <command words>");
  const format = outputFormat(args, FORMATS);
  let text: string;
  if (file === "-") text = await io.readStdin();
  else {
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new GrammargenError(`cannot read ${file}: no such file`, [], "ENOENT");
    if (!info.isFile()) throw new GrammargenError(`cannot read ${file}: not a regular file`, [], "EUSAGE");
    if (info.size > MAX_HELP_BYTES) throw new GrammargenError(`${file} is too large (${info.size} bytes) to be help text`, [], "ETOOBIG");
    const buf = await readFile(file);
    if (buf.includes(0)) throw new GrammargenError(`${file} looks binary (it contains NUL bytes), not help text`, [], "EBINARY");
    text = buf.toString("utf8");
  }
  return render(io, text, name, format, args);
}
