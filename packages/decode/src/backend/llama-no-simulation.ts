// node-llama-cpp 3.21.1 checks memory before every context by loading the model a second
// time in a native "simulator" and measuring it. On a CPU-only runtime with mmap'd weights
// there is no GPU split to find and the heuristic estimate it falls back to is enough, but
// the simulation loads the tokenizer again: 0.3-0.8 s per context at a 152k vocabulary
// (Qwen2), 20 ms at our 2k one. With no simulator source the library takes its own
// heuristic path, so on a CPU runtime of the tested version the source is withheld.
import { GgufInsights, type Llama } from "#node-llama-cpp";

/** `testedVersion`: the caller found node-llama-cpp at the version this was checked on. */
export function skipResourceSimulation(llama: Llama, testedVersion: boolean): void {
  if (llama.gpu !== false || !testedVersion) return;
  const proto = GgufInsights.prototype as unknown as { _resolveSimulatorSource?: () => Promise<unknown> };
  if (typeof proto._resolveSimulatorSource !== "function") return;
  proto._resolveSimulatorSource = async () => null;
}
