// The HTTP backend against a real `shellgen serve` process on 127.0.0.1 running the default
// model: the same greedy decode over HTTP as in-process, every endpoint, and the errors a
// user sees from the CLI.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBackend, DecodeError, defaultModelPath, generate, HttpBackend } from "@shellgen/decode";
import { main } from "../src/main.js";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "bin", "shellgen.js");
const MODEL = defaultModelPath();
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  if (!existsSync(join(here, "..", "dist", "main.js"))) throw new Error("packages/cli is not built (npx tsc -b)");
  server = spawn(process.execPath, [BIN, "serve", "--port", "0", "--model", MODEL, "--threads", "1"], { stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    server.stdout!.on("data", (c) => {
      out += String(c);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.stderr!.on("data", (c) => (err += String(c)));
    server.on("exit", (code) => reject(new Error(`shellgen serve exited ${code}: ${err}`)));
  });
});
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
});

async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => ((stdout += String(s)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => ((stderr += String(s)), true));
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe("HTTP backend against shellgen serve", () => {
  it("answers /health and /v1/models", async () => {
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: "ok" });
    const models = (await (await fetch(`${url}/v1/models`)).json()) as { data: { id: string }[] };
    expect(models.data[0]!.id).toMatch(/\.gguf$/);
  });

  it("gives the same greedy command over HTTP as in-process, natively and under the grammar", async () => {
    const local = await createBackend(MODEL, { threads: 1 });
    const remote = await createBackend(url);
    try {
      for (const mode of ["native", "constrained"] as const) {
        const request = "Show the first 3 lines of notes.txt";
        const a = await generate({ backend: local, request, mode, maxTokens: 32, workspaceFiles: ["notes.txt"] });
        const b = await generate({ backend: remote, request, mode, maxTokens: 32, workspaceFiles: ["notes.txt"] });
        expect(b.command).toBe(a.command);
        expect(b.path).toBe(a.path);
        if (mode === "constrained" && b.path === "constrained") expect(b.grammar!.accepts(b.command).accepted).toBe(true);
      }
    } finally {
      await local.close();
      await remote.close();
    }
  }, 120_000);

  it("serves /v1/completions and /v1/chat/completions with a grammar", async () => {
    for (const api of ["completions", "chat"] as const) {
      const backend = await HttpBackend.open(url, { api, engine: "llama-server" });
      const out = await backend.complete({
        prompt: { request: "list files" },
        grammar: { gbnf: 'root ::= " "? "ls" (" -l")?', lark: "" },
        maxTokens: 8,
        seed: 1,
      });
      expect(out.text.trim()).toMatch(/^ls( -l)?$/);
      expect(out.tokens.completion).toBeGreaterThan(0);
    }
  });

  it("CLI: --json prints the documented shape", async () => {
    const r = await run(["--model", url, "--json", "--mode", "constrained-retry", "Count the words in essay.txt"]);
    const j = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(
      Object.keys(j)
        .filter((k) => k !== "error")
        .sort(),
    ).toEqual(["command", "grammarCommands", "latencyMs", "mode", "parses", "path", "tokens"]);
    expect(j.mode).toBe("constrained-retry");
    expect(r.code).toBe(j.path === "failed" ? 1 : 0);
  }, 60_000);

  it("CLI: an engine that refuses the grammar gets one line", async () => {
    // shellgen serve speaks GBNF only, so vLLM's Lark field is refused, as a real engine without grammar support would.
    const r = await run(["--model", `${url}/v1`, "--engine", "vllm", "--mode", "constrained", "list files"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^shellgen: engine at .* rejected the grammar \(engine vllm\): .*\n$/);
    expect(r.stdout).toBe("");
  });

  it("CLI: a plain OpenAI engine in a constrained mode", async () => {
    const r = await run(["--model", `${url}/v1`, "--engine", "openai", "--mode", "constrained", "list files"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("shellgen: engine openai cannot take a grammar; use --mode native, or --engine llama-server|vllm|sglang\n");
  });

  it("CLI: a grammar that fails to compile on the server", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shellgen-g-"));
    const file = join(dir, "left.gbnf");
    writeFileSync(file, 'root ::= root "a" | "a"\n');
    const r = await run(["--model", url, "--grammar", file, "--mode", "constrained", "say a"]);
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n").length).toBe(2);
    expect(r.stderr).toMatch(/^shellgen: grammar (failed to compile|.*does not parse)/);
  });

  it("maps the server's grammar error to EGRAMMAR", async () => {
    const backend = await HttpBackend.open(url);
    const err = await backend.complete({ prompt: { request: "x" }, grammar: { gbnf: "root ::= (", lark: "" }, maxTokens: 4, seed: 1 }).catch((e: unknown) => e);
    expect((err as DecodeError).code).toBe("EGRAMMAR");
  });
});
