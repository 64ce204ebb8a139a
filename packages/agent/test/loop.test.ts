// Each stop condition of the improvement loop, reached with a scripted model behind the
// real decoder (constrained-retry, grounding, the grammar pack) and the real sandbox.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodeProposer, improve, RunLog, type LoopOptions } from "@shellgen/agent";
import { ScriptedBackend } from "./scripted.js";

let ws: string;
let home: string;
beforeEach(() => {
  ws = mkdtempSync(join(tmpdir(), "agent-ws-"));
  home = mkdtempSync(join(tmpdir(), "agent-home-"));
  writeFileSync(join(ws, "notes.txt"), "alpha\nbeta\n");
  writeFileSync(join(ws, "old.log"), "x\n");
});
afterEach(() => {
  rmSync(ws, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function loop(goal: string, script: string[], extra: Partial<LoopOptions> = {}, mode: "constrained-retry" | "native" = "constrained-retry") {
  const backend = new ScriptedBackend(script);
  const log = RunLog.create(join(home, "runs"));
  const r = await improve({ goal, workspace: ws, propose: decodeProposer({ backend, mode }), log, ...extra });
  await r.discard();
  return { r, backend, log };
}

describe("improve: stop conditions", () => {
  it("stops on success, and the copy's effect is recorded while the workspace is untouched", async () => {
    const { r } = await loop("delete the log files", ["rm old.log"]);
    expect(r.stopped).toBe("success");
    expect(r.command).toBe("rm old.log");
    expect(r.attempts).toHaveLength(1);
    expect(r.attempts[0]!.changes.deleted.map((d) => d.path)).toEqual(["old.log"]);
    expect(readdirSync(ws).sort()).toEqual(["notes.txt", "old.log"]);
  });

  it("stops at the attempt limit, feeding each failure back", async () => {
    const { r, backend } = await loop("show the lines with gamma in notes.txt", ["grep gamma notes.txt", "ls nothing-like-it"], {
      maxAttempts: 2,
      repeatLimit: 5,
    });
    expect(r.stopped).toBe("max-attempts");
    expect(r.attempts.map((a) => a.command)).toEqual(["grep gamma notes.txt", "ls nothing-like-it"]);
    expect(r.attempts.map((a) => a.verdict)).toEqual(["failed", "failed"]);
    const fed = backend.prompts.find((p) => p.feedback)?.feedback;
    expect(fed?.command).toBe("grep gamma notes.txt");
    expect(fed?.error).toContain("exit status 1");
  });

  it("stops when the next proposal repeats a command already tried", async () => {
    const { r } = await loop("show the lines with gamma in notes.txt", ["grep gamma notes.txt", "grep gamma notes.txt"], { repeatLimit: 5 });
    expect(r.stopped).toBe("repeated-command");
    expect(r.attempts).toHaveLength(1);
  });

  it("stops when the same error signature comes back", async () => {
    const { r } = await loop("show the lines with gamma in notes.txt", ["grep gamma notes.txt", "grep delta notes.txt", "ls"], { repeatLimit: 2 });
    expect(r.stopped).toBe("repeated-error");
    expect(r.attempts).toHaveLength(2);
    expect(r.attempts[0]!.signature).toBe(r.attempts[1]!.signature);
  });

  it("stops at the wall-time limit", async () => {
    const { r } = await loop("show the lines with gamma in notes.txt", ["grep gamma notes.txt", "ls"], { timeLimitMs: 1, repeatLimit: 5 });
    expect(r.stopped).toBe("wall-time");
    expect(r.attempts).toHaveLength(1);
  });

  it("repairs a missing name from the error before asking the model again", async () => {
    const { r, backend } = await loop("print the contents of the notes file", ["cat note.txt"], {}, "native");
    expect(r.attempts[0]!.stderr).toMatch(/No such file/);
    expect(r.attempts[1]).toMatchObject({ command: "cat notes.txt", source: "repair", verdict: "success" });
    expect(r.stopped).toBe("success");
    expect(backend.prompts.some((p) => p.feedback)).toBe(false);
  });

  it("logs every step as its own JSON file", async () => {
    const { r, log } = await loop("show the lines with gamma in notes.txt", ["grep gamma notes.txt", "ls nothing-like-it"], { maxAttempts: 2, repeatLimit: 5 });
    const files = readdirSync(log.dir!).sort();
    expect(files).toEqual(["step-01.json", "step-02.json", "step-03.json", "step-04.json"]);
    const steps = files.map((f) => JSON.parse(readFileSync(join(log.dir!, f), "utf8")) as { kind: string; command?: string; stopped?: string });
    expect(steps.map((s) => s.kind)).toEqual(["start", "attempt", "attempt", "stop"]);
    expect(steps[1]!.command).toBe(r.attempts[0]!.command);
    expect(steps[3]!.stopped).toBe("max-attempts");
  });
});
