// The grammar pack (@shellgen/grammars), or, without a generated pack, grammars built
// from the help corpus in the checkout; plus the help summaries that say what each
// program is for. Loaded once per process.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compose, emitGbnf, emitLark, type CommandSpec, type Grammar } from "@shellgen/grammargen";
import { DecodeError, oneLine } from "./errors.js";
import { helpSummary } from "./select.js";

export interface PackCommand {
  name: string;
  lark: string;
  gbnf: string;
  ir: CommandSpec;
}

export interface Pack {
  commands: Record<string, PackCommand>;
  defaultGrammar: { lark: string; gbnf: string };
  /** Programs the default grammar covers, when the pack says. */
  defaultCommands?: string[];
  /** The default grammar as an AST, when the pack has it without parsing text. */
  defaultAst?: () => Grammar;
}

export const DEFAULT_LABEL = "<default>";

// Programs of the pack's default grammar ("coreutils + text tools") when the grammars have
// to be built from the help corpus because no generated pack is installed.
const CORPUS_DEFAULT = ["cat", "wc", "grep", "sort", "uniq", "head", "tail", "cut", "sed", "tr", "ls", "cp", "mv", "rm", "mkdir", "touch", "find", "xargs", "tee", "paste", "seq", "date", "du", "diff", "chmod", "gzip", "tar", "base64", "fold"];

/**
 * Without a generated pack, grammars come from the golden IR of the help corpus in the
 * checkout (corpora/help/<name>/ir.json): same IR, same composition, built in-process.
 */
function corpusPack(dir: string): Pack {
  const commands: Record<string, PackCommand> = {};
  for (const entry of readdirSync(dir).sort()) {
    const file = join(dir, entry, "ir.json");
    if (!existsSync(file)) continue;
    try {
      const ir = JSON.parse(readFileSync(file, "utf8")) as CommandSpec;
      // Top-level programs only: subcommand entries (git-log) and multi-call binaries stay out.
      if (ir.path?.length !== 1 || ir.path[0] !== entry) continue;
      let grammar: Grammar | undefined;
      const lowered = () => (grammar ??= compose({ commands: [ir] }));
      commands[entry] = {
        name: entry,
        ir,
        get gbnf() {
          return emitGbnf(lowered());
        },
        get lark() {
          return emitLark(lowered());
        },
      };
    } catch {
      /* a half-written corpus entry: skip it */
    }
  }
  const defaultCommands = CORPUS_DEFAULT.filter((n) => {
    if (!commands[n]) return false;
    try {
      compose({ commands: [commands[n].ir] });
      return true;
    } catch {
      return false;
    }
  });
  let ast: Grammar | undefined;
  const defaultAst = () => (ast ??= compose({ commands: defaultCommands.map((n) => commands[n]!.ir) }));
  return {
    commands,
    defaultCommands,
    defaultAst,
    defaultGrammar: {
      get gbnf() {
        return emitGbnf(defaultAst());
      },
      get lark() {
        return emitLark(defaultAst());
      },
    },
  };
}

let packPromise: Promise<Pack> | undefined;
export function loadPack(): Promise<Pack> {
  packPromise ??= (async () => {
    // A variable specifier keeps the pack a runtime dependency: decode builds before it exists.
    const name = "@shellgen/grammars";
    let mod: Record<string, unknown>;
    try {
      mod = (await import(name)) as Record<string, unknown>;
    } catch (err) {
      const dir = helpDir();
      if (dir) {
        const pack = corpusPack(dir);
        if (Object.keys(pack.commands).length > 0) return pack;
      }
      throw new DecodeError(`grammar pack @shellgen/grammars is not available (run npm run pack): ${oneLine(err)}`, "EPACK");
    }
    const commands = mod.commands as Pack["commands"] | undefined;
    const defaultGrammar = mod.defaultGrammar as Pack["defaultGrammar"] | undefined;
    if (!commands || !defaultGrammar?.gbnf) throw new DecodeError("grammar pack @shellgen/grammars has no commands/defaultGrammar export", "EPACK");
    // The default grammar's programs: an explicit export, else the pack manifest's default.commands.
    const manifest = mod.manifest as { default?: { commands?: unknown } } | undefined;
    const listed = Array.isArray(mod.defaultCommands) ? mod.defaultCommands : manifest?.default?.commands;
    const defaultCommands = Array.isArray(listed) ? (listed as unknown[]).filter((n): n is string => typeof n === "string" && n in commands) : undefined;
    return { commands, defaultGrammar, defaultCommands };
  })();
  packPromise.catch(() => (packPromise = undefined));
  return packPromise;
}

/** corpora/help in the enclosing checkout, when there is one: help texts say what a program is for. */
export function helpDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "corpora", "help");
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

export function summaryFor(name: string, dir: string | undefined): string | undefined {
  const file = dir && join(dir, name, "help.txt");
  if (!file || !existsSync(file)) return undefined;
  try {
    return helpSummary(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
