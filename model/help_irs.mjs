// The IR of every captured help text, in one file, for helppairs.py: help texts nobody
// reviewed (scripts/capture-path-help.sh DIR), parsed by grammargen's own parser.
//
//   node model/help_irs.mjs DIR OUT.json
//
// OUT: {"<program>": {"spec": <CommandSpec>, "purpose": "<first sentence under the usage>"}};
// texts the parser refuses are left out and counted on stderr. Written to OUT.tmp, then renamed.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { parseHelp } = await import(join(ROOT, "packages/grammargen/dist/index.js"));
const MAX = 400_000;

const [dir, outPath] = process.argv.slice(2);
if (!dir || !outPath) {
  console.error("usage: node model/help_irs.mjs DIR OUT.json   (DIR: <program>.txt help texts)");
  process.exit(2);
}

/** The first line after the usage that reads like a sentence: what the program is for. */
function purpose(text) {
  const lines = text.split("\n").slice(0, 12);
  for (const l of lines) {
    const t = l.trim();
    if (/^(usage|or:|options|\s*-)/i.test(t) || t.length < 12 || t.length > 120) continue;
    if (/^[A-Z][a-z]+( [a-z]+)+/.test(t) && !/[{}<>|=]/.test(t)) return t.replace(/\.$/, "");
  }
  return "";
}

const out = {};
let refused = 0;
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith(".txt"))
  .sort()) {
  const path = join(dir, f);
  if (statSync(path).size > MAX) {
    refused++;
    continue;
  }
  const text = readFileSync(path, "utf8");
  const name = f.slice(0, -4);
  try {
    const { spec } = parseHelp(text, { name: [name] });
    if (spec.options.length) out[name] = { spec, purpose: purpose(text) };
  } catch {
    refused++;
  }
}
writeFileSync(outPath + ".tmp", JSON.stringify(out));
renameSync(outPath + ".tmp", outPath);
console.error(`help_irs: ${Object.keys(out).length} programs with options, ${refused} refused`);
