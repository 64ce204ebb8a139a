// npm run report:coverage [-- --json] [--misses]
// How many realistic commands the grammars accept, and how many near-misses they reject.
// corpora/coverage/valid.txt holds correct one-liners written the way people write them;
// invalid.txt holds near-misses (bad flags, broken quoting, dangling operators). Measured on
// the pack's default grammar as shipped (grammars/pack/default.gbnf, read by the in-repo
// checker) and on per-request grammars: the composition of just the pack programs that the
// command names, as a decoder would build for one request.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { recognize } from "../check/recognize.js";
import type { Grammar } from "../grammar/ast.js";
import { corpusDir } from "./corpus.js";
import { packGrammars } from "./request-grammar.js";

export { programsOf } from "./request-grammar.js";

export interface CoverageFigures {
  valid: number;
  invalid: number;
  default: { accepted: number; rejected: number };
  perRequest: { accepted: number; rejected: number };
  misses?: { default: { falseRejects: string[]; falseAccepts: string[] }; perRequest: { falseRejects: string[]; falseAccepts: string[] } };
}

const lines = (file: string): string[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"));

export function measureCoverage(root: string, opts: { misses?: boolean } = {}): CoverageFigures {
  const dir = join(root, "corpora", "coverage");
  const valid = lines(join(dir, "valid.txt"));
  const invalid = lines(join(dir, "invalid.txt"));
  const grammars = packGrammars(root);
  const def = grammars.default;
  const requestGrammar = grammars.forCommand;
  const accepts = (g: Grammar, c: string): boolean => recognize(g, c).accepted;
  const d = { accepted: 0, rejected: 0 };
  const r = { accepted: 0, rejected: 0 };
  const m = {
    default: { falseRejects: [] as string[], falseAccepts: [] as string[] },
    perRequest: { falseRejects: [] as string[], falseAccepts: [] as string[] },
  };
  for (const c of valid) {
    if (accepts(def, c)) d.accepted++;
    else m.default.falseRejects.push(c);
    if (accepts(requestGrammar(c), c)) r.accepted++;
    else m.perRequest.falseRejects.push(c);
  }
  for (const c of invalid) {
    if (!accepts(def, c)) d.rejected++;
    else m.default.falseAccepts.push(c);
    if (!accepts(requestGrammar(c), c)) r.rejected++;
    else m.perRequest.falseAccepts.push(c);
  }
  return { valid: valid.length, invalid: invalid.length, default: d, perRequest: r, ...(opts.misses ? { misses: m } : {}) };
}

function main(): void {
  const root = join(corpusDir(), "..", "..");
  const f = measureCoverage(root, { misses: process.argv.includes("--misses") || process.argv.includes("--json") });
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(f, null, 2));
    return;
  }
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`;
  console.log(`| grammar | valid accepted | invalid rejected |\n|---|---|---|`);
  console.log(`| pack default (grammars/pack/default.gbnf) | ${pct(f.default.accepted, f.valid)} | ${pct(f.default.rejected, f.invalid)} |`);
  console.log(`| per-request composition | ${pct(f.perRequest.accepted, f.valid)} | ${pct(f.perRequest.rejected, f.invalid)} |`);
  if (f.misses)
    for (const [k, v] of Object.entries(f.misses))
      console.log(`\n${k}: rejected valid:\n  ${v.falseRejects.join("\n  ")}\n${k}: accepted invalid:\n  ${v.falseAccepts.join("\n  ")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
