// Every `shellgen <verb>`: its name, one line for `shellgen --help`, and its module.
// A verb's module is loaded only when that verb runs, so `shellgen --help` starts without
// node-llama-cpp, tree-sitter or the grammar pack. The module itself imports statically.
//
// Agent-loop verbs (`run`, `replay`, `mcp`, packages/agent) are added to this table.
import type { Args, CliSpec } from "@shellgen/base";
import { openModelEarly } from "./early.js";
import { EXAMPLES_SPEC, EXPLAIN_SPEC, GENERATE_SPEC, LEARN_SPEC, MCP_SPEC, REPLAY_SPEC, RUN_SPEC, SERVE_SPEC, TRACE_SPEC } from "./specs.js";

export interface VerbModule {
  /** The verb's arguments, already parsed against its spec; resolves to the exit status. */
  run(args: Args): Promise<number>;
}

export interface Verb {
  name: string;
  summary: string;
  /** Options and --help text; the dispatcher parses argv with it before loading the module. */
  spec: CliSpec;
  load: () => Promise<VerbModule>;
  /** Light work to start before the module loads (it must import nothing heavy itself). */
  prestart?: (args: Args) => void;
}

/** `shellgen "<request>"` with no verb word: decode one request into one command. */
export const GENERATE: Verb = {
  name: "generate",
  summary: 'turn a request into one validated command (the default: shellgen "<request>")',
  spec: GENERATE_SPEC,
  load: () => import("./verbs/generate.js"),
  prestart: openModelEarly,
};

export const VERBS: Verb[] = [
  GENERATE,
  {
    name: "trace",
    summary: "show a decode token by token: the model's top tokens natively and under the grammar",
    spec: TRACE_SPEC,
    load: () => import("./verbs/trace.js"),
  },
  { name: "explain", summary: "explain each word of a command from the grammar pack; no model", spec: EXPLAIN_SPEC, load: () => import("./verbs/explain.js") },
  {
    name: "examples",
    summary: "show the few-shot examples retrieval picks for a request, and why",
    spec: EXAMPLES_SPEC,
    load: () => import("./verbs/examples.js"),
  },
  { name: "learn", summary: "validate a (request, command) pair and add it to your example pool", spec: LEARN_SPEC, load: () => import("./verbs/learn.js") },
  { name: "serve", summary: "serve a GGUF model over llama-server-compatible HTTP on loopback", spec: SERVE_SPEC, load: () => import("./verbs/serve.js") },
  {
    name: "run",
    summary: "propose a command, dry-run and fix it in the sandbox on a copy, apply after confirmation",
    spec: RUN_SPEC,
    load: () => import("./verbs/run.js"),
  },
  { name: "replay", summary: "reprint a run logged by shellgen run", spec: REPLAY_SPEC, load: () => import("./verbs/replay.js") },
  { name: "mcp", summary: "serve run_shell_task, generate_command and explain_command over MCP (stdio)", spec: MCP_SPEC, load: () => import("./verbs/mcp.js") },
];
