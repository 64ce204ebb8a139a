/** Absolute path of shellgen-mini.gguf, the model shellgen and bench use when given none. */
export declare const modelPath: string;
