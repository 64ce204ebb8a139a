// What generate() needs from a grammar source: an ordered list of grammars to try for a
// request (the selected commands first, then the pack default). Kept as an interface so
// the modes do not depend on how grammars are built.
import type { Policy } from "@shellgen/grammargen";
import type { GrammarText } from "./backend/types.js";

export interface GrammarPlan {
  /** Programs the grammar covers; ["<default>"] for the pack's default grammar. */
  commands: string[];
  isDefault: boolean;
  /** The grammar as sent to the engine: optional leading space, the command, optional "\n\n" terminator. */
  text: GrammarText;
  /** Whether the bare grammar (no space, no terminator) accepts a command. */
  accepts(command: string): { accepted: boolean; reason?: string };
  /** How the commands were chosen, for the record. */
  why: Record<string, string>;
}

export interface PlanRequest {
  request: string;
  ground: boolean;
  workspaceFiles: string[];
  policy?: Policy;
  /** Programs a free decode of the same request used: the selection includes those with a grammar. */
  programs?: string[];
  /** Commands of the few-shot examples in the prompt: their programs and flags join the plan. */
  examples?: string[];
  /** The free decode's command, when there was one: its flags join the narrowed plan. */
  draft?: string;
}

export interface GrammarPlanner {
  plans(req: PlanRequest): (() => Promise<GrammarPlan>)[];
}
