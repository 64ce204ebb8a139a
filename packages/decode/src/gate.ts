// The tree-sitter-bash gate is the shell front end's verdict (@shellgen/base); decode
// re-exports it under the name its API has always used.
export { bashVerdict as parseBash, type ParseVerdict } from "@shellgen/base";
