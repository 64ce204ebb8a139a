// @shellgen/base: the pieces every shellgen package shares, so each exists once.
export { parseArgv, formatHelp, UsageError, type CliSpec, type OptionSpec, type Args } from "./argv.js";
export { formatError, isUsageError, oneLine } from "./errors.js";
