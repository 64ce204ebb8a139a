// @shellgen/fewshot: the example pool (shipped and learned pairs), hybrid retrieval, learning from
// corrections, and the pack's option index that decode plans with.
export { openPool, Pool, userDir, exampleBlock, LEARNED_FILE, INDEX_FILE } from "./pool.js";
export type { OpenPoolOptions, RetrieveOptions, Retrieval, Retrieved } from "./pool.js";
export { staticExamples } from "./static.js";
export { learn } from "./learn.js";
export type { LearnOptions, Learned } from "./learn.js";
export { PoolError, exampleId, shippedPrograms } from "./example.js";
export { spellRequest } from "./spell-shipped.js";
export type { Example } from "./example.js";
export type { Embedder } from "./embedder.js";
export { QdrantStore, QdrantError, type QdrantOptions } from "./qdrant.js";
export { estimateTokens } from "./tokens.js";
export { OptionIndex, packOptionIndex, readPackIr, type OptionIndexSnapshot } from "./options.js";
export type { OptionHit } from "./options.js";
export { readHeldoutSet } from "./heldout.js";
export type { HeldoutRequest } from "./heldout.js";
