import { it, vi } from "vitest";
vi.mock("@shellgen/grammargen", async (orig) => ({ ...(await orig()), compose: (await import("../../grammargen/src/compose/index.js")).compose }));
import { createBackend } from "../src/backend/index.js";
import { generate } from "../src/generate.js";
import { packPlanner, loadPack } from "../src/index.js";
import { generatedRequests } from "./requests.js";
it("x", async () => {
  let t0 = performance.now();
  const pack = await loadPack();
  console.log("pack", Object.keys(pack.commands).length, pack.defaultCommands, (performance.now() - t0).toFixed(0));
  const planner = await packPlanner(pack);
  const backend = await createBackend(undefined, { threads: 1 });
  const reqs = generatedRequests(Object.keys(pack.commands), 30);
  const stats: Record<string, number> = {};
  let rejected = 0;
  t0 = performance.now();
  for (const [i, request] of reqs.entries()) {
    const t1 = performance.now();
    const r = await generate({ backend, request, mode: "constrained", ground: i % 2 === 0, maxTokens: 32, workspaceFiles: ["notes.txt", "data.csv", "logs/"], planner });
    stats[r.path] = (stats[r.path] ?? 0) + 1;
    const acc = r.grammar ? r.grammar.accepts(r.command) : { accepted: false, reason: r.error };
    if (!acc.accepted) rejected++;
    console.log((performance.now() - t1).toFixed(0).padStart(5), "ms", r.path, r.widened ? "W" : " ", (r as any).truncated ? "T" : " ", JSON.stringify(r.grammarCommands), JSON.stringify(request), "->", JSON.stringify(r.command), acc.accepted, r.error ?? "");
  }
  console.log("total", (performance.now() - t0).toFixed(0), JSON.stringify(stats), "rejected", rejected);
  await backend.close();
}, 600000);
