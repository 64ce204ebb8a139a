// `shellgen mcp`: the agent's tools over the Model Context Protocol (stdio).
import { UsageError, type Args } from "@shellgen/base";
import { serveMcp } from "@shellgen/agent";

export async function run(args: Args): Promise<number> {
  if (args.positionals.length) throw new UsageError(`unexpected argument ${args.positionals[0]} (see shellgen mcp --help)`);
  return serveMcp({ model: args.str("model") });
}
