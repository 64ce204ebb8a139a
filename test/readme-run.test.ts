// The root README's tour runs as written: every `npx shellgen|grammargen|bench` line is
// executed, in order, in a scratch folder that holds what a reader would have (notes.txt, the
// repository's policies and schemas), and must exit 0 with output. A line is skipped only when
// it is a template (`"..."`, `<user>`, `/path/to`) or needs a server or network; the skips are
// pinned, so a new skipped line is a decision, not an accident.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "node_modules", ".bin");

/**
 * Shell lines of the README that start with `npx <our tool>`, outside the results block: the
 * command that produced the published table takes minutes, and readme-commands checks it.
 */
function tourLines(): string[] {
  return readFileSync(join(ROOT, "README.md"), "utf8")
    .replace(/<!-- results:start -->[\s\S]*?<!-- results:end -->/, "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^npx (shellgen|grammargen|bench)\b/.test(l))
    .map((l) => l.replace(/\s+#\s.*$/, ""));
}

const isTemplate = (l: string) => /"\.\.\."|<[a-z]+>|\/path\/to\/|http:\/\/|hf:/.test(l);

/** Split a documented line into argv the way bash would for these simple lines. */
function argv(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

const lines = tourLines();
const dir = mkdtempSync(join(tmpdir(), "readme-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "notes.txt"), "one\ntwo\nthree\n");
for (const p of ["packages", "corpora"]) if (!existsSync(join(dir, p))) symlinkSync(join(ROOT, p), join(dir, p));

describe("the README's tour, run", () => {
  it("documents a tour, and skips only templates", () => {
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(lines.filter(isTemplate)).toEqual([
      'npx shellgen --model ./any-model.gguf "..."',
      'npx shellgen --model hf:<user>/<repo>/<file>.gguf "..."',
      'npx shellgen --model http://127.0.0.1:8080 "..."',
      'npx shellgen --model http://127.0.0.1:8000/v1 --engine vllm "..."',
      'npx shellgen --model http://127.0.0.1:30000/v1 --engine sglang "..."',
    ]);
  });

  // In order: `--out grep.gbnf grep` writes the file that `validate grep.gbnf` reads.
  for (const line of lines.filter((l) => !isTemplate(l))) {
    it(line, () => {
      const [, tool, ...args] = argv(line);
      const res = spawnSync(join(BIN, tool!), args, {
        cwd: dir,
        encoding: "utf8",
        timeout: 240_000,
        env: { ...process.env, SHELLGEN_HOME: join(dir, ".shellgen"), NO_COLOR: "1" },
      });
      // check-policy's documented examples are commands the policy refuses: exit 1, naming the rule (deny.*, options.allow, ...) and a fix.
      const refusal = args[0] === "check-policy";
      expect(res.status, `${line}\n${res.stderr}`).toBe(refusal ? 1 : 0);
      if (refusal) expect(res.stdout + res.stderr).toMatch(/^[a-z]+\.[a-z-]+: .*\n\s+fix: /m);
      expect(args.includes("--out") || res.stdout.trim().length > 0, `${line} printed nothing`).toBe(true);
    }, 300_000);
  }
});
