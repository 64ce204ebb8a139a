// Subcommand trees: find a program's subcommands, read each one's help, and build one IR
// whose subcommands carry their own options. Discovery, in order of trust:
//   - git: `git help -a` (the porcelain and plumbing sections), then `git <cmd> -h`, plus the
//     man page (`git help <cmd>`) where `-h` says only `[<options>]` (log, show, diff ...);
//   - openssl: `openssl list -commands`, then `openssl <cmd> -help`;
//   - anything else: the `Commands:` sections of `<prog> --help` (cobra's "Available
//     Commands", docker's "Management Commands", pip's "Commands"), then `<prog> <cmd> --help`,
//     recursing to `depth`.
// Options before the subcommand are the program's global ones (git -C, docker --config);
// cobra's "Global Flags" are read by the style parser into each subcommand's own help.
import { captureHelp } from "../capture/help.js";
import { GrammargenError, Session, type Diagnostic } from "../diagnostics.js";
import type { CommandSpec } from "../ir.js";
import { readUsage, usageForms } from "../parse/bsd.js";
import { parseHelp } from "../parse/help.js";
import { linesOf, mergeOptions } from "../parse/optionhead.js";

export interface TreeOptions {
  /** How many subcommand levels to read below the program (default 2). */
  depth?: number;
  /** Most subcommands read in the whole tree (default 40). */
  maxSubcommands?: number;
  /** Runs `command args...` for help text; captureHelp by default (tests pass recorded output). */
  capture?: (command: string, args: string[]) => Promise<string>;
}

export const TREE_DEFAULTS = { depth: 2, maxSubcommands: 100 } as const;

type Strategy = "git" | "openssl" | "sections";

const base = (command: string): string => command.split("/").pop() ?? command;

/** Names listed under headings as `   name    description` (git help -a). */
export function listedCommands(text: string, stopAt: RegExp): string[] {
  const out: string[] = [];
  for (const l of linesOf(text)) {
    if (stopAt.test(l.text)) break;
    const m = /^ {2,4}([a-z][a-z0-9-]*)\s{2,}\S/.exec(l.text);
    if (m && !out.includes(m[1]!)) out.push(m[1]!);
  }
  return out;
}

/** `openssl list -commands`: names in columns. */
export function columnCommands(text: string): string[] {
  return [...new Set(text.split(/\s+/).filter((w) => /^[a-z][a-z0-9_-]*$/.test(w)))];
}

export async function discoverTree(command: string, opts: TreeOptions = {}): Promise<{ spec: CommandSpec; diagnostics: Diagnostic[] }> {
  const depth = opts.depth ?? TREE_DEFAULTS.depth;
  const max = opts.maxSubcommands ?? TREE_DEFAULTS.maxSubcommands;
  if (!Number.isInteger(depth) || depth < 1) throw new GrammargenError(`--depth must be a positive integer, not ${depth}`, [], "EUSAGE");
  if (!Number.isInteger(max) || max < 1) throw new GrammargenError(`--max-subcommands must be a positive integer, not ${max}`, [], "EUSAGE");
  const capture = opts.capture ?? ((c: string, a: string[]) => captureHelp(c, a));
  const session = new Session("read");
  const name = base(command);
  const top = await capture(command, ["--help"]);

  let strategy: Strategy = "sections";
  let names: string[] = [];
  let root: CommandSpec;
  if (name === "git" || /^usage: git \[/m.test(top)) {
    strategy = "git";
    // The common commands `git --help` lists come first, then the rest of `git help -a`.
    const common = listedCommands(top, /(?!)/);
    const all = listedCommands(await capture(command, ["help", "-a"]), /^(External commands|Command aliases|User-facing|Developer-facing)/);
    names = [...common.filter((c) => all.includes(c)), ...all.filter((c) => !common.includes(c))];
    // `git [-C <path>] ... <command> [<args>]`: options before the subcommand are global.
    const usage = readUsage(top, usageForms(top, [name]));
    root = { path: [name], aliases: [], style: "git", options: usage.options, positionals: [], subcommands: [] };
  } else if (name === "openssl" || /^Standard commands/m.test(top)) {
    strategy = "openssl";
    names = columnCommands(await capture(command, ["list", "-commands"]));
    root = { path: [name], aliases: [], style: "openssl", options: [], positionals: [], subcommands: [] };
  } else {
    const parsed = parseHelp(top, { name: [name] });
    session.diagnostics.push(...parsed.diagnostics);
    root = parsed.spec;
    names = root.subcommands.map((s) => s.path[s.path.length - 1]!);
    if (!names.length) {
      throw new GrammargenError(
        `${name} --help lists no subcommands (no "Commands:" section); use \`grammargen ${name}\` without tree flags for a plain grammar`,
        session.diagnostics,
        "ENOSUBCOMMANDS",
      );
    }
  }
  if (!names.length)
    throw new GrammargenError(
      `found no subcommands for ${name} (${strategy === "git" ? "`git help -a` listed none" : "`openssl list -commands` listed none"})`,
      [],
      "ENOSUBCOMMANDS",
    );

  const budget = { left: max };
  root.subcommands = await readSubcommands(command, [name], names, strategy, depth, budget, capture, session, root.subcommands, top);
  if (!root.subcommands.length)
    throw new GrammargenError(`none of ${name}'s ${names.length} subcommands printed readable help`, session.diagnostics, "ENOSUBCOMMANDS");
  if (budget.left <= 0)
    session.warn(`${name}: read the help of the first ${max} subcommands (top level first); the rest accept any arguments (raise --max-subcommands for more)`);
  root.source = { program: name, helpArgs: ["--help"] };
  return { spec: root, diagnostics: session.diagnostics };
}

async function readSubcommands(
  command: string,
  path: string[],
  names: string[],
  strategy: Strategy,
  depth: number,
  budget: { left: number },
  capture: (command: string, args: string[]) => Promise<string>,
  session: Session,
  stubs: CommandSpec[],
  parentHelp: string,
): Promise<CommandSpec[]> {
  // Breadth first: every subcommand of this level is read before any level below it, so a
  // budget spent on `docker container ...` cannot crowd out `docker volume`.
  const read: { spec: CommandSpec; help?: string }[] = [];
  for (const sub of names) {
    const stub = stubs.find((s) => s.path[s.path.length - 1] === sub);
    // Past the budget a subcommand is still a word the grammar knows, with any arguments
    // (nothing known about it: the lowering's unknownShape).
    const bare = (style: CommandSpec["style"]): CommandSpec => ({
      path: [...path, sub],
      aliases: stub?.aliases ?? [],
      style,
      options: [],
      positionals: [],
      subcommands: [],
      description: stub?.description,
    });
    if (budget.left <= 0) {
      read.push({ spec: bare(stub?.style ?? "generic") });
      continue;
    }
    budget.left--;
    const words = [...path.slice(1), sub];
    try {
      const { spec, help } = await readOne(command, path, words, sub, strategy, capture);
      // `apt-get update --help` prints apt-get's own help again: the subcommand has no help of
      // its own, so it takes any arguments, and reading "its" subcommands would loop.
      if (help !== undefined && sameHelp(help, parentHelp)) {
        read.push({ spec: bare(spec.style) });
        continue;
      }
      if (stub?.aliases.length) spec.aliases = [...new Set([...spec.aliases, ...stub.aliases])];
      read.push({ spec, help });
    } catch (err) {
      session.warn(`skipped ${[...path, sub].join(" ")}: ${(err as Error).message.split("\n")[0]}`);
    }
  }
  for (const { spec, help } of read) {
    if (!spec.subcommands.length) continue;
    const sub = spec.path[spec.path.length - 1]!;
    // Nested trees (docker container ls): read the next level while depth and budget allow.
    if (strategy === "sections" && depth > 1 && budget.left > 0) {
      const childNames = spec.subcommands.map((s) => s.path[s.path.length - 1]!);
      spec.subcommands = await readSubcommands(
        command,
        [...path, sub],
        childNames,
        strategy,
        depth - 1,
        budget,
        capture,
        session,
        spec.subcommands,
        help ?? "",
      );
    } else {
      // Deeper levels stay as bare words. With no options, operands or subcommands known, the
      // lowering accepts any words after them, dashes included (lower/command.ts unknownShape).
      spec.subcommands = spec.subcommands.map((s) => ({ ...s, options: [], positionals: [], subcommands: [] }));
    }
  }
  return read.map((r) => r.spec);
}

const sameHelp = (a: string, b: string): boolean => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

async function readOne(
  command: string,
  path: string[],
  words: string[],
  sub: string,
  strategy: Strategy,
  capture: (command: string, args: string[]) => Promise<string>,
): Promise<{ spec: CommandSpec; help?: string }> {
  const name = [...path, sub];
  if (strategy === "openssl") return { spec: parseHelp(await capture(command, [...words, "-help"]), { name, style: "openssl" }).spec };
  if (strategy === "git") {
    const short = await capture(command, [...words, "-h"]);
    const spec = parseHelp(short, { name, style: "git" }).spec;
    // `-h` that says only `[<options>]` leaves most options to the man page (log, show, diff).
    if (/\[<options>\]/.test(short)) {
      const man = await capture(command, ["help", sub]).catch(() => "");
      if (/^OPTIONS\s*$/m.test(man)) {
        const full = parseHelp(man, { name, style: "git" }).spec;
        spec.options = mergeOptions([...spec.options, ...full.options]);
        if (!spec.positionals.length) spec.positionals = full.positionals;
      }
    }
    return { spec };
  }
  const help = await capture(command, [...words, "--help"]);
  return { spec: parseHelp(help, { name }).spec, help };
}
