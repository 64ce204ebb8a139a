// A COMMAND operand is either a program the command runs (`timeout DURATION COMMAND [ARG]...`,
// `sudo [command [arg ...]]`) or one of the program's own commands (`git <command> [<args>]`,
// `openssl command [parameters]`, `ip OBJECT { COMMAND | help }`). Usage lines spell both the
// same way; the rest of the text tells them apart. A program with commands of its own lists
// them or points to their help:
//   - a heading for them: "Commands:", "Available commands:", "Command groups:", "<Commands>",
//     "commands (non interactive mode):", "CMD:", or an argparse `  <command>` line;
//   - help per command: "help <command>", "<command> --help", "--help COMMAND", "[help] <command>";
//   - what the command may be: "where command is add, admin, ...", "command is one of",
//     "OBJECT := { link | addr ... }", "[ command | --full-restart ]" (an option in its place);
//   - "list of commands", "list subcommands", "print help for all subcommands".
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
  /\bwhere (?:the )?<?(?:command|cmd)>? is\b|\b(?:command|cmd)s? (?:is|are|must be) one of\b|\b[A-Z]+ :=/i,
  /\b(?:command|cmd)[ \t]*\|[ \t]*--?\w/i,
  /--help-commands\b|\bfor a list of (?:all )?(?:the )?(?:sub)?commands\b|\blist (?:of )?(?:all )?(?:the )?(?:available )?(?:sub)?commands\b|\ball subcommands\b/i,
];

/** Whether a help text or man page shows that its program has commands of its own (see above). */
export function listsOwnCommands(text: string): boolean {
  return SIGNS.some((r) => r.test(text));
}

/** Marks every operand a usage names as a command to run `subcommand` (`cvs command [command-options-and-arguments]` names two). */
export function markSubcommands(spec: CommandSpec): CommandSpec {
  const positionals = [...spec.positionals];
  for (let i = 0; i < positionals.length; i++) if (wrapsCommand(positionals, i)) positionals[i] = { ...positionals[i]!, subcommand: true };
  return { ...spec, positionals };
}

/** Marks the COMMAND operands `subcommand` when `text` shows the program has commands of its own. */
export function withSubcommandOperand(result: ParseResult, text: string): ParseResult {
  if (!listsOwnCommands(text)) return result;
  return { ...result, spec: markSubcommands(result.spec), listsOwnCommands: true };
}
