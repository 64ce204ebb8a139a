// Writes ir.json for the non-getopt-style corpus entries from the current parser (run `npx tsc -b` first).
// Review the diff before committing: a golden is what the help text says, not what the parser said.
// Usage: node packages/grammargen/scripts/non-getopt-goldens.mjs [name...]
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCapturedText } from "@shellgen/base";
import { parseHelp } from "../dist/parse/help.js";
import { formatIrJson } from "../dist/ir-json.js";

const here = dirname(fileURLToPath(import.meta.url));
const corpus = join(here, "../../../corpora/help");
const script = readFileSync(join(here, "capture-non-getopt.sh"), "utf8");
const all = [...script.matchAll(/^\s+"([\w.-]+)\|/gm)].map((m) => m[1]);
const names = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of names) {
  const dir = join(corpus, name);
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
  const { spec } = parseHelp(readCapturedText(join(dir, "help.txt")), { name: meta.name ?? [meta.program], style: meta.style });
  writeFileSync(join(dir, "ir.json"), formatIrJson(spec));
}
console.log(`wrote ir.json for ${names.length} entries`);
