// The grammars a command line is measured against: the pack's default grammar as shipped
// (grammars/pack/default.gbnf, read by the in-repo checker), and the per-request grammar, the
// composition of just the pack programs that the command names, as a decoder would build for
// one request. Shared by the coverage set (report:coverage) and the mutant suite
// (report:precision), so both measure the same grammars.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseGrammarText } from "../check/reader.js";
import { BUILTIN_NAMES, KEYWORDS } from "../compose/builtins.js";
import { compose } from "../compose/compose.js";
import type { Grammar } from "../grammar/ast.js";
import type { CommandSpec } from "../ir.js";

/** Program names a command line starts simple commands with (a lexical approximation). */
export function programsOf(command: string): string[] {
  const out = new Set<string>();
  // A lookbehind, so `| xargs grep` yields both xargs and the grep it runs.
  const re =
    /(?<=^|[|;&({`]|(?:^|[|;&(])\s*(?:\d*[<>]{1,2}&?\s*[^\s|;&<>]+\s+)+|\$\(|\bdo|\bthen|\belse|\bxargs(?:\s+-\S+(?:\s+(?:\d+|\{\}))?)*|-(?:exec|ok)(?:dir)?|\btimeout\s+\S+|\bnohup|\bwatch(?:\s+-\S+(?:\s+[\d.]+)?)*)\s*([A-Za-z0-9_./+-]+)/g;
  for (const m of command.matchAll(re)) {
    const word = m[1]!.split("/").pop()!;
    if (word && !/=|^-|^\d+$/.test(word) && !KEYWORDS.includes(word)) out.add(word);
  }
  return [...out];
}

export interface PackGrammars {
  /** grammars/pack/default.gbnf as read back by the checker. */
  default: Grammar;
  /** The per-request grammar for a command line: its pack programs, composed (cached per program set). */
  forCommand(command: string): Grammar;
  /** The IR of a pack entry by key (`grep`, `git-log`), or null. */
  spec(key: string): CommandSpec | null;
  /** Pack entry keys whose IR a program name brings: itself, or all its subcommands (git -> git-status, git-log, ...). */
  keysOf(program: string): string[];
}

export function packGrammars(root: string): PackGrammars {
  const pack = join(root, "grammars", "pack");
  const def = parseGrammarText(readFileSync(join(pack, "default.gbnf"), "utf8"), "gbnf");
  const specs = new Map<string, CommandSpec | null>();
  const spec = (key: string): CommandSpec | null => {
    if (!specs.has(key)) {
      const f = join(pack, `${key}.ir.json`);
      specs.set(key, existsSync(f) ? (JSON.parse(readFileSync(f, "utf8")) as CommandSpec) : null);
    }
    return specs.get(key)!;
  };
  const files = readdirSync(pack).filter((f) => f.endsWith(".ir.json"));
  // A program the pack holds as subcommands only (git -> git-status, git-log, ...) brings them all.
  const keysOf = (name: string): string[] =>
    existsSync(join(pack, `${name}.ir.json`)) ? [name] : files.filter((f) => f.startsWith(`${name}-`)).map((f) => f.slice(0, -".ir.json".length));
  const perRequest = new Map<string, Grammar>();
  const forCommand = (command: string): Grammar => {
    const names = programsOf(command).filter((n) => !BUILTIN_NAMES.includes(n));
    const found = [
      ...new Set(
        names
          .flatMap(keysOf)
          .map(spec)
          .filter((s): s is CommandSpec => !!s),
      ),
    ];
    const key = found
      .map((s) => s.path.join(" "))
      .sort()
      .join(",");
    if (!perRequest.has(key)) perRequest.set(key, compose({ commands: found }));
    return perRequest.get(key)!;
  };
  return { default: def, forCommand, spec, keysOf };
}
