// Work a verb starts before its own module loads. `shellgen "<request>"` opens the embedded
// model on a worker thread first thing (node-llama-cpp and the weights take about as long as
// loading the rest of the app), then the generate module picks it up. A run that ends
// without taking it closes it, so no thread is left holding the process open.
import type { Args } from "@shellgen/base";
import type { Backend } from "@shellgen/decode";
// The backend entry alone: HTTP client and the model-thread launcher, no planner, no node-llama-cpp.
import { createBackend } from "@shellgen/decode/backend";

let pending: Promise<Backend> | undefined;

/** Starts opening the embedded model for a request, when the arguments say one will be used. */
export function openModelEarly(args: Args): void {
  const model = args.str("model");
  // Endpoints take options of their own (--timeout, --engine, ...): the verb opens those itself.
  const endpoint = /^https?:\/\//i.test(model ?? process.env.SHELLGEN_MODEL ?? "");
  if (args.help || args.bool("explain") || endpoint || args.positionals.join("").trim() === "") return;
  let threads: number | undefined;
  try {
    threads = args.int("threads", 1, 1024);
  } catch {
    return; // the verb reports the bad value
  }
  pending = createBackend(model, { thread: true, threads });
  // For `npm run bench:startup`: which node-llama-cpp the thread loaded, and when it was ready.
  if (process.env.SHELLGEN_TRACE_START === "1") pending.then(traceReady, () => undefined);
  // Its failure is the verb's to report, when the verb takes it.
  pending.catch(() => undefined);
}

function traceReady(b: Backend): void {
  const { library, bundleFallback, startup: t } = b as { library?: string; bundleFallback?: string; startup?: { startedMs: number; loadedMs: number } };
  const steps = t ? `thread started ${t.startedMs} ms, node-llama-cpp loaded ${t.loadedMs} ms, ` : "";
  const why = bundleFallback ? `; bundle not used: ${bundleFallback}` : "";
  process.stderr.write(`shellgen: start: ${steps}model ready ${Math.round(performance.now())} ms (node-llama-cpp: ${library ?? "in-process"}${why})\n`);
}

/** The early model for these arguments, once; undefined when none was started. */
export function takeEarlyModel(): Promise<Backend> | undefined {
  const p = pending;
  pending = undefined;
  return p;
}

/** Closes a model that was started early and never taken. */
export async function closeEarlyModel(): Promise<void> {
  const p = takeEarlyModel();
  if (!p) return;
  try {
    await (await p).close();
  } catch {
    // It failed to open: nothing to close.
  }
}
