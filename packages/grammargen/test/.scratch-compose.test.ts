import { test } from "vitest";
import { compose } from "../src/compose/index.js";
import { recognize, emitGbnf, emitLark } from "../src/index.js";
import { SPECS } from "./fixtures/compose-specs.js";
test("scratch", () => {
  let t = Date.now();
  const g = compose({ commands: Object.values(SPECS) });
  console.log("compose ms", Date.now() - t, "rules", g.rules.length, "gbnf bytes", emitGbnf(g).length, "lark bytes", emitLark(g).length);
  for (const c of [
    "cat a.txt | sort | uniq -c",
    "find . -name '*.log' -mtime +7 -exec gzip {} \\;",
    "cat /workspace/files.txt | xargs rm",
    'for f in *.txt; do wc -l "$f"; done > counts.txt',
    "cat a |", "ls | | wc", "cat 'abc", "cat a >", "sort -n a.txt > b.txt 2>&1",
    "while read -r line; do echo \"$line\"; done < file.txt",
    "if [ -f a.txt ]; then cat a.txt; fi",
    "cat <<'EOF' > out.txt\nhello\nworld\nEOF",
    "echo $(ls | wc -l)",
    "sleep 1 & wait",
    "timeout 5 sleep 10",
    "cat --bogus a",
    "frobnicate a b",
    "x=$(wc -l < a.txt); echo $x",
  ]) {
    t = Date.now();
    const r = recognize(g, c);
    console.log(JSON.stringify(c), r.accepted, r.reason ?? "", Date.now() - t, "ms");
  }
});
