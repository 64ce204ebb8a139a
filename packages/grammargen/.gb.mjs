import { getLlama } from "node-llama-cpp";
import { readFileSync } from "node:fs";
const llama = await getLlama({ gpu: false, build: "never" });
for (const f of process.argv.slice(2)) {
  const t = Date.now();
  try { await llama.createGrammar({ grammar: readFileSync(f, "utf8") }); console.log(f, "ok", Date.now() - t, "ms"); }
  catch (e) { console.log(f, "ERR", String(e).slice(0, 300)); }
}
