// Which invocation gives a program's help: `--help`, then `-h`, then `help` (for a subcommand
// `X Y --help`, `X help Y`, `X Y -h`, `X Y help`), keeping the text that documents the most options, and
// following a pointer to fuller help (`--help all`). A thin result also takes the man page.
import { checkHelpText } from "../../parse/text.js";
import { fullerHelpArgs } from "../help.js";
import { manPage, type RunResult, runSandboxed } from "./sandbox.js";
import { HOST } from "./system.js";

export interface Captured {
  help?: { run: RunResult; text: string; stream: "stdout" | "stderr" };
  man?: { run: RunResult; text: string };
  /** Why there is no usable help text (and no man page). */
  failure?: string;
}

/** Lines that start with an option: the measure of how much a text documents. */
export function optionLines(text: string): number {
  return (text.match(/^[ \t]{0,12}[-+]{1,2}[\w?#]/gm) ?? []).length;
}

/** A help text too thin to build a grammar from (or none): the man page is wanted beside it. */
export function thinHelp(text: string | undefined): boolean {
  return text === undefined || optionLines(text) < 5;
}

/** The stream that holds the help, or undefined when neither holds text the parser would read. */
function pick(r: RunResult): { text: string; stream: "stdout" | "stderr" } | undefined {
  const out = r.stdout.toString("utf8");
  const err = r.stderr.toString("utf8");
  const useOut = out.trim() && (optionLines(out) >= optionLines(err) || /usage/i.test(out));
  const text = useOut ? out : err;
  if (!text.trim()) return undefined;
  try {
    checkHelpText(text);
  } catch {
    return undefined;
  }
  return { text, stream: useOut ? "stdout" : "stderr" };
}

const DISPLAY =
  /cannot open display|can't open display|no display|\$DISPLAY|Gtk-WARNING|qt\.qpa|could not connect to display|Failed to connect to the X server/i;

export function tries(words: string[]): string[][] {
  if (words.length === 1)
    return [
      [...words, "--help"],
      [...words, "-h"],
      [...words, "help"],
    ];
  return [
    [...words, "--help"],
    [words[0]!, "help", ...words.slice(1)],
    [...words, "-h"],
    [...words, "help"],
  ];
}

/**
 * Whether a subcommand's text names the subcommand only to say there is no such thing
 * (podman's "Unknown help topic [`swarm`]" above its own help, "unknown command", "invalid choice").
 */
export function unknownWord(plain: string, words: string[]): boolean {
  if (words.length < 2) return false;
  const word = words[words.length - 1]!.toLowerCase();
  const lines = plain.split("\n").filter((l) => l.includes(word));
  return (
    lines.length > 0 &&
    lines.every((l) =>
      /^\W*(\w+: )?error\b|unknown|unrecogni[sz]ed|invalid (choice|command)|no such (command|subcommand)|not an? [\w-]+ command|no manual entry/.test(l),
    )
  );
}

/**
 * Whether a text reads as help at all: a usage line, an option or a list of commands. A
 * subcommand's `help` word may be taken as an operand instead (`rails new help` makes an
 * application named help, `gradle help build` runs a task) and print what it did.
 */
export function looksLikeHelp(plain: string): boolean {
  return /usage|synopsis/.test(plain) || optionLines(plain) > 0 || /^\s*[\w -]*\b(commands?|subgroups|options|flags)\b[\w -]*:?\s*$/m.test(plain);
}

/** The program's own complaint, which says why it printed no help (a module its package lacks, a daemon it needs). */
function complaint(r: RunResult): string | undefined {
  const lines = r.stderr
    .toString("utf8")
    .split("\n")
    .map((x) => x.trim());
  // The specific line ("No module named ...") before a generic "ERROR: the command failed".
  const err =
    lines.find((x) => /cannot|can't|unable|not found|no module|refused|unknown|unrecogni[sz]ed|no such|not an? [\w-]+ command/i.test(x)) ??
    lines.find((x) => /error|failed/i.test(x));
  return err && `${r.argv.join(" ")} exited ${r.exit}: ${err.slice(0, 160)}`;
}

/** The commit's default limit on a help text's size (store.ts commitWhy): a larger one stays out of the corpus. */
export const HELP_MAX_BYTES = 30_000;

/**
 * `maxBytes`: a text larger than this is kept only where no invocation gives one that fits, so
 * that `git rebase -h`'s option summary stands in for `git rebase --help`'s 60 KB manual, which
 * the commit would leave out, leaving the command without a grammar.
 */
export function captureProgram(words: string[], parentHelp?: string, timeoutMs = 6000, root = HOST, maxBytes = HELP_MAX_BYTES): Captured {
  const fits = (text: string) => Buffer.byteLength(text) <= maxBytes;
  let best: Captured["help"];
  let tooBig: Captured["help"];
  const none = "no help text from --help, -h or help";
  let lastFailure = none;
  for (const argv of tries(words)) {
    const r = runSandboxed(argv, timeoutMs, root);
    const p = pick(r);
    if (!p) {
      if (r.exit === "timeout") lastFailure = `${argv.join(" ")} did not finish within ${timeoutMs / 1000} s`;
      else if (lastFailure === none) lastFailure = complaint(r) ?? none;
      continue;
    }
    // A subcommand's "help" that is its parent's text (or an unknown-command error) is not its help.
    // Man-style help (`aws s3 help`) spells words in overstrike ("s\bs3\b3") and capitals.
    const plain = p.text.replace(/.\x08/g, "").toLowerCase();
    if (
      (parentHelp !== undefined && (p.text === parentHelp || !plain.includes(words[words.length - 1]!.toLowerCase()))) ||
      unknownWord(plain, words) ||
      (words.length > 1 && !looksLikeHelp(plain))
    ) {
      if (lastFailure === none) lastFailure = complaint(r) ?? none;
      continue;
    }
    if (DISPLAY.test(p.text) && optionLines(p.text) < 3) {
      lastFailure = "needs a display";
      continue;
    }
    if (!fits(p.text)) {
      if (!tooBig || optionLines(p.text) > optionLines(tooBig.text)) tooBig = { run: r, ...p };
      continue;
    }
    if (!best || optionLines(p.text) > optionLines(best.text)) best = { run: r, ...p };
    if (optionLines(best.text) >= 5) break;
  }
  if (best) {
    const fuller = fullerHelpArgs(best.text);
    if (fuller) {
      const r = runSandboxed([...words, ...fuller], timeoutMs, root);
      const p = pick(r);
      if (p && p.text.length > best.text.length && fits(p.text)) best = { run: r, ...p };
    }
  }
  // Only texts too large for the corpus, or beside them only a thin one (clang's "unknown
  // argument '-h'", yt-dlp's "help" read as a URL): the large one stays, and the commit says
  // why it is left out, rather than an error message standing in for the program's help.
  if (tooBig && (!best || thinHelp(best.text))) best = tooBig;
  const out: Captured = {};
  if (best) out.help = best;
  // Thin or missing help: the man page holds the SYNOPSIS and OPTIONS.
  if (thinHelp(best?.text)) {
    const m = manPage(words.join("-"), root);
    if (typeof m === "object") out.man = { run: m, text: m.stdout.toString("utf8") };
  }
  if (!out.help && !out.man) out.failure = lastFailure;
  return out;
}

/**
 * The man page alone, for a program that is never run because it may act instead of printing
 * help (reboot, shutdown, login): `man` reads the page its installed package ships, so the
 * program itself never starts. `reason` is why it is not run, kept in the failure where there
 * is no page.
 */
export function captureManOnly(words: string[], reason: string, root = HOST): Captured {
  const m = manPage(words.join("-"), root);
  if (typeof m === "string") return { failure: `${reason}; no man page (${m})` };
  return { man: { run: m, text: m.stdout.toString("utf8") } };
}
