// `shellgen learn "<request>" "<command>"`: validate the pair and add it to the user's pool.
import { UsageError, type Args } from "@shellgen/base";
import { learn } from "@shellgen/fewshot";

export async function run(args: Args): Promise<number> {
  if (args.positionals.length !== 2)
    throw new UsageError(`learn needs exactly a request and a command (got ${args.positionals.length} arguments; see shellgen learn --help)`);
  const [request, command] = args.positionals as [string, string];
  const r = await learn(request, command, { dir: args.str("dir") });
  process.stdout.write(
    r.added ? `learned (${r.example.program}): ${r.example.command}\n  saved to ${r.file}\n` : `already in the pool: ${r.example.command}\n`,
  );
  return 0;
}
