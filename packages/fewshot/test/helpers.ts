import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `fewshot-${tag}-`));
}

/** A small examples folder, so store tests do not depend on the generated pool. */
export function smallCorpus(): string {
  const dir = tempDir("corpus");
  mkdirSync(dir, { recursive: true });
  const rows = [
    { request: "Count the lines in notes.txt", command: "wc -l < notes.txt", program: "wc", category: "count", difficulty: 1 },
    { request: "Find all log files under var", command: "find var -name '*.log'", program: "find", category: "search", difficulty: 2 },
    { request: "Find python files under src", command: "find src -name '*.py'", program: "find", category: "search", difficulty: 2 },
    { request: "Show the first 5 lines of data.csv", command: "head -n 5 data.csv", program: "head", category: "text", difficulty: 1 },
    { request: "Search app.log for error", command: "grep 'error' app.log", program: "grep", category: "search", difficulty: 1 },
    { request: "Extract backup.tar.gz", command: "tar -xzf backup.tar.gz", program: "tar", category: "archive", difficulty: 1 },
  ];
  writeFileSync(join(dir, "mini.jsonl"), rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return dir;
}
