// @shellgen/model: where the default model lies, found from this module's own location so
// that it is the same file in a checkout (a workspace link to model/) and in an install.
import { fileURLToPath } from "node:url";

/** Absolute path of shellgen-mini.gguf, the model shellgen and bench use when given none. */
export const modelPath = fileURLToPath(new URL("./shellgen-mini.gguf", import.meta.url));
