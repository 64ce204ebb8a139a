// Installed the way a user installs it, shellgen works: scripts/packed-install.sh packs every
// publishable package, installs the tarballs into an empty project outside the repository
// (everything else from the npm registry, native addons built or fetched there) and runs the
// CLIs and imports in it. Minutes: it compiles better-sqlite3 and tree-sitter as npm does.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A temp folder with no node_modules above it, so the project resolves only what it installed. */
function isolatedBase(): string {
  const clean = (d: string) => d.split("/").every((_, i, parts) => !existsSync(join("/", ...parts.slice(0, i + 1), "node_modules")));
  const base = [tmpdir(), "/var/tmp", "/dev/shm"].find((d) => existsSync(d) && clean(d) && !d.startsWith(ROOT));
  if (!base) throw new Error("no temp folder without a node_modules above it");
  return base;
}

const CHECKS = [
  "packed 11 packages",
  "tarballs hold no bench, test, results or source files",
  "npm install",
  "esm import of @shellgen/grammars",
  "cjs require of @shellgen/grammars",
  "npx grammargen --format gbnf ls",
  "npx grammargen --check (no drift)",
  "npx grammargen curl --help all",
  "npx grammargen compose (programs from the installed pack)",
  "npx grammargen validate",
  "npx shellgen --explain",
  "the default model is @shellgen/model's",
  'npx shellgen "count the lines in notes.txt"',
  "npx shellgen examples (better-sqlite3 index)",
  "npx shellgen learn",
  "npx bench run --tier 1 --modes oracle",
];

describe("packed install", () => {
  it("every publishable package installs from its tarball outside the repository and works there", () => {
    const work = mkdtempSync(join(isolatedBase(), "shellgen-packed-"));
    try {
      const r = spawnSync("bash", [join(ROOT, "scripts/packed-install.sh"), work], { encoding: "utf8", timeout: 1_500_000, maxBuffer: 64 << 20 });
      const report = `${r.stdout}\n${r.stderr}`;
      expect(r.status, report).toBe(0);
      for (const name of CHECKS) expect(r.stdout, report).toMatch(new RegExp(`^ok: ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 1_600_000);
});
