// What each bench mode asks of the decoder: the decoding mode, grounding, and the prompt's
// examples (none, the fixed static block, or retrieved per request from the real pool).
// The decoder here is a recorder standing in for @shellgen/decode, so the mapping is exact.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { BENCH_MODES, loadSuite, ModelGenerator, parseModes, runBench } from "@shellgen/bench";
import { FEWSHOT_K } from "../src/run/index.js";

const dir = mkdtempSync(join(tmpdir(), "shellgen-modes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Call {
  request: string;
  mode: string;
  ground?: boolean;
  examples?: { request: string; command: string }[];
  workspaceFiles?: string[];
}

function recorder() {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let closed = 0;
  const decode = {
    async createBackend(model?: string) {
      return { model: model ?? "", close: async () => void closed++ };
    },
    async generate(o: Call & { backend: unknown }) {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      calls.push({ request: o.request, mode: o.mode, ground: o.ground, examples: o.examples, workspaceFiles: o.workspaceFiles });
      return {
        command: "true",
        path: o.mode === "native" ? "native" : "constrained",
        parses: true,
        grammarCommands: [],
        tokens: { prompt: 12, completion: 3 },
        latencyMs: 5,
      };
    },
  };
  return { calls, decode, stats: () => ({ maxInFlight, closed }) };
}

it("decodes one request at a time per model while sandboxed runs overlap", async () => {
  const { decode, stats } = recorder();
  const tasks = loadSuite()
    .filter((t) => t.tier === 1)
    .slice(0, 6);
  const r = await runBench({
    models: ["http://127.0.0.1:9/v1"],
    modes: parseModes(["native"]),
    glob: tasks.map((t) => t.id).join(","),
    outDir: join(dir, "serial"),
    concurrency: 4,
    openModel: (m) => ModelGenerator.open(m, decode),
  });
  expect(r.records).toHaveLength(6);
  expect(stats()).toEqual({ maxInFlight: 1, closed: 1 });
});

it("maps every bench mode onto decode's options", async () => {
  const { calls, decode, stats } = recorder();
  const tasks = loadSuite()
    .filter((t) => t.tier === 2 && Object.keys(t.setup.files ?? {}).length > 0)
    .slice(0, 2);
  const modelModes = BENCH_MODES.filter((m) => m.decode !== null).map((m) => m.name);
  const r = await runBench({
    models: ["http://127.0.0.1:9/v1"],
    modes: parseModes(modelModes),
    glob: tasks.map((t) => t.id).join(","),
    // One worker keeps the calls in job order, so each can be matched to its mode.
    outDir: join(dir, "out"),
    concurrency: 1,
    openModel: (m) => ModelGenerator.open(m, decode),
  });
  expect(r.records).toHaveLength(modelModes.length * tasks.length);
  expect(r.records.every((x) => x.model === "http://127.0.0.1:9/v1" && x.tokens.prompt === 12)).toBe(true);
  expect(stats().closed).toBe(1);

  const byMode = (mode: string, decodeMode: string, ground: boolean) => {
    const i = modelModes.indexOf(mode);
    // task-major order: calls for a task follow the mode list
    const got = tasks.map((_, ti) => calls[ti * modelModes.length + i]!);
    for (const c of got) expect({ mode: c.mode, ground: c.ground }).toEqual({ mode: decodeMode, ground });
    return got;
  };
  for (const c of byMode("native", "native", false)) expect(c.examples).toBeUndefined();
  byMode("constrained", "constrained", false);
  byMode("constrained-retry", "constrained-retry", false);
  byMode("constrained-retry+ground", "constrained-retry", true);
  const stat = byMode("static-fewshot", "native", false);
  expect(stat[0]!.examples).toHaveLength(FEWSHOT_K);
  expect(stat[1]!.examples).toEqual(stat[0]!.examples);
  const dyn = byMode("fewshot", "native", false);
  for (const c of dyn) {
    expect(c.examples!.length).toBeGreaterThan(0);
    expect(c.examples!.length).toBeLessThanOrEqual(FEWSHOT_K);
  }
  expect(dyn[0]!.examples).not.toEqual(dyn[1]!.examples);
  const both = byMode("fewshot+constrained-retry", "constrained-retry", false);
  expect(both[0]!.examples).toEqual(dyn[0]!.examples);
  // Grounding sees the files the task set up.
  for (const [ti, t] of tasks.entries()) {
    for (const f of Object.keys(t.setup.files ?? {})) expect(calls[ti * modelModes.length]!.workspaceFiles).toContain(f);
  }
});
