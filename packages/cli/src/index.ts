// @shellgen/cli: the `shellgen` app. Its API is the dispatcher, for tests and embedding.
export { main } from "./main.js";
export { VERBS, type Verb, type VerbModule } from "./verbs.js";
