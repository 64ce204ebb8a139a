// The subcommand table. To add a subcommand, register its usage line and its handler's
// module here; main.ts dispatches on the first argument, answers `--help`, and maps thrown
// GrammargenErrors to one line on stderr. A handler returns the exit code. Modules load
// only when their subcommand runs, so `grammargen ls` never loads the checker (chevrotain)
// or the schema and policy validators (ajv, yaml).
import type { Io } from "./output.js";

export type Handler = (argv: string[], io: Io) => Promise<number>;

export interface Command {
  summary: string;
  load: () => Promise<Handler>;
}

export const COMMANDS: Record<string, Command> = {
  "from-help-text": {
    summary: "from-help-text <file|-> --name <command words> [--from help|man] [--format lark|gbnf|ir] [--out FILE [--check]]",
    load: async () => (await import("./generate.js")).fromHelpText,
  },
  validate: {
    summary: "validate <grammar-file> [--positive CMD]... [--negative CMD]... [--json]",
    load: async () => (await import("./validate.js")).validate,
  },
  "from-schema": {
    summary: "from-schema <file|-> [--as json|cli] [--format lark|gbnf] [--name NAME] [--out FILE [--check]]",
    load: async () => (await import("./schema.js")).fromSchemaCommand,
  },
  compose: {
    summary:
      "compose [--commands cat,sort,uniq] [--constructs pipe,and,or,seq,redirect,subst,xargs,exec,loop,if,heredoc,background,assign] [--policy FILE] [--format lark|gbnf] [--allow-unknown] [--names-only docker,kubectl] [--corpus DIR] [--out FILE [--check]]",
    load: async () => (await import("./compose.js")).composeCommand,
  },
  "check-policy": {
    summary: "check-policy --policy FILE [--json] -- '<command>'",
    load: async () => (await import("./compose.js")).checkPolicyCommand,
  },
  profile: {
    summary:
      "profile [--from FILE|DIR]... [--from-bench RUN --model M [--eval-share F] [--tasks GLOB] [--eval-out FILE]] [--base POLICY] [--min-count N] [--root DIR] [--out POLICY.yaml]",
    load: async () => (await import("./profile.js")).profileCommand,
  },
  pack: { summary: "pack [--dir grammars] [--json] [--generated]", load: async () => (await import("./compose.js")).packCommand },
};

/** Without a registered subcommand, the arguments name a program to capture help from. */
export const DEFAULT: Command = {
  summary: "[--from help|man] [--format lark|gbnf|ir] [--out FILE [--check]] [--depth N] [--max-subcommands N] <command> [help-args...]",
  load: async () => (await import("./tree.js")).fromCommandOrTree,
};
