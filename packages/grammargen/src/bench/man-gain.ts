// What a man page would gain: the tldr examples of its program (placed as report:tldr places
// them) that the grammar read from the committed help and the page accepts, less those the
// committed help's grammar alone accepts. Used by the man phase of capture:debian to choose
// which pages beside a full help are worth their bytes.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readCorpus } from "../pack/corpus.js";
import { brotli } from "../pack/bundle.js";
import { parseDebianTexts, readDebianCorpus } from "../pack/debian.js";
import { checkCommands, examplesByKey, type FilledExample } from "./tldr-examples.js";

/** The committed corpus's tldr examples by key, and which keys' grammars refuse one of them. */
export function tldrByKey(root: string, out: string, filled: FilledExample[]): { byKey: Map<string, string[]>; refusing: Set<string> } {
  const helpDir = join(root, "corpora/help");
  const reviewed = existsSync(helpDir) ? readCorpus(helpDir) : [];
  const debian = readDebianCorpus(out, new Set(reviewed.map((e) => e.key)));
  const keyOf = new Map([...reviewed, ...debian.entries].map((e) => [e.spec.path.join(" "), e.key]));
  const { byKey } = examplesByKey(filled, keyOf);
  const refusing = new Set<string>();
  for (const e of debian.entries) {
    const commands = byKey.get(e.key);
    if (!commands) continue;
    const r = checkCommands(e.spec, commands);
    if ("error" in r || r.misses.length) refusing.add(e.key);
  }
  return { byKey, refusing };
}

/** The commands that the grammar read from a program's texts refuses (all of them where none reads). */
function refusedBy(words: string[], t: { help?: string; man?: string }, commands: string[]): Set<string> {
  const r = parseDebianTexts(words, t.help, t.man);
  if ("failure" in r) return new Set(commands);
  const c = checkCommands(r.spec, commands);
  return new Set("error" in c ? commands : c.misses.map((m) => m.command));
}

/**
 * What a program's man page beside its help text (either may be missing) does to its tldr
 * examples: `gain`, those accepted with it less those accepted without; `lost`, those accepted
 * without it and refused with it; and the page's compressed size.
 */
export function manGain(
  words: string[],
  helpText: string | undefined,
  manText: string,
  commands: string[],
): { gain: number; lost: number; compressed: number } {
  const refused = (man: string | undefined) => refusedBy(words, { help: helpText, man }, commands);
  const without = refused(undefined);
  const withIt = refused(manText);
  return {
    gain: without.size - withIt.size,
    lost: [...withIt].filter((c) => !without.has(c)).length,
    compressed: brotli(Buffer.from(manText, "utf8")).length,
  };
}

/**
 * What another system's texts of a program (a newer Debian's help and man page) do to its tldr
 * examples against the committed ones: `gain`, those the new texts' grammar accepts less those
 * the old texts' accepts; `lost`, those accepted with the old texts and refused with the new.
 */
export function textsGain(
  words: string[],
  old: { help?: string; man?: string },
  neu: { help?: string; man?: string },
  commands: string[],
): { gain: number; lost: number } {
  const before = refusedBy(words, old, commands);
  const after = refusedBy(words, neu, commands);
  return { gain: before.size - after.size, lost: [...after].filter((c) => !before.has(c)).length };
}
