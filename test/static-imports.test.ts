// Every tie between the project's packages is one tsc checks: no `import(variable)` in the
// sources, and no import("@shellgen/...") either. (A literal dynamic import of an
// in-package module or of a heavy third-party package is how start-up stays fast, and tsc
// still resolves and types it; another package of the project is a static import.)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["packages", "bench"];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist") continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(path));
    else if (path.endsWith(".ts") && !path.endsWith(".d.ts") && path.includes("/src/")) out.push(path);
  }
  return out;
}

describe("static ties between packages", () => {
  const files = SOURCES.flatMap((d) => sources(join(ROOT, d)));

  it("finds the sources", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  /** Source lines matching `re`, as file:line: text. */
  const linesMatching = (re: RegExp): string[] => {
    const bad: string[] = [];
    for (const file of files) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          // A line that is itself a string literal is generated code (the pack module's text), not a tie.
          if (/^["'`]/.test(line.trim())) return;
          if (re.test(line)) bad.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    return bad;
  };

  it("no import() of a computed specifier: every specifier is a literal tsc resolves", () => {
    expect(linesMatching(/\bimport\(\s*(?!["'`])/)).toEqual([]);
  });

  it('no import("@shellgen/...") at all, as a type or at run time: another package is a static import', () => {
    expect(linesMatching(/\bimport\(\s*["'`]@shellgen\//)).toEqual([]);
  });
});
