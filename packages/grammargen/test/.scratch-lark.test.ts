import { test } from "vitest";
import { writeFileSync } from "node:fs";
import { compose } from "../src/compose/index.js";
import { emitGbnf, emitLark, lowerCommand } from "../src/index.js";
import { SPECS } from "./fixtures/compose-specs.js";
test("scratch", async () => {
  writeFileSync("/tmp/h6/c1.lark", emitLark(compose({ commands: [SPECS.cat!], constructs: [] })));
  writeFileSync("/tmp/h6/c2.lark", emitLark(compose({ commands: [SPECS.cat!], constructs: ["pipe"] })));
  writeFileSync("/tmp/h6/c3.lark", emitLark(compose({ commands: [SPECS.cat!], constructs: ["pipe", "loop"] })));
  writeFileSync("/tmp/h6/cat.lark", emitLark(lowerCommand(SPECS.cat!)));
});
