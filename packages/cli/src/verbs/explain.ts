// `shellgen explain "<command>"` (also `shellgen --explain`): each flag and operand of a
// command, from the grammar pack's IR. No model is loaded.
import { UsageError, type Args } from "@shellgen/base";
import { explain, formatExplanation, loadPack } from "@shellgen/decode";
import type { CommandSpec } from "@shellgen/grammargen";

export async function explainCommand(command: string, json: boolean): Promise<number> {
  const pack = await loadPack();
  const specs = new Map<string, CommandSpec>(Object.values(pack.commands).map((c) => [c.name, c.ir]));
  const items = explain(command, specs);
  process.stdout.write(json ? `${JSON.stringify(items)}\n` : `${formatExplanation(items)}\n`);
  return 0;
}

export async function run(args: Args): Promise<number> {
  const command = args.positionals.join(" ").trim();
  if (command === "") throw new UsageError('explain needs a command (shellgen explain "tar -czf out.tgz dir")');
  return explainCommand(command, args.bool("json") === true);
}
