// `shellgen "<request>"`: one request in, one validated command out.
// `shellgen serve`: a llama-server-compatible endpoint for any GGUF.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPolicy, type CommandSpec, type Policy } from "@shellgen/grammargen";
import { createBackend, defaultModelPath, isUrl } from "../backend/index.js";
import { ENGINES, type Api, type Engine } from "../backend/http.js";
import { DecodeError, oneLine } from "../errors.js";
import { explain, formatExplanation } from "../explain.js";
import { generate, MODES, DEFAULT_MAX_TOKENS, type Mode } from "../generate.js";
import { loadPack } from "../plan-pack.js";
import { fileGrammarPlanner } from "../plan-file.js";
import type { Example } from "../prompt.js";
import { startServer } from "../serve.js";
import { intFlag, parseArgs, type Flag } from "./args.js";

const USAGE = `usage: shellgen [options] "<request>"
       shellgen --explain "<command>"
       shellgen serve [--port N] [--host H] [--model PATH|hf:...]

Turns a request in plain language into one validated shell command.

options:
  --mode MODE          native | constrained | constrained-retry (default constrained-retry)
  --model M            GGUF path, hf:<user>/<repo>/<file>.gguf, or http(s):// endpoint
                       (default: $SHELLGEN_MODEL, else model/shellgen-mini.gguf)
  --engine E           for URLs: llama-server | vllm | sglang | openai (default llama-server)
  --api A              for URLs: native (/completion) | completions | chat (default from URL/engine)
  --model-name NAME    "model" field for OpenAI-compatible endpoints
  --policy FILE        JSON/YAML policy: grammar and checker enforce it
  --grammar FILE       constrain with this .gbnf/.lark grammar instead of the pack
  --fewshot[=K]        retrieve K similar examples into the prompt (default 4)
  --ground, --no-ground  restrict file arguments to names in the request/workspace (default on)
  --workspace DIR      directory whose entries ground file names (default .)
  --max-tokens N       token limit per decode (default ${DEFAULT_MAX_TOKENS})
  --timeout S          HTTP timeout in seconds (default 120)
  --threads N          CPU threads for an embedded model (default: 1 for small models, else idle physical cores; SHELLGEN_THREADS)
  --json               print {command, mode, path, grammarCommands, parses, tokens, latencyMs}
  --explain            explain each flag of the given command from the grammar pack; no model
  -h, --help           this text
`;

const FLAGS: Flag[] = [
  { name: "mode", kind: "value" },
  { name: "model", kind: "value" },
  { name: "engine", kind: "value" },
  { name: "api", kind: "value" },
  { name: "model-name", kind: "value" },
  { name: "policy", kind: "value" },
  { name: "grammar", kind: "value" },
  { name: "fewshot", kind: "optional" },
  { name: "ground", kind: "bool", negatable: true },
  { name: "workspace", kind: "value" },
  { name: "max-tokens", kind: "value" },
  { name: "timeout", kind: "value" },
  { name: "threads", kind: "value" },
  { name: "json", kind: "bool" },
  { name: "explain", kind: "bool" },
  { name: "help", kind: "bool" },
];

const SERVE_FLAGS: Flag[] = [
  { name: "port", kind: "value" },
  { name: "host", kind: "value" },
  { name: "model", kind: "value" },
  { name: "threads", kind: "value" },
  { name: "help", kind: "bool" },
];

/** Names in the workspace (one level into subdirectories) that grounded file arguments may use. */
export function listWorkspace(dir: string, limit = 400): string[] {
  const out: string[] = [];
  const skip = new Set([".git", "node_modules", ".cache"]);
  const visit = (rel: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= limit) return;
      if (skip.has(e.name)) continue;
      const name = rel ? `${rel}/${e.name}` : e.name;
      out.push(e.isDirectory() ? `${name}/` : name);
      if (e.isDirectory() && depth < 1) visit(name, depth + 1);
    }
  };
  visit("", 0);
  return out;
}

async function fewshotExamples(request: string, k: number): Promise<Example[]> {
  const name = "@shellgen/fewshot";
  let mod: { openPool?: (o?: object) => Promise<{ retrieve(r: string, o: { k?: number }): { examples: Example[] }; close?: () => Promise<void> | void }> };
  try {
    mod = (await import(name)) as typeof mod;
  } catch (err) {
    throw new DecodeError(`few-shot retrieval is not available: ${oneLine(err)}`, "EPACK");
  }
  if (typeof mod.openPool !== "function") throw new DecodeError("few-shot retrieval is not available: @shellgen/fewshot has no openPool", "EPACK");
  const pool = await mod.openPool();
  try {
    return pool.retrieve(request, { k }).examples.map((e) => ({ request: e.request, command: e.command }));
  } finally {
    await pool.close?.();
  }
}

function readPolicy(file: string): Policy {
  try {
    return loadPolicy(file);
  } catch (err) {
    throw new DecodeError(`policy ${file}: ${oneLine(err)}`, "EUSAGE");
  }
}

async function explainMain(command: string, json: boolean): Promise<number> {
  const pack = await loadPack();
  const specs = new Map<string, CommandSpec>(Object.values(pack.commands).map((c) => [c.name, c.ir]));
  const items = explain(command, specs);
  process.stdout.write(json ? `${JSON.stringify(items)}\n` : `${formatExplanation(items)}\n`);
  return 0;
}

async function serveMain(argv: string[]): Promise<number> {
  const { positionals, flags } = parseArgs(argv, SERVE_FLAGS);
  if (flags.get("help")) {
    process.stdout.write(`usage: shellgen serve [--port N] [--host H] [--model PATH|hf:...] [--threads N]\n`);
    return 0;
  }
  if (positionals.length) throw new DecodeError(`unexpected argument ${positionals[0]} (see shellgen serve --help)`, "EUSAGE");
  const model = (flags.get("model") as string | undefined) ?? defaultModelPath();
  if (isUrl(model)) throw new DecodeError("shellgen serve needs a GGUF file or hf: URI, not a URL", "EUSAGE");
  const server = await startServer({
    model,
    port: intFlag(flags, "port", 0, 65535) ?? 8080,
    host: (flags.get("host") as string | undefined) ?? "127.0.0.1",
    threads: intFlag(flags, "threads", 1, 1024),
  });
  process.stdout.write(`shellgen serve: listening on ${server.url} (model ${model})\n`);
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await server.close();
  return 0;
}

async function generateMain(argv: string[]): Promise<number> {
  const { positionals, flags } = parseArgs(argv, FLAGS);
  if (flags.get("help")) {
    process.stdout.write(USAGE);
    return 0;
  }
  let request = positionals.join(" ");
  if (request === "-") request = readFileSync(0, "utf8");
  request = request.trim();
  const json = flags.get("json") === true;
  if (request === "") throw new DecodeError(`empty request: say what the command should do (shellgen "count lines in notes.txt")`, "EUSAGE");
  if (flags.get("explain")) return explainMain(request, json);

  const mode = (flags.get("mode") as string | undefined) ?? "constrained-retry";
  if (!MODES.includes(mode as Mode)) throw new DecodeError(`unknown mode "${mode}" (expected ${MODES.join(", ")})`, "EUSAGE");
  const engine = flags.get("engine") as string | undefined;
  if (engine !== undefined && !ENGINES.includes(engine as Engine)) throw new DecodeError(`unknown engine "${engine}" (expected ${ENGINES.join(", ")})`, "EUSAGE");
  const api = flags.get("api") as string | undefined;
  if (api !== undefined && !["native", "completions", "chat"].includes(api)) throw new DecodeError(`unknown api "${api}" (expected native, completions, chat)`, "EUSAGE");
  const model = flags.get("model") as string | undefined;
  if ((engine || api) && !(model && isUrl(model))) throw new DecodeError("--engine and --api need --model http(s)://...", "EUSAGE");
  const maxTokens = intFlag(flags, "max-tokens", 1, 8192) ?? DEFAULT_MAX_TOKENS;
  const timeout = intFlag(flags, "timeout", 1, 3600);
  const fewshot = flags.get("fewshot");
  const k = fewshot === undefined ? 0 : fewshot === true ? 4 : Number(fewshot);
  if (!Number.isInteger(k) || k < 0 || k > 32) throw new DecodeError("--fewshot=K needs an integer from 0 to 32", "EUSAGE");
  const policy = flags.get("policy") ? readPolicy(flags.get("policy") as string) : undefined;
  const ground = (flags.get("ground") as boolean | undefined) ?? true;
  const workspace = (flags.get("workspace") as string | undefined) ?? process.cwd();
  const grammarFile = flags.get("grammar") as string | undefined;
  const planner = grammarFile ? fileGrammarPlanner(grammarFile) : undefined;

  const examples = k > 0 ? await fewshotExamples(request, k) : undefined;
  const backend = await createBackend(model, {
    engine: engine as Engine | undefined,
    api: api as Api | undefined,
    modelName: flags.get("model-name") as string | undefined,
    timeoutMs: timeout ? timeout * 1000 : undefined,
    threads: intFlag(flags, "threads", 1, 1024),
  });
  try {
    const result = await generate({
      backend,
      request,
      mode: mode as Mode,
      ground,
      workspaceFiles: ground ? listWorkspace(workspace) : [],
      examples,
      policy,
      maxTokens,
      planner,
    });
    if (json) {
      const { command, path, grammarCommands, parses, tokens, latencyMs, error } = result;
      process.stdout.write(`${JSON.stringify({ command, mode: result.mode, path, grammarCommands, parses, tokens, latencyMs, ...(error ? { error } : {}) })}\n`);
    } else if (result.path !== "failed") {
      process.stdout.write(`${result.command}\n`);
    }
    if (result.path === "failed") {
      process.stderr.write(`shellgen: no valid command: ${result.error ?? "unknown reason"}\n`);
      return 1;
    }
    return 0;
  } finally {
    await backend.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    if (argv[0] === "serve") return await serveMain(argv.slice(1));
    return await generateMain(argv);
  } catch (err) {
    const message = err instanceof DecodeError ? err.message : oneLine(err);
    process.stderr.write(`shellgen: ${message.replace(/\s*\n\s*/g, " ")}\n`);
    return err instanceof DecodeError && err.code === "EUSAGE" ? 2 : 1;
  }
}
