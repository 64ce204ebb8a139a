export { readInput, readHistory, readJsonLines, type Observed, type ReadProblem, type ReadResult, type InputFormat } from "./read.js";
export { learn, shapeOf, type Learned, type CommandUsage, type OptionUsage, type SpecIndex } from "./learn.js";
export { buildProfile, type Profile, type ProfileOptions } from "./policy.js";
export { packSpecs } from "./specs.js";
export { selectBench, evaluationTasks, inEvaluation } from "./bench.js";
