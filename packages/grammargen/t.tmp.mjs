import * as G from "./dist/index.js";
import { readCorpus, entryName, styleFor } from "./dist/bench/corpus.js";
import { writeFileSync, mkdirSync } from "node:fs";
mkdirSync("/tmp/lk", { recursive: true });
for (const e of readCorpus()) {
  const { spec } = G.parseHelp(e.help, { name: entryName(e), style: styleFor(e) });
  writeFileSync(`/tmp/lk/${e.name}.lark`, G.emitLark(G.lowerCommand(spec)));
  writeFileSync(`/tmp/lk/${e.name}.json`, JSON.stringify([...(e.invocations?.valid ?? []), ...(e.invocations?.invalid ?? [])]));
}
