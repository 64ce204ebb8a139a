// Deterministic request generator for the decode tests: everyday phrasings over varied file
// names, plus one request per program in the pack so every grammar gets exercised.
const TEMPLATES = [
  "How many lines are in {f}?",
  "Show the first {n} lines of {f}",
  "Show the last {n} lines of {f}",
  "Sort {f} and remove duplicate lines",
  "Print the lines of {f} that contain {w}",
  "Count the words in {f}",
  "Copy {f} to {d}",
  "Compress {f} with gzip",
  "Delete the file {f}",
  "List the contents of {d} with sizes",
  "Make a directory named {d}",
  "Replace {w} with {w2} in {f} and print the result",
  "Print the second comma-separated column of {f}",
  "Find all files ending in .txt under {d}",
  "Show how much disk space {d} uses",
  "Print {f} with line numbers",
  "Convert {f} to upper case",
  "Count how many times each line appears in {f}",
  "Show the differences between {f} and {f2}",
  "Print the sha256 checksum of {f}",
];
const FILES = ["notes.txt", "data.csv", "app.log", "names.txt", "report.md", "config.ini", "words.txt", "access.log", "people.csv", "todo.list"];
const DIRS = ["backup", "logs", "src", "archive", "out"];
const WORDS = ["error", "TODO", "alpha", "warning", "main"];

export function generatedRequests(programs: string[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const t = TEMPLATES[i % TEMPLATES.length]!;
    const k = Math.floor(i / TEMPLATES.length);
    out.push(
      t
        .replace("{f}", FILES[(i + k) % FILES.length]!)
        .replace("{f2}", FILES[(i + k + 3) % FILES.length]!)
        .replace("{d}", DIRS[(i + 2 * k) % DIRS.length]!)
        .replace("{w}", WORDS[(i + k) % WORDS.length]!)
        .replace("{w2}", WORDS[(i + k + 1) % WORDS.length]!)
        .replace("{n}", String(((i * 7) % 19) + 2)),
    );
    if (i < programs.length) out.push(`Use ${programs[i]} on ${FILES[i % FILES.length]}`);
  }
  return out.slice(0, count);
}
