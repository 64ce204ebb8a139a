import { test } from "vitest";
import { writeFileSync } from "node:fs";
import { compose } from "../src/compose/index.js";
import { emitGbnf, emitLark, recognize } from "../src/index.js";
import { SPECS } from "./fixtures/compose-specs.js";
test("scratch", async () => {
  const g = compose({ commands: Object.values(SPECS) });
  writeFileSync("/tmp/h6/c.lark", emitLark(g)); writeFileSync("/tmp/h6/c.gbnf", emitGbnf(g));
  console.log("rules", g.rules.length, emitGbnf(g).length);
  for (const c of ["cat a.txt | sort | uniq -c", "find . -name '*.log' -mtime +7 -exec gzip {} \\;", "cat /workspace/files.txt | xargs rm", 'for f in *.txt; do wc -l "$f"; done > counts.txt', "cat a |"]) {
    const t = Date.now(); const r = recognize(g, c); console.log(c, r.accepted, Date.now() - t);
  }
});
