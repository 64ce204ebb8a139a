// Picks a backend from what the user passed: a URL means an HTTP engine, anything else a GGUF.
import { modelPath } from "@shellgen/model";
import type { Backend } from "./types.js";
import { HttpBackend, type HttpOptions } from "./http.js";
import type { LocalModelOptions } from "./local-model.js";

export interface BackendOptions extends HttpOptions, LocalModelOptions {
  /**
   * Open an embedded model on a worker thread, so loading it overlaps with the caller's own
   * start-up work (the CLI's one request). Ignored for endpoints, and when running from sources.
   */
  thread?: boolean;
}

/** SHELLGEN_MODEL, else the model @shellgen/model ships (model/shellgen-mini.gguf in a checkout). */
export function defaultModelPath(): string {
  const env = process.env.SHELLGEN_MODEL;
  if (env && env.trim() !== "") return env;
  return modelPath;
}

export const isUrl = (model: string): boolean => /^https?:\/\//i.test(model);

export async function createBackend(model?: string, opts: BackendOptions = {}): Promise<Backend> {
  const source = model && model.trim() !== "" ? model : defaultModelPath();
  if (isUrl(source)) return HttpBackend.open(source, opts);
  // node-llama-cpp loads only when an embedded model is asked for: HTTP users, `explain`
  // and `--help` never pay its start-up.
  const { thread, ...local } = opts;
  if (thread) {
    const { ThreadedBackend, threadHostFile } = await import("./threaded.js");
    const host = threadHostFile();
    if (host) return ThreadedBackend.open(host, source, local);
  }
  const { EmbeddedBackend } = await import("./embedded.js");
  return EmbeddedBackend.open(source, local);
}
