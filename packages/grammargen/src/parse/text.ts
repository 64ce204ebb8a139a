// Help text as lines with offsets and visual indentation. Spans refer to the normalised text,
// which equals the captured text unless it held CR, ANSI colour codes or overstrike.
import { GrammargenError } from "../diagnostics.js";
import type { Span } from "../ir.js";

export interface Line {
  text: string;
  /** Offset of the line's first character in the normalised text. */
  offset: number;
  /** 1-based line number. */
  no: number;
  /** Visual indentation, tabs to 8-column stops. */
  indent: number;
  /** Offset within the line where non-blank text starts. */
  start: number;
  blank: boolean;
}

export const MAX_HELP_BYTES = 1_000_000;

/** Rejects input that is not help text: binary data or something absurdly large. */
export function checkHelpText(text: string): void {
  if (text.length > MAX_HELP_BYTES)
    throw new GrammargenError(`help text is too large (${text.length} characters; the limit is ${MAX_HELP_BYTES})`, [], "ETOOBIG");
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) throw new GrammargenError("input looks binary (it contains NUL bytes), not help text", [], "EBINARY");
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 27 && c !== 8 && c !== 12) || c === 0xfffd) control++;
  }
  if (text.length > 64 && control / text.length > 0.05)
    throw new GrammargenError("input looks binary (too many control characters), not help text", [], "EBINARY");
}

export function normalize(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "")
    .replace(/[^\n]\x08/g, "");
}

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let offset = 0;
  let no = 1;
  for (const raw of text.split("\n")) {
    let indent = 0;
    let start = 0;
    for (; start < raw.length; start++) {
      const c = raw[start];
      if (c === " ") indent++;
      else if (c === "\t") indent = (Math.floor(indent / 8) + 1) * 8;
      else break;
    }
    lines.push({ text: raw, offset, no, indent, start, blank: start >= raw.trimEnd().length });
    offset += raw.length + 1;
    no++;
  }
  return lines;
}

export const spanOf = (line: Line, from: number, to: number): Span => ({ start: line.offset + from, end: line.offset + to, line: line.no });

/** Where a match of a regular expression over the whole text stands. */
export const matchSpan = (text: string, m: RegExpExecArray): Span => ({
  start: m.index,
  end: m.index + m[0].length,
  line: text.slice(0, m.index).split("\n").length,
});

/** A usage heading: "Usage: ...", "usage: ...", "USAGE:" and gh's bare "USAGE". */
export const isUsageHeading = (line: string): boolean => /^\s*usage(?: is)?\s*:/i.test(line) || /^USAGE\s*$/.test(line);

/**
 * The line that serves as the usage line of a text that has no usage heading, or -1: one of
 * the first three lines with text, at the margin, that starts with the program's name and
 * goes on with an option, a bracket or a placeholder (dbus-daemon's "dbus-daemon [--version]
 * [--session] ...", adduser's, avahi's). Only when no line is a usage heading.
 */
export function headlessUsageLine(lines: readonly { text: string }[], program: string): number {
  const base = program.split("/").pop() ?? program;
  if (!base || lines.some((l) => isUsageHeading(l.text))) return -1;
  let seen = 0;
  for (let i = 0; i < lines.length && seen < 3; i++) {
    const t = lines[i]!.text;
    if (!t.trim()) continue;
    seen++;
    // Not fish's "fish - the friendly interactive shell": a lone dash starts a summary.
    const m = /^(\S+)\s+(\S\S?)/.exec(t);
    if (m && (m[1] === base || m[1]!.endsWith(`/${base}`)) && /^([[<{]|-\S)/.test(m[2]!)) return i;
  }
  return -1;
}

/**
 * An operand that names a program to run ("COMMAND [ARG]...", java's "<mainclass> [args...]"):
 * getopt stops there, so it and the words after it pass through untouched.
 */
export const PASS_THROUGH_NAME = /^(command|cmd|subcommand|prog|program|utility|executable|mainclass|main-class|jarfile|sourcefile|script|scriptfile)$/i;
/**
 * An interpreter's script operand ("[programfile] [arguments]", "<file> [--] [args...]",
 * "[ script.js ] [arguments]", npm exec's "<pkg>[@<version>] [args...]"): the words after it are
 * the script's, options included. Only before an operand of the script's arguments
 * (SCRIPT_ARGS_NAME): a FILE alone is data.
 */
export const SCRIPT_NAME = /^(programfile|program-file|file|script(?:\.\w+)?|script-?file|pkg(?:@version)?)$/i;
export const SCRIPT_ARGS_NAME = /^(args?|arguments?)$/i;
/** python's "arg ...: arguments passed to program in sys.argv[1:]": an operand whose words are another program's. */
export const PASSED_TO_PROGRAM = /\b(?:passed|handed|forwarded)\s+(?:on\s+)?to\s+(?:the\s+)?(?:program|script|module)\b/i;
