// Subcommands whose help the capture found but left out of corpora/debian for its size
// (`git show --help` is a 70 KB manual; failures.json.br says "help text left out: larger than
// 30000 bytes"). The command exists, so its parent's grammar must not refuse it: a composition
// that holds the parent's subcommands drops the parent's any-command operand, and without an
// entry of its own `git show --stat HEAD` would be refused outright. Each becomes a listed
// command of its parent with no text of its own, which the lowering reads as any words (its
// unknown shape) - what a command listed in the parent's help but never captured gets too.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CommandSpec } from "../ir.js";
import { readBrotliText } from "./bundle.js";

/** A failure's reason that says a text was captured and only its size kept it out. */
const LEFT_OUT_FOR_SIZE = /\btext left out: larger than \d+ bytes\b/;

/** failures.json.br: each program without a text and why; empty where the corpus has none. */
export function readDebianFailures(dir: string): Record<string, { package: string; reason: string }> {
  const file = join(dir, "failures.json.br");
  return existsSync(file) ? (JSON.parse(readBrotliText(file)) as Record<string, { package: string; reason: string }>) : {};
}

/**
 * The command words under each parent key that the capture left out for size: a failure key
 * is `<parent key>-<word>` where the parent is a program of the corpus (its longest such key,
 * so that `git-diff-files` is git's `diff-files`, not a `git-diff` command's `files`), the
 * failure names the parent's package, and the word is one command name.
 */
export function leftOutForSize(failures: Record<string, { package: string; reason: string }>, parents: ReadonlyMap<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, f] of Object.entries(failures).sort(([a], [b]) => a.localeCompare(b))) {
    if (!LEFT_OUT_FOR_SIZE.test(f.reason)) continue;
    const parent = [...parents.keys()].filter((p) => key.startsWith(`${p}-`) && parents.get(p) === f.package).sort((a, b) => b.length - a.length)[0];
    if (!parent) continue;
    const word = key.slice(parent.length + 1);
    if (!/^[a-z][\w-]*$/.test(word)) continue;
    (out.get(parent) ?? out.set(parent, []).get(parent)!).push(word);
  }
  return out;
}

/** `spec` with each of `words` as a listed command of no known shape, unless it lists that word already. */
export function withLeftOutCommands(spec: CommandSpec, words: readonly string[]): CommandSpec {
  const listed = new Set(spec.subcommands.flatMap((s) => [s.path.at(-1)!, ...s.aliases]));
  const added = words
    .filter((w) => !listed.has(w))
    .map((w): CommandSpec => ({ path: [...spec.path, w], aliases: [], style: spec.style, options: [], positionals: [], subcommands: [] }));
  return added.length ? { ...spec, subcommands: [...spec.subcommands, ...added] } : spec;
}
