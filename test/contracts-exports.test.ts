// Each package's src/index.ts exports exactly the names docs/CONTRACTS.md lists for it, so the
// public API and its documentation cannot drift apart. The listing is an
// `import { ... } from "@shellgen/<pkg>"` statement inside a ```ts block of CONTRACTS.md; the
// exports are read by the TypeScript checker (types included, `export *` followed).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const INDEXES: Record<string, string> = {
  agent: "packages/agent/src/index.ts",
  base: "packages/base/src/index.ts",
  bench: "bench/src/index.ts",
  cli: "packages/cli/src/index.ts",
  decode: "packages/decode/src/index.ts",
  fewshot: "packages/fewshot/src/index.ts",
  grammargen: "packages/grammargen/src/index.ts",
  sandbox: "packages/sandbox/src/index.ts",
};

/** Package name -> the names its `import { ... } from "@shellgen/<pkg>"` listings in ```ts blocks give. */
function documented(markdown: string): Map<string, { names: string[]; line: number }[]> {
  const out = new Map<string, { names: string[]; line: number }[]>();
  for (const block of markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
    // Comments go first, so a brace or a comma inside one cannot cut a listing short.
    const code = block[1]!.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@shellgen\/([\w-]+)"/g)) {
      const names = m[1]!
        .split(",")
        .map((s) => s.trim().replace(/^type\s+/, ""))
        .filter(Boolean);
      const line = markdown.slice(0, block.index!).split("\n").length;
      out.set(m[2]!, [...(out.get(m[2]!) ?? []), { names, line }]);
    }
  }
  return out;
}

function exported(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((f) => {
      const symbol = checker.getSymbolAtLocation(program.getSourceFile(f)!);
      return [f, symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : []];
    }),
  );
}

describe("docs/CONTRACTS.md lists each package's exports", () => {
  const contracts = readFileSync(join(ROOT, "docs/CONTRACTS.md"), "utf8");
  const listed = documented(contracts);
  const files = Object.values(INDEXES).map((p) => join(ROOT, p));
  const actual = exported(files);

  it("reads a listing for every package", () => {
    expect(Object.keys(INDEXES).filter((p) => !listed.has(p))).toEqual([]);
  });

  for (const [pkg, index] of Object.entries(INDEXES)) {
    it(`@shellgen/${pkg}: ${index} exports what CONTRACTS.md lists, and nothing else`, () => {
      const listings = listed.get(pkg) ?? [];
      const names = listings.flatMap((l) => l.names);
      const where = listings.map((l) => `docs/CONTRACTS.md:${l.line}`).join(", ") || "docs/CONTRACTS.md";
      const got = new Set(actual.get(join(ROOT, index)));
      expect(got.size, index).toBeGreaterThan(0);
      expect({ [`exported by ${index}, not listed in ${where}`]: [...got].filter((n) => !names.includes(n)).sort() }).toEqual({
        [`exported by ${index}, not listed in ${where}`]: [],
      });
      expect({ [`listed in ${where}, not exported by ${index}`]: names.filter((n) => !got.has(n)).sort() }).toEqual({
        [`listed in ${where}, not exported by ${index}`]: [],
      });
      expect(names.length, `${where} lists a name twice`).toBe(new Set(names).size);
    });
  }
});
