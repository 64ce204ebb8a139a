export * from "./ir.js";
export { GrammargenError, Session, type Diagnostic, type Severity } from "./diagnostics.js";
export * from "./grammar/ast.js";
export { sanitizeName, validateGrammar, UNBOUNDED } from "./grammar/names.js";
export { emitLark } from "./emit/lark.js";
export { emitGbnf } from "./emit/gbnf.js";
export { lowerCommand, type LowerOptions, type LowerPolicy } from "./lower/command.js";
export { terminalRule, LIMITS } from "./lower/terminals.js";
export { recognize, type Recognition } from "./check/recognize.js";
export { parseGrammarText, dialectOf } from "./check/reader.js";
export { parseHelp, type ParseOptions, type ParseResult } from "./parse/help.js";
export { detectStyle } from "./parse/styles.js";
export { captureHelp, type CaptureOptions } from "./capture/help.js";
// Composition, policy, packs
export { compose, HEREDOC_DELIMITERS, CONSTRUCTS, DEFAULT_LIMITS, parseConstructs, notWords, requireFlag, type ComposeOptions, type Construct, type ComposeLimits } from "./compose/index.js";
export { liftRepetitions } from "./grammar/repeats.js";
export { loadPolicy, checkPolicy, policySchema, defaultPolicyPath, type Policy, type PolicyViolation } from "./policy/index.js";
export { policyTerminals } from "./policy/grammar.js";
export { buildPack, commandGrammar, type PackResult } from "./pack/build.js";
export { exportName } from "./pack/names.js";
// JSON tool schemas and subcommand trees
export { fromSchema, compileSchema, schemaShape, readToolSource, type FromSchemaOptions, type ToolSource } from "./schema/index.js";
export { discoverTree, TREE_DEFAULTS, type TreeOptions } from "./tree/discover.js";
