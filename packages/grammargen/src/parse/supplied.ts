// Operands an option can stand in for. `sed [OPTION]... {script-only-if-no-other-script}
// [input-file]...` with `-e script  add the script to the commands to be executed`, and
// `grep [OPTION]... PATTERNS [FILE]...` with `-e, --regexp=PATTERNS  use PATTERNS for
// matching`: the usage line requires the operand, yet `sed -e 's/a/b/' f` and `grep -e A -e B`
// give none, because the option supplied it. The rule read here: an option taking a value
// whose description starts with a verb of supplying (add, use, take, read, load, obtain)
// followed by the operand's name as its object, or says it stands "instead of" the operand
// (chmod's `--reference=RFILE  use RFILE's mode instead of MODE values`), supplies that operand.
// The name is matched in the usage's case, whole or its first word, plural or not. A flag
// supplies a file operand when its description takes in all files, or has them picked interactively.
// `timeout -k DURATION  also send a KILL signal ...` shares the operand's placeholder but
// supplies nothing, which is why the placeholder alone is not enough.
import { optionSpellings, type CommandSpec, type OptionSpec, type PositionalSpec } from "../ir.js";
import type { ParseResult } from "./help.js";

const SUPPLYING = /^(?:add|use|take|read|load|obtain)s?\s+/i;

/** git add's "-p, --patch  select hunks interactively", "-i, --interactive  interactive picking": what to take is picked, not named. */
const PICKED = /^(?:(?:select|pick|choose)s?\b[^.;]*\binteractively\b|interactive (?:picking|selection)\b)/i;

/** git add's "-A, --all  add changes from all tracked and untracked files": every file taken in. */
const ALL_FILES = /^(?:add|update|include|process|stage|check|select)s?\b[^.;]*?\ball\s+(?:[\w-]+\s+){0,3}?(?:files|paths)\b(?!\s+as\b)/i;
/** git add's "-u, --update  update tracked files": the verb and a kind of files, nothing more. */
const KIND_OF_FILES =
  /^(?:add|update|include|process|stage|check|select)s?\s+(?!(?:the|these|those|given|listed|named|specified|selected|some|your)\b)[\w-]+\s+(?:files|paths)\s*$/i;
/** An operand that names files or paths ("<pathspec>", "FILE..."), not a file system. */
const FILES_NAME = /(?:^|[^a-z])(?:file|path)(?:s|name|spec)?(?:$|[^a-z])/i;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * How prose names an operand, in the usage's own case (FILE in "use FILE" is the operand, "file"
 * in "instead of file name" is not): `script-only-if-no-other-script` -> script, PATTERNS -> PATTERN.
 */
function namesOf(p: PositionalSpec): string[] {
  const name = p.name.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "").replace(/s$/i, "");
  const head = (name.split(/[^A-Za-z0-9]+/)[0] ?? "").replace(/s$/i, "");
  return [...new Set([name, ...(head.length >= 4 ? [head] : [])])].filter((n) => n.length >= 3);
}

/** The options whose descriptions say they supply `p`: "use PATTERNS for matching", "use RFILE's mode instead of MODE values". */
export function suppliers(p: PositionalSpec, options: OptionSpec[]): string[] {
  if (p.min === 0 || p.rest) return [];
  const names = namesOf(p);
  if (names.length === 0) return [];
  const name = `(?:${names.map(escapeRegExp).join("|")})[sS]?\\b`;
  // "use FILE as dictionary" gives FILE another role: the operand is still needed.
  const object = new RegExp(`^(?:the\\s+)?(?:contents\\s+of\\s+)?${name}(?!'s|\\s+as\\b)`);
  const instead = new RegExp(`\\b(?:instead\\s+of|rather\\s+than)\\s+(?:specifying\\s+)?(?:an?\\s+|the\\s+)?${name}`);
  // flite's "TEXT/FILE" and "-f TEXTFILE Explicitly set input filename": the value names the
  // operand, one of its alternatives or them run together.
  const parts = p.name.split(/[/|]/).filter(Boolean);
  const named = new Set([p.name, ...(parts.length > 1 ? [...parts, parts.join("")] : [])].map((n) => n.replace(/^<|>$/g, "")));
  // git add's "-A, --all  add changes from all tracked and untracked files": a flag that takes
  // in every file stands in for naming files, where the operand names files or paths.
  // Not diff's "treat all files as text" nor flake8's "Ignore all configuration files".
  // So does git add's "-u, --update  update tracked files": a kind of files, every one of them,
  // where the description is just the verb and its object (not "process files recursively").
  // Not quotacheck's "-u  check user files" beside its "filesystem" operand.
  const everyFile = /file|path/i.test(p.name) ? (d: string) => ALL_FILES.test(d) || (FILES_NAME.test(p.name) && KIND_OF_FILES.test(d)) : undefined;
  return options
    .filter((o) => {
      if (o.arity === "none") return !!everyFile && (everyFile(o.description) || PICKED.test(o.description));
      if (o.arity !== "required") return false;
      if (/^explicitly\s+(?:set|specify|give)s?\b/i.test(o.description.trim()) && named.has(o.value?.metavar?.replace(/^<|>$/g, "") ?? "")) return true;
      const said = SUPPLYING.exec(o.description.trim());
      if (!said) return false;
      const rest = o.description.trim().slice(said[0].length);
      return object.test(rest) || instead.test(rest);
    })
    .flatMap(optionSpellings);
}

function mark(spec: CommandSpec): CommandSpec {
  const options = [...spec.options, ...(spec.globalOptions ?? [])];
  let changed = false;
  const positionals = spec.positionals.map((p) => {
    const by = suppliers(p, options);
    if (by.length === 0) return p;
    changed = true;
    return { ...p, suppliedBy: by };
  });
  const subcommands = spec.subcommands.map(mark);
  if (!changed && subcommands.every((s, i) => s === spec.subcommands[i])) return spec;
  return { ...spec, positionals, subcommands };
}

/** `result` with every operand that an option can supply marked (PositionalSpec.suppliedBy). */
export function withSuppliedOperands(result: ParseResult): ParseResult {
  const spec = mark(result.spec);
  return spec === result.spec ? result : { ...result, spec };
}
