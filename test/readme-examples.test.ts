// The API examples of the READMEs run as written: every ```ts block that imports the project's
// packages (node: modules and node-llama-cpp besides) is written to a module file and imported,
// against the packages' sources. A block that loads the reader's "model.gguf" runs in a folder
// where that name is the embedded default model.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { DOCS } from "./docs.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

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

const runnable = (b: Block) => b.imports.length > 0 && b.imports.every((s) => s.startsWith("@shellgen/") || s.startsWith("node:") || s === "node-llama-cpp");
const all = blocks();
// Under node_modules, so a bare "@shellgen/grammars" resolves the way it does for a user.
const cache = join(ROOT, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, "readme-examples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder whose model.gguf is the embedded default model, standing in for the reader's. */
function readerFolder(): string {
  const folder = join(dir, "reader");
  if (!existsSync(join(folder, "model.gguf"))) {
    mkdirSync(folder, { recursive: true });
    symlinkSync(join(ROOT, "model", "shellgen-mini.gguf"), join(folder, "model.gguf"));
  }
  return folder;
}

describe("the READMEs' API examples", () => {
  it("finds an example to run in each package README", () => {
    const files = new Set(all.filter(runnable).map((b) => b.file));
    expect(DOCS.filter((f) => f.endsWith("/README.md") && !files.has(f))).toEqual([]);
  });

  it("runs every block", () => {
    expect(all.filter((x) => !runnable(x)).map((b) => `${b.file}:${b.line} (imports ${b.imports.join(", ") || "nothing"})`)).toEqual([]);
  });

  it.each(all.filter(runnable).map((b) => [`${b.file}:${b.line}`, b] as const))("%s runs as written", { timeout: 240_000 }, async (_label, b) => {
    const module = join(dir, `${b.file.replace(/[^a-z0-9]+/gi, "-")}-${b.line}.ts`);
    writeFileSync(module, `${b.code}\nexport {};\n`);
    const cwd = process.cwd();
    process.chdir(b.code.includes('"model.gguf"') ? readerFolder() : ROOT);
    try {
      await expect(import(pathToFileURL(module).href)).resolves.toBeDefined();
    } finally {
      process.chdir(cwd);
    }
  });
});
