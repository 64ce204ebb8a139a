// A COMMAND operand is either a program the command runs (`timeout DURATION COMMAND [ARG]...`,
// `sudo [command [arg ...]]`) or one of the program's own commands (`git <command> [<args>]`,
// `openssl command [parameters]`, `ip OBJECT { COMMAND | help }`). Usage lines spell both the
// same way; the rest of the text tells them apart. A program with commands of its own lists
// them or points to their help:
//   - a heading for them: "Commands:", "Available commands:", "Command groups:", "<Commands>",
//     "commands (non interactive mode):", "CMD:", or an argparse `  <command>` line;
//   - help per command: "help <command>", "<command> --help", "--help COMMAND", "[help] <command>";
//   - what the command may be: "where command is add, admin, ...", "command is one of",
//     "the following commands are supported:",
//     "OBJECT := { link | addr ... }", "[ command | --full-restart ]" (an option in its place);
//   - "list of commands", "list subcommands", "print help for all subcommands", "Show available
//     commands";
//   - a man page's COMMANDS section, or a centred COMMANDS heading;
//   - the command's own options right after it, as one placeholder: "[command] [options]",
//     "command [options] [args]", "[command [flags]]", "COMMAND [OPTIONS]" (a program run by a
//     wrapper takes arguments, "COMMAND [ARG]...", "<command> [<options>...]");
//   - a table of them: four or more lines, indented alike, each a lower-case word (and its
//     operands) with a description starting in the same column ("update ZIP     Flash all...",
//     "install   : install a library");
//   - a command that is sent somewhere ("the command will not be sent to the right node"): a
//     request to a server or a device, not a program this machine runs.
// A program that runs another says none of these. The operand is then marked `subcommand`, so
// nothing downstream takes its word for a program (base's wrapsCommand).
import { wrapsCommand } from "@shellgen/base";
import type { CommandSpec } from "../ir.js";
import type { ParseResult } from "./help.js";

const SIGNS: RegExp[] = [
  /^[ \t]*(?:[\w-]+[ \t]+){0,2}(?:sub)?(?:commands?|cmds?)(?:[ \t]+groups?)?[ \t]*(?:\([^)\n]*\))?:[ \t]*(?:\S.*)?$/im,
  /^[ \t]*<(?:sub)?commands?>[ \t]*$/im,
  /\b(?:\[?help\]?|--help|-h)[ \t]+<?(?:sub)?(?:command|cmd|COMMAND|CMD)\b/,
  /<(?:sub)?command>[ \t]+(?:--help|-h)\b|\bCOMMAND[ \t]+--help\b/,
  /\bwhere (?:the )?<?(?:command|cmd)>? is\b|\b(?:command|cmd)s? (?:is|are|must be) one of\b|\bthe following (?:sub)?commands are (?:supported|available)\b|\b[A-Z]+ :=/i,
  /\b(?:command|cmd)[ \t]*\|[ \t]*--?\w/i,
  /--help-commands\b|\bfor a list of (?:all )?(?:the )?(?:sub)?commands\b|\blist (?:of )?(?:all )?(?:the )?(?:available )?(?:sub)?commands\b|\ball subcommands\b/i,
  /\b(?:show|list|display|print)s?[ \t]+(?:all[ \t]+)?(?:the[ \t]+)?available[ \t]+(?:sub)?commands\b/i,
  /^[ \t]*(?:SUB)?COMMANDS[ \t]*$/m,
  /(?:^|[ \t[<])(?:sub)?(?:command|cmd)>?\]?[ \t]+\[<?(?:options?|flags?)>?\]/im,
  /\b(?:sub)?commands?[ \t]+(?:(?:will|is|are|can|may)[ \t]+)?(?:not[ \t]+)?(?:be[ \t]+)?sent[ \t]+to\b|\bsend(?:s|ing)?[ \t]+(?:the[ \t]+|a[ \t]+)?commands?[ \t]+to\b/i,
];

/**
 * An entry of a table of commands: indent, a lower-case name and at most four operand words, then
 * its description's column. The gap may not follow a sentence's end: a justified man page sets
 * two spaces after a full stop mid-line ("to a specific address.  The"), which is prose.
 */
const TABLE_ROW = /^([ \t]+)([a-z][\w-]+)((?: [^ \n]+){0,4}?)(?<![.,;!?])( {2,}| +: +)(\S.*)$/gm;
const TABLE_ROWS = 4;

/** Whether `text` has a table of four or more names, indented alike, whose descriptions start in the same column. */
function listsCommandTable(text: string): boolean {
  const columns = new Map<string, Set<string>>();
  for (const m of text.matchAll(TABLE_ROW)) {
    const key = `${m[1]!.length}:${m[0].length - m[5]!.length}`;
    const names = columns.get(key) ?? columns.set(key, new Set()).get(key)!;
    names.add(m[2]!);
    if (names.size >= TABLE_ROWS) return true;
  }
  return false;
}

/** Whether a help text or man page shows that its program has commands of its own (see above). */
export function listsOwnCommands(text: string): boolean {
  return SIGNS.some((r) => r.test(text)) || listsCommandTable(text);
}

/** The operands a text's commands can be: those named for a command (`utility`, `program` are another program's name). */
const OWN_COMMAND = /^(?:sub)?(?:command|cmd)/i;

/** Marks every operand a usage names as a command to run `subcommand` (`cvs command [command-options-and-arguments]` names two). */
export function markSubcommands(spec: CommandSpec): CommandSpec {
  const positionals = [...spec.positionals];
  for (let i = 0; i < positionals.length; i++)
    if (wrapsCommand(positionals, i) && OWN_COMMAND.test(positionals[i]!.name)) positionals[i] = { ...positionals[i]!, subcommand: true };
  return { ...spec, positionals };
}

/** Marks the COMMAND operands `subcommand` when `text` shows the program has commands of its own. */
export function withSubcommandOperand(result: ParseResult, text: string): ParseResult {
  if (!listsOwnCommands(text)) return result;
  return { ...result, spec: markSubcommands(result.spec), listsOwnCommands: true };
}
