// Export names for pack entries: a command key that is not a valid JS identifier or is a
// reserved word gets a safe spelling (git-log -> git_log, 7z -> _7z, delete -> delete_).
const RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined NaN Infinity commands compose defaultGrammar defaultPolicyGrammar defaultOpenGrammar manifest".split(
    " ",
  ),
);

export function exportName(key: string): string {
  let s = key.replace(/[^A-Za-z0-9_$]/g, "_");
  if (/^[0-9]/.test(s)) s = `_${s}`;
  if (RESERVED.has(s)) s = `${s}_`;
  return s;
}
