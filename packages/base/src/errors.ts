// How every shellgen CLI reports a failure: one line on stderr, and exit status 2 for a
// usage mistake (anything carrying code "EUSAGE"), 1 for everything else.

/** The first non-blank line of any thrown value. */
export function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split("\n").find((l) => l.trim() !== "") ?? text).trim();
}

export function isUsageError(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "EUSAGE";
}

/** `<prog>: <message>` on one line, with the exit status the error calls for. */
export function formatError(prog: string, err: unknown): { line: string; code: number } {
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, " ").trim();
  return { line: `${prog}: ${message}\n`, code: isUsageError(err) ? 2 : 1 };
}
