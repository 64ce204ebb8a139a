// The embedded backend on the real default model: native output, constrained output that
// its grammar accepts (checked with grammargen's recognizer), and the retry loop's promise
// that every command parses or is reported as a failure with its reason.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend, defaultModelPath } from "../src/backend/index.js";
import type { Backend } from "../src/backend/types.js";
import { DecodeError } from "../src/errors.js";
import { generate } from "../src/generate.js";
import { parseBash } from "../src/gate.js";
import { loadPack } from "../src/plan-pack.js";
import { generatedRequests } from "./requests.js";

const MODEL = defaultModelPath();
let backend: Backend;
let programs: string[];

beforeAll(async () => {
  if (!existsSync(MODEL)) throw new Error(`default model missing at ${MODEL} (npm run model:export)`);
  backend = await createBackend(MODEL);
  programs = Object.keys((await loadPack()).commands).sort();
});
afterAll(async () => backend?.close(), 120_000);

describe("embedded backend, default model", () => {
  it("decodes natively, greedy and repeatable", async () => {
    const a = await generate({ backend, request: "How many lines are in notes.txt?", mode: "native", maxTokens: 32 });
    const b = await generate({ backend, request: "How many lines are in notes.txt?", mode: "native", maxTokens: 32 });
    expect(a.path).toBe("native");
    expect(a.command).not.toBe("");
    expect(a.command).toBe(b.command);
    expect(a.tokens.prompt).toBeGreaterThan(5);
    expect(a.tokens.completion).toBeGreaterThan(0);
  });

  it("constrained output is accepted by its grammar on 200 generated requests", async () => {
    const requests = generatedRequests(programs, 200);
    const rejected: string[] = [];
    const failed: string[] = [];
    const paths = new Map<string, number>();
    for (const request of requests) {
      const r = await generate({ backend, request, mode: "constrained", ground: false, maxTokens: 24, workspaceFiles: ["notes.txt", "data.csv", "logs/"] });
      paths.set(r.path, (paths.get(r.path) ?? 0) + 1);
      if (r.path === "failed") {
        failed.push(`${request} -> ${r.error}`);
        continue;
      }
      expect(r.path).toBe("constrained");
      const verdict = r.grammar!.accepts(r.command);
      if (!verdict.accepted) rejected.push(`${request} -> ${JSON.stringify(r.command)}: ${verdict.reason}`);
    }
    expect(rejected).toEqual([]);
    // Every output that completes is accepted. A model pushed off its path may still run
    // out of tokens under the grammar; that must stay rare (at most 1%) and say so.
    expect(failed.length).toBeLessThanOrEqual(2);
    for (const f of failed) expect(f).toMatch(/token limit \(\d+\) reached before the grammar was complete/);
    expect(paths.get("constrained")).toBe(200 - failed.length);
  }, 900_000);

  it("grounded constrained output is accepted by its grammar; a decode with no complete command says why", async () => {
    // Grounding narrows path values to names from the request and workspace, so a weak model
    // can talk itself into a corner (a second operand it cannot name) and hit the token limit.
    const requests = generatedRequests(programs, 300).slice(200);
    const rejected: string[] = [];
    const failures: string[] = [];
    let failed = 0;
    for (const request of requests) {
      const r = await generate({ backend, request, mode: "constrained", ground: true, maxTokens: 24, workspaceFiles: ["notes.txt", "data.csv", "logs/"] });
      if (r.path === "failed") {
        failed++;
        failures.push(`${request} -> ${JSON.stringify(r.command)}: ${r.error}`);
        expect(r.error).toMatch(/\S/);
        continue;
      }
      const verdict = r.grammar!.accepts(r.command);
      if (!verdict.accepted) rejected.push(`${request} -> ${JSON.stringify(r.command)}: ${verdict.reason}`);
    }
    expect(rejected).toEqual([]);
    console.log(`grounded constrained: ${requests.length - failed}/${requests.length} complete commands, all accepted; ${failed} failed with a reason`);
    expect(failed, failures.join("\n")).toBeLessThanOrEqual(requests.length / 10);
  }, 900_000);

  it("constrained-retry output always parses or is a failure with a reason", async () => {
    const requests = generatedRequests(programs, 60).filter((_, i) => i % 2 === 0);
    for (const request of requests) {
      const r = await generate({ backend, request, mode: "constrained-retry", maxTokens: 24 });
      if (r.path === "failed") {
        expect(r.error).toMatch(/\S/);
        expect(r.parses).toBe(false);
      } else {
        expect(["constrained", "retry-native"]).toContain(r.path);
        expect(parseBash(r.command).parses).toBe(true);
        expect(r.parses).toBe(true);
      }
    }
  }, 300_000);

  it("rejects a grammar llama.cpp cannot compile with one line", async () => {
    const err = await backend.prepareGrammar({ gbnf: 'root ::= root "a" | "a"', lark: "" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).code).toBe("EGRAMMAR");
    expect((err as DecodeError).message).not.toContain("\n");
  });

  it("refuses an empty request", async () => {
    await expect(generate({ backend, request: "  ", mode: "native" })).rejects.toThrow(/empty request/);
  });
});
