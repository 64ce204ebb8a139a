// generate's `restate`: the request every later stage reads, with the workspace's names kept.
import { afterEach, describe, expect, it } from "vitest";
import { openPool } from "@shellgen/fewshot";
import type { Backend, CompleteOptions } from "../src/backend/types.js";
import { generate, workspaceWords } from "../src/generate.js";

/** A backend that records what it was asked and answers with a fixed command. */
function recording(answer: string): Backend & { asked: string[] } {
  const asked: string[] = [];
  return {
    kind: "embedded",
    model: "recording",
    supportsGrammar: true,
    asked,
    async complete(o: CompleteOptions) {
      asked.push(o.prompt.request);
      return { text: ` ${answer}`, tokens: { prompt: 1, completion: 1 }, finish: "stop", stoppedBy: "eos" };
    },
    async prepareGrammar() {
      return 0;
    },
    async close() {},
  };
}

afterEach(() => {
  delete process.env.SHELLGEN_ABLATE;
});

describe("restating the request (generate's restate)", () => {
  it("names in the workspace become words to keep, with and without their extension", () => {
    expect([...workspaceWords(["notes.txt", "builds/", "src/app.tar.gz"])].sort()).toEqual(["app", "app.tar.gz", "builds", "notes", "notes.txt"]);
  });

  it("the model reads the restated request, the result says so, and the workspace's names reach the restater", async () => {
    const backend = recording("head -n 3 notes.txt");
    let kept: string[] = [];
    const r = await generate({
      backend,
      request: "shwo 3 lines of notes.txt",
      mode: "native",
      workspaceFiles: ["notes.txt"],
      restate: (q, keep) => {
        kept = [...keep];
        return q.replace("shwo", "show");
      },
    });
    expect(backend.asked).toEqual(["show 3 lines of notes.txt"]);
    expect(r.restated).toBe("show 3 lines of notes.txt");
    expect(kept).toContain("notes");
  });

  it("an unchanged request is not reported as restated, and SHELLGEN_ABLATE=no-restate reads the request as typed", async () => {
    const same = await generate({ backend: recording("ls"), request: "list files", mode: "native", restate: (q) => q });
    expect(same.restated).toBeUndefined();
    process.env.SHELLGEN_ABLATE = "no-restate";
    const backend = recording("ls");
    const r = await generate({ backend, request: "lsit files", mode: "native", restate: () => "list files" });
    expect(backend.asked).toEqual(["lsit files"]);
    expect(r.restated).toBeUndefined();
  });

  it("with the shipped pool: typos are repaired, a workspace name that looks like a typo is kept", async () => {
    const pool = await openPool();
    try {
      const backend = recording("head -n 3 notes.txt");
      const restate = pool.spelled.bind(pool);
      await generate({ backend, request: "shwo the frist 3 lines of notes.txt", mode: "native", restate });
      expect(backend.asked[0]).toBe("show the first 3 lines of notes.txt");
      await generate({ backend, request: "copy the frist file into bakup", mode: "native", workspaceFiles: ["bakup/"], restate });
      expect(backend.asked[1]).toBe("copy the first file into bakup");
    } finally {
      await pool.close();
    }
  });
});
