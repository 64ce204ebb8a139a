import { PoolError } from "./example.js";
import { learn } from "./learn.js";
import { openPool } from "./pool.js";

// Handlers for `shellgen learn` and `shellgen examples`; the `shellgen` dispatcher
// (packages/decode) passes the arguments after the subcommand and exits with the result.

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

const processIo: Io = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) };

class UsageError extends Error {}

function parse(argv: string[], valued: string[], flags: string[]): { positional: string[]; opts: Map<string, string> } {
  const positional: string[] = [];
  const opts = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    if (!m) {
      positional.push(a);
      continue;
    }
    const [, name, inline] = m as unknown as [string, string, string | undefined];
    if (flags.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      opts.set(name, "true");
    } else if (valued.includes(name)) {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`--${name} needs a value`);
      opts.set(name, v);
    } else throw new UsageError(`unknown option --${name}`);
  }
  return { positional, opts };
}

function num(opts: Map<string, string>, name: string, min: number, max = Infinity): number | undefined {
  const v = opts.get(name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`--${name} must be a number in [${min}, ${max}] (got ${JSON.stringify(v)})`);
  return n;
}

async function guarded(io: Io, usage: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`shellgen: ${e.message}\nusage: ${usage}\n`);
      return 2;
    }
    const msg = (e as Error).message.replace(/\s*\n\s*/g, " ");
    io.stderr(`shellgen: ${e instanceof PoolError ? "" : "error: "}${msg}\n`);
    return 1;
  }
}

const LEARN_USAGE = 'shellgen learn "<request>" "<command>" [--dir DIR]';
const EXAMPLES_USAGE = 'shellgen examples "<request>" [--k N] [--json] [--budget TOKENS] [--lambda X] [--embed-model GGUF] [--dir DIR]';

/** `shellgen learn "<request>" "<command>"`: validate the pair and add it to the user's pool. */
export function runLearn(argv: string[], io: Io = processIo): Promise<number> {
  return guarded(io, LEARN_USAGE, async () => {
    const { positional, opts } = parse(argv, ["dir"], []);
    if (positional.length !== 2) throw new UsageError(`learn needs exactly a request and a command (got ${positional.length} arguments)`);
    const r = await learn(positional[0]!, positional[1]!, { dir: opts.get("dir") });
    io.stdout(r.added ? `learned (${r.example.program}): ${r.example.command}\n  saved to ${r.file}\n` : `already in the pool: ${r.example.command}\n`);
    return 0;
  });
}

/** `shellgen examples "<request>"`: show which examples retrieval picks and why. */
export function runExamples(argv: string[], io: Io = processIo): Promise<number> {
  return guarded(io, EXAMPLES_USAGE, async () => {
    const { positional, opts } = parse(argv, ["k", "budget", "lambda", "embed-model", "dir"], ["json"]);
    if (positional.length !== 1) throw new UsageError(`examples needs exactly one request (got ${positional.length} arguments)`);
    const k = num(opts, "k", 0, 64);
    const tokenBudget = num(opts, "budget", 0);
    const lambda = num(opts, "lambda", 0, 1);
    const pool = await openPool({ dir: opts.get("dir"), embedder: opts.get("embed-model") });
    try {
      const r = await pool.retrieveAsync(positional[0]!, { k, tokenBudget, lambda });
      if (opts.has("json")) {
        io.stdout(JSON.stringify({ examples: r.examples.map(({ request, command, program, score }) => ({ request, command, program, score })) }) + "\n");
      } else {
        for (const n of pool.notes) io.stderr(`note: ${n}\n`);
        if (!r.examples.length) io.stdout("no example in the pool shares a term with this request\n");
        for (const e of r.examples) io.stdout(`Request: ${e.request}\nCommand: ${e.command}\n  ${e.program} | ${e.why}\n\n`);
        io.stdout(`${r.examples.length} examples, about ${r.promptTokens} prompt tokens\n`);
      }
      return 0;
    } finally {
      await pool.close();
    }
  });
}
