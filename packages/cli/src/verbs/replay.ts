// `shellgen replay <dir>`: reprint a logged `shellgen run`.
import { UsageError, type Args } from "@shellgen/base";
import { replayRun } from "@shellgen/agent";

export async function run(args: Args): Promise<number> {
  if (args.positionals.length !== 1) throw new UsageError("replay needs one run directory, name or latest (see shellgen replay --help)");
  return replayRun({ target: args.positionals[0]!, json: args.bool("json") });
}
