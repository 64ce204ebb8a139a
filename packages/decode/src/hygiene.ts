// Output hygiene for unconstrained text: small models wrap commands in markdown, add a
// `$ ` prompt, lead with prose, or explain afterwards. Keep exactly one command.
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

function unfence(text: string): string {
  const fence = /```[^\n]*\n([\s\S]*?)(```|$)/.exec(text);
  if (fence) return fence[1]!;
  return text;
}

/** Lines that continue the command onto the next line. */
const continues = (line: string): boolean => /(\\|\||&&|\|\||\bthen|\bdo|\belse|\{|\(|;)\s*$/.test(line);

/**
 * Reduce raw model text to one command. Multi-line commands (loops, heredocs) survive:
 * the command is the shortest run of leading lines that parses as bash and does not end
 * in a continuation; later lines are a second command or prose and are dropped.
 */
export function cleanCommand(raw: string): string {
  let text = unfence(raw.replace(/\r\n/g, "\n"));
  text = text.replace(/^\s*\n/, "").trimEnd();
  let lines = text.split("\n");
  // Leading prose ("Here is the command:") and labels.
  while (lines.length > 1 && PROSE_LEAD.test(lines[0]!.trim())) lines.shift();
  lines = lines.map((l, i) => (i === 0 ? l.trim() : l));
  lines[0] = lines[0]!.replace(/^(command|bash|shell)\s*:\s*/i, "").replace(/^\$\s+/, "");
  // A command never contains a blank line: what follows one is explanation.
  const blank = lines.findIndex((l) => l.trim() === "");
  if (blank > 0) lines = lines.slice(0, blank);
  lines = lines.map((l) => l.replace(/^\$\s+/, ""));
  // Whole command in inline backticks: `ls -la`
  if (lines.length === 1) {
    const m = /^`([^`]+)`(\s*[.:]?.*)?$/.exec(lines[0]!);
    if (m && !/\$\(|`/.test(m[1]!)) lines[0] = m[1]!;
  }
  lines = lines.map(stripTrailingComment);
  if (lines.length === 1) return lines[0]!.trim();
  for (let k = 1; k <= lines.length; k++) {
    const head = lines.slice(0, k);
    const last = head[head.length - 1]!;
    if (continues(last)) continue;
    if (parseBash(head.join("\n")).parses) return head.join("\n").trim();
  }
  return lines.join("\n").trim();
}
