// The tldr-pages examples (CC-BY 4.0, see ../shared/data/tldr/README.md) that report:tldr checks
// against the pack, filled once by model/tldr_fill.py, each under the pack key whose grammar
// checks it; and how many of a key's commands a grammar accepts. Shared by report:tldr and the
// man phase of capture:debian, which keeps a man page where it raises that count.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { recognize } from "../check/recognize.js";
import { GrammargenError } from "../diagnostics.js";
import type { CommandSpec } from "../ir.js";
import { lowerCommand } from "../lower/command.js";
import { readPairs } from "./pairs.js";

export interface FilledExample {
  command: string;
  /** The tldr page the example is on (`git commit`), when known. */
  page?: string;
}

/** One command, no pipe, list, redirection or substitution: what one program's grammar can check alone. */
export const simpleCommand = (c: string): boolean => !/[|;&<>`$(){}]/.test(c);

/**
 * Where the tldr examples are: SHELLGEN_TLDR, else what model/tldr_pairs.py finds (the one rule
 * for it: ../shared/data/tldr/examples.jsonl next to the checkout or, in a git worktree, next to
 * the main checkout).
 */
export function tldrExamplesFile(root: string): string {
  if (process.env.SHELLGEN_TLDR) return process.env.SHELLGEN_TLDR;
  return execFileSync("/usr/bin/python3", ["-c", "import tldr_pairs; print(tldr_pairs.TLDR)"], { cwd: join(root, "model"), encoding: "utf8" }).trim();
}

/**
 * Every usable example filled: from `pairs` (a JSON-lines file) when given, else from
 * model/tldr_fill.py under `root`, which finds the examples itself (SHELLGEN_TLDR, or
 * ../shared/data/tldr next to the checkout or, in a git worktree, next to the main checkout).
 */
export function filledExamples(root: string, pairs?: string): FilledExample[] {
  if (pairs) return readPairs(pairs) as FilledExample[];
  return execFileSync("/usr/bin/python3", [join(root, "model/tldr_fill.py")], { encoding: "utf8", maxBuffer: 1 << 28 })
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as FilledExample);
}

/**
 * The simple examples under the key of the deepest subcommand with a grammar of its own
 * (`az storage blob ...` under az-storage-blob when the pack has it, else az-storage, else az);
 * `keyOf` maps a spec's path ("az storage") to its key. An example run under another program
 * (`sudo apt install x` on apt's page) is about its page's program, whose grammar cannot take it
 * alone: counted apart (`underOther`), not placed.
 */
export function examplesByKey(filled: FilledExample[], keyOf: Map<string, string>): { byKey: Map<string, string[]>; underOther: number } {
  const byKey = new Map<string, string[]>();
  let underOther = 0;
  for (const p of filled) {
    if (!simpleCommand(p.command)) continue;
    const w = p.command.trim().split(/\s+/);
    if (p.page && w[0] !== p.page.split(" ")[0]) {
      underOther++;
      continue;
    }
    let key: string | undefined;
    for (let n = Math.min(w.length, 4); n >= 1 && !key; n--) key = keyOf.get(w.slice(0, n).join(" "));
    if (key) (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(p.command);
  }
  return { byKey, underOther };
}

/** Which of `commands` the grammar lowered from `spec` refuses and why; an error when it does not lower. */
export function checkCommands(spec: CommandSpec, commands: string[]): { accepted: number; misses: { command: string; reason: string }[] } | { error: string } {
  let grammar: ReturnType<typeof lowerCommand>;
  try {
    grammar = lowerCommand(spec);
  } catch (e) {
    return { error: e instanceof GrammargenError ? e.message.split("\n")[0]! : String(e) };
  }
  const misses: { command: string; reason: string }[] = [];
  for (const c of commands) {
    const r = recognize(grammar, c);
    if (!r.accepted) misses.push({ command: c, reason: r.reason ?? "" });
  }
  return { accepted: commands.length - misses.length, misses };
}
