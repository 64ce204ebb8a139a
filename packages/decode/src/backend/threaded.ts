// The embedded backend on a worker thread. Loading node-llama-cpp's modules and the model is
// about half a second of single-threaded work; on its own thread it overlaps with what the
// main thread has to do anyway (its own modules, the grammar pack, the planner, tree-sitter).
// Same Backend contract: calls are proxied one message each, errors keep their DecodeError code.
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { DecodeError, type DecodeErrorCode } from "../errors.js";
import { BUNDLE_CONDITION, bundleProblem, NO_BUNDLE } from "./llama-bundle.js";
import type { HostCall, HostReply } from "./thread-host.js";
import type { LocalModelOptions } from "./local-model.js";
import type { Backend, Completion, CompleteOptions, GrammarText } from "./types.js";
import type { ModelInfo } from "./chat-template.js";

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; onFirstToken?: () => void };

function toError(e: { message: string; code?: string; name?: string }): Error {
  if (e.name === "DecodeError" && e.code) return new DecodeError(e.message, e.code as DecodeErrorCode);
  const err = new Error(e.message);
  if (e.name) err.name = e.name;
  return err;
}

/** The worker's module beside this one; absent when running from sources (tests), where the caller falls back. */
export function threadHostFile(): string | undefined {
  const file = fileURLToPath(new URL("./thread-host.js", import.meta.url));
  return existsSync(file) ? file : undefined;
}

export class ThreadedBackend implements Backend {
  readonly kind = "embedded" as const;
  readonly supportsGrammar = true;
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private failure?: Error;

  private constructor(
    private readonly worker: Worker,
    readonly model: string,
    /** Where the thread's node-llama-cpp came from: the one-file bundle or the package. */
    readonly library: "bundle" | "plain",
    /** When (performance.now() of this thread) the thread started, had its modules loaded, and had the model open. */
    readonly startup: { startedMs: number; loadedMs: number; readyMs: number },
    /** Why a bundle that was there was not used. */
    readonly bundleFallback: string | undefined,
    readonly info: ModelInfo,
  ) {
    worker.on("message", (m: HostReply) => this.reply(m));
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", (code) => this.fail(new DecodeError(`the model thread exited (${code})`, "EMODEL")));
  }

  /**
   * Starts the thread on the one-file node-llama-cpp when one is built and current
   * (llama-bundle.ts), and again on the package itself when that thread fails in any way (an
   * input changed, a damaged file, or a fault of the bundle itself), so the bundle can cost
   * time but never a start; a model that fails on both reports the package's error.
   */
  static async open(hostFile: string, source: string, opts: LocalModelOptions = {}): Promise<ThreadedBackend> {
    const problem = process.env.SHELLGEN_LLAMA_BUNDLE === "0" ? NO_BUNDLE : bundleProblem(dirname(hostFile), { quick: true });
    if (!problem) {
      try {
        return await ThreadedBackend.start(hostFile, source, opts, true);
      } catch (err) {
        return ThreadedBackend.start(hostFile, source, opts, false, err instanceof Error ? err.message : String(err));
      }
    }
    return ThreadedBackend.start(hostFile, source, opts, false, problem === NO_BUNDLE ? undefined : problem);
  }

  private static start(hostFile: string, source: string, opts: LocalModelOptions, bundled: boolean, fallback?: string): Promise<ThreadedBackend> {
    let worker: Worker;
    const startedMs = performance.now();
    const condition = `--conditions=${BUNDLE_CONDITION}`;
    const spawn = (execArgv?: string[]) => new Worker(hostFile, { workerData: { source, opts }, execArgv });
    try {
      // Exec arguments replace the inherited ones, so the process's own go along; when one of
      // them is for the process only (--max-old-space-size, --title: ERR_WORKER_INVALID_EXEC_ARGV),
      // the thread goes without them, as a model thread can.
      if (!bundled) worker = spawn();
      else {
        try {
          worker = spawn([...process.execArgv, condition]);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "ERR_WORKER_INVALID_EXEC_ARGV") throw err;
          worker = spawn([condition]);
        }
      }
    } catch (err) {
      if (bundled) return ThreadedBackend.start(hostFile, source, opts, false, err instanceof Error ? err.message : String(err));
      throw err;
    }
    return new Promise((resolve, reject) => {
      const early = (err: Error) => reject(err);
      const exited = (code: number) => reject(new DecodeError(`the model thread exited (${code}) before the model opened`, "EMODEL"));
      worker.once("error", early);
      worker.once("exit", exited);
      worker.once("message", (m: HostReply) => {
        worker.off("error", early);
        worker.off("exit", exited);
        if ("ready" in m) {
          // On this thread's clock, like performance.now().
          const at = (epochMs: number) => Math.round(epochMs - performance.timeOrigin);
          const startup = { startedMs: Math.round(startedMs), loadedMs: at(m.loadedAt), readyMs: Math.round(performance.now()) };
          resolve(new ThreadedBackend(worker, m.model, bundled ? "bundle" : "plain", startup, fallback, m.info));
        } else {
          void worker.terminate();
          reject("error" in m ? toError(m.error) : new DecodeError("the model thread answered out of turn", "EMODEL"));
        }
      });
    });
  }

  private reply(m: HostReply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if ("firstToken" in m) {
      p.onFirstToken?.();
      return;
    }
    this.pending.delete(m.id);
    if ("ok" in m && m.ok) p.resolve(m.value);
    else if ("error" in m) p.reject(toError(m.error));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }

  private call<T>(call: Omit<HostCall, "id"> & { op: HostCall["op"] }, onFirstToken?: () => void): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onFirstToken });
      this.worker.postMessage({ ...call, id });
    });
  }

  complete(opts: CompleteOptions): Promise<Completion> {
    const { onFirstToken, ...rest } = opts;
    return this.call({ op: "complete", opts: rest, wantFirstToken: onFirstToken !== undefined } as Omit<HostCall, "id">, onFirstToken);
  }

  prepareGrammar(grammar: GrammarText): Promise<number> {
    return this.call({ op: "prepareGrammar", grammar } as Omit<HostCall, "id">);
  }

  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.worker.once("exit", () => resolve()));
    let closed = false;
    if (!this.failure) {
      try {
        await this.call({ op: "close" } as Omit<HostCall, "id">);
        closed = true;
      } catch {
        // Closing a thread that already failed: nothing left to release there.
      }
    }
    this.failure ??= new DecodeError("backend closed", "EMODEL");
    // A thread that released everything ends by itself; terminating it earlier would tear
    // down node-llama-cpp's binding under llama.cpp. One that did not release is stopped.
    if (closed) await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
    await this.worker.terminate();
  }
}
