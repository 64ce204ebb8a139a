// The bench modes (docs/CONTRACTS.md, "Bench modes"): a decoding mode plus where the
// prompt's examples come from. `oracle` needs no model: it runs the canonical solutions.

export type ExampleSource = "none" | "static" | "retrieved";
export type DecodeMode = "native" | "constrained" | "constrained-retry";

export interface ModeSpec {
  name: string;
  decode: DecodeMode | null;
  examples: ExampleSource;
  /** Ground path and word values in the request and workspace (decode's `ground`). */
  ground: boolean;
  /**
   * `<mode>+exec`: @shellgen/agent's improvement loop around the mode. It sees only what an
   * agent would (exit status, stderr, file changes in scratch copies of the task's
   * workspace), never the task's check; its chosen command is then judged as usual.
   */
  exec?: boolean;
}

export const EXEC_SUFFIX = "+exec";

export const BENCH_MODES: readonly ModeSpec[] = [
  { name: "native", decode: "native", examples: "none", ground: false },
  { name: "constrained", decode: "constrained", examples: "none", ground: false },
  { name: "constrained-retry", decode: "constrained-retry", examples: "none", ground: false },
  { name: "constrained-retry+ground", decode: "constrained-retry", examples: "none", ground: true },
  { name: "static-fewshot", decode: "native", examples: "static", ground: false },
  { name: "fewshot", decode: "native", examples: "retrieved", ground: false },
  { name: "fewshot+constrained-retry", decode: "constrained-retry", examples: "retrieved", ground: false },
  { name: "fewshot+constrained-retry+ground", decode: "constrained-retry", examples: "retrieved", ground: true },
  { name: "oracle", decode: null, examples: "none", ground: false },
];

// native against the best mode measured on the default model (README, "Ablation").
export const DEFAULT_MODES = ["native", "constrained-retry+ground"];

/** How many examples the few-shot modes put in the prompt (static and retrieved alike, so they compare). Three: the default model saw 0-3 examples per prompt in training. */
export const FEWSHOT_K = 3;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export function parseModes(list: string[]): ModeSpec[] {
  const out: ModeSpec[] = [];
  for (const raw of list) {
    const name = raw.trim();
    if (!name) continue;
    const exec = name.endsWith(EXEC_SUFFIX);
    const baseName = exec ? name.slice(0, -EXEC_SUFFIX.length) : name;
    const base = BENCH_MODES.find((m) => m.name === baseName);
    if (!base)
      throw new UsageError(`unknown mode "${name}" (expected one of: ${BENCH_MODES.map((m) => m.name).join(", ")}; any model mode may end in ${EXEC_SUFFIX})`);
    if (exec && base.decode === null) throw new UsageError(`mode "${name}": ${EXEC_SUFFIX} needs a model mode, not ${base.name}`);
    const spec = exec ? { ...base, name, exec: true } : base;
    if (!out.some((m) => m.name === spec.name)) out.push(spec);
  }
  if (out.length === 0) throw new UsageError("no modes given");
  return out;
}
