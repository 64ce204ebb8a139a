// The argv table and --help text of each shellgen verb. Plain data with no heavy imports,
// so `shellgen --help` and `shellgen <verb> --help` answer without loading a model runtime.
// test/help.test.ts checks the values named here against decode's constants.
import type { CliSpec } from "@shellgen/base";

export const GENERATE_SPEC: CliSpec = {
  prog: "shellgen",
  usage: ['[options] "<request>"', '--explain "<command>"', "<verb> [options] ...   (shellgen <verb> --help)"],
  summary: "Turns a request in plain language into one validated shell command.",
  options: [
    { name: "mode", kind: "value", arg: "MODE", help: "native | constrained | constrained-retry (default constrained-retry)" },
    {
      name: "model",
      kind: "value",
      arg: "M",
      help: "GGUF path, hf:<user>/<repo>/<file>.gguf or http(s):// endpoint (default: $SHELLGEN_MODEL, else model/shellgen-mini.gguf)",
    },
    { name: "engine", kind: "value", arg: "E", help: "for URLs: llama-server | vllm | sglang | openai (default llama-server)" },
    { name: "api", kind: "value", arg: "A", help: "for URLs: native (/completion) | completions | chat (default from URL/engine)" },
    { name: "model-name", kind: "value", arg: "NAME", help: '"model" field for OpenAI-compatible endpoints' },
    { name: "policy", kind: "value", arg: "FILE", help: "JSON/YAML policy: grammar and checker enforce it" },
    { name: "grammar", kind: "value", arg: "FILE", help: "constrain with this .gbnf/.lark grammar instead of the pack" },
    { name: "fewshot", kind: "optional", arg: "K", help: "retrieve K similar examples into the prompt (default 4)" },
    { name: "ground", kind: "bool", negatable: true, help: "restrict file arguments to names in the request/workspace (default on)" },
    { name: "workspace", kind: "value", arg: "DIR", help: "directory whose entries ground file names (default .)" },
    { name: "max-tokens", kind: "value", arg: "N", help: "token limit per decode (default 128)" },
    { name: "timeout", kind: "value", arg: "S", help: "HTTP timeout in seconds (default 120)" },
    {
      name: "threads",
      kind: "value",
      arg: "N",
      help: "CPU threads for an embedded model (default: 1 for small models, else idle physical cores; SHELLGEN_THREADS)",
    },
    { name: "json", kind: "bool", help: "print {command, mode, path, grammarCommands, parses, tokens, latencyMs}" },
    { name: "explain", kind: "bool", help: "explain the given command instead (same as shellgen explain)" },
  ],
};

export const TRACE_SPEC: CliSpec = {
  prog: "shellgen trace",
  usage: ['"<request>" [--mode MODE] [--model M] [--top K] [--json]'],
  summary:
    "Decodes a request as shellgen does and prints each step: the model's top K tokens natively (ln p), the top K the grammar allows, how many tokens it allows, and the token taken.",
  options: [
    { name: "mode", kind: "value", arg: "MODE", help: "native | constrained | constrained-retry (default constrained-retry)" },
    { name: "model", kind: "value", arg: "M", help: "GGUF path or hf: URI (embedded), or llama-server's http://host:port (native top K only)" },
    { name: "top", kind: "value", arg: "K", help: "tokens listed per step (default 5)" },
    { name: "ground", kind: "bool", negatable: true, help: "restrict file arguments to names in the request/workspace (default on)" },
    { name: "workspace", kind: "value", arg: "DIR", help: "directory whose entries ground file names (default .)" },
    { name: "json", kind: "bool", help: "print {request, mode, model, command, path, grammarCommands, topK, decodes: [{grammar, text, steps}]}" },
  ],
};

export const EXPLAIN_SPEC: CliSpec = {
  prog: "shellgen explain",
  usage: ['"<command>" [--json]'],
  summary: "Explains each flag and operand of a command from the grammar pack's IR. Loads no model.",
  options: [{ name: "json", kind: "bool", help: "print [{program, description, words: [{text, meaning}]}]" }],
};

export const EXAMPLES_SPEC: CliSpec = {
  prog: "shellgen examples",
  usage: ['"<request>" [--k N] [--json] [--budget TOKENS] [--lambda X] [--embed-model GGUF] [--dir DIR]'],
  summary: "Shows which (request, command) examples few-shot retrieval puts into the prompt for a request, and why.",
  options: [
    { name: "k", kind: "value", arg: "N", help: "how many examples (0-64, default 4)" },
    { name: "json", kind: "bool", help: "print {examples: [{request, command, program, score}]}" },
    { name: "budget", kind: "value", arg: "TOKENS", help: "stop adding examples past this many prompt tokens" },
    { name: "lambda", kind: "value", arg: "X", help: "MMR trade-off from 0 (diverse) to 1 (similar)" },
    { name: "embed-model", kind: "value", arg: "GGUF", help: "embed requests with this model (hybrid retrieval)" },
    { name: "dir", kind: "value", arg: "DIR", help: "your learned pairs (default $SHELLGEN_HOME or ~/.local/share/shellgen)" },
  ],
};

export const LEARN_SPEC: CliSpec = {
  prog: "shellgen learn",
  usage: ['"<request>" "<command>" [--dir DIR]'],
  summary: "Validates a (request, command) pair (tree-sitter-bash, the program's grammar, policy) and adds it to your example pool.",
  options: [{ name: "dir", kind: "value", arg: "DIR", help: "where learned pairs live (default $SHELLGEN_HOME or ~/.local/share/shellgen)" }],
};

export const SERVE_SPEC: CliSpec = {
  prog: "shellgen serve",
  usage: ["[--port N] [--host H] [--model PATH|hf:...] [--threads N]"],
  summary: "Serves a GGUF model over llama-server-compatible HTTP (/completion, /v1/completions, /v1/chat/completions) and prints where it listens once ready.",
  options: [
    { name: "port", kind: "value", arg: "N", help: "port (default 8080; 0 picks a free one)" },
    { name: "host", kind: "value", arg: "H", help: "address to bind (default 127.0.0.1)" },
    { name: "model", kind: "value", arg: "M", help: "GGUF path or hf: URI (default: $SHELLGEN_MODEL, else model/shellgen-mini.gguf)" },
    { name: "threads", kind: "value", arg: "N", help: "CPU threads" },
  ],
};

// Agent verbs (packages/agent); defaults match @shellgen/agent's DEFAULTS.
export const RUN_SPEC: CliSpec = {
  prog: "shellgen run",
  usage: ['"<goal>" [--workspace DIR] [--max-attempts N] [--time-limit S] [--yes] [--json] [--model M] [--policy FILE]'],
  summary:
    'Proposes a command for the goal, runs it in the sandbox on a copy of the workspace and, on failure, proposes again with what went wrong. Shows the command, each flag\'s meaning and what it did to the copy, then applies exactly those file changes to the workspace only with --yes or a "y" on a terminal. Every step is logged to $SHELLGEN_HOME/runs/<time>/step-NN.json.',
  options: [
    { name: "workspace", kind: "value", arg: "DIR", help: "the folder the goal is about (default .)" },
    { name: "max-attempts", kind: "value", arg: "N", help: "attempts before giving up, 1-10 (default 3)" },
    { name: "time-limit", kind: "value", arg: "S", help: "wall-time limit for all attempts in seconds (default 120)" },
    { name: "yes", kind: "bool", help: "apply the successful dry run's changes without asking" },
    { name: "json", kind: "bool", help: "print {command, stopped, attempts: [{command, exitCode, stderr, changes, verdict}], log, applied, note}" },
    { name: "model", kind: "value", arg: "M", help: "GGUF path, hf: URI or http(s):// endpoint (default: $SHELLGEN_MODEL, else model/shellgen-mini.gguf)" },
    { name: "policy", kind: "value", arg: "FILE", help: "policy the command must pass (default: packages/grammargen/policies/default.yaml)" },
  ],
};

export const REPLAY_SPEC: CliSpec = {
  prog: "shellgen replay",
  usage: ["<dir|name|latest> [--json]"],
  summary: "Reprints a run logged by shellgen run: a run directory, its name under $SHELLGEN_HOME/runs, or latest.",
  options: [{ name: "json", kind: "bool", help: "print {dir, steps}" }],
};

export const MCP_SPEC: CliSpec = {
  prog: "shellgen mcp",
  usage: ["[--model M]"],
  summary:
    "Serves the Model Context Protocol over stdin/stdout with the tools run_shell_task (dry run unless confirm: true), generate_command and explain_command.",
  options: [{ name: "model", kind: "value", arg: "M", help: "GGUF path, hf: URI or http(s):// endpoint (default: the embedded model)" }],
};
