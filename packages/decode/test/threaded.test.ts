// The embedded model on a worker thread (what `shellgen "<request>"` uses) answers exactly as
// the same model on the calling thread, keeps DecodeError codes, and ends its thread on close.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultModelPath } from "../src/backend/index.js";
import { EmbeddedBackend } from "../src/backend/embedded.js";
import { ThreadedBackend } from "../src/backend/threaded.js";
import { DecodeError } from "../src/errors.js";

// The worker runs the built module (a thread cannot load TypeScript sources); `npm test` builds first.
const HOST = fileURLToPath(new URL("../dist/backend/thread-host.js", import.meta.url));
const GRAMMAR = { gbnf: 'root ::= "wc -l " [a-z]+ ".txt"', lark: 'start: "wc -l " /[a-z]+/ ".txt"' };
let local: EmbeddedBackend;
let threaded: ThreadedBackend;

beforeAll(async () => {
  [local, threaded] = await Promise.all([EmbeddedBackend.open(defaultModelPath()), ThreadedBackend.open(HOST, defaultModelPath())]);
});
afterAll(async () => {
  await local?.close();
});

describe("ThreadedBackend", () => {
  it("decodes as the same model on this thread, free and under a grammar", async () => {
    for (const request of ["count the lines in notes.txt", "show the first 3 lines of a.txt"]) {
      for (const grammar of [undefined, GRAMMAR]) {
        let firsts = 0;
        const opts = { prompt: { request }, grammar, maxTokens: 24, seed: 1 };
        const a = await local.complete(opts);
        const b = await threaded.complete({ ...opts, onFirstToken: () => firsts++ });
        expect(b).toEqual(a);
        expect(firsts).toBe(1);
      }
    }
    expect((await threaded.complete({ prompt: { request: "count the lines in notes.txt" }, grammar: GRAMMAR, maxTokens: 24, seed: 1 })).text).toMatch(
      /^wc -l [a-z]+\.txt$/,
    );
  }, 120_000);

  it("reports a grammar llama.cpp rejects as EGRAMMAR, and a missing model as EMODEL", async () => {
    const bad = await threaded.prepareGrammar({ gbnf: "root ::= (", lark: "" }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(DecodeError);
    expect((bad as DecodeError).code).toBe("EGRAMMAR");
    const missing = await ThreadedBackend.open(HOST, "/nonexistent/model.gguf").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DecodeError);
    expect((missing as DecodeError).code).toBe("EMODEL");
    expect((missing as DecodeError).message).toMatch(/nonexistent/);
  }, 120_000);

  it("ends its thread on close; a later call is refused", async () => {
    await threaded.close();
    const after = await threaded.complete({ prompt: { request: "x" }, maxTokens: 4, seed: 1 }).catch((e: unknown) => e);
    expect(after).toBeInstanceOf(DecodeError);
    expect((threaded as unknown as { worker: { threadId: number } }).worker.threadId).toBe(-1);
  }, 60_000);
});
