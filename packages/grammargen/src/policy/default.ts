import { fileURLToPath } from "node:url";

/** The shipped default policy (packages/grammargen/policies/default.yaml), found from src/ or dist/. */
export const defaultPolicyPath: string = fileURLToPath(new URL("../../policies/default.yaml", import.meta.url));
