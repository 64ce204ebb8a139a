#!/usr/bin/env node
// Writes packages/decode/dist/llama/node-llama-cpp.js, the one-file node-llama-cpp the model
// thread loads (see packages/decode/src/backend/llama-bundle.ts), unless the one there is
// current. Run after the build; `npm run setup` does. `--force` rebuilds it anyway.
import { fileURLToPath } from "node:url";

const backendDir = fileURLToPath(new URL("../packages/decode/dist/backend/", import.meta.url));
try {
  let build;
  try {
    ({ buildLlamaBundle: build } = await import("../packages/decode/dist/backend/llama-bundle-build.js"));
  } catch {
    throw new Error(`${backendDir}llama-bundle-build.js is not built (run npm run build first)`);
  }
  const r = await build({ force: process.argv.includes("--force"), backendDir });
  if (r.built) console.log(`bundle-llama: ${r.modules} modules, ${(r.bytes / 1e6).toFixed(1)} MB in ${Math.round(r.ms)} ms (${r.reason})`);
  else console.log("bundle-llama: up to date");
} catch (err) {
  // The model thread falls back to node-llama-cpp itself, so shellgen still works, only slower to start.
  console.error(`bundle-llama: ${err instanceof Error ? err.message : String(err)} (shellgen still works, on the slower plain import)`);
  process.exitCode = 1;
}
