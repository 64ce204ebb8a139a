// @shellgen/decode: backends, decoding modes, prompts, the tree-sitter gate and the CLI.
export { createBackend, defaultModelPath, isUrl, preloadEmbedded, type BackendOptions } from "./backend/index.js";
export type { Backend, Completion, CompleteOptions, GrammarText } from "./backend/types.js";
export { HttpBackend, ENGINES, type Engine, type Api, type HttpOptions } from "./backend/http.js";
export type { LocalModelOptions } from "./backend/local-model.js";
export { generate, MODES, DEFAULT_MAX_TOKENS, DEFAULT_SEED, type Mode, type Path, type GenerateOptions, type GenerateResult } from "./generate.js";
export { optionHints, optionHintsFromEnv, DEFAULT_OPTION_HINTS } from "./hints.js";
export { completionPrompt, chatMessages, STOP_SEQUENCES, type Example, type PromptInput, type Feedback, type ChatMessage } from "./prompt.js";
export { cleanCommand } from "./hygiene.js";
export { parseBash, type ParseVerdict } from "./gate.js";
export { groundValues, groundSpec, type GroundValues } from "./ground.js";
export { listWorkspace, WORKSPACE_LIMIT, WORKSPACE_DEPTH, type ListWorkspaceOptions } from "./workspace.js";
export { CommandIndex, tokens, helpSummary, type Selection } from "./select.js";
export { packPlanner, loadPack, forDecoding, DEFAULT_LABEL, type Pack, type PackCommand } from "./plan-pack.js";
export type { GrammarPlan, GrammarPlanner, PlanRequest } from "./plan.js";
export { fileGrammarPlanner } from "./plan-file.js";
export { explain, explainWords, formatExplanation, type ExplainedCommand } from "./explain.js";
export { startServer, type ServeOptions, type RunningServer } from "./serve.js";
export { DecodeError, type DecodeErrorCode } from "./errors.js";
