// A program's subcommand tree, walked as the reviewed pack's discoverTree walks one: the
// commands its help lists, each one's own help (`X Y --help`, `X help Y`, `X Y -h`, `X Y help`),
// and the commands that help lists in turn, breadth first, so that a walk cut short by its
// count still holds every command of the top level. Each text is one corpus key
// (`az-account`, `az-storage-blob`) with its command words, like a tldr subcommand page.
import { globalOptionsCommand } from "../../parse/borrowed.js";
import { parseHelp } from "../../parse/help.js";

export interface WalkNode {
  key: string;
  words: string[];
  /** The node's help text, whose listed commands are the next level. */
  text: string;
}

export interface WalkStep {
  key: string;
  words: string[];
  /** The help text of the command one level up: a child whose "help" is this text has none. */
  parentHelp: string;
}

/**
 * The commands a help text lists, as the parser reads them (none when it does not parse), and
 * at the root the command it names for the global options (`kubectl options`), which lists none.
 */
export function listedSubcommands(text: string, words: string[]): string[] {
  const pointed = globalOptionsCommand(text);
  const global = pointed && words.length === 1 && pointed[0] === words[0] ? [pointed[1]] : [];
  try {
    const listed = parseHelp(text, { name: words })
      .spec.subcommands.map((s) => s.path[s.path.length - 1]!)
      .filter((n) => /^[a-z0-9][\w.+-]*$/i.test(n) && n !== "help");
    return [...listed, ...global.filter((g) => !listed.includes(g))];
  } catch {
    return global;
  }
}

/**
 * Walks the tree below `root`. `visit` captures one step and returns its help text (undefined
 * when it has none: the walk does not go below it); `depth` counts levels below the root and
 * `max` the steps visited, each already-captured one included.
 */
export function walkSubcommands(root: WalkNode, opts: { depth: number; max: number }, visit: (step: WalkStep) => string | undefined): number {
  let visited = 0;
  let level: WalkNode[] = [root];
  for (let d = 0; d < opts.depth && level.length; d++) {
    const next: WalkNode[] = [];
    for (const node of level) {
      for (const sub of listedSubcommands(node.text, node.words)) {
        if (visited >= opts.max) return visited;
        visited++;
        const words = [...node.words, sub];
        const key = words.join("-");
        const text = visit({ key, words, parentHelp: node.text });
        if (text !== undefined) next.push({ key, words, text });
      }
    }
    level = next;
  }
  return visited;
}
