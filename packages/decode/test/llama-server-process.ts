// A real llama-server for tests: the binary scripts/build-llama-server.sh builds from the
// llama.cpp source node-llama-cpp ships, started on 127.0.0.1 on a free port with one thread.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Where the binary is (SHELLGEN_LLAMA_SERVER, else the build script's cache); path is set when it exists. */
export function llamaServerBinary(): { path?: string; expected: string } {
  const env = process.env.SHELLGEN_LLAMA_SERVER;
  if (env) return { path: existsSync(env) ? env : undefined, expected: env };
  let expected = "";
  try {
    expected = execFileSync("bash", ["scripts/build-llama-server.sh", "--print"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] })
      .toString()
      .trim();
  } catch (err) {
    // Status 1 with the path printed: not built yet. Anything else: no bundle to build from.
    expected = String((err as { stdout?: Buffer }).stdout ?? "").trim() || "llama-server (scripts/build-llama-server.sh cannot locate it)";
  }
  return { path: expected && existsSync(expected) ? expected : undefined, expected };
}

/** Tests against the server are skipped only where it is not built and this is not CI, where they must run. */
export function skipServerTests(): boolean {
  const ci = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
  return !llamaServerBinary().path && !ci;
}

export interface LlamaServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** The server's last log lines, for failure messages. */
  log(): string;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts llama-server on the model and waits until /health says it is ready. */
export async function startLlamaServer(model: string, opts: { port?: number; readyMs?: number; extraArgs?: string[] } = {}): Promise<LlamaServer> {
  const bin = llamaServerBinary();
  if (!bin.path) throw new Error(`llama-server is not built (expected ${bin.expected}); run scripts/build-llama-server.sh`);
  const port = opts.port ?? (await freePort());
  // One slot and one thread: the machine is small and shared, and one slot keeps greedy
  // decoding in the same order as the embedded backend's single sequence.
  const args = ["--model", model, "--host", "127.0.0.1", "--port", String(port), "--threads", "1", "--threads-batch", "1", "--parallel", "1"];
  args.push("--threads-http", "2", "--no-webui", "--no-warmup", "--seed", "42", ...(opts.extraArgs ?? []));
  const child = spawn(bin.path, args, { stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const log = () => lines.slice(-12).join("\n");
  const kill = async () => {
    child.kill("SIGKILL");
    await exited(child);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited(child);
    clearTimeout(timer);
  };
  const deadline = Date.now() + (opts.readyMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`llama-server exited while starting:\n${log()}`);
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, port, process: child, log, kill, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await kill();
  throw new Error(`llama-server did not become ready on ${url}:\n${log()}`);
}
