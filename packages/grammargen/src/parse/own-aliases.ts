// A command's own help that names its other spellings under an "Aliases" heading (cobra:
// "Aliases:\n  use-context, use"; gh: "ALIASES\n  ls"; docker: "Aliases:\n  docker image ls,
// docker image list, docker images"). Only spellings under the same parent count: docker's
// `docker images` is a command of `docker`, not of `docker image`. Or on one line of names
// (npm's "aliases: add, i, in", Mercurial's "aliases: ci").
import type { CommandSpec } from "../ir.js";
import type { ParseResult } from "./help.js";

const HEADING = /^[ \t]*(?:ALIASES|Aliases):?[ \t]*$/;
/**
 * npm's "alias: c", "aliases: add, i, in, ins" and Mercurial's "aliases: ci": one line that is
 * only the names. Not gh's "alias:   Create command shortcuts", a command's row.
 */
const LINE = /^[ \t]*(?:alias|aliases|Alias|Aliases):[ \t]+([a-z][\w-]*(?:,[ \t]*[a-z][\w-]*)*)[ \t]*$/;

/** The names an "alias:" line of `text` gives, in order. */
export function aliasLineNames(text: string): string[] {
  const m = text
    .split("\n")
    .map((l) => LINE.exec(l))
    .find((x) => x !== null);
  return m ? m[1]!.split(",").map((n) => n.trim()) : [];
}

/** The aliases a help text lists for the command at `path` (two words or more), without its own name. */
export function ownAliases(text: string, path: string[]): string[] {
  if (path.length < 2) return [];
  const lines = text.split("\n");
  const at = lines.findIndex((l) => HEADING.test(l));
  if (at < 0) return aliasLineNames(text).filter((n, k, all) => n !== path.at(-1) && all.indexOf(n) === k);
  const parent = path.slice(0, -1).join(" ");
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.trim()) break;
    for (const item of line.split(",")) {
      const words = item.trim().split(/\s+/);
      const name = words.at(-1)!;
      const under = words.length === 1 || words.slice(0, -1).join(" ") === parent;
      if (under && /^[a-z][\w-]*$/i.test(name) && name !== path.at(-1) && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

export function withOwnAliases(r: ParseResult, text: string): ParseResult {
  const aliases = ownAliases(text, r.spec.path).filter((a) => !r.spec.aliases.includes(a));
  return aliases.length ? { ...r, spec: { ...r.spec, aliases: [...r.spec.aliases, ...aliases] } } : r;
}

/**
 * Each command of `spec` (at any depth) takes the aliases that its own entry, found by
 * `entryOf(path)`, names; an alias another command of the same parent already spells is left out.
 */
export function withChildAliases(spec: CommandSpec, entryOf: (path: string[]) => CommandSpec | undefined): CommandSpec {
  let changed = false;
  const subcommands = spec.subcommands.map((c) => {
    const own = entryOf(c.path)?.aliases ?? [];
    const taken = new Set(spec.subcommands.flatMap((s) => [s.path.at(-1)!, ...s.aliases]));
    const add = own.filter((a) => !taken.has(a));
    const deeper = withChildAliases(c, entryOf);
    if (!add.length && deeper === c) return c;
    changed = true;
    return { ...deeper, aliases: [...deeper.aliases, ...add] };
  });
  return changed ? { ...spec, subcommands } : spec;
}
