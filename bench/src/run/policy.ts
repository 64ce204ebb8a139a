// `bench run --policy FILE`: every model mode decodes under the policy (decode recomposes its
// grammars under it and checks the command with checkPolicy), and a command the policy refuses
// is recorded as failed without being run. The run remembers which policy by path and by the
// sha256 of its text, so a report names it and a resumed run cannot mix two policies.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { checkPolicy, loadPolicy, type Policy } from "@shellgen/grammargen";
import { UsageError } from "./modes.js";
import type { PolicyRef } from "./policy-ref.js";

export interface RunPolicy extends PolicyRef {
  policy: Policy;
}

/** Reads and validates a policy file with grammargen's loader (the one `grammargen compose --policy` uses). */
export function readRunPolicy(file: string): RunPolicy {
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`--policy: no such file: ${file}`);
  const text = readFileSync(path);
  let policy: Policy;
  try {
    policy = loadPolicy(path);
  } catch (e) {
    throw new UsageError(`--policy ${file}: ${(e as Error).message.split("\n")[0]}`);
  }
  return { path, sha256: createHash("sha256").update(text).digest("hex"), policy };
}

/** The command's first policy violation, worded as decode words it ("policy RULE: message (fix: ...)"), or undefined. */
export function policyRefusal(policy: Policy, command: string): string | undefined {
  const v = checkPolicy(policy, command)[0];
  return v ? `policy ${v.rule}: ${v.message}${v.fix ? ` (fix: ${v.fix})` : ""}` : undefined;
}
