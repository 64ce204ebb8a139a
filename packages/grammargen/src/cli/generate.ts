// `grammargen <command> [help-args]` and `grammargen from-help-text <file|-> --name ...`:
// help text -> IR -> grammar, printed or written atomically.
import { readFile, stat } from "node:fs/promises";
import { gunzipSync } from "node:zlib";

/** A gzip file's content (at most MAX_HELP_BYTES), or the bytes as they are when they do not unzip. */
async function gunzipOrNot(buf: Buffer): Promise<Buffer> {
  try {
    return gunzipSync(buf, { maxOutputLength: MAX_HELP_BYTES });
  } catch {
    return buf;
  }
}
import { captureFullHelp, captureHelp } from "../capture/help.js";
import { captureManPage } from "../capture/man.js";
import { builtinGrammar } from "../compose/builtins.js";
import { emitGbnf } from "../emit/gbnf.js";
import { emitLark } from "../emit/lark.js";
import { GrammargenError, type Diagnostic } from "../diagnostics.js";
import { formatIrJson } from "../ir-json.js";
import { lowerCommand } from "../lower/command.js";
import { nameWords, parseHelp, type ParseResult } from "../parse/help.js";
import { parseManPage } from "../parse/man.js";
import { mergeHelpAndMan } from "../parse/merge-sources.js";
import { MAX_HELP_BYTES } from "../parse/text.js";
import { outputFormat, readArgs, usageError, type Parsed } from "./args.js";
import { deliver, type Io } from "./output.js";

type Format = "lark" | "gbnf" | "ir";

const FORMATS: readonly Format[] = ["lark", "gbnf", "ir"];

/** Where a program's description comes from: its help text, its man page, or both (the default). */
export type Source = "help" | "man" | "both";

export function sourceOf(args: Parsed): Source {
  const from = args.values.get("from");
  if (from === undefined) return "both";
  if (from !== "help" && from !== "man") throw usageError(`--from must be help or man, not ${JSON.stringify(from)}`);
  return from;
}

function warn(io: Io, diagnostics: Diagnostic[]): void {
  for (const d of diagnostics)
    io.stderr(
      `grammargen: ${d.severity}: ${d.message}${d.span ? ` (${d.origin === "man" ? "man page " : d.origin === "help" ? "help text " : ""}line ${d.span.line})` : ""}\n`,
    );
}

async function render(io: Io, text: string | ParseResult, name: string[], format: Format, args: Parsed, helpArgs?: string[]): Promise<number> {
  const { spec, diagnostics } = typeof text === "string" ? parseHelp(text, { name }) : text;
  if (helpArgs) spec.source = { ...(spec.source ?? { program: name[0]! }), helpArgs };
  const result = format === "ir" ? formatIrJson(spec) : format === "gbnf" ? emitGbnf(lowerCommand(spec)) : emitLark(lowerCommand(spec));
  const status = await deliver(io, result, args.values.get("out"), args.booleans.has("check"));
  // Warnings only once the output exists, so a failure stays a single line on stderr.
  warn(io, diagnostics);
  return status;
}

export async function fromCommand(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["format", "out", "from"], booleans: ["check"], stopAtPositional: true });
  const [command, ...helpArgs] = args.positionals;
  if (!command) throw usageError("usage: grammargen [--from help|man] [--format lark|gbnf|ir] [--out FILE [--check]] <command> [help-args...]");
  const format = outputFormat(args, FORMATS);
  const from = sourceOf(args);
  if (from === "man" && helpArgs.length) throw usageError(`--from man reads ${command}'s man page: give no help arguments`);
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
  if (from === "man") {
    const { text } = await captureManPage(command);
    return render(io, mergeHelpAndMan(undefined, parseManPage(text, { name: [command] })), [command], format, args);
  }
  // Without help arguments: `--help`, or the fuller help it points to (curl's `--help all`).
  if (helpArgs.length || from === "help") {
    const { text, args: hargs } = helpArgs.length ? { text: await captureHelp(command, helpArgs), args: helpArgs } : await captureFullHelp(command);
    return render(io, text, [command], format, args, hargs);
  }
  // Both: the help text and the man page, merged; either alone where the other is missing.
  // A program that is not installed fails here, whatever its man page says.
  const help = await captureFullHelp(command).catch((e: unknown) => {
    if (e instanceof GrammargenError && e.code !== "ENOENT" && e.code !== "EUSAGE") return e;
    throw e;
  });
  // A program named by its path (./tool.sh) has no man page to look up.
  const man = await (command.includes("/") ? Promise.resolve(undefined) : captureManPage(command)).catch((e: unknown) => {
    if (e instanceof GrammargenError && (e.code === "ENOMAN" || e.code === "ENOENT")) return undefined;
    throw e;
  });
  if (help instanceof GrammargenError && !man) throw help;
  const fromHelp = help instanceof GrammargenError ? undefined : help;
  const merged = mergeHelpAndMan(fromHelp && parseHelp(fromHelp.text, { name: [command] }), man && parseManPage(man.text, { name: [command] }));
  return render(io, merged, [command], format, args, fromHelp?.args);
}

export async function fromHelpText(argv: string[], io: Io): Promise<number> {
  const args = readArgs(argv, { values: ["format", "out", "name", "from"], booleans: ["check"] });
  const [file, ...extra] = args.positionals;
  if (!file || extra.length)
    throw usageError("usage: grammargen from-help-text <file|-> --name <command words> [--from help|man] [--format lark|gbnf|ir] [--out FILE]");
  const from = sourceOf(args);
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
    const raw = await readFile(file);
    // A man page's roff source is stored compressed (`man -w ls`: /usr/share/man/man1/ls.1.gz).
    const buf = raw[0] === 0x1f && raw[1] === 0x8b ? await gunzipOrNot(raw) : raw;
    if (buf.includes(0)) throw new GrammargenError(`${file} looks binary (it contains NUL bytes), not help text`, [], "EBINARY");
    text = buf.toString("utf8");
  }
  // A file is help text unless --from man says it is a man page (as `man -P cat` prints it, or its roff source).
  return render(io, from === "man" ? mergeHelpAndMan(undefined, parseManPage(text, { name })) : text, name, format, args);
}
