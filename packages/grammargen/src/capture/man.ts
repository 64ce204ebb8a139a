// Reads a program's man page as `man` renders it: 80 columns, LANG=C, no hyphenation and no
// justification (--nh --nj, so words are never split or padded at line ends), no pager:
// `MANWIDTH=80 LANG=C man -s 1,8,6 --nh --nj -P cat PROG`.
import { GrammargenError } from "../diagnostics.js";
import { checkHelpText, MAX_HELP_BYTES } from "../parse/text.js";
import type { CaptureOptions } from "./help.js";

export const MAN_ENV = { LANG: "C", LC_ALL: "C", MANWIDTH: "80", MANPAGER: "cat", PAGER: "cat", MAN_KEEP_FORMATTING: "", TERM: "dumb" };

const SECTIONS = "1,8,6";

/** The rendered man page of `program` (from section 1, 8 or 6, as `man` chooses), and its file. */
export async function captureManPage(program: string, opts: CaptureOptions = {}): Promise<{ text: string; file: string }> {
  if (!/^[\w.+@-]+$/.test(program) || program.startsWith("-")) throw new GrammargenError(`not a command name: ${JSON.stringify(program)}`, [], "EUSAGE");
  const { execa } = await import("execa");
  const run = (args: string[]) =>
    execa("man", args, {
      env: MAN_ENV,
      extendEnv: true,
      stdin: "ignore",
      timeout: opts.timeoutMs ?? 20_000,
      maxBuffer: opts.maxBytes ?? MAX_HELP_BYTES,
      reject: false,
      encoding: "utf8",
      stripFinalNewline: false,
    });
  // Commands are in sections 1, 8 and 6; a library call of the same name (printf(3)) is not the program.
  const where = await run(["-s", SECTIONS, "-w", program]);
  if ((where as { code?: string }).code === "ENOENT") throw new GrammargenError("man is not installed: no man page can be read", [], "ENOENT");
  const file =
    String(where.stdout ?? "")
      .trim()
      .split("\n")[0] ?? "";
  if (where.exitCode !== 0 || !file) throw new GrammargenError(`no man page for ${program}`, [], "ENOMAN");
  const page = await run(["-s", SECTIONS, "--nh", "--nj", "-P", "cat", program]);
  if (page.timedOut) throw new GrammargenError(`man ${program} did not finish within ${(opts.timeoutMs ?? 20_000) / 1000}s`, [], "ETIMEOUT");
  if (page.isMaxBuffer) throw new GrammargenError(`the man page of ${program} is larger than ${opts.maxBytes ?? MAX_HELP_BYTES} bytes`, [], "ETOOBIG");
  const text = String(page.stdout ?? "");
  if (page.exitCode !== 0 || text.trim() === "") throw new GrammargenError(`man ${program} printed no page (exit code ${page.exitCode})`, [], "ENOMAN");
  checkHelpText(text);
  return { text, file };
}
