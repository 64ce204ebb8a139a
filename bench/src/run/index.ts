export { runBench, WORK_DIR, type BenchOptions, type BenchOutcome, type RunMeta } from "./runner.js";
export { BENCH_MODES, DEFAULT_MODES, FEWSHOT_K, parseModes, UsageError, type ModeSpec } from "./modes.js";
export { selectTasks, parseTiers, globToRegExp } from "./select.js";
export { ResultStore, readResults, writeJsonAtomic, writeTextAtomic, RESULTS_FILE, META_FILE } from "./store.js";
export { type ResultRecord, recordKey } from "./record.js";
export { Progress, silentProgress, type ProgressSink } from "./progress.js";
export { ModelGenerator, oracleGenerator, ORACLE_MODEL, MissingModelError, assertModelExists, type Generator, type Generated } from "./generators.js";
