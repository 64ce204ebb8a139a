// corpora/help/<name>/verdicts.json: what the real program did with each of the entry's
// invocations (verify-invocations runs them; the corpus test reads them). One verdict per
// line: a diff shows each changed verdict as one line, and the file is a third smaller than
// with every field on its own line.
import { readFileSync } from "node:fs";

export interface Verdict {
  input: string;
  expected: "valid" | "invalid";
  exitCode: number | null;
  usageError: boolean;
  ok: boolean;
  evidence: string;
}

export interface Verdicts {
  program: string;
  version?: string;
  verdicts: Verdict[];
}

/** The file's text: the header fields one per line, then one verdict per line. */
export function formatVerdicts({ program, version, verdicts }: Verdicts): string {
  const head = JSON.stringify({ program, version }, null, 2).slice(0, -2);
  const lines = verdicts.map((v) =>
    JSON.stringify({ input: v.input, expected: v.expected, exitCode: v.exitCode, usageError: v.usageError, ok: v.ok, evidence: v.evidence }),
  );
  const list = lines.length ? `[\n${lines.map((l) => `    ${l}`).join(",\n")}\n  ]` : "[]";
  return `${head},\n  "verdicts": ${list}\n}\n`;
}

export function readVerdicts(file: string): Verdicts {
  return JSON.parse(readFileSync(file, "utf8")) as Verdicts;
}
