// A real MCP client (the SDK's Client over stdio) against the real `shellgen mcp` process:
// initialize, tools/list, tools/call. The model is a llama-server stand-in so the
// proposed command is known; the sandbox, decoder and workspace handling are real.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fakeLlamaServer } from "./scripted.js";

const BIN = resolve(__dirname, "../../cli/bin/shellgen.js");
const SCHEMA_FILE = resolve(__dirname, "../../../corpora/schemas/run_shell_task.json");

// The SDK's default request timeout is 60 s; a run_shell_task call on a loaded machine can take longer.
const CALL = { timeout: 240_000 };

let ws: string;
let home: string;
let server: Awaited<ReturnType<typeof fakeLlamaServer>>;
let client: Client;

beforeAll(async () => {
  ws = mkdtempSync(join(tmpdir(), "agent-mcp-ws-"));
  home = mkdtempSync(join(tmpdir(), "agent-mcp-home-"));
  writeFileSync(join(ws, "notes.txt"), "one\ntwo\n");
  writeFileSync(join(ws, "scratch.tmp"), "x\n");
  server = await fakeLlamaServer("rm scratch.tmp");
  client = new Client({ name: "shellgen-test", version: "1.0.0" });
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--model", server.url], env: { ...env, SHELLGEN_HOME: home }, stderr: "pipe" }),
    CALL,
  );
}, 300_000); // a new app process: slow to start on a loaded machine

afterAll(async () => {
  await client?.close();
  await server?.close();
  rmSync(ws, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe("shellgen mcp", { timeout: 300_000 }, () => {
  it("initializes and lists three tools, each with an input and an output schema", async () => {
    expect(client.getServerVersion()?.name).toBe("shellgen");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["explain_command", "generate_command", "run_shell_task"]);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type).toBe("object");
    }
    // The committed schema (the pack's tool-call grammar comes from it) is the served one.
    const run = tools.find((t) => t.name === "run_shell_task")!;
    const file = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as { name: string; inputSchema: unknown };
    expect(file.name).toBe(run.name);
    expect(file.inputSchema).toEqual(run.inputSchema);
  });

  it("explains a command without a model", async () => {
    const r = await client.callTool({ name: "explain_command", arguments: { command: "ls -l /tmp" } }, undefined, CALL);
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as { explanation: { program: string; words: { text: string; meaning: string }[] }[] };
    expect(s.explanation[0]!.program).toBe("ls");
    expect(s.explanation[0]!.words.map((w) => w.text)).toContain("-l");
  });

  it("runs a task as a dry run by default and applies it only with confirm: true", async () => {
    const dry = await client.callTool({ name: "run_shell_task", arguments: { goal: "delete the tmp file", workspace: ws } }, undefined, CALL);
    expect(dry.isError).toBeFalsy();
    const d = dry.structuredContent as {
      command: string;
      stopped: string;
      applied: boolean;
      note: string;
      attempts: { changes: { deleted: { path: string }[] } }[];
    };
    expect(d).toMatchObject({ command: "rm scratch.tmp", stopped: "success", applied: false });
    expect(d.note).toMatch(/dry run: nothing changed/);
    expect(d.attempts[0]!.changes.deleted.map((x) => x.path)).toEqual(["scratch.tmp"]);
    expect(existsSync(join(ws, "scratch.tmp"))).toBe(true);

    const real = await client.callTool({ name: "run_shell_task", arguments: { goal: "delete the tmp file", workspace: ws, confirm: true } }, undefined, CALL);
    expect((real.structuredContent as { applied: boolean }).applied).toBe(true);
    expect(existsSync(join(ws, "scratch.tmp"))).toBe(false);
    expect(readFileSync(join(ws, "notes.txt"), "utf8")).toBe("one\ntwo\n");
  });

  it("answers bad arguments with a tool error, not a crash", async () => {
    const r = await client.callTool({ name: "run_shell_task", arguments: { goal: "list files", workspace: "relative/dir" } }, undefined, CALL);
    expect(r.isError).toBe(true);
    const bad = await client.callTool({ name: "run_shell_task", arguments: { goal: "", workspace: ws } }, undefined, CALL);
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/invalid arguments/);
  });

  it("generates a command for a request", async () => {
    const r = await client.callTool({ name: "generate_command", arguments: { request: "delete scratch.tmp" } }, undefined, CALL);
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { command: string }).command).toBe("rm scratch.tmp");
  });
});
