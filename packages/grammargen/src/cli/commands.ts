// The subcommand table. To add a subcommand (from-schema, compose, check-policy, pack),
// register one handler here; main.ts dispatches on the first argument and maps thrown
// GrammargenErrors to one line on stderr. A handler returns the exit code.
import { fromHelpText } from "./generate.js";
import { fromSchemaCommand } from "./schema.js";
import { fromCommandOrTree } from "./tree.js";
import type { Io } from "./output.js";
import { validate } from "./validate.js";
import { checkPolicyCommand, composeCommand, packCommand } from "./compose.js";

export type Handler = (argv: string[], io: Io) => Promise<number>;

export const COMMANDS: Record<string, { run: Handler; summary: string }> = {
  "from-help-text": { run: fromHelpText, summary: "from-help-text <file|-> --name <command words> [--format lark|gbnf|ir] [--out FILE]" },
  validate: { run: validate, summary: "validate <grammar-file> [--positive CMD]... [--negative CMD]... [--json]" },
  "from-schema": { run: fromSchemaCommand, summary: "from-schema <file|-> [--as json|cli] [--format lark|gbnf] [--name NAME] [--out FILE]" },
  compose: { run: composeCommand, summary: "compose --commands cat,sort,uniq [--constructs pipe,and,or,seq,redirect,subst,xargs,exec,loop,if,heredoc,background,assign] [--policy FILE] [--format lark|gbnf] [--allow-unknown] [--out FILE]" },
  "check-policy": { run: checkPolicyCommand, summary: "check-policy --policy FILE [--json] -- '<command>'" },
  pack: { run: packCommand, summary: "pack [--dir grammars] [--json]" },
};

/** Without a registered subcommand, the arguments name a program to capture help from. */
export const DEFAULT: Handler = fromCommandOrTree;
