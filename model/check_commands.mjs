// Batch verdicts on training commands: does each parse with tree-sitter-bash, does it pass
// the default policy, and which programs does it run. The data builders (tldr_pairs.py,
// helppairs.py) and the data-quality check use it to keep only commands the decoder's own
// front end would accept.
//
//   node model/check_commands.mjs IN.jsonl OUT.jsonl
//
// IN: {"command"} per line. OUT, same order: {"parses", "error"?, "violations": [rule ids],
// "programs": [names]}. Written to OUT.tmp, then renamed.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { bashVerdict, programsIn } = await import(join(ROOT, "packages/base/dist/index.js"));
const { loadPolicy, checkPolicy, defaultPolicyPath } = await import(join(ROOT, "packages/grammargen/dist/index.js"));

const [inPath, outPath] = process.argv.slice(2);
if (!inPath || !outPath) {
  console.error("usage: node model/check_commands.mjs IN.jsonl OUT.jsonl");
  process.exit(2);
}
const policy = loadPolicy(defaultPolicyPath);
const lines = readFileSync(inPath, "utf8")
  .split("\n")
  .filter((l) => l.trim());
const out = lines.map((line, i) => {
  let command;
  try {
    command = JSON.parse(line).command;
  } catch (e) {
    throw new Error(`${inPath}:${i + 1}: not JSON: ${e.message}`);
  }
  if (typeof command !== "string") throw new Error(`${inPath}:${i + 1}: no "command" string`);
  const v = bashVerdict(command);
  if (!v.parses) return { parses: false, error: v.error, violations: [], programs: [] };
  let violations;
  try {
    violations = [...new Set(checkPolicy(policy, command).map((x) => x.rule))];
  } catch (e) {
    violations = [`checker-threw: ${e.message.split("\n")[0]}`];
  }
  return { parses: true, violations, programs: programsIn(command) };
});
writeFileSync(outPath + ".tmp", out.map((o) => JSON.stringify(o)).join("\n") + "\n");
renameSync(outPath + ".tmp", outPath);
