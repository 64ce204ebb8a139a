// The runner end to end on real tasks, the real sandbox and real checks. Model modes use a
// scripted generator (a stand-in for a model that answers some tasks right and some wrong),
// so the paired bookkeeping can be checked exactly; the oracle path must never open a model.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resetSandboxProbe } from "@shellgen/sandbox";
import { jsonSummary, loadReport, loadSuite, main, parseModes, runBench, type Generator, type Task } from "@shellgen/bench";
import { Progress, readResults, RESULTS_FILE } from "../src/run/index.js";

const suite = loadSuite();
// A spread of tiers, ids chosen from the live suite so the test follows its edits.
const pick: Task[] = [1, 2, 3, 4].flatMap((tier) => suite.filter((t) => t.tier === tier && t.wrong.length > 0).slice(0, 2));
const idGlob = (ts: Task[]) => ts.map((t) => t.id).join(",");
const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), "shellgen-bench-test-"));
  dirs.push(d);
  return join(d, "out");
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Answers each (mode, task) with the canonical solution or a known-wrong command, as scripted. */
function scripted(right: Record<string, Set<string>>): Generator {
  return {
    label: "scripted-model",
    async produce(task, mode) {
      const ok = right[mode.name]?.has(task.id);
      return {
        command: ok ? task.solutions[0]! : task.wrong[0]!,
        tokens: { prompt: 10 + task.request.length, completion: 5 },
        latencyMs: 3,
        path: mode.decode === "native" ? "native" : "constrained",
      };
    },
    async close() {},
  };
}

const noModel = async (): Promise<Generator> => {
  throw new Error("the oracle must not open a model");
};

describe("bench run", () => {
  it("oracle: runs the canonical solutions in the sandbox, all pass, no model opened", async () => {
    const out = freshDir();
    const r = await runBench({ models: [undefined], modes: parseModes(["oracle"]), glob: idGlob(pick), outDir: out, concurrency: 3, openModel: noModel });
    expect(r.ran).toBe(pick.length);
    expect(r.records.every((x) => x.passed && x.model === "oracle" && x.path === "oracle")).toBe(true);
    const line = JSON.parse(readFileSync(join(out, RESULTS_FILE), "utf8").split("\n")[0]!);
    for (const k of ["model", "mode", "taskId", "tier", "command", "stdout", "stderr", "exitCode", "passed", "reason", "tokens", "latencyMs", "path"])
      expect(line).toHaveProperty(k);
    expect(JSON.parse(readFileSync(join(out, "run.json"), "utf8")).finished).toBeTruthy();
  });

  it("model modes: one record per (model, mode, task) and exact paired transitions", async () => {
    const out = freshDir();
    const ids = pick.map((t) => t.id);
    // native right on 0-3, constrained-retry right on 0,1,4,5: kept 2, regressed 2, fixed 2, unresolved 2.
    const gen = scripted({ native: new Set(ids.slice(0, 4)), "constrained-retry": new Set([ids[0]!, ids[1]!, ids[4]!, ids[5]!]) });
    let opened = 0;
    const r = await runBench({
      models: ["a.gguf"],
      modes: parseModes(["native", "constrained-retry"]),
      glob: idGlob(pick),
      outDir: out,
      concurrency: 2,
      openModel: async () => (opened++, gen),
    });
    expect(opened).toBe(1);
    expect(r.records).toHaveLength(2 * pick.length);
    const { report } = await loadReport(out);
    const transitions = jsonSummary(report).transitions;
    expect(transitions).toHaveLength(1);
    expect(transitions[0]).toMatchObject({ model: "scripted-model", from: "native", to: "constrained-retry", kept: 2, fixed: 2, regressed: 2, unresolved: 2 });
    const native = report.runs.find((x) => x.mode === "native")!;
    expect(native).toMatchObject({ passed: 4, total: 8 });
    expect(Object.values(native.byTier).reduce((a, t) => a + t.total, 0)).toBe(8);
    expect(report.regressions.map((g) => g.taskId).sort()).toEqual([ids[2], ids[3]].sort());
    expect(report.regressions[0]!.fromCommand).not.toBe(report.regressions[0]!.toCommand);
  });

  it("resumes a killed run: skips recorded triples and drops a torn last line", async () => {
    const out = freshDir();
    const first = pick.slice(0, 3);
    await runBench({ models: [undefined], modes: parseModes(["oracle"]), glob: idGlob(first), outDir: out, openModel: noModel });
    appendFileSync(join(out, RESULTS_FILE), '{"model":"oracle","mode":"oracle","taskId":"' + pick[3]!.id + '","tie'); // killed mid-write
    await expect(runBench({ models: [undefined], modes: parseModes(["oracle"]), glob: idGlob(pick), outDir: out, openModel: noModel })).rejects.toThrow(
      /--resume/,
    );
    const r = await runBench({ models: [undefined], modes: parseModes(["oracle"]), glob: idGlob(pick), outDir: out, resume: true, openModel: noModel });
    expect(r.skipped).toBe(3);
    expect(r.ran).toBe(pick.length - 3);
    const lines = readFileSync(join(out, RESULTS_FILE), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(pick.length);
    expect(lines.every((l) => JSON.parse(l).passed === true)).toBe(true);
    expect((await readResults(out)).skipped).toBe(0);
  });

  it("stops taking work when aborted and says so", async () => {
    const out = freshDir();
    const ac = new AbortController();
    ac.abort();
    const r = await runBench({ models: [undefined], modes: parseModes(["oracle"]), glob: idGlob(pick), outDir: out, signal: ac.signal, openModel: noModel });
    expect(r).toMatchObject({ ran: 0, interrupted: true });
  });

  it("prints periodic progress lines with pass rate and ETA when not on a terminal", () => {
    const lines: string[] = [];
    const p = new Progress({ write: (s: string) => (lines.push(s), true) } as unknown as NodeJS.WritableStream, 0);
    p.start(4, 2);
    p.tick(true, "oracle t1");
    p.tick(false, "oracle t2");
    expect(lines[0]).toMatch(/4 runs to go \(2 already done/);
    expect(lines[2]).toMatch(/\[2\/4\] pass 50\.0% .* ETA /);
  });

  it("redraws one line in place on a terminal", () => {
    let text = "";
    const p = new Progress({ isTTY: true, columns: 80, write: (s: string) => ((text += s), true) } as unknown as NodeJS.WritableStream, 0);
    p.start(2, 0);
    p.tick(true, "native t1-a");
    p.tick(true, "native t1-b");
    p.finish();
    expect(text.match(/\r\x1b\[K/g)).toHaveLength(3);
    expect(text.split("\n").filter(Boolean)).toHaveLength(2); // the start line and the final line
    expect(text).toMatch(/\[2\/2\] pass 100\.0%/);
  });
});

describe("bench CLI", () => {
  const cli = async (argv: string[]) => {
    let out = "";
    let err = "";
    const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
    return { code, out, err };
  };

  it("explains bad input in one line with exit code 2", async () => {
    expect(await cli(["run", "--tier", "9", "--modes", "oracle"])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^bench: unknown tier 9 \(the suite has tiers 1, 2, 3, 4\)\n$/),
    });
    expect(await cli(["run", "--tasks", "no-such-*", "--modes", "oracle"])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no task id matches --tasks "no-such-\*"/),
    });
    expect(await cli(["run", "--modes", "native,telepathy"])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/unknown mode "telepathy" \(expected one of: native, .*oracle[;)]/),
    });
    expect(await cli(["frobnicate"])).toMatchObject({ code: 2 });
    expect(await cli(["run", "--concurrency", "0"])).toMatchObject({ code: 2, err: expect.stringMatching(/--concurrency must be a positive integer/) });
  });

  it("names a missing model and writes nothing", async () => {
    const out = freshDir();
    const r = await cli(["run", "--tier", "1", "--model", "/nonexistent/model.gguf", "--modes", "native", "--out", out]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^bench: model not found: \/nonexistent\/model\.gguf; /);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses to execute anything without bubblewrap and says how to install it", async () => {
    process.env.SHELLGEN_BWRAP = "/nonexistent/bwrap";
    resetSandboxProbe();
    try {
      const out = freshDir();
      const r = await cli(["run", "--modes", "oracle", "--tier", "1", "--out", out]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/refusing to execute commands without a sandbox: .*apt-get install -y bubblewrap/);
      expect(existsSync(out)).toBe(false);
    } finally {
      delete process.env.SHELLGEN_BWRAP;
      resetSandboxProbe();
    }
  });

  it("run then report --json prints exactly {runs, transitions, coverage, study, causes}", async () => {
    const out = freshDir();
    const run = await cli(["run", "--modes", "oracle", "--tasks", idGlob(pick.slice(0, 2)), "--out", out]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/oracle\s+oracle.*2\/2/);
    expect(existsSync(join(out, "report.html")) && existsSync(join(out, "report.md"))).toBe(true);
    const rep = await cli(["report", out, "--json"]);
    expect(rep.code).toBe(0);
    const j = JSON.parse(rep.out);
    expect(Object.keys(j)).toEqual(["runs", "transitions", "coverage", "study", "causes"]);
    expect(j.causes).toMatchObject({ rows: [], gaps: [], rules: [] });
    expect(j.runs).toHaveLength(1);
    // the novel/covered counts are there exactly when corpora/tasks/coverage.json is
    const split = j.coverage.status === "ok" ? ["novel", "covered"] : [];
    expect(Object.keys(j.runs[0])).toEqual(["model", "mode", "passed", "total", "byTier", ...split]);
    if (split.length) expect(j.runs[0].novel.total + j.runs[0].covered.total).toBe(2);
    expect(j.runs[0]).toMatchObject({ model: "oracle", mode: "oracle", passed: 2, total: 2 });
    expect(j.transitions).toEqual([]);
  });
});

describe("native before the grammar modes", () => {
  it("a grammar mode's decode of a task starts only once the native decode of that task has generated", async () => {
    // The native decode is slow; without the wait, a second worker decodes constrained-retry meanwhile.
    const spans: { mode: string; task: string; start: number; end: number }[] = [];
    const gen: Generator = {
      label: "ordered-model",
      async produce(task, mode) {
        const start = performance.now();
        if (mode.name === "native") await new Promise((r) => setTimeout(r, 400));
        spans.push({ mode: mode.name, task: task.id, start, end: performance.now() });
        return { command: task.solutions[0]!, tokens: { prompt: 1, completion: 1 }, latencyMs: 1, path: mode.decode === "native" ? "native" : "constrained" };
      },
      async close() {},
    };
    const tasks = pick.slice(0, 3);
    await runBench({
      models: ["m"],
      modes: parseModes(["constrained-retry", "native"]),
      glob: idGlob(tasks),
      outDir: freshDir(),
      concurrency: 2,
      openModel: async () => gen,
    });
    for (const t of tasks) {
      const native = spans.find((s) => s.task === t.id && s.mode === "native")!;
      const constrained = spans.find((s) => s.task === t.id && s.mode === "constrained-retry")!;
      expect(constrained.start, t.id).toBeGreaterThanOrEqual(native.end);
    }
  }, 60_000);
});
