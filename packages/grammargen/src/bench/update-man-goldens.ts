// Writes test/fixtures/man/<name>/ir.json (and roff.ir.json) from the current man page reader, for review (git
// diff shows every change). Usage: node packages/grammargen/dist/bench/update-man-goldens.js [name...]
import { writeFileAtomic } from "@shellgen/base";
import { join } from "node:path";
import { formatIrJson } from "../ir-json.js";
import { parseManPage } from "../parse/man.js";
import { readManFixtures } from "./man-fixtures.js";

const names = process.argv.slice(2);
for (const f of readManFixtures()) {
  if (names.length && !names.includes(f.name)) continue;
  const { spec } = parseManPage(f.man, { name: f.meta.program });
  await writeFileAtomic(join(f.dir, "ir.json"), formatIrJson(spec));
  console.log(`${f.name}: ${spec.options.length} options, ${spec.positionals.length} positionals`);
  if (f.roff === undefined) continue;
  const roff = parseManPage(f.roff, { name: f.meta.program }).spec;
  await writeFileAtomic(join(f.dir, "roff.ir.json"), formatIrJson(roff));
  console.log(`${f.name} (roff): ${roff.options.length} options, ${roff.positionals.length} positionals`);
}
