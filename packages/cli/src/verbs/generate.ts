// `shellgen "<request>"`: one request in, one validated command out.
import { readFileSync } from "node:fs";
import { bashVerdict, UsageError, type Args } from "@shellgen/base";
import {
  createBackend,
  DEFAULT_MAX_TOKENS,
  ENGINES,
  ablationsFromEnv,
  fileGrammarPlanner,
  generate,
  isUrl,
  listWorkspace,
  MODES,
  packPlanner,
  type Api,
  type Engine,
  type Example,
  type Mode,
  workspaceWords,
} from "@shellgen/decode";
import { openPool, spellRequest } from "@shellgen/fewshot";
import { loadPolicy, type Policy } from "@shellgen/grammargen";
import { takeEarlyModel } from "../early.js";
import { explainCommand } from "./explain.js";

// Grounding names come from @shellgen/decode's listWorkspace, the one listing the bench uses too.

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
  const threads = args.int("threads", 1, 1024);
  const filePlanner = grammarFile ? fileGrammarPlanner(grammarFile) : undefined;

  // An embedded model opens on its own thread (node-llama-cpp's modules, the binary, the
  // weights), while this one loads the pack, the planner's index and the bash parser.
  const backendReady =
    takeEarlyModel() ??
    createBackend(model, {
      thread: true,
      engine: engine as Engine | undefined,
      api: api as Api | undefined,
      modelName: args.str("model-name"),
      timeoutMs: timeout ? timeout * 1000 : undefined,
      threads,
    });
  const workspaceFiles = ground ? listWorkspace(workspace) : [];
  // Grounded runs read the request restated (typos repaired: generate's `restate`), as the bench's grounded modes do.
  const restated = ground && !ablationsFromEnv().has("no-restate") ? spellRequest(request, workspaceWords(workspaceFiles)) : undefined;
  const rest = Promise.all([
    filePlanner ?? (mode === "native" ? undefined : packPlanner()),
    k > 0 ? fewshotExamples(request, k) : undefined,
    bashVerdict("true"),
  ]).then(async (loaded) => {
    const [planner, examples] = loaded;
    // While the model thread is still loading, this one composes the request's first grammar
    // plan; generate() takes it from the planner's cache when the free decode's programs are
    // already in the plan. A remote model answers at once, so there is nothing to overlap.
    if (planner && !filePlanner && !(model && isUrl(model))) {
      const first = planner.plans({ request: restated ?? request, ground, workspaceFiles, policy, examples: (examples ?? []).map((e) => e.command) })[0];
      await first?.().catch(() => undefined);
    }
    return loaded;
  });
  const [backendResult, restResult] = await Promise.allSettled([backendReady, rest]);
  if (backendResult.status === "rejected") throw backendResult.reason;
  const backend = backendResult.value;
  if (restResult.status === "rejected") {
    await backend.close();
    throw restResult.reason;
  }
  const [planner, examples] = restResult.value;
  // A chat template that does not render is worked around, and the user hears it.
  if (backend.info?.fallback) process.stderr.write(`shellgen: ${backend.info.fallback}\n`);
  try {
    const result = await generate({
      backend,
      request,
      mode: mode as Mode,
      ground,
      workspaceFiles,
      examples,
      policy,
      maxTokens,
      planner,
      // Restated once above, by the shipped examples' speller, while the model thread loaded.
      ...(restated !== undefined ? { restate: () => restated } : {}),
    });
    if (json) {
      const { command, path, grammarCommands, parses, tokens, latencyMs, error, stripped } = result;
      const read = result.restated ? { restated: result.restated } : {};
      const prompt = backend.info ? { prompt: backend.info.prompt, template: backend.info.template } : {};
      process.stdout.write(
        `${JSON.stringify({ command, mode: result.mode, path, grammarCommands, parses, tokens, latencyMs, ...read, ...prompt, ...(stripped ? { stripped } : {}), ...(error ? { error } : {}) })}\n`,
      );
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
