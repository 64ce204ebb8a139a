// @shellgen/base: the pieces every shellgen package shares, so each exists once.
export { parseArgv, formatHelp, UsageError, type CliSpec, type OptionSpec, type Args } from "./argv.js";
export { formatError } from "./errors.js";
export { bashVerdict, firstProblem, parseTree, type Node, type ParseVerdict, type Tree } from "./shell/parse.js";
export { basename, invocationOf, toWord, unwrap, UNKNOWN, type Invocation, type Word, type WordEnv } from "./shell/words.js";
export {
  COMMAND_LINE_VALUE,
  TO_SHELL,
  parseUsage,
  usageFromIr,
  WRAPPER_NAMES,
  wrapperShape,
  wrapsCommand,
  type Takes,
  type WrapperIr,
  type WrapperShape,
} from "./shell/wrappers.js";
export { invocations, programOf, programsIn, programsToPlan, scriptsOf, simpleCommands } from "./shell/commands.js";
export { repoPath, repoRoot } from "./repo.js";
export { shellgenHome } from "./home.js";
export { cached, cacheKey, type CacheCodec } from "./cache.js";
export { capturedTextPath, readCapturedText } from "./captured-text.js";
export {
  appendDurable,
  replaceAtomic,
  syncDir,
  syncDirSync,
  syncFileSync,
  syncTreeSync,
  tempsOf,
  writeFileAtomic,
  writeFileAtomicSync,
  type AtomicWriteOptions,
  type FileData,
} from "./atomic.js";
