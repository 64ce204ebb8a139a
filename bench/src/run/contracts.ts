// The slices of @shellgen/decode and @shellgen/fewshot the bench calls, typed from the
// packages themselves. They are loaded only when a model mode runs (a literal import, so
// tsc still checks the tie): the oracle path never loads a model or llama.cpp.
import type * as Decode from "@shellgen/decode";
import type * as Fewshot from "@shellgen/fewshot";
import type * as Agent from "@shellgen/agent";

export type DecodeApi = Pick<typeof Decode, "createBackend" | "generate"> & Partial<Pick<typeof Decode, "defaultModelPath">>;
export type FewshotApi = Pick<typeof Fewshot, "openPool" | "staticExamples" | "exampleBlock" | "estimateTokens" | "exampleId">;
export type Backend = Decode.Backend;
export type Example = Decode.Example;
export type Pool = Fewshot.Pool;
export type AgentApi = Pick<typeof Agent, "improve">;
export type LoopResult = Agent.LoopResult;

export async function loadDecode(): Promise<DecodeApi> {
  try {
    return await import("@shellgen/decode");
  } catch (e) {
    throw new Error(`cannot load @shellgen/decode (build it with \`npx tsc -b\`): ${(e as Error).message.split("\n")[0]}`);
  }
}

export async function loadFewshot(): Promise<FewshotApi> {
  try {
    return await import("@shellgen/fewshot");
  } catch (e) {
    throw new Error(`cannot load @shellgen/fewshot (build it with \`npx tsc -b\`): ${(e as Error).message.split("\n")[0]}`);
  }
}

/** The improvement loop, for the `+exec` modes only. */
export async function loadAgent(): Promise<AgentApi> {
  try {
    return await import("@shellgen/agent");
  } catch (e) {
    throw new Error(`cannot load @shellgen/agent (build it with \`npx tsc -b\`): ${(e as Error).message.split("\n")[0]}`);
  }
}
