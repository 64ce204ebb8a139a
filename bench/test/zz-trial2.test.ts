import { it } from "vitest";
import { loadSuite, parseModes, runBench } from "@shellgen/bench";
it("trial2", async () => {
  const tasks = loadSuite().filter((t) => t.tier === 1).slice(0, 3);
  const r = await runBench({ models: [undefined], modes: parseModes(["native", "constrained-retry"]), glob: tasks.map((t) => t.id).join(","), outDir: "/tmp/h3t/trial2-" + Date.now() });
  for (const x of r.records) console.log(x.model, x.mode, x.taskId, x.path, JSON.stringify(x.command).slice(0, 80), x.tokens, x.latencyMs, x.reason.slice(0, 200));
});
