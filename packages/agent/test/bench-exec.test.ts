// The bench's `+exec` modes run the agent loop on copies of the task workspace. Here a
// scripted model misnames a file: the plain mode fails the task's check, the +exec mode
// repairs the name from the error it saw and passes. The decoder, sandbox and checks are
// the real ones; only the model is scripted.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ModelGenerator, parseModes, runBench } from "@shellgen/bench";
import { type createBackend, generate } from "@shellgen/decode";
import { ScriptedBackend } from "./scripted.js";

const dir = mkdtempSync(join(tmpdir(), "agent-bench-exec-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("+exec uses what the loop saw, and is paired with the same mode without it", async () => {
  const suite = join(dir, "suite");
  const task = {
    id: "t1-show-notes",
    tier: 1,
    category: "read",
    request: "print the contents of the notes file",
    setup: { files: { "notes.txt": "alpha\nbeta\n" } },
    programs: ["cat"],
    solutions: ["cat notes.txt"],
    wrong: ["cat note.txt"],
    check: { stdout: "alpha\nbeta" },
  };
  rmSync(suite, { recursive: true, force: true });
  await import("node:fs/promises").then((fs) => fs.mkdir(suite, { recursive: true }));
  writeFileSync(join(suite, "tasks.json"), JSON.stringify([task]));
  const decode = { createBackend: (async () => new ScriptedBackend(["cat note.txt"])) as unknown as typeof createBackend, generate };
  const r = await runBench({
    models: ["http://127.0.0.1:9/scripted"], // a URL label: no model file is looked for; the backend is the script
    modes: parseModes(["constrained-retry", "constrained-retry+exec"]),
    suiteDir: suite,
    outDir: join(dir, "out"),
    concurrency: 1,
    openModel: (m) => ModelGenerator.open(m, decode),
  });
  const plain = r.records.find((x) => x.mode === "constrained-retry")!;
  const exec = r.records.find((x) => x.mode === "constrained-retry+exec")!;
  expect(plain).toMatchObject({ command: "cat note.txt", passed: false });
  expect(exec).toMatchObject({ command: "cat notes.txt", passed: true });
  expect(exec.exec).toEqual({ stopped: "success", commands: ["cat note.txt", "cat notes.txt"], verdicts: ["failed", "success"] });
});

it("refuses +exec on the oracle", () => {
  expect(() => parseModes(["oracle+exec"])).toThrow(/needs a model mode/);
  expect(parseModes(["fewshot+constrained-retry+ground+exec"])[0]).toMatchObject({
    exec: true,
    decode: "constrained-retry",
    ground: true,
    examples: "retrieved",
  });
});
