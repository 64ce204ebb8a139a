// The CLI on the embedded default model: a user's grammar file constrains decoding, and a
// grammar llama.cpp cannot compile is one line on stderr.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultModelPath } from "@shellgen/decode";
import { describe, expect, it, vi } from "vitest";
import { main } from "../src/main.js";

const MODEL = defaultModelPath();

describe("shellgen --grammar FILE", () => {
  it("CLI: decodes under a user's Lark grammar, and reports one that llama.cpp rejects", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shellgen-grammar-"));
    writeFileSync(join(dir, "greet.lark"), 'start: "echo hello" | "echo hi" | "printf hi"\n');
    writeFileSync(join(dir, "left.gbnf"), 'root ::= root "a" | "a"\n');
    let out = "";
    let err = "";
    const o = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
    const e = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
    try {
      expect(await main(["--model", MODEL, "--grammar", join(dir, "greet.lark"), "--mode", "constrained", "say hello"])).toBe(0);
      expect(out).toMatch(/^(echo hello|echo hi|printf hi)\n$/);
      expect(await main(["--model", MODEL, "--grammar", join(dir, "left.gbnf"), "--mode", "constrained", "say a"])).toBe(1);
      expect(err).toMatch(/^shellgen: grammar failed to compile[^\n]*\n$/);
    } finally {
      o.mockRestore();
      e.mockRestore();
    }
  }, 180_000); // two model loads, on a shared machine
});
