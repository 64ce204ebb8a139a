// @shellgen/bench: the task suite (load, validate, guess-proof self test), the runner that scores
// decoding modes in the sandbox, and the reports. CLI `bench` (src/cli/main.ts).
export {
  loadSuite,
  loadTaskFolder,
  prepareWorkspace,
  evaluateCheck,
  runTask,
  guessesThatPass,
  selfTest,
  SuiteError,
  type Task,
  type TaskSetup,
  type TaskCheck,
  type TaskVariant,
  type CommandResult,
  type CommandSource,
  type RunTaskOptions,
  type TaskRun,
  type Verdict,
  type GuessHit,
  type SelfTestOptions,
  type SelfTestReport,
} from "./suite/index.js";
export {
  runBench,
  parseModes,
  ModelGenerator,
  BENCH_MODES,
  type BenchOptions,
  type BenchOutcome,
  type Generator,
  type Generated,
  type ModeSpec,
  type ResultRecord,
} from "./run/index.js";
export {
  loadCoverage,
  loadReport,
  jsonSummary,
  writeReport,
  taskText,
  traceCause,
  gapSite,
  type Coverage,
  type Report,
  type JsonSummary,
  type Written,
  type TracedCause,
  type GapSite,
  type TaskRow,
} from "./report/index.js";
export { compareRuns, compareText, type Comparison, type PairComparison, type TaskChange } from "./compare/compare.js";
export { mcnemar, exactBinomialP, type McNemar } from "./compare/mcnemar.js";
export { main } from "./cli/main.js";
