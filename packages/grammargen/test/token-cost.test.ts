// The per-token measurement of the speed reports (token-cost.ts) on real XGrammar: it lets the
// event loop turn between commands, so a signal's handler runs while it measures (SIGTERM
// stops `npm run report:profile` then, not after the last grammar).
import { join } from "node:path";
import { expect, it } from "vitest";
import { perToken } from "../src/bench/token-cost.js";
import { ggufVocab, xgrammarCompiler, xgrammarParse } from "../src/emit/xgrammar.js";

const ROOT = join(import.meta.dirname, "../../..");

it("lets a task queued before the measurement run before it ends", async () => {
  const v = await ggufVocab(join(ROOT, "model", "shellgen-mini.gguf"));
  const compiler = await xgrammarCompiler(v.tokens, { prependSpace: v.prependSpace, stopTokenIds: v.eos === undefined ? undefined : [v.eos] });
  const compiled = await compiler.compileGrammar(await xgrammarParse('root ::= [a-z]+ (" " [a-z]+)*'));
  const letter = v.tokens.findIndex((t) => /^[a-z]+$/.test(t));
  const order: string[] = [];
  try {
    setImmediate(() => order.push("queued task"));
    const cost = await perToken(
      compiled,
      Array.from({ length: 50 }, () => [letter, letter, letter]),
    );
    order.push("measurement");
    expect(cost.tokens).toBeGreaterThan(0);
  } finally {
    compiled.dispose();
  }
  expect(order).toEqual(["queued task", "measurement"]);
}, 60_000);
