// @shellgen/corpora: the folders of data shellgen reads at run time, found from this module's
// own location, so a checkout (a workspace link to corpora/) and an install read the same files.
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** This package's folder: examples/, tasks/ and help/ lie in it. */
export const corporaDir = here(".");
/** The few-shot example pool: <category>.jsonl and programs.json. */
export const examplesDir = here("./examples");
/** The bench's task suite: tier<N>.json, task.schema.json, coverage.json. */
export const tasksDir = here("./tasks");
/** One folder per program, each with the help.txt it was captured from (help.txt.br, brotli-compressed, when over 40 KB). */
export const helpDir = here("./help");
