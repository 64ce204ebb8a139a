// Writes corpora/help/<name>/ir.json from the current parser, for review: the golden is what
// the parser should produce, checked by hand against help.txt (git diff shows every change).
// Usage: node packages/grammargen/dist/bench/update-goldens.js [name...]
import { writeFileAtomic } from "@shellgen/base";
import { join } from "node:path";
import { parseHelp } from "../parse/help.js";
import { entryName, readCorpus, styleFor } from "./corpus.js";
import { SOURCES } from "./corpus-sources.js";

const names = process.argv.slice(2);
const mine = new Set(SOURCES.map((s) => s.name));
for (const e of readCorpus()) {
  if (names.length ? !names.includes(e.name) : !mine.has(e.name)) continue;
  const { spec } = parseHelp(e.help, { name: entryName(e), style: styleFor(e) });
  spec.source = {
    program: e.meta.program,
    ...(e.meta.version ? { version: e.meta.version } : {}),
    helpArgs: e.meta.command.slice(e.meta.name ? e.meta.name.length : 1),
  };
  await writeFileAtomic(join(e.dir, "ir.json"), `${JSON.stringify(spec, null, 2)}\n`);
  console.log(`${e.name}: ${spec.options.length} options, ${spec.positionals.length} positionals, ${spec.subcommands.length} subcommands`);
}
