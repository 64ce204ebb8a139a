// The oracle run over the whole suite, through the same runner a model run uses: every
// canonical solution passes its task's check (every variant) in the sandbox. Its speed is
// not asserted here; timing belongs in benchmarks.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { jsonSummary, loadReport, loadSuite, parseModes, runBench } from "@shellgen/bench";

const dir = mkdtempSync(join(tmpdir(), "shellgen-oracle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("bench run --modes oracle passes every task", async () => {
  const total = loadSuite().length;
  const r = await runBench({
    models: [undefined],
    modes: parseModes(["oracle"]),
    outDir: join(dir, "out"),
    concurrency: 3,
    openModel: async () => {
      throw new Error("oracle opened a model");
    },
  });
  const failed = r.records.filter((x) => !x.passed).map((x) => `${x.taskId}: ${x.reason}`);
  expect(failed).toEqual([]);
  const { runs } = jsonSummary((await loadReport(join(dir, "out"))).report);
  expect(runs).toEqual([expect.objectContaining({ model: "oracle", mode: "oracle", passed: total, total })]);
}, 600_000);
