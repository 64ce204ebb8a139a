#!/usr/bin/env node
// The agent verbs on their own (`shellgen-agent run|replay|mcp ...`); the `shellgen` app dispatches to the same functions.
import { guarded, mcpMain, replayMain, runMain } from "../dist/index.js";
const [verb, ...rest] = process.argv.slice(2);
const verbs = { run: runMain, replay: replayMain, mcp: mcpMain };
const fn = verbs[verb];
if (!fn) {
  process.stderr.write(`usage: shellgen-agent run|replay|mcp ... (got ${verb ?? "nothing"})\n`);
  process.exit(2);
}
process.exit(await guarded(() => fn(rest)));
