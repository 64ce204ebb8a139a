// The project's documentation files, read by the README tests (commands and ts examples), so
// a new README is walked by both or by neither.
export const DOCS = [
  "README.md",
  "docs/GUIDE.md",
  "docs/grammargen-in-ci.md",
  "docs/ARCHITECTURE.md",
  "packages/cli/README.md",
  "packages/grammargen/README.md",
  "packages/decode/README.md",
  "packages/fewshot/README.md",
  "packages/agent/README.md",
  "packages/sandbox/README.md",
  "packages/base/README.md",
  "bench/README.md",
  "grammars/README.md",
];
