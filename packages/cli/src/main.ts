// `shellgen [verb] ...`: pick the verb, parse its argv, answer --help without loading the
// verb, then run it. A first word that is no verb starts a request: `shellgen "list files"`.
import { formatError, formatHelp, parseArgv } from "@shellgen/base";
import { closeEarlyModel } from "./early.js";
import { GENERATE, VERBS, type Verb } from "./verbs.js";

function topHelp(): string {
  const width = Math.max(...VERBS.map((v) => v.name.length)) + 2;
  const verbs = VERBS.map((v) => `  ${v.name.padEnd(width)}${v.summary}`).join("\n");
  return `${formatHelp(GENERATE.spec)}\nverbs:\n${verbs}\n`;
}

export async function main(argv: string[]): Promise<number> {
  try {
    const named: Verb | undefined = VERBS.find((v) => v.name === argv[0]);
    const verb = named ?? GENERATE;
    const args = parseArgv(named ? argv.slice(1) : argv, verb.spec);
    if (args.help) {
      process.stdout.write(verb === GENERATE ? topHelp() : formatHelp(verb.spec));
      return 0;
    }
    verb.prestart?.(args);
    return await (await verb.load()).run(args);
  } catch (err) {
    const { line, code } = formatError("shellgen", err);
    process.stderr.write(line);
    return code;
  } finally {
    await closeEarlyModel();
  }
}
