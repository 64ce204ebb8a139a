// @shellgen/grammargen: help text | JSON tool schema -> CommandSpec IR -> grammar AST -> Lark, GBNF;
// the in-repo checker, shell composition, policy and pack generation. docs/CONTRACTS.md lists
// these exports; test/contracts-exports.test.ts keeps the two equal.
export type { Arity, CommandSpec, Extension, HelpStyle, OptionSpec, OptionValue, PositionalSpec, Span, ValueType } from "./ir.js";
export { GrammargenError, type Diagnostic, type Severity } from "./diagnostics.js";
export { alt, cls, exprNodes, lit, literalChoice, mapExpr, opt, ref, rep, rule, seq, type Expr, type Grammar, type Rule } from "./grammar/ast.js";
export { UNBOUNDED } from "./grammar/names.js";
export { mergeIdenticalRules, sharePieces } from "./grammar/share.js";
export { parseHelp, type ParseOptions, type ParseResult } from "./parse/help.js";
export { parseManPage, type ManParseOptions } from "./parse/man.js";
export { mergeHelpAndMan } from "./parse/merge-sources.js";
export { lowerCommand, type LowerOptions, type LowerPolicy } from "./lower/command.js";
export { emitLark } from "./emit/lark.js";
export { emitGbnf } from "./emit/gbnf.js";
export { parseGrammarText } from "./check/reader.js";
export { recognize, type Recognition } from "./check/recognize.js";
export { captureHelp, type CaptureOptions } from "./capture/help.js";
export { captureManPage } from "./capture/man.js";
// Composition, policy, packs
export { compose, optimizeComposed, itemsOf, leftFactorChars, type ComposeOptions, type ComposeLimits, type Construct } from "./compose/index.js";
export { loadPolicy, checkPolicy, defaultPolicyPath, type Policy, type PolicyViolation } from "./policy/index.js";
export { buildPack, type PackResult } from "./pack/build.js";
// JSON tool schemas and subcommand trees
export { fromSchema, type FromSchemaOptions } from "./schema/index.js";
export { discoverTree, type TreeOptions } from "./tree/discover.js";
