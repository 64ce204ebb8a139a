// Every CLI built on @shellgen/base's argv parser refuses an option where a value belongs
// (`--dir --json`) with one usage line and exit 2, before doing any work, and takes the
// same word when written `--dir=--json`.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { main as benchMain } from "../bench/src/cli/main.js";
import { main as shellgenMain } from "../packages/cli/src/main.js";
import { main as grammargenMain } from "../packages/grammargen/src/cli/main.js";

const dir = mkdtempSync(join(tmpdir(), "argv-values-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function shellgen(argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => ((stderr += String(s)), true));
  try {
    return { code: await shellgenMain(argv), stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

async function grammargen(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), readStdin: async () => "" };
  return { code: await grammargenMain(argv, io), out, err };
}

async function bench(argv: string[]): Promise<{ code: number; err: string }> {
  let err = "";
  return { code: await benchMain(argv, { out: () => undefined, err: (s) => void (err += s) }), err };
}

describe("an option where a value belongs", () => {
  it("shellgen: --model --json is refused before any model is opened", async () => {
    const r = await shellgen(["--model", "--json", "list files"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("shellgen: --model needs a value, but --json is an option; write --model=--json if --json is the value (see shellgen --help)\n");
    // Run where a wrongly taken "--json" folder would show up.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const learn = await shellgen(["learn", "count lines", "wc -l f", "--dir", "--json"]);
      expect(learn.code).toBe(2);
      expect(learn.stderr).toMatch(/^shellgen: --dir needs a value, but --json is an option; write --dir=--json/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  });

  it("grammargen: check-policy --policy --json and pack --dir --json are refused", async () => {
    const r = await grammargen(["check-policy", "--policy", "--json", "--", "ls"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "grammargen: error: --policy needs a value, but --json is an option; write --policy=--json if --json is the value (see grammargen --help)\n",
    );
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const pack = await grammargen(["pack", "--dir", "--json"]);
      expect(pack.code).toBe(2);
      expect(pack.err).toMatch(/--dir needs a value, but --json is an option/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
    // The `=` form means the word itself: a policy file named "--json", which does not exist.
    const eq = await grammargen(["check-policy", "--policy=--json", "--", "ls"]);
    expect(eq.err).not.toMatch(/needs a value/);
    expect(eq.err).toMatch(/--json/);
  });

  it("bench: run --suite --resume is refused", async () => {
    const r = await bench(["run", "--suite", "--resume"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--suite needs a value, but --resume is an option; write --suite=--resume/);
  });
});
