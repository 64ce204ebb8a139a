import { bashVerdict, simpleCommands } from "@shellgen/base";
import { checkPolicy, defaultPolicyPath, loadPolicy, lowerCommand, recognize, type CommandSpec, type Policy } from "@shellgen/grammargen";
import * as pack from "@shellgen/grammars";
import { PoolError } from "./example.js";

// A pair enters the pool only if it parses as bash, every program in it that has a grammar
// accepts its invocation, and it passes the default policy. A check that cannot run is an
// error, never a silent pass.

export interface Verdict {
  ok: boolean;
  /** one line per failed check, e.g. "grammar(find) rejects ..." */
  errors: string[];
  /** the subset of errors that came from a program grammar (generated, so possibly wrong itself) */
  grammarErrors: string[];
}

export interface ValidatorInfo {
  syntax: "tree-sitter-bash";
  grammar: "pack" | "help-corpus" | "none";
  grammarPrograms: number;
  policy: "default-policy" | "none";
}

/** Syntax gate: one line on where the command stops parsing as bash, or null when it parses. */
export function syntaxError(command: string): string | null {
  const v = bashVerdict(command);
  return v.parses ? null : `does not parse as bash: ${v.error}`;
}

export { simpleCommands };

type Recognizer = (input: string) => { accepted: boolean; reason?: string };

export class Validator {
  constructor(
    private readonly grammars: Map<string, Recognizer>,
    private readonly policy: ((command: string) => string[]) | undefined,
    readonly info: ValidatorInfo,
  ) {}

  /** The grammar keyed by the longest run of leading words ("git add" before "git"). */
  private grammarFor(text: string): Recognizer | undefined {
    const words = text.trim().split(/\s+/).slice(0, 3);
    words[0] = words[0]!.replace(/^.*\//, "");
    for (let n = words.length; n > 0; n--) {
      const g = this.grammars.get(words.slice(0, n).join(" "));
      if (g) return g;
    }
    return undefined;
  }

  check(command: string): Verdict {
    const errors: string[] = [];
    if (!command.trim()) return { ok: false, errors: ["the command is empty"], grammarErrors: [] };
    if (/\n\s*\n/.test(command)) errors.push("a command may not contain a blank line (the prompt format ends examples there)");
    const syn = syntaxError(command);
    if (syn) return { ok: false, errors: [syn, ...errors], grammarErrors: [] };
    const grammarErrors: string[] = [];
    for (const sc of simpleCommands(command)) {
      const g = this.grammarFor(sc.text);
      if (!g) continue;
      const r = g(sc.text);
      if (!r.accepted) grammarErrors.push(`grammar(${sc.program}) rejects ${JSON.stringify(sc.text)}${r.reason ? `: ${r.reason}` : ""}`);
    }
    if (this.policy) for (const v of this.policy(command)) errors.push(`policy: ${v}`);
    errors.push(...grammarErrors);
    return { ok: errors.length === 0, errors, grammarErrors };
  }
}

let shared: Promise<Validator> | undefined;

/** The validator with every check; built once per process. It throws rather than skip a check. */
export function loadValidator(): Promise<Validator> {
  shared ??= buildValidator();
  // A failed build is not cached: the next call reports the problem again.
  shared.catch(() => (shared = undefined));
  return shared;
}

/**
 * Grammars from the pack (keyed by the words that invoke them, "git log") and the default
 * policy. Either one missing used to make the validator fall back to "no grammar, no policy"
 * and only log it, which let unchecked pairs into the pool; now it is an error that says why.
 */
async function buildValidator(): Promise<Validator> {
  const grammars = new Map<string, Recognizer>();
  const broken: string[] = [];
  for (const entry of Object.values(pack.commands)) {
    try {
      const grammar = lowerCommand(entry.ir as unknown as CommandSpec);
      grammars.set(entry.path.join(" "), (s) => recognize(grammar, s));
    } catch (e) {
      broken.push(`${entry.name}: ${(e as Error).message}`);
    }
  }
  if (broken.length)
    throw new PoolError(
      `cannot validate examples: ${broken.length} grammar(s) of the pack do not load (${broken.slice(0, 3).join("; ")}); run \`npm run pack\``,
    );
  if (grammars.size === 0) throw new PoolError("cannot validate examples: the grammar pack (@shellgen/grammars) has no grammars; run `npm run pack`");
  let policy: Policy;
  try {
    policy = loadPolicy(defaultPolicyPath);
  } catch (e) {
    throw new PoolError(`cannot validate examples: the default policy ${defaultPolicyPath} does not load: ${(e as Error).message}`);
  }
  return new Validator(grammars, (c) => checkPolicy(policy, c).map((v) => `${v.rule}: ${v.message}`), {
    syntax: "tree-sitter-bash",
    grammar: "pack",
    grammarPrograms: grammars.size,
    policy: "default-policy",
  });
}
