// Writes corpora/help/<name>/ir.json from the current parser, for review: the golden is what
// the parser should produce, checked by hand against help.txt (git diff shows every change).
// Usage: node packages/grammargen/dist/bench/update-goldens.js [name...]
// The name bash-builtins writes data/bash-builtins/ir.json, bash's builtins as read from `help`.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "@shellgen/base";
import { formatIrJson } from "../ir-json.js";
import { parseBashHelp } from "../parse/bash-help.js";
import { parseHelp } from "../parse/help.js";
import { entryName, readCorpus, styleFor } from "./corpus.js";
import { SOURCES } from "./corpus-sources.js";

const names = process.argv.slice(2);
if (names.includes("bash-builtins")) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), "../../data/bash-builtins");
  const { builtins, diagnostics } = parseBashHelp(readFileSync(join(dir, "help.txt"), "utf8"));
  await writeFileAtomic(join(dir, "ir.json"), formatIrJson({ builtins, diagnostics }));
  console.log(`bash-builtins: ${builtins.length} builtins, ${diagnostics.length} diagnostics`);
}
const mine = new Set(SOURCES.map((s) => s.name));
for (const e of readCorpus()) {
  if (names.length ? !names.includes(e.name) : !mine.has(e.name)) continue;
  const { spec } = parseHelp(e.help, { name: entryName(e), style: styleFor(e) });
  // The tests compare goldens without their source block: a golden keeps the one it has (or
  // its lack of one), so a rewrite shows only behaviour changes. A new golden gets one.
  if (e.ir) {
    if (e.ir.source) spec.source = e.ir.source;
    else delete spec.source;
  } else
    spec.source = {
      program: e.meta.program,
      ...(e.meta.version ? { version: e.meta.version } : {}),
      helpArgs: e.meta.command.slice(e.meta.name ? e.meta.name.length : 1),
    };
  await writeFileAtomic(join(e.dir, "ir.json"), formatIrJson(spec));
  console.log(`${e.name}: ${spec.options.length} options, ${spec.positionals.length} positionals, ${spec.subcommands.length} subcommands`);
}
