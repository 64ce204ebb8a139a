// grammargen CLI entry: dispatch to a registered subcommand or capture a program's help.
import { GrammargenError } from "../diagnostics.js";
import { HelpRequest } from "./args.js";
import { COMMANDS, DEFAULT } from "./commands.js";
import { processIo, type Io } from "./output.js";

const HELP = () =>
  [
    `usage: grammargen ${DEFAULT.summary}`,
    ...Object.values(COMMANDS).map((c) => `       grammargen ${c.summary}`),
    "",
    "Turns a program's --help text into a Lark or GBNF grammar of its valid invocations.",
    "Use `grammargen -- <command>` for a program whose name is also a subcommand.",
    "--from help reads only the program's --help text, --from man only its man page (`man` at 80 columns,",
    "LANG=C); by default both are read where both exist, merged, and their differences reported as warnings.",
    "With --out FILE, --check writes nothing: it exits 1 when FILE differs from the grammar generated now.",
    "",
  ].join("\n");

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h") {
    (first === undefined ? io.stderr : io.stdout)(HELP());
    return first === undefined ? 2 : 0;
  }
  const command = COMMANDS[first];
  try {
    if (command) return await (await command.load())(rest, io);
    return await (await DEFAULT.load())(first === "--" ? rest : argv, io);
  } catch (e) {
    if (e instanceof HelpRequest) {
      io.stdout(`usage: grammargen ${(command ?? DEFAULT).summary}\n`);
      return 0;
    }
    if (e instanceof GrammargenError) {
      io.stderr(`grammargen: error: ${e.message.split("\n")[0]}\n`);
      return e.code === "EUSAGE" ? 2 : 1;
    }
    io.stderr(`grammargen: internal error: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}\n`);
    return 70;
  }
}
