// The worker side of ThreadedBackend: opens the embedded model on this thread and answers
// the main thread's calls, one message per call, errors as { message, code }.
import { parentPort, workerData } from "node:worker_threads";
import { DecodeError } from "../errors.js";
import { EmbeddedBackend } from "./embedded.js";
import { sharedLlama, type LocalModelOptions } from "./local-model.js";
import type { CompleteOptions, GrammarText } from "./types.js";
import type { ModelInfo } from "./chat-template.js";

export type HostCall =
  | { id: number; op: "complete"; opts: Omit<CompleteOptions, "onFirstToken">; wantFirstToken: boolean }
  | { id: number; op: "prepareGrammar"; grammar: GrammarText }
  | { id: number; op: "close" };

export type HostReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; name?: string } }
  | { id: number; firstToken: true }
  | { id: 0; ready: true; model: string; loadedAt: number; info: ModelInfo }
  | { id: 0; ok: false; error: { message: string; code?: string; name?: string } };

// Everything this module imports, node-llama-cpp included, has loaded once its body runs.
const loadedAt = performance.timeOrigin + performance.now();
const port = parentPort!;
const { source, opts } = workerData as { source: string; opts: LocalModelOptions };

const asError = (err: unknown) =>
  err instanceof DecodeError
    ? { message: err.message, code: err.code, name: err.name }
    : { message: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : undefined };

try {
  const backend = await EmbeddedBackend.open(source, opts);
  port.on("message", async (call: HostCall) => {
    try {
      let value: unknown;
      if (call.op === "complete") {
        const onFirstToken = call.wantFirstToken ? () => port.postMessage({ id: call.id, firstToken: true } satisfies HostReply) : undefined;
        value = await backend.complete({ ...call.opts, onFirstToken });
      } else if (call.op === "prepareGrammar") value = await backend.prepareGrammar(call.grammar);
      else {
        // Everything native goes before the thread ends: a binding torn down with the
        // thread's environment while llama.cpp still holds it aborts the whole process.
        await backend.close();
        await (await sharedLlama()).dispose();
        value = undefined;
      }
      port.postMessage({ id: call.id, ok: true, value } satisfies HostReply);
      // With the port closed the thread has nothing left to wait for and ends on its own.
      if (call.op === "close") port.close();
    } catch (err) {
      port.postMessage({ id: call.id, ok: false, error: asError(err) } satisfies HostReply);
    }
  });
  port.postMessage({ id: 0, ready: true, model: backend.model, loadedAt, info: backend.info } satisfies HostReply);
} catch (err) {
  port.postMessage({ id: 0, ok: false, error: asError(err) } satisfies HostReply);
}
