/** This package's folder: examples/, tasks/ and help/ lie in it. */
export declare const corporaDir: string;
/** The few-shot example pool: <category>.jsonl and programs.json. */
export declare const examplesDir: string;
/** The bench's task suite: tier<N>.json, task.schema.json, coverage.json. */
export declare const tasksDir: string;
/** One folder per program, each with the help.txt it was captured from (help.txt.br, brotli-compressed, when over 40 KB). */
export declare const helpDir: string;
