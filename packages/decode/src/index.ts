// @shellgen/decode: backends, decoding modes, grammar planning, explanations and the serve endpoint.
export { createBackend, defaultModelPath, isUrl, type BackendOptions } from "./backend/index.js";
export type { Backend, Completion, CompleteOptions, GrammarText } from "./backend/types.js";
export { HttpBackend, ENGINES, type Engine, type Api, type HttpOptions } from "./backend/http.js";
export type { LocalModelOptions } from "./backend/local-model.js";
export type { ModelInfo } from "./backend/chat-template.js";
export {
  generate,
  MODES,
  DEFAULT_MAX_TOKENS,
  ablationsFromEnv,
  workspaceWords,
  type Mode,
  type Path,
  type GenerateOptions,
  type GenerateResult,
  type StripCounts,
} from "./generate.js";
export { optionHints, optionHintsFromEnv, DEFAULT_OPTION_HINTS } from "./hints.js";
export type { Example, PromptInput, Feedback } from "./prompt.js";
export { listWorkspace, type ListWorkspaceOptions } from "./workspace.js";
export { packPlanner, loadPack, type Pack, type PackCommand } from "./plan-pack.js";
export type { GrammarPlan, GrammarPlanner, PlanRequest } from "./plan.js";
export { fileGrammarPlanner } from "./plan-file.js";
export { explain, formatExplanation, type ExplainedCommand } from "./explain.js";
export { startServer, type ServeOptions, type RunningServer } from "./serve.js";
export { DecodeError, type DecodeErrorCode } from "./errors.js";
export { traceGenerate, formatTrace, DEFAULT_TRACE_TOP_K, type TraceResult, type TracedDecode, type TraceStep, type TraceToken } from "./trace.js";
