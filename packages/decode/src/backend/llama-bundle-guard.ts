// Evaluated before the bundle (llama-bundled.ts imports it first): a bundle built from other
// files than the ones installed now is refused before any of it runs.
import { bundleProblem } from "./llama-bundle.js";

const problem = bundleProblem();
if (problem) throw new Error(`node-llama-cpp bundle not used: ${problem}`);
