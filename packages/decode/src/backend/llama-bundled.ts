// What "#node-llama-cpp" names on a thread started with BUNDLE_CONDITION (see llama-bundle.ts).
// The guard comes first: ES modules evaluate their imports in order, so a stale bundle is
// refused before its code runs.
import "./llama-bundle-guard.js";

export * from "../llama/node-llama-cpp.js";
