// npm run report:coverage [-- --json] [--misses]
// How many realistic commands the grammars accept, and how many near-misses they reject.
// corpora/coverage/valid.txt holds correct one-liners written the way people write them;
// invalid.txt holds near-misses (bad flags, broken quoting, dangling operators). Measured on
// the pack's default grammar as shipped (grammars/pack/default.gbnf, read by the in-repo
// checker) and on per-request grammars: the composition of just the pack programs that the
// command names, as a decoder would build for one request.
// everyday.txt holds one-liners across many more programs than the default grammar holds:
// measured on per-request grammars that take the Debian-derived programs too (grammars/debian,
// built by `npm run setup`), as the decoder plans them. Each set is also measured on
// default-open (grammars/debian/default-open.gbnf), the default grammar that takes every other
// pack program by name with any words, when the build has generated it.
import { existsSync, readFileSync } from "node:fs";
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
  /** default-open (grammars/debian/default-open.gbnf), when the build has generated it. */
  open?: { accepted: number; rejected: number };
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
  const open = grammars.open && {
    accepted: valid.filter((c) => accepts(grammars.open!, c)).length,
    rejected: invalid.filter((c) => !accepts(grammars.open!, c)).length,
  };
  return { valid: valid.length, invalid: invalid.length, default: d, perRequest: r, ...(open ? { open } : {}), ...(opts.misses ? { misses: m } : {}) };
}

export interface EverydayFigures {
  commands: number;
  default: number;
  perRequest: number;
  open?: number;
  refused?: string[];
}

/** corpora/coverage/everyday.txt on the default grammar and on per-request grammars with the Debian-derived programs. */
export function measureEveryday(root: string, opts: { misses?: boolean } = {}): EverydayFigures | undefined {
  const file = join(root, "corpora", "coverage", "everyday.txt");
  if (!existsSync(file)) return undefined;
  const commands = lines(file);
  const grammars = packGrammars(root, { debian: true });
  let d = 0;
  let r = 0;
  const refused: string[] = [];
  for (const c of commands) {
    if (recognize(grammars.default, c).accepted) d++;
    if (recognize(grammars.forCommand(c), c).accepted) r++;
    else refused.push(c);
  }
  const open = grammars.open && commands.filter((c) => recognize(grammars.open!, c).accepted).length;
  return { commands: commands.length, default: d, perRequest: r, ...(open !== undefined ? { open } : {}), ...(opts.misses ? { refused } : {}) };
}

function main(): void {
  const root = join(corpusDir(), "..", "..");
  const misses = process.argv.includes("--misses") || process.argv.includes("--json");
  const f = measureCoverage(root, { misses });
  const everyday = measureEveryday(root, { misses });
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ ...f, ...(everyday ? { everyday } : {}) }, null, 2));
    return;
  }
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}% (${a}/${b})`;
  console.log(`| grammar | valid accepted | invalid rejected |\n|---|---|---|`);
  console.log(`| pack default (grammars/pack/default.gbnf) | ${pct(f.default.accepted, f.valid)} | ${pct(f.default.rejected, f.invalid)} |`);
  console.log(`| per-request composition | ${pct(f.perRequest.accepted, f.valid)} | ${pct(f.perRequest.rejected, f.invalid)} |`);
  if (f.open) console.log(`| default-open (grammars/debian/default-open.gbnf) | ${pct(f.open.accepted, f.valid)} | ${pct(f.open.rejected, f.invalid)} |`);
  if (everyday) {
    console.log(`\n| everyday.txt (${everyday.commands} one-liners) | accepted |\n|---|---|`);
    console.log(`| pack default | ${pct(everyday.default, everyday.commands)} |`);
    console.log(`| per request, with the Debian-derived programs | ${pct(everyday.perRequest, everyday.commands)} |`);
    if (everyday.open !== undefined) console.log(`| default-open | ${pct(everyday.open, everyday.commands)} |`);
  }
  if (f.misses)
    for (const [k, v] of Object.entries(f.misses))
      console.log(`\n${k}: rejected valid:\n  ${v.falseRejects.join("\n  ")}\n${k}: accepted invalid:\n  ${v.falseAccepts.join("\n  ")}`);
  if (everyday?.refused) console.log(`\neveryday, refused per request:\n  ${everyday.refused.join("\n  ")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
