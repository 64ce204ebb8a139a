// Starting node-llama-cpp without its per-process binary test.
//
// On Linux, node-llama-cpp (3.21.1, pinned) loads a prebuilt binary only after loading it once
// in a child process, to survive a binary that would crash this one. That test costs a second
// Node start and about 0.7 s on every run, which is most of a one-request `shellgen` call.
// The verdict cannot change while the binary file, Node's ABI and the CPU stay the same, so it
// is kept: after getLlama has loaded a CPU binary, its path, file identity and build metadata go
// into $SHELLGEN_HOME/cache/llama-binding.json. A later start that finds the same file loads
// it directly through the library's own Llama._create. Anything unexpected (another version,
// a GPU build, a changed file, a failed load) falls back to getLlama, which tests again.
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { shellgenHome, writeFileAtomicSync } from "@shellgen/base";
import { getLlama, Llama, type LlamaLogLevel } from "#node-llama-cpp";
import { skipResourceSimulation } from "./llama-no-simulation.js";

const TESTED_VERSION = "3.21.1";
const CACHE_VERSION = 1;

export interface LlamaStartOptions {
  gpu: "auto" | false;
  logLevel: LlamaLogLevel;
  logger: (level: LlamaLogLevel, message: string) => void;
}

interface BindingVerdict {
  version: number;
  library: string;
  bindingPath: string;
  size: number;
  mtimeMs: number;
  nodeAbi: string;
  arch: string;
  cpu: string;
  buildMetadata: { buildOptions: { gpu: unknown } };
}

/** How the last start went: "cached" skipped the child-process test, "tested" did not. */
export let llamaStartPath: "cached" | "tested" | undefined;

const require = createRequire(import.meta.url);

function libraryRoot(): string | undefined {
  try {
    // The package exports only its index; resolve that and walk up to the package folder.
    return dirname(dirname(require.resolve("node-llama-cpp")));
  } catch {
    return undefined;
  }
}

function libraryVersion(root: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

const cacheFile = (): string => join(shellgenHome(), "cache", "llama-binding.json");
const cpuName = (): string => cpus()[0]?.model ?? "unknown";

function readVerdict(root: string): BindingVerdict | undefined {
  let v: BindingVerdict;
  try {
    v = JSON.parse(readFileSync(cacheFile(), "utf8")) as BindingVerdict;
  } catch {
    return undefined;
  }
  if (v.version !== CACHE_VERSION || v.library !== root || v.nodeAbi !== process.versions.modules || v.arch !== process.arch || v.cpu !== cpuName())
    return undefined;
  if (v.buildMetadata?.buildOptions?.gpu !== false) return undefined;
  try {
    const st = statSync(v.bindingPath);
    if (st.size !== v.size || st.mtimeMs !== v.mtimeMs) return undefined;
  } catch {
    return undefined;
  }
  return v;
}

/** The llama-addon.node this process has loaded, from the kernel's map of its memory. */
function loadedBinding(): string | undefined {
  try {
    const maps = readFileSync("/proc/self/maps", "utf8");
    const m = /(\/\S+\/llama-addon\.node)$/m.exec(maps);
    return m?.[1];
  } catch {
    return undefined;
  }
}

function writeVerdict(root: string, llama: Llama): void {
  if (llama.gpu !== false) return;
  const bindingPath = loadedBinding();
  if (!bindingPath) return;
  try {
    const buildMetadata = JSON.parse(readFileSync(join(dirname(bindingPath), "_nlcBuildMetadata.json"), "utf8")) as BindingVerdict["buildMetadata"];
    if (buildMetadata?.buildOptions?.gpu !== false) return;
    const st = statSync(bindingPath);
    const verdict: BindingVerdict = {
      version: CACHE_VERSION,
      library: root,
      bindingPath,
      size: st.size,
      mtimeMs: st.mtimeMs,
      nodeAbi: process.versions.modules,
      arch: process.arch,
      cpu: cpuName(),
      buildMetadata,
    };
    const file = cacheFile();
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomicSync(file, `${JSON.stringify(verdict, null, 2)}\n`);
  } catch {
    // A read-only home only costs the next start its test.
  }
}

// node-llama-cpp 3.21.1's default RAM padding on Linux (getLlama.js defaultLlamaRamPadding):
// a quarter of RAM, at most 1 GiB. The cached start is Linux-only, so only this branch applies.
const linuxRamPadding = (totalRam: number): number => Math.floor(Math.min(totalRam * 0.25, 1024 * 1024 * 1024));

async function startCached(v: BindingVerdict, opts: LlamaStartOptions): Promise<Llama> {
  // Llama._create is what getLlama calls once a binary is chosen and tested; it is public at run time, not in the types.
  const create = (Llama as unknown as { _create(o: object): Promise<Llama> })._create.bind(Llama);
  return create({
    bindings: require(v.bindingPath),
    bindingPath: v.bindingPath,
    buildType: "prebuilt",
    buildMetadata: v.buildMetadata,
    logLevel: opts.logLevel,
    logger: opts.logger,
    vramPadding: 0,
    ramPadding: linuxRamPadding,
    debug: false,
    numa: false,
    tempDir: false,
  });
}

/** getLlama with `build: "never"`, minus the binary test when this binary has passed it before. */
export async function startLlama(opts: LlamaStartOptions): Promise<Llama> {
  const root = libraryRoot();
  const known = root && process.platform === "linux" && opts.gpu === false && libraryVersion(root) === TESTED_VERSION;
  const verdict = known ? readVerdict(root) : undefined;
  if (verdict && root && process.env.SHELLGEN_LLAMA_TEST !== "always") {
    try {
      const llama = await startCached(verdict, opts);
      llamaStartPath = "cached";
      skipResourceSimulation(llama, true);
      return llama;
    } catch {
      // Fall through to the tested start, which reports a real failure properly.
    }
  }
  // progressLogs off: on a machine with a Vulkan loader but no usable GPU, getLlama falls back to
  // the CPU binary and would say so on stderr, ahead of the one line the CLI promises.
  const llama = await getLlama({ gpu: opts.gpu, build: "never", logLevel: opts.logLevel, logger: opts.logger, progressLogs: false });
  llamaStartPath = "tested";
  if (known && root) writeVerdict(root, llama);
  skipResourceSimulation(llama, !!known);
  return llama;
}
