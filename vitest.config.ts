import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests import workspace packages from source, so a stale dist/ never hides a change.
export default defineConfig({
  resolve: {
    alias: {
      "@shellgen/base": src("./packages/base/src/index.ts"),
      "@shellgen/cli": src("./packages/cli/src/index.ts"),
      "@shellgen/agent": src("./packages/agent/src/index.ts"),
      "@shellgen/grammargen": src("./packages/grammargen/src/index.ts"),
      "@shellgen/sandbox": src("./packages/sandbox/src/index.ts"),
      "@shellgen/fewshot": src("./packages/fewshot/src/index.ts"),
      "@shellgen/decode/backend": src("./packages/decode/src/backend/index.ts"),
      "@shellgen/decode": src("./packages/decode/src/index.ts"),
      "@shellgen/bench": src("./bench/src/index.ts"),
    },
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "bench/test/**/*.test.ts", "grammars/test/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/setup/fast-check.ts"],
    globalSetup: ["test/setup/tmpdir.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
