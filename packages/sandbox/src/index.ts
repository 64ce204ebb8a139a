// @shellgen/sandbox: run one shell command in an isolated workspace (bubblewrap) and capture everything.
export { runSandboxed, type RunOptions, type SandboxResult } from "./run.js";
export { sandboxAvailable, SandboxUnavailableError, resetSandboxProbe, type Availability } from "./probe.js";
export type { Limits } from "./limits.js";
export { insideWorkspace } from "./paths.js";
