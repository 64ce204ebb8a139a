// What a failed attempt says, reduced to what the next decode can use: an error signature
// (the last stderr lines with the incidental parts, numbers and the /workspace prefix,
// taken out, so "the same error again" can be recognised) and the names the command
// wanted that do not exist.
import { createHash } from "node:crypto";

const TAIL_LINES = 3;

/** The last stderr lines, normalised; "" when stderr is empty. */
export function errorSummary(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  return lines
    .slice(-TAIL_LINES)
    .map((l) =>
      l
        .replace(/\/workspace\//g, "")
        .replace(/^(?:bash|sh): line \d+: /, "")
        .replace(/\b\d+\b/g, "N")
        .slice(0, 200),
    )
    .join(" | ");
}

/** A short stable id of (exit status, normalised error lines). */
export function errorSignature(exitCode: number | null, stderr: string, extra = ""): string {
  const text = `${exitCode ?? "killed"}\n${errorSummary(stderr)}\n${extra}`;
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}

export const commandHash = (command: string): string => createHash("sha256").update(command.trim().replace(/\s+/g, " ")).digest("hex").slice(0, 12);

const unquote = (s: string): string => s.replace(/^\/workspace\//, "").replace(/^\.\//, "");

/** Names that stderr reports as missing ("No such file or directory"), in order, unique. */
export function missingNames(stderr: string): string[] {
  const out: string[] = [];
  for (const line of stderr.split("\n")) {
    if (!/No such file or directory|cannot find|does not exist/i.test(line)) continue;
    const quoted = /['‘"`]([^'’"`\n]+)['’"`]/.exec(line);
    let name = quoted?.[1];
    if (!name) {
      // "cat: x: No such file..." / "bash: line 1: x: No such file...": the field before the message.
      const fields = line.split(/:\s+/);
      const at = fields.findIndex((f) => /No such file or directory|cannot find|does not exist/i.test(f));
      const candidates = fields.slice(1, at < 0 ? undefined : at).filter((f) => !/^(line \d+|cannot (read|open|stat|access)|Cannot open)$/i.test(f));
      name = candidates[candidates.length - 1];
    }
    if (name && !/\s{2,}/.test(name) && name.length <= 200) {
      const n = unquote(name.trim());
      if (n !== "" && !out.includes(n)) out.push(n);
    }
  }
  return out;
}

/** Programs the shell could not find ("foo: command not found"). */
export function unknownPrograms(stderr: string): string[] {
  const out: string[] = [];
  for (const m of stderr.matchAll(/([A-Za-z0-9_.+-]+): command not found/g)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

/** Levenshtein distance; `ignoreCase` compares letters case-insensitively. */
export function editDistance(a: string, b: string, ignoreCase = false): number {
  const same = ignoreCase ? (x: string, y: string) => x.toLowerCase() === y.toLowerCase() : (x: string, y: string) => x === y;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (same(a[i - 1]!, b[j - 1]!) ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** Real names most like `name` (case-insensitive edit distance, then shared extension), best first. */
export function nearestNames(name: string, real: string[], n = 5): string[] {
  const ext = /\.[^./]+$/.exec(name)?.[0];
  return real
    .map((r) => ({ r, d: editDistance(name, r.replace(/\/$/, ""), true) - (ext && r.endsWith(ext) ? 0.5 : 0) }))
    .sort((x, y) => x.d - y.d || x.r.localeCompare(y.r))
    .slice(0, n)
    .map((x) => x.r);
}
