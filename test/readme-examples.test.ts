// The API examples of the READMEs run as written: every ```ts block that imports only the
// project's packages and node: modules is written to a module file and imported, against the
// packages' sources. Blocks that need something from outside (a model file of the reader's,
// another library) are shown, not run; the test names each block it skips.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DOCS = [
  "README.md",
  "packages/grammargen/README.md",
  "packages/cli/README.md",
  "packages/decode/README.md",
  "packages/fewshot/README.md",
  "packages/agent/README.md",
  "packages/sandbox/README.md",
  "packages/base/README.md",
  "bench/README.md",
  "grammars/README.md",
];

interface Block {
  file: string;
  line: number;
  code: string;
  imports: string[];
}

function blocks(): Block[] {
  const out: Block[] = [];
  for (const file of DOCS) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
      const imports = [...m[1]!.matchAll(/^import\b[^;]*?from\s+"([^"]+)"/gm)].map((i) => i[1]!);
      out.push({ file, line: text.slice(0, m.index).split("\n").length, code: m[1]!, imports });
    }
  }
  return out;
}

const runnable = (b: Block) => b.imports.length > 0 && b.imports.every((s) => s.startsWith("@shellgen/") || s.startsWith("node:"));
const all = blocks();
// Under node_modules, so a bare "@shellgen/grammars" resolves the way it does for a user.
const cache = join(ROOT, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, "readme-examples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the READMEs' API examples", () => {
  it("finds an example to run in each package README", () => {
    const files = new Set(all.filter(runnable).map((b) => b.file));
    expect(DOCS.filter((f) => f !== "README.md" && !files.has(f))).toEqual([]);
  });

  for (const b of all.filter((x) => !runnable(x))) it.skip(`${b.file}:${b.line} is shown, not run (imports ${b.imports.join(", ") || "nothing"})`, () => {});

  it.each(all.filter(runnable).map((b) => [`${b.file}:${b.line}`, b] as const))("%s runs as written", { timeout: 240_000 }, async (_label, b) => {
    const module = join(dir, `${b.file.replace(/[^a-z0-9]+/gi, "-")}-${b.line}.ts`);
    writeFileSync(module, `${b.code}\nexport {};\n`);
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      await expect(import(pathToFileURL(module).href)).resolves.toBeDefined();
    } finally {
      process.chdir(cwd);
    }
  });
});
