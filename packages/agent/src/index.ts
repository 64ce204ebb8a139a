// @shellgen/agent: `shellgen run` (a bounded, logged improvement loop over sandboxed dry
// runs), `shellgen replay` and `shellgen mcp` (the same as MCP tools).
export { improve, type Attempt, type LoopOptions, type LoopResult, type Proposal, type Propose, type ProposeInput, type StopReason } from "./loop.js";
export { decodeProposer, type DecodeProposerOptions } from "./propose.js";
export { runShellTask, type Decision, type TaskOptions, type TaskOutcome } from "./task.js";
export type { Changes } from "./workspace.js";
export type { Verdict } from "./verdict.js";
export { RunLog, readSteps, type Step } from "./log.js";
export { runGoal, replayRun, type RunRequest, type Io } from "./cli-run.js";
export { createMcpServer, serveMcp, type McpServerOptions } from "./mcp.js";
export { TOOLS, RUN_SHELL_TASK } from "./tools.js";
export { AgentError, type AgentErrorCode } from "./errors.js";
