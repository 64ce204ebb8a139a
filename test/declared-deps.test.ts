// Every package a published file imports is declared by that package itself. Inside the
// monorepo, hoisting lets an undeclared import work; installed from npm it fails on the
// first run that reaches it. Published files are src/ and bin/ less what the package's
// "files" leaves out (`!dist/bench` leaves out src/bench); type-only imports count too,
// since the emitted .d.ts files keep them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PACKAGES = [...readdirSync(join(ROOT, "packages")).map((d) => `packages/${d}`), "bench", "grammars", "model", "corpora"];

interface Manifest {
  name: string;
  files?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The source files whose output the package publishes. */
function publishedSources(dir: string, pkg: Manifest): string[] {
  const left = (pkg.files ?? []).filter((f) => f.startsWith("!dist/")).map((f) => f.slice("!dist/".length).replace(/\.\*$/, ""));
  const src = walk(join(dir, "src")).filter(
    (f) => /\.[cm]?[jt]s$/.test(f) && !f.endsWith(".d.ts") && !left.some((l) => relative(join(dir, "src"), f).startsWith(l)),
  );
  const bin = walk(join(dir, "bin"));
  const own = readdirSync(dir)
    .filter((f) => /^index\.[cm]?js$/.test(f))
    .map((f) => join(dir, f));
  return [...src, ...bin, ...own];
}

// A quoted "from" (an option named from: get("from") === "man") is a string, not an import.
const SPECIFIER = /(?:(?<!["'])\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\(\s*)["']([^"'./#][^"']*)["']/g;
const packageOf = (spec: string): string =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

function imported(file: string): string[] {
  const out: string[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    // A line that is itself a string literal is generated code (the pack module's text).
    if (/^["'`]/.test(line.trim()) || /^\s*(\/\/|\*)/.test(line)) continue;
    for (const m of line.matchAll(SPECIFIER)) if (!m[1]!.startsWith("node:") && !isBuiltin(m[1]!)) out.push(packageOf(m[1]!));
  }
  return out;
}

describe("declared dependencies", () => {
  for (const dir of PACKAGES) {
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as Manifest;
    it(`${pkg.name} declares every package its published files import`, () => {
      const declared = new Set([pkg.name, ...Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies })]);
      const missing = publishedSources(join(ROOT, dir), pkg).flatMap((f) =>
        imported(f)
          .filter((p) => !declared.has(p))
          .map((p) => `${relative(ROOT, f)} imports ${p}`),
      );
      expect(missing).toEqual([]);
    });
  }

  it("reads the imports it checks", () => {
    const grammargen = JSON.parse(readFileSync(join(ROOT, "packages/grammargen/package.json"), "utf8")) as Manifest;
    const seen = new Set(publishedSources(join(ROOT, "packages/grammargen"), grammargen).flatMap(imported));
    expect([...seen].sort()).toEqual(expect.arrayContaining(["@mlc-ai/web-xgrammar", "@shellgen/base", "ajv", "chevrotain", "execa", "yaml"]));
  });

  it("keeps in the root's dependencies only packages that published files import", () => {
    // Anything else is for tests or scripts, and belongs in devDependencies: a package that
    // depends on the root (CI, the packed-install check) should not pull it in.
    const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest;
    const used = new Set(
      PACKAGES.flatMap((dir) => {
        const pkg = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as Manifest;
        return [...publishedSources(join(ROOT, dir), pkg).flatMap(imported), ...Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })];
      }),
    );
    expect(Object.keys(root.dependencies ?? {}).filter((name) => !used.has(name))).toEqual([]);
  });

  it("declares each shared dependency at the version the lockfile holds", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string }> };
    const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest;
    const wanted = { ...root.dependencies };
    const differ: string[] = [];
    for (const dir of PACKAGES) {
      const pkg = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as Manifest;
      for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.peerDependencies })) {
        if (name.startsWith("@shellgen/")) continue;
        const locked = lock.packages[`node_modules/${name}`]?.version;
        if (!locked) differ.push(`${pkg.name}: ${name} is not in package-lock.json`);
        else if (range.replace(/^[\^~]/, "") !== locked) differ.push(`${pkg.name}: ${name}@${range}, locked ${locked}`);
        if (wanted[name] && wanted[name] !== range) differ.push(`${pkg.name}: ${name}@${range}, the root asks ${wanted[name]}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
