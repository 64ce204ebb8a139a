// Bad input gets one clear line on stderr and a non-zero exit, before any model work.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../src/main.js";

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => ((stdout += String(s)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => ((stderr += String(s)), true));
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const oneLine = (s: string) => s.endsWith("\n") && s.trimEnd().split("\n").length === 1;

/** A port nothing listens on: bind, read the port, close. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe("shellgen CLI errors", () => {
  const dir = mkdtempSync(join(tmpdir(), "shellgen-cli-"));
  afterEach(() => vi.restoreAllMocks());

  it("empty request", async () => {
    const r = await run(["   "]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/^shellgen: empty request/);
    expect(r.stdout).toBe("");
  });

  it("unknown option", async () => {
    const r = await run(["--frobnicate", "list files"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("shellgen: unknown option --frobnicate (see shellgen --help)\n");
  });

  it("unknown mode", async () => {
    const r = await run(["--mode", "fast", "list files"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown mode "fast"/);
  });

  it("missing model file", async () => {
    const r = await run(["--model", join(dir, "nope.gguf"), "list files"]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/^shellgen: model file not found: .*nope\.gguf$/m);
  });

  it("a file that is not a GGUF", async () => {
    const f = join(dir, "notes.gguf");
    writeFileSync(f, "just some text, not a model\n");
    const r = await run(["--model", f, "list files"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`shellgen: not a GGUF model file: ${f}\n`);
  });

  it("a corrupt GGUF", async () => {
    const f = join(dir, "broken.gguf");
    // Valid magic and version, then a header that claims more than the file holds.
    const buf = Buffer.alloc(64, 0xff);
    buf.write("GGUF", 0, "latin1");
    buf.writeUInt32LE(3, 4);
    writeFileSync(f, buf);
    const r = await run(["--model", f, "list files"]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/^shellgen: (corrupt GGUF model file|cannot load model)/);
  });

  it("an unreachable endpoint", async () => {
    const port = await closedPort();
    const r = await run(["--model", `http://127.0.0.1:${port}`, "list files"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`shellgen: cannot reach http://127.0.0.1:${port}/health: connection refused\n`);
  });

  it("an hf: model that cannot be fetched", async () => {
    process.env.SHELLGEN_HF_STALL_MS = "1500";
    try {
      const r = await run(["--model", "hf:shellgen-test/no-such-model-GGUF/none.Q4_K_M.gguf", "list files"]);
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toBe(true);
      expect(r.stderr).toMatch(/^shellgen: cannot fetch model hf:shellgen-test\/no-such-model-GGUF\/none\.Q4_K_M\.gguf: /);
    } finally {
      delete process.env.SHELLGEN_HF_STALL_MS;
    }
  });

  it("--engine without a URL", async () => {
    const r = await run(["--engine", "vllm", "list files"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--engine and --api need --model http/);
  });
});
