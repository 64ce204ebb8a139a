// `shellgen mcp`: a Model Context Protocol server over stdio (the official TypeScript SDK)
// with three tools: run_shell_task (dry run unless confirm: true), generate_command and
// explain_command. The model loads on the first call that needs it and is shared; calls
// that decode are serialised, since one backend decodes one sequence at a time.
import { Ajv, type ValidateFunction } from "ajv";
import { isAbsolute } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createBackend, generate, type Backend } from "@shellgen/decode";
import { openPool, type Pool } from "@shellgen/fewshot";
import { defaultPolicyPath, loadPolicy, type Policy } from "@shellgen/grammargen";
import { sandboxAvailable } from "@shellgen/sandbox";
import { readdirSync } from "node:fs";
import { AgentError } from "./errors.js";
import { RunLog } from "./log.js";
import { decodeProposer, DEFAULT_K } from "./propose.js";
import { explainCommand, formatExplanation, runShellTask } from "./task.js";
import { TOOLS } from "./tools.js";

interface Shared {
  backend: Backend;
  pool: Pool;
  policy: Policy;
}

export interface McpServerOptions {
  model?: string;
}

export function createMcpServer(opts: McpServerOptions = {}): { server: Server; close: () => Promise<void> } {
  const server = new Server({ name: "shellgen", version: "0.1.0" }, { capabilities: { tools: {} } });
  const ajv = new Ajv({ allErrors: false, strict: false });
  const validators = new Map<string, ValidateFunction>(TOOLS.map((t) => [t.name, ajv.compile(t.inputSchema)]));
  let shared: Promise<Shared> | undefined;
  const open = () =>
    (shared ??= (async () => {
      const backend = await createBackend(opts.model);
      return { backend, pool: await openPool(), policy: loadPolicy(defaultPolicyPath) };
    })());
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  const result = (structured: Record<string, unknown>, text: string, isError = false): CallToolResult => ({
    content: [{ type: "text", text }],
    structuredContent: structured,
    ...(isError ? { isError: true } : {}),
  });
  const failure = (message: string): CallToolResult => ({ content: [{ type: "text", text: message }], isError: true });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS as unknown as never[] }));
  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const { name } = req.params;
    const args = (req.params.arguments ?? {}) as Record<string, unknown>;
    const validate = validators.get(name);
    if (!validate) return failure(`unknown tool ${name} (tools: ${TOOLS.map((t) => t.name).join(", ")})`);
    if (!validate(args)) {
      const e = validate.errors?.[0];
      return failure(`invalid arguments for ${name}: ${e?.instancePath || "(root)"} ${e?.message ?? "invalid"}`);
    }
    try {
      if (name === "explain_command") {
        const command = String(args.command);
        const explanation = await explainCommand(command);
        const text = formatExplanation(explanation);
        return result({ command, text, explanation }, text || "(nothing to explain)");
      }
      if (name === "generate_command") {
        const request = String(args.request);
        const workspace = args.workspace === undefined ? undefined : String(args.workspace);
        const files = workspace ? safeList(workspace) : [];
        return await serial(async () => {
          const s = await open();
          const examples = s.pool.retrieve(request, { k: DEFAULT_K }).examples.map(({ request: rq, command }) => ({ request: rq, command }));
          const r = await generate({
            backend: s.backend,
            request,
            mode: "constrained-retry",
            ground: true,
            workspaceFiles: files,
            examples,
            policy: s.policy,
            restate: s.pool.spelled.bind(s.pool),
          });
          const explanation = r.command ? await explainCommand(r.command).catch(() => []) : [];
          const structured = { command: r.command, path: r.path, parses: r.parses, ...(r.error ? { error: r.error } : {}), explanation };
          return result(structured, r.path === "failed" ? `no valid command: ${r.error ?? "unknown"}` : r.command, r.path === "failed");
        });
      }
      // run_shell_task
      const workspace = String(args.workspace);
      if (!isAbsolute(workspace)) return failure(`workspace must be an absolute path, got ${workspace}`);
      const avail = await sandboxAvailable();
      if (!avail.ok) return failure(`the sandbox is not available, so nothing can be tried safely: ${avail.reason} (${avail.fix})`);
      const confirm = args.confirm === true;
      return await serial(async () => {
        const s = await open();
        const outcome = await runShellTask({
          goal: String(args.goal),
          workspace,
          maxAttempts: typeof args.max_attempts === "number" ? args.max_attempts : undefined,
          log: RunLog.create(),
          propose: decodeProposer({ backend: s.backend, pool: s.pool, policy: s.policy }),
          decide: async () =>
            confirm
              ? { apply: true, note: "confirm: true" }
              : { apply: false, note: `dry run: nothing changed in ${workspace} (call again with confirm: true to apply)` },
        });
        const structured = {
          command: outcome.command,
          stopped: outcome.stopped,
          applied: outcome.applied,
          note: outcome.note,
          attempts: outcome.attempts.map((a) => ({
            command: a.command,
            exitCode: a.exitCode,
            stdout: a.stdout,
            stderr: a.stderr,
            changes: a.changes,
            verdict: a.verdict,
            reason: a.reason,
          })),
          explanation: outcome.explanation,
          ...(outcome.log ? { log: outcome.log } : {}),
        };
        const text = outcome.command ? `${outcome.command}\n${outcome.note}` : `no command succeeded (stopped: ${outcome.stopped})\n${outcome.note}`;
        return result(structured, text);
      });
    } catch (err) {
      return failure(err instanceof AgentError ? err.message : `${name} failed: ${(err as Error).message.split("\n")[0]}`);
    }
  });

  const close = async () => {
    await server.close();
    if (shared) {
      const s = await shared.catch(() => undefined);
      await s?.pool.close();
      await s?.backend.close();
    }
  };
  return { server, close };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .slice(0, 400)
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
  } catch {
    throw new AgentError(`workspace ${dir} cannot be read`, "EUSAGE");
  }
}

/** `shellgen mcp`: serves until the client closes stdin (or SIGINT/SIGTERM). */
export async function serveMcp(opts: McpServerOptions = {}): Promise<number> {
  const { server, close } = createMcpServer(opts);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolveClosed) => {
    server.onclose = () => resolveClosed();
    process.stdin.once("end", () => resolveClosed());
    process.once("SIGINT", () => resolveClosed());
    process.once("SIGTERM", () => resolveClosed());
  });
  await server.connect(transport);
  await closed;
  await close();
  return 0;
}
