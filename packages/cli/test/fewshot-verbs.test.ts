// `shellgen learn` and `shellgen examples` through the dispatcher, on the real pool.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { main } from "../src/main.js";

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  try {
    return { code: await main(argv), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const home = (tag: string) => mkdtempSync(join(tmpdir(), `shellgen-${tag}-`));

describe("shellgen learn / examples", () => {
  it("learn: prints what it learned and exits 0; a bad pair exits 1 with one line; wrong arity is a usage error", async () => {
    const dir = home("learn");
    const ok = await run(["learn", "Show hidden files in src", "ls -a src", "--dir", dir]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("learned (ls): ls -a src");
    const again = await run(["learn", "Show hidden files in src", "ls -a src", "--dir", dir]);
    expect(again.out).toBe("already in the pool: ls -a src\n");
    const bad = await run(["learn", "Oops", "echo $(", "--dir", dir]);
    expect(bad.code).toBe(1);
    expect(bad.err.trim().split("\n")).toHaveLength(1);
    expect(bad.err).toMatch(/^shellgen: cannot learn/);
    const usage = await run(["learn", "only one"]);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^shellgen: learn needs exactly a request and a command .*shellgen learn --help/);
  });

  it("a learned pair is what examples then retrieves first", async () => {
    const dir = home("learn-examples");
    const request = "Show disk usage of the photos folder sorted biggest first";
    expect((await run(["learn", request, "du -sh photos/* | sort -rh", "--dir", dir])).code).toBe(0);
    const r = await run(["examples", request, "--k", "2", "--json", "--dir", dir]);
    expect(JSON.parse(r.out).examples[0].command).toBe("du -sh photos/* | sort -rh");
  });

  it("examples --json prints {examples: [{request, command, program, score}]}", async () => {
    const r = await run(["examples", "extract the tarball backup.tar.gz", "--k", "3", "--json", "--dir", home("examples")]);
    expect(r.code).toBe(0);
    const parsed = JSON.parse(r.out);
    expect(Object.keys(parsed)).toEqual(["examples"]);
    expect(parsed.examples.length).toBeGreaterThan(0);
    expect(parsed.examples.length).toBeLessThanOrEqual(3);
    for (const e of parsed.examples) {
      expect(Object.keys(e).sort()).toEqual(["command", "program", "request", "score"]);
      expect(typeof e.score).toBe("number");
    }
    expect(parsed.examples[0].program).toBe("tar");
  });

  it("examples: readable output, and one-line usage errors", async () => {
    const dir = home("examples2");
    const r = await run(["examples", "count words in essay.txt", "--dir", dir]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Request: .*\nCommand: wc/);
    expect(r.out).toMatch(/\d+ examples, about \d+ prompt tokens/);
    const bad = await run(["examples", "x", "--k", "many", "--dir", dir]);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('shellgen: --k needs an integer from 0 to 64 (got "many")\n');
    const unknown = await run(["examples", "x", "--frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe("shellgen: unknown option --frobnicate (see shellgen examples --help)\n");
  });
});
