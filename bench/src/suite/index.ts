export type {
  Task, TaskSetup, TaskFile, TaskCheck, FileExpectation, StdoutNormalisation, CommandResult, SandboxOptions, RunSandboxed,
} from "./task.js";
export { loadSuite, defaultSuiteDir, SuiteError } from "./load.js";
export { prepareWorkspace } from "./workspace.js";
export { evaluateCheck, normaliseOutput, type Verdict } from "./check.js";
export { runTask, type RunTaskOptions, type TaskRun } from "./run.js";
export { suiteSandbox, TASK_ENV } from "./sandbox.js";
export { selfTest, mapLimit, type SelfTestFailure, type SelfTestReport } from "./selftest.js";
