// The grammar pack: no drift from the corpus, atomic regeneration, and an npm tarball that
// a fresh project can install offline and import.
import { describe, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildPack } from "@shellgen/grammargen";

const PACK = join(import.meta.dirname, "..");
const REPO = join(PACK, "..");

/** A temp base with no node_modules above it, so the fresh project sees only what it installed. */
function isolatedBase(): string {
  const clean = (d: string) => d.split("/").every((_, i, parts) => !existsSync(join("/", ...parts.slice(0, i + 1), "node_modules")));
  const base = ["/var/tmp", "/dev/shm", tmpdir()].find((d) => existsSync(d) && clean(d));
  if (!base) throw new Error("no temp directory without a node_modules above it");
  return base;
}

function scratchPack(): string {
  const dir = mkdtempSync(join(tmpdir(), "pack-"));
  const config = JSON.parse(readFileSync(join(PACK, "pack.json"), "utf8"));
  config.corpus = join(REPO, "corpora/help");
  config.policy = join(REPO, "packages/grammargen/policies/default.yaml");
  config.tools = (config.tools ?? []).map((t: string) => join(REPO, "corpora/schemas", t.replace(/^.*\//, "")));
  config.wrapperShapes = join(dir, "wrapper-shapes.ts");
  if (config.debian) config.debian = join(REPO, "corpora/debian");
  writeFileSync(join(dir, "pack.json"), JSON.stringify(config));
  cpSync(join(PACK, "package.json"), join(dir, "package.json"));
  return dir;
}

describe("grammar pack", () => {
  test("regenerating from corpora/help and corpora/debian gives exactly the committed pack (no drift)", () => {
    const dir = scratchPack();
    try {
      const r = buildPack(dir);
      expect(r.programs).toBeGreaterThanOrEqual(100);
      const fresh = readdirSync(join(dir, "pack")).sort();
      const committed = readdirSync(join(PACK, "pack")).sort();
      expect(fresh).toEqual(committed);
      const drift = fresh.filter((f) => readFileSync(join(dir, "pack", f), "utf8") !== readFileSync(join(PACK, "pack", f), "utf8"));
      expect(drift, "run `npm run pack` and commit grammars/pack").toEqual([]);
      // The wrapper table @shellgen/base reads is derived from the same help texts.
      expect(readFileSync(join(dir, "wrapper-shapes.ts"), "utf8"), "run `npm run pack` and commit packages/base/src/shell/wrapper-shapes.ts").toBe(
        readFileSync(join(REPO, "packages/base/src/shell/wrapper-shapes.ts"), "utf8"),
      );
      // The generated set (not committed) is what pack/debian.json lists: the build step that
      // makes it from the committed texts alone finds it current and reports no drift.
      cpSync(join(PACK, "pack"), join(dir, "pack"), { recursive: true });
      const again = buildPack(dir, { generated: true });
      expect(again.files, "a fresh build already matches the committed hashes").toBe(0);
      expect(again.debian).toBe(r.debian);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  // Killing a pack mid-write: packages/grammargen/test/pack-kill.test.ts (it proves where each kill lands).

  test("npm pack tarball installs offline into a fresh project and imports", () => {
    const work = mkdtempSync(join(isolatedBase(), "pack-install-"));
    try {
      const tgz = execFileSync("npm", ["pack", PACK, "--pack-destination", work, "--silent"], { encoding: "utf8" }).trim().split("\n").pop()!;
      const app = join(work, "app");
      execFileSync("mkdir", ["-p", app]);
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "fresh-app", version: "1.0.0", type: "module", private: true }));
      execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", join(work, tgz)], { cwd: app, stdio: "pipe" });
      writeFileSync(
        join(app, "main.js"),
        `import { grep, git_log, commands, debian, program, defaultGrammar, compose, manifest } from "@shellgen/grammars";
const some = Object.keys(debian).at(-1);
const out = { grepLark: grep.lark.includes("start"), grepGbnf: grep.gbnf.includes("root ::="), grepIr: grep.ir.path, gitLog: git_log.path, n: Object.keys(commands).length,
  debian: Object.keys(debian).length, debianGbnf: program(some).gbnf.includes("root ::="), debianIr: program(some).ir.path.join("-") === some || program(some).ir.path[0] === some,
  def: defaultGrammar.gbnf.length > 1000 && defaultGrammar.lark.length > 1000, version: manifest.version, compose: typeof compose };
let composeError = ""; try { await compose({ commands: ["cat"] }); } catch (e) { composeError = e.message; }
console.log(JSON.stringify({ ...out, composeError }));`,
      );
      const r = JSON.parse(execFileSync(process.execPath, ["main.js"], { cwd: app, encoding: "utf8" }));
      expect(r).toMatchObject({ grepLark: true, grepGbnf: true, grepIr: ["grep"], gitLog: ["git", "log"], def: true, version: "0.1.0", compose: "function" });
      expect(r.n).toBeGreaterThanOrEqual(100);
      // The Debian-derived grammars, generated by prepack, travel in the tarball.
      expect(r).toMatchObject({ debianGbnf: true, debianIr: true });
      expect(r.debian).toBeGreaterThanOrEqual(1000);
      expect(r.composeError).toMatch(/needs @shellgen\/grammargen/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
