export type {
  Task,
  TaskVariant,
  TaskState,
  TaskSetup,
  TaskFile,
  TaskCheck,
  FileExpectation,
  StdoutNormalisation,
  CommandResult,
  SandboxOptions,
  RunSandboxed,
} from "./task.js";
export { loadSuite, loadTaskFolder, defaultSuiteDir, describeErrors, SuiteError, SCHEMA_FILE } from "./load.js";
export { prepareWorkspace } from "./workspace.js";
export { evaluateCheck, evaluateHostChecks, scriptVerdict, stdoutForEnv, normaliseOutput, type Verdict } from "./check.js";
export { runTask, removeWorkspace, type CommandSource, type RunTaskOptions, type TaskRun } from "./run.js";
export { suiteSandbox, TASK_ENV } from "./sandbox.js";
export { selfTest, mapLimit, type SelfTestFailure, type SelfTestOptions, type SelfTestReport } from "./selftest.js";
export { taskStates } from "./task.js";
export { guessesFor, guessesThatPass, requestWords, type GuessHit } from "./guesses.js";
