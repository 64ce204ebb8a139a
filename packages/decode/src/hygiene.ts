// Output hygiene for unconstrained text: small models wrap commands in markdown, add a
// `$ ` prompt, lead with prose, or explain afterwards. Keep exactly one command, and say
// what was stripped (reports count it).
import { bashVerdict as parseBash } from "@shellgen/base";

const PROSE_LEAD = /^(here('s| is)|sure|certainly|you can|use|try|to do (this|that)|the (following )?command|this command|answer|output|solution)\b.*:\s*$/i;

/** Quote-aware: cut an unquoted ` # comment` (an explanation, not part of the command). */
function stripTrailingComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === "#" && i > 0 && /\s/.test(line[i - 1]!)) return line.slice(0, i).trimEnd();
  }
  return line;
}

/** The inside of the first code fence, when there is one. */
function unfence(text: string): { text: string; fenced: boolean } {
  const fence = /```[^\n]*\n([\s\S]*?)(```|$)/.exec(text);
  if (fence) return { text: fence[1]!, fenced: true };
  // A fence with nothing in it (or a lone fence line) holds no command.
  if (/^\s*(```[^\n]*\s*)+$/.test(text)) return { text: "", fenced: true };
  return { text, fenced: false };
}

/** Lines that continue the command onto the next line. */
const continues = (line: string): boolean => /(\\|\||&&|\|\||\bthen|\bdo|\belse|\{|\(|;)\s*$/.test(line);

/**
 * An English sentence rather than a command: a capitalised first word, at least three
 * words, closing punctuation, and none of the shell's operators.
 */
export function looksLikeProse(line: string): boolean {
  const t = line.trim();
  return /^[A-Z][a-z]*('[a-z]+)?[,!]?\s/.test(t) && /[.!?:]$/.test(t) && t.split(/\s+/).length >= 3 && !/[|;&<>$`=\\]/.test(t);
}

export interface Stripped {
  command: string;
  /** A code fence (or inline backticks) was taken off. */
  fence: boolean;
  /** Prose was dropped: a lead-in, a label, an explanation, a comment, or the whole output. */
  prose: boolean;
}

/**
 * Reduce raw model text to one command, saying what was taken off. Multi-line commands
 * (loops, heredocs) survive: the command is the shortest run of leading lines that parses
 * as bash and does not end in a continuation; later lines are a second command or prose
 * and are dropped. Output that is only prose, or only a fence, leaves an empty command.
 */
export function stripOutput(raw: string): Stripped {
  const unfenced = unfence(raw.replace(/\r\n/g, "\n"));
  let fence = unfenced.fenced;
  let prose = false;
  const text = unfenced.text.replace(/^\s*\n/, "").trimEnd();
  let lines = text.split("\n");
  // Leading prose ("Here is the command:") and labels.
  while (lines.length > 1 && (PROSE_LEAD.test(lines[0]!.trim()) || looksLikeProse(lines[0]!))) {
    lines.shift();
    prose = true;
  }
  if (lines.length === 1 && looksLikeProse(lines[0]!)) return { command: "", fence, prose: true };
  lines = lines.map((l, i) => (i === 0 ? l.trim() : l));
  const unlabelled = lines[0]!.replace(/^(command|bash|shell)\s*:\s*/i, "");
  if (unlabelled !== lines[0]) prose = true;
  lines[0] = unlabelled.replace(/^\$\s+/, "");
  // A command never contains a blank line: what follows one is explanation.
  const blank = lines.findIndex((l) => l.trim() === "");
  if (blank > 0) {
    lines = lines.slice(0, blank);
    prose = true;
  }
  lines = lines.map((l) => l.replace(/^\$\s+/, ""));
  // Whole command in inline backticks: `ls -la`
  if (lines.length === 1) {
    const m = /^`([^`]+)`(\s*[.:]?.*)?$/.exec(lines[0]!);
    if (m && !/\$\(|`/.test(m[1]!)) {
      lines[0] = m[1]!;
      fence = true;
      if (m[2]?.trim()) prose = true;
    }
  }
  const uncommented = lines.map(stripTrailingComment);
  if (uncommented.some((l, i) => l !== lines[i])) prose = true;
  lines = uncommented;
  if (lines.length === 1) return { command: lines[0]!.trim(), fence, prose };
  for (let k = 1; k <= lines.length; k++) {
    const head = lines.slice(0, k);
    const last = head[head.length - 1]!;
    if (continues(last)) continue;
    if (parseBash(head.join("\n")).parses) return { command: head.join("\n").trim(), fence, prose: prose || k < lines.length };
  }
  return { command: lines.join("\n").trim(), fence, prose };
}

/** stripOutput's command alone. */
export function cleanCommand(raw: string): string {
  return stripOutput(raw).command;
}
