// `shellgen "<request>"`: one request in, one validated command out.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError, type Args } from "@shellgen/base";
import {
  createBackend,
  DEFAULT_MAX_TOKENS,
  ENGINES,
  fileGrammarPlanner,
  generate,
  isUrl,
  MODES,
  type Api,
  type Engine,
  type Example,
  type Mode,
} from "@shellgen/decode";
import { openPool } from "@shellgen/fewshot";
import { loadPolicy, type Policy } from "@shellgen/grammargen";
import { explainCommand } from "./explain.js";

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
  const pool = await openPool();
  try {
    return pool.retrieve(request, { k }).examples.map((e) => ({ request: e.request, command: e.command }));
  } finally {
    await pool.close();
  }
}

function readPolicy(file: string): Policy {
  try {
    return loadPolicy(file);
  } catch (err) {
    throw new UsageError(`policy ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export async function run(args: Args): Promise<number> {
  let request = args.positionals.join(" ");
  if (request === "-") request = readFileSync(0, "utf8");
  request = request.trim();
  const json = args.bool("json") === true;
  if (request === "") throw new UsageError(`empty request: say what the command should do (shellgen "count lines in notes.txt")`);
  if (args.bool("explain")) return explainCommand(request, json);

  const mode = args.str("mode") ?? "constrained-retry";
  if (!MODES.includes(mode as Mode)) throw new UsageError(`unknown mode "${mode}" (expected ${MODES.join(", ")})`);
  const engine = args.str("engine");
  if (engine !== undefined && !ENGINES.includes(engine as Engine)) throw new UsageError(`unknown engine "${engine}" (expected ${ENGINES.join(", ")})`);
  const api = args.str("api");
  if (api !== undefined && !["native", "completions", "chat"].includes(api)) throw new UsageError(`unknown api "${api}" (expected native, completions, chat)`);
  const model = args.str("model");
  if ((engine || api) && !(model && isUrl(model))) throw new UsageError("--engine and --api need --model http(s)://...");
  const maxTokens = args.int("max-tokens", 1, 8192) ?? DEFAULT_MAX_TOKENS;
  const timeout = args.int("timeout", 1, 3600);
  const fewshot = args.has("fewshot") ? (args.str("fewshot") ?? "4") : "0";
  const k = /^\d+$/.test(fewshot) ? Number(fewshot) : Number.NaN;
  if (!Number.isInteger(k) || k < 0 || k > 32) throw new UsageError("--fewshot=K needs an integer from 0 to 32");
  const policyFile = args.str("policy");
  const policy = policyFile ? readPolicy(policyFile) : undefined;
  const ground = args.bool("ground") ?? true;
  const workspace = args.str("workspace") ?? process.cwd();
  const grammarFile = args.str("grammar");
  const planner = grammarFile ? fileGrammarPlanner(grammarFile) : undefined;
  const threads = args.int("threads", 1, 1024);

  const examples = k > 0 ? await fewshotExamples(request, k) : undefined;
  const backend = await createBackend(model, {
    engine: engine as Engine | undefined,
    api: api as Api | undefined,
    modelName: args.str("model-name"),
    timeoutMs: timeout ? timeout * 1000 : undefined,
    threads,
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
