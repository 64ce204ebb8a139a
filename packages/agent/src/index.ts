// @shellgen/agent: `shellgen run` (a bounded, logged improvement loop over sandboxed dry
// runs), `shellgen replay` and `shellgen mcp` (the same as MCP tools).
export { improve, feedbackFor, repairMissing, DEFAULTS, type Attempt, type LoopOptions, type LoopResult, type Proposal, type Propose, type ProposeInput, type StopReason } from "./loop.js";
export { decodeProposer, DEFAULT_K, type DecodeProposerOptions } from "./propose.js";
export { runShellTask, explainCommand, type Decision, type TaskOptions, type TaskOutcome } from "./task.js";
export { snapshot, copyWorkspace, diffSnapshots, applyChanges, noChanges, namesOf, DEFAULT_LIMITS, type Changes, type Snapshot, type Limits, type Entry } from "./workspace.js";
export { goalKind, judge, type GoalKind, type Verdict } from "./verdict.js";
export { errorSignature, errorSummary, missingNames, nearestNames, commandHash } from "./signature.js";
export { RunLog, runsDir, readSteps, resolveRunDir, type Step } from "./log.js";
export { runGoal, replayRun, type RunRequest, type Io } from "./cli-run.js";
export { createMcpServer, serveMcp, type McpServerOptions } from "./mcp.js";
export { TOOLS, RUN_SHELL_TASK } from "./tools.js";
export { AgentError, type AgentErrorCode } from "./errors.js";
