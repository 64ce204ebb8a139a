// `shellgen examples "<request>"`: which examples retrieval puts into the prompt, and why.
import { UsageError, type Args } from "@shellgen/base";
import { openPool } from "@shellgen/fewshot";

export async function run(args: Args): Promise<number> {
  if (args.positionals.length !== 1)
    throw new UsageError(`examples needs exactly one request (got ${args.positionals.length} arguments; see shellgen examples --help)`);
  const k = args.int("k", 0, 64);
  const tokenBudget = args.num("budget", 0);
  const lambda = args.num("lambda", 0, 1);
  const pool = await openPool({ dir: args.str("dir"), embedder: args.str("embed-model") });
  try {
    const r = await pool.retrieveAsync(args.positionals[0]!, { k, tokenBudget, lambda });
    const out = (s: string) => process.stdout.write(s);
    if (args.bool("json")) {
      out(`${JSON.stringify({ examples: r.examples.map(({ request, command, program, score }) => ({ request, command, program, score })) })}\n`);
      return 0;
    }
    for (const n of pool.notes) process.stderr.write(`note: ${n}\n`);
    if (!r.examples.length) out("no example in the pool shares a term with this request\n");
    for (const e of r.examples) out(`Request: ${e.request}\nCommand: ${e.command}\n  ${e.program} | ${e.why}\n\n`);
    out(`${r.examples.length} examples, about ${r.promptTokens} prompt tokens\n`);
    return 0;
  } finally {
    await pool.close();
  }
}
