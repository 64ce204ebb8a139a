import { it } from "vitest";
import { createBackend } from "../src/backend/index.js";
import { generate } from "../src/generate.js";
import { loadPack } from "../src/plan-pack.js";
import { generatedRequests } from "./requests.js";
it("x", async () => {
  const b = await createBackend();
  const programs = Object.keys((await loadPack()).commands).sort();
  const t0 = performance.now();
  for (const [i, request] of generatedRequests(programs, 20).entries()) {
    const r = await generate({ backend: b, request, mode: "constrained", ground: i % 2 === 0, maxTokens: 48, workspaceFiles: ["notes.txt", "data.csv", "logs/"] });
    console.log(r.latencyMs, r.path, r.widened ? "W" : "", r.truncated ? "T" : "", JSON.stringify(r.grammarCommands), JSON.stringify(request), "->", JSON.stringify(r.command), r.tokens.completion, r.error ?? "");
  }
  console.log("total", performance.now() - t0);
  await b.close();
}, 900000);
