export * from "./ir.js";
export * from "./grammar/ast.js";
export { sanitizeName, validateGrammar, UNBOUNDED } from "./grammar/names.js";
export { emitLark } from "./emit/lark.js";
export { emitGbnf } from "./emit/gbnf.js";
export { lowerCommand, type LowerOptions, type LowerPolicy } from "./lower/command.js";
export { terminalRule, LIMITS } from "./lower/terminals.js";
export { recognize, type Recognition } from "./check/recognize.js";
export { parseGrammarText, dialectOf } from "./check/reader.js";
