// The model path for real: @shellgen/decode with the embedded default model, on a few tasks,
// in both default modes. Skipped (and says why) until the default model has been built.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { jsonSummary, loadReport, loadSuite, parseModes, runBench } from "@shellgen/bench";

const root = fileURLToPath(new URL("../..", import.meta.url));
const model = process.env.SHELLGEN_MODEL || join(root, "model/shellgen-mini.gguf");
const why = !existsSync(model) ? `no model at ${model} (npm run model:export)` : "";
let dir = "";
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

it.skipIf(why !== "")(
  `runs native and constrained-retry with the default model${why ? ` [skipped: ${why}]` : ""}`,
  async () => {
    dir = mkdtempSync(join(tmpdir(), "shellgen-model-run-"));
    const tasks = loadSuite()
      .filter((t) => t.tier === 1)
      .slice(0, 3);
    const r = await runBench({
      models: [undefined],
      modes: parseModes(["native", "constrained-retry"]),
      glob: tasks.map((t) => t.id).join(","),
      outDir: join(dir, "out"),
    });
    expect(r.records).toHaveLength(6);
    for (const rec of r.records) {
      expect(rec.model).toBe(basename(model));
      expect(["native", "constrained", "retry-native", "failed"]).toContain(rec.path);
      // Either the model answered (and its cost is recorded) or the record says why it could not.
      if (rec.tokens.prompt === 0) expect(rec.reason).toMatch(/^(generation failed|no command produced)/);
      else expect(rec.latencyMs).toBeGreaterThan(0);
      if (rec.command === "") expect(rec.passed).toBe(false);
    }
    expect(
      r.records.some((rec) => rec.tokens.prompt > 0),
      r.records.map((x) => x.reason).join("\n"),
    ).toBe(true);
    const t = jsonSummary((await loadReport(join(dir, "out"))).report).transitions;
    expect(t).toHaveLength(1);
    expect(t[0]!.kept + t[0]!.fixed + t[0]!.regressed + t[0]!.unresolved).toBe(3);
  },
  300_000,
);
