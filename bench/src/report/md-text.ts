// Text in Markdown exactly as it ran: a command in the report must read back, through any
// CommonMark/GFM renderer, as the very characters the sandbox executed.

/** Table cell text: a `|` would end the cell, so it is escaped (GFM unescapes `\|` in cells, even inside code spans). */
export const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\r\n|\r|\n/g, "⏎ ");

/** Whether a command can sit in a table row; a line ending cannot. */
export const singleLine = (s: string) => !/[\r\n]/.test(s);

const longestRun = (s: string, ch: string) => Math.max(0, ...[...s.matchAll(new RegExp(`\\${ch}+`, "g"))].map((m) => m[0].length));

/**
 * A CommonMark code span showing `s` (one line) exactly: delimited by one backtick more
 * than the longest run inside, and padded with a space on each side where the content
 * starts or ends with a backtick (it would join the delimiter) or both starts and ends
 * with a space (a reader strips one of each).
 */
export function codeSpan(s: string): string {
  const fence = "`".repeat(longestRun(s, "`") + 1);
  const pad = s.startsWith("`") || s.endsWith("`") || (s.startsWith(" ") && s.endsWith(" ") && /[^ ]/.test(s)) ? " " : "";
  return `${fence}${pad}${s}${pad}${fence}`;
}

/** A fenced code block showing `s` exactly: the fence is longer than any backtick run inside. */
export function codeBlock(s: string): string {
  const fence = "`".repeat(Math.max(3, longestRun(s, "`") + 1));
  return `${fence}\n${s}\n${fence}`;
}
