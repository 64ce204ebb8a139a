// `shellgen trace "<request>"`: the decode shellgen would make, token by token, with what
// the grammar's mask left at each step (decode's traceGenerate).
import { UsageError, type Args } from "@shellgen/base";
import { createBackend, DEFAULT_TRACE_TOP_K, formatTrace, listWorkspace, MODES, traceGenerate, type Mode } from "@shellgen/decode";

export async function run(args: Args): Promise<number> {
  const request = args.positionals.join(" ").trim();
  if (request === "") throw new UsageError(`empty request: say what the command should do (shellgen trace "count lines in notes.txt")`);
  const mode = args.str("mode") ?? "constrained-retry";
  if (!MODES.includes(mode as Mode)) throw new UsageError(`unknown mode "${mode}" (expected ${MODES.join(", ")})`);
  const topK = args.int("top", 1, 1000) ?? DEFAULT_TRACE_TOP_K;
  const ground = args.bool("ground") ?? true;
  const workspace = args.str("workspace") ?? process.cwd();
  const backend = await createBackend(args.str("model"));
  try {
    const trace = await traceGenerate({
      backend,
      request,
      mode: mode as Mode,
      ground,
      workspaceFiles: ground ? listWorkspace(workspace) : [],
      topK,
    });
    process.stdout.write(args.bool("json") ? `${JSON.stringify(trace)}\n` : formatTrace(trace));
    return 0;
  } finally {
    await backend.close();
  }
}
