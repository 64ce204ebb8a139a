// The planner's indexes over the shipped pack, cached between processes.
//
// Building them means reading every program's IR and help text and tokenising thousands of
// option descriptions: a few hundred milliseconds of every one-request `shellgen` call. They
// change only with the pack or the help corpus, so they are kept as plain data (@shellgen/base's
// start-up cache). The program index's key covers the pack manifest (which holds a sha256 of
// every IR) and the size and time of every help text; the option index is fewshot's own.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { cached, cacheKey, capturedTextPath } from "@shellgen/base";
import { packOptionIndex, shippedPrograms, type OptionIndex } from "@shellgen/fewshot";
import * as grammars from "@shellgen/grammars";
import { helpDir, summaryFor, type Pack } from "./pack-load.js";
import { CommandIndex, type CommandIndexSnapshot } from "./select.js";

/** Bump when the snapshot shape or the way the index is built changes. */
const FORMAT = "commands-1";

export interface PlannerIndexes {
  commands: CommandIndex;
  /** Built on first use: a planner without option retrieval never needs it. */
  options: () => OptionIndex;
  /** The programs the shipped examples run or describe (fewshot's shippedPrograms), cached like the rest. */
  known: () => Set<string>;
}

let known: Set<string> | undefined;

/** Read once per process: every plan asks for it, and the cache read stats the examples folder. */
function knownPrograms(): Set<string> {
  known ??= new Set(shippedPrograms());
  return known;
}

function buildCommands(pack: Pack): CommandIndex {
  const help = helpDir();
  return new CommandIndex(Object.values(pack.commands).map((c) => ({ name: c.name, ir: c.ir, summary: summaryFor(c.name, help) })));
}

function helpStamp(): string {
  const help = helpDir();
  if (!help) return "no help corpus";
  return readdirSync(help)
    .sort()
    .map((name) => {
      try {
        const st = statSync(capturedTextPath(join(help, name, "help.txt")) ?? join(help, name, "help.txt"));
        return `${name} ${st.size} ${st.mtimeMs}`;
      } catch {
        return `${name} -`;
      }
    })
    .join("\n");
}

/**
 * The program index of a pack (the shipped pack's from the cache when current) and the
 * option index, which is always the shipped pack's, as before the cache.
 */
export function plannerIndexes(pack: Pack, shipped: boolean): PlannerIndexes {
  if (!shipped) return { commands: buildCommands(pack), options: packOptionIndex, known: knownPrograms };
  const key = cacheKey(FORMAT, JSON.stringify(grammars.manifest), helpStamp());
  const commands = cached("command-index", key, () => buildCommands(pack), {
    save: (ix: CommandIndex) => ix.snapshot(),
    load: (s: CommandIndexSnapshot) => CommandIndex.restore(s),
  });
  return { commands, options: packOptionIndex, known: knownPrograms };
}
