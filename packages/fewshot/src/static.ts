import { defaultExamplesDir, readExamplesDir, type Example } from "./example.js";

// The baseline block for the bench's static-fewshot mode: the same examples for every
// request, one per program, spread over the programs people reach for most often.

const ORDER = [
  "find",
  "grep",
  "ls",
  "wc",
  "sort",
  "sed",
  "awk",
  "tar",
  "head",
  "du",
  "cut",
  "tail",
  "uniq",
  "cp",
  "mv",
  "chmod",
  "xargs",
  "tr",
  "date",
  "git",
  "jq",
  "curl",
  "diff",
  "mkdir",
  "rm",
  "ps",
  "df",
  "gzip",
  "cat",
  "echo",
];

let cache: Example[] | undefined;

export function staticExamples(n: number, dir = defaultExamplesDir()): { request: string; command: string }[] {
  if (!(n >= 0)) throw new RangeError(`staticExamples: n must be >= 0 (got ${n})`);
  const pool = dir === defaultExamplesDir() ? (cache ??= readExamplesDir(dir)) : readExamplesDir(dir);
  const programs = [...ORDER, ...[...new Set(pool.map((e) => e.program))].filter((p) => !ORDER.includes(p)).sort()];
  const out: { request: string; command: string }[] = [];
  for (const p of programs) {
    if (out.length >= n) break;
    // The plainest example of each program: lowest difficulty, then shortest command.
    const pick = pool
      .filter((e) => e.program === p)
      .sort((a, b) => a.difficulty - b.difficulty || a.command.length - b.command.length || a.request.localeCompare(b.request))[0];
    if (pick) out.push({ request: pick.request, command: pick.command });
  }
  return out;
}
