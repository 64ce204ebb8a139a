// docs/grammargen-in-ci.md runs as written: its program list and script are taken from the
// page, `npx grammargen` is the built CLI of this checkout, and the page's two commands
// generate the grammars, pass the check, and fail it once a grammar drifts or goes missing.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const page = readFileSync(join(ROOT, "docs/grammargen-in-ci.md"), "utf8");

const fenced = (lang: string): string[] => [...page.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
/** The page's indented command lines that run the script. */
const commands = page
  .split("\n")
  .filter((l) => /^ {4}bash scripts\/grammars\.sh/.test(l))
  .map((l) => l.trim());

const dir = mkdtempSync(join(tmpdir(), "grammargen-in-ci-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, "grammars"));
mkdirSync(join(dir, "scripts"));
mkdirSync(join(dir, "bin"));
writeFileSync(join(dir, "grammars/programs.txt"), fenced("text")[0]!);
writeFileSync(join(dir, "scripts/grammars.sh"), fenced("sh")[0]!);
// `npx grammargen` as an installed project would run it: the package's bin, here this checkout's build.
const npx = join(dir, "bin/npx");
writeFileSync(
  npx,
  `#!/bin/sh\n[ "$1" = grammargen ] || { echo "npx: only grammargen here" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${join(ROOT, "packages/grammargen/bin/grammargen.js")}" "$@"\n`,
);
chmodSync(npx, 0o755);

function run(command: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync("bash", ["-c", command], {
    cwd: dir,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH}` },
  });
}

const programs = (fenced("text")[0] ?? "").split("\n").filter(Boolean);

describe("docs/grammargen-in-ci.md, run", () => {
  it("has a program list, a script and the two commands", () => {
    expect(programs).toEqual(["curl", "jq", "tar"]);
    expect(fenced("sh")[0]).toContain("npx grammargen --format gbnf --out");
    expect(commands).toEqual(["bash scripts/grammars.sh", "bash scripts/grammars.sh --check"]);
  });

  it("generates a grammar per program, then the check passes", () => {
    const gen = run(commands[0]!);
    expect(gen.status, gen.stderr).toBe(0);
    for (const p of programs) expect(readFileSync(join(dir, "grammars", `${p}.gbnf`), "utf8")).toMatch(new RegExp(`^root ::= ${p}\\b`, "m"));
    const check = run(commands[1]!);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout.trim().split("\n")).toEqual(programs.map((p) => `up to date: grammars/${p}.gbnf`));
  }, 300_000);

  it("fails on a drifted grammar and on a missing one, naming each, and writes nothing", () => {
    const jq = join(dir, "grammars/jq.gbnf");
    const stale = readFileSync(jq, "utf8").replace(/^root ::= jq/m, "root ::= jq-1.5");
    writeFileSync(jq, stale);
    unlinkSync(join(dir, "grammars/tar.gbnf"));
    const check = run(commands[1]!);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("up to date: grammars/curl.gbnf");
    expect(check.stderr).toMatch(/drift: grammars\/jq\.gbnf differs from the grammar generated now, first at line \d+/);
    expect(check.stderr).toMatch(/drift: grammars\/tar\.gbnf does not exist/);
    expect(readFileSync(jq, "utf8")).toBe(stale);
    const regen = run(commands[0]!);
    expect(regen.status, regen.stderr).toBe(0);
    expect(run(commands[1]!).status).toBe(0);
  }, 300_000);
});
