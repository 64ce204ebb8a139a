export { runSandboxed, type RunOptions, type SandboxResult } from "./run.js";
export { sandboxAvailable, SandboxUnavailableError, INSTALL_FIX, resetSandboxProbe, type Availability } from "./probe.js";
export { defaultLimits, baseEnv, type Limits } from "./limits.js";
export { insideWorkspace } from "./paths.js";
