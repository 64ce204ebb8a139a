// Runs a program for its help text: LANG=C, no stdin, a timeout and an output cap, so a
// hanging or chatty program cannot stall or flood grammargen.
import { GrammargenError } from "../diagnostics.js";
import { checkHelpText, MAX_HELP_BYTES } from "../parse/text.js";

export interface CaptureOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

export async function captureHelp(command: string, args: string[] = ["--help"], opts: CaptureOptions = {}): Promise<string> {
  if (!command || /[\s;|&<>`$]/.test(command)) throw new GrammargenError(`not a command name: ${JSON.stringify(command)}`, [], "EUSAGE");
  const maxBytes = opts.maxBytes ?? MAX_HELP_BYTES;
  // execa is ~140 modules: loaded when help is captured, not by everything that imports grammargen.
  const { execa } = await import("execa");
  let result;
  try {
    result = await execa(command, args, {
      env: { LANG: "C", LC_ALL: "C", COLUMNS: "100", NO_COLOR: "1", TERM: "dumb", PAGER: "cat", GH_PAGER: "cat", GIT_PAGER: "cat" },
      extendEnv: true,
      stdin: "ignore",
      timeout: opts.timeoutMs ?? 10_000,
      maxBuffer: maxBytes,
      reject: false,
      encoding: "buffer",
      stripFinalNewline: false,
    });
  } catch (e) {
    throw new GrammargenError(`could not run ${command}: ${(e as Error).message.split("\n")[0]}`, [], "ECAPTURE");
  }
  if (result.failed && (result as { code?: string }).code === "ENOENT")
    throw new GrammargenError(`unknown command: ${command} (not found on PATH)`, [], "ENOENT");
  if (result.timedOut) throw new GrammargenError(`${command} ${args.join(" ")} did not finish within ${(opts.timeoutMs ?? 10_000) / 1000}s`, [], "ETIMEOUT");
  if (result.isMaxBuffer) throw new GrammargenError(`${command} ${args.join(" ")} printed more than ${maxBytes} bytes; that is not help text`, [], "ETOOBIG");
  if (result.exitCode === undefined && result.failed)
    throw new GrammargenError(`could not run ${command}: ${result.shortMessage ?? "failed to start"}`, [], "ECAPTURE");
  const out = Buffer.from(result.stdout as Uint8Array);
  const err = Buffer.from(result.stderr as Uint8Array);
  // Many programs print help on stderr (and some exit non-zero); take whichever stream holds it.
  const pick = out.length >= err.length || /usage/i.test(out.toString("utf8")) ? out : err;
  if (pick.includes(0)) throw new GrammargenError(`${command} ${args.join(" ")} printed binary output, not help text`, [], "EBINARY");
  const text = pick.toString("utf8");
  if (text.trim() === "") throw new GrammargenError(`${command} ${args.join(" ")} printed no help text (exit code ${result.exitCode})`, [], "ENOHELP");
  checkHelpText(text);
  return text;
}

/**
 * The help arguments a short help text points to for the whole option list: curl's "For all
 * options use the manual or "--help all"", procps ps's "Try 'ps --help <simple|...|all>'",
 * GLib's "--help-all". Undefined when it points nowhere.
 */
export function fullerHelpArgs(text: string): string[] | undefined {
  if (/--help[ =]["']?all\b|--help[ =]<[^>\n]*\ball\b[^>\n]*>/.test(text)) return ["--help", "all"];
  if (/(^|[\s"'])--help-all\b/m.test(text)) return ["--help-all"];
  // Another spelling, on a line that says what it adds: ffmpeg's "-h long -- print more options",
  // xz's "-H, --long-help  display the long help", promtool's "(also try --help-long ...)". Not
  // `-hh` (unzip's, tcc's): those print prose and notes that read worse than the short list.
  for (const line of text.split("\n")) {
    if (!/\b(more|all|long|advanced|extended|complete|full|hidden)\b/i.test(line)) continue;
    const m = /(?:^|[\s"'(,])(-h long|--long-help|--help-long|--full-help)(?=$|[\s"'),.:;])/.exec(line);
    if (m) return m[1]!.split(" ");
  }
  return undefined;
}

/**
 * `command --help`, or the fuller help it points to (`fullerHelpArgs`) when that runs and says
 * more. Returns the text and the arguments that produced it.
 */
export async function captureFullHelp(command: string, opts: CaptureOptions = {}): Promise<{ text: string; args: string[] }> {
  const text = await captureHelp(command, ["--help"], opts);
  const fuller = fullerHelpArgs(text);
  if (!fuller) return { text, args: ["--help"] };
  const more = await captureHelp(command, fuller, opts).catch(() => undefined);
  return more && more.length > text.length ? { text: more, args: fuller } : { text, args: ["--help"] };
}
