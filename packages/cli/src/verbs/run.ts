// `shellgen run "<goal>"`: the bounded improvement loop of @shellgen/agent.
import type { Args } from "@shellgen/base";
import { runGoal } from "@shellgen/agent";

export async function run(args: Args): Promise<number> {
  return runGoal({
    goal: args.positionals.join(" "),
    workspace: args.str("workspace"),
    maxAttempts: args.int("max-attempts", 1, 10),
    timeLimitS: args.int("time-limit", 1, 3600),
    yes: args.bool("yes"),
    json: args.bool("json"),
    model: args.str("model"),
    policy: args.str("policy"),
  });
}
