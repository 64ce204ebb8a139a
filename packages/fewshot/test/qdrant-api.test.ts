// The Qdrant adapter against Qdrant's official API description (@qdrant/js-client-rest's
// types, generated from the OpenAPI spec), since no Qdrant server runs here: the build
// type-checks the bodies (qdrant-api.conformance.ts); this shows that check can fail, and
// checks every endpoint and method the adapter calls exists in the spec.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { QDRANT_ENDPOINTS } from "../src/qdrant.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../../..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

function typecheck(dir: string, config: string): { ok: boolean; out: string } {
  try {
    execFileSync(process.execPath, [TSC, "-p", join(dir, config)], { encoding: "utf8", stdio: "pipe" });
    return { ok: true, out: "" };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, out: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
}

describe("Qdrant API conformance", () => {
  it("the adapter's bodies and reads type-check against the official types", () => {
    const got = typecheck(HERE, "tsconfig.qdrant-api.json");
    expect(got.out).toBe("");
    expect(got.ok).toBe(true);
  }, 60_000);

  it("a body Qdrant would reject fails the check", () => {
    // The same conformance file over a copy of the adapter whose distance is misspelled.
    const dir = mkdtempSync(join(HERE, ".qdrant-drift-"));
    try {
      const src = readFileSync(join(HERE, "../src/qdrant.ts"), "utf8");
      const drifted = src.replace('distance: "Cosine" }', 'distance: "cosine" }');
      expect(drifted).not.toBe(src);
      writeFileSync(join(dir, "qdrant.ts"), drifted);
      writeFileSync(join(dir, "conformance.ts"), readFileSync(join(HERE, "qdrant-api.conformance.ts"), "utf8").replace('"../src/qdrant.js"', '"./qdrant.js"'));
      const config = JSON.parse(readFileSync(join(HERE, "tsconfig.qdrant-api.json"), "utf8"));
      config.extends = join(ROOT, "tsconfig.base.json");
      config.files = ["conformance.ts"];
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
      const got = typecheck(dir, "tsconfig.json");
      expect(got.ok).toBe(false);
      expect(got.out).toMatch(/conformance\.ts.*error TS2344/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("every endpoint and method the adapter calls is in Qdrant's OpenAPI paths", () => {
    const require = createRequire(import.meta.url);
    // The package's exports map hides its files; dist/cjs/index.js is what it resolves to.
    const types = join(dirname(require.resolve("@qdrant/js-client-rest")), "../types/openapi/generated_schema.d.ts");
    const spec = readFileSync(types, "utf8");
    const paths = spec.slice(spec.indexOf("export interface paths"), spec.indexOf("export interface components"));
    expect(paths.length).toBeGreaterThan(1000);
    const missing = Object.entries(QDRANT_ENDPOINTS).filter(([, [method, path]]) => {
      const start = paths.indexOf(`"${path}": {`);
      if (start < 0) return true;
      const block = paths.slice(start, paths.indexOf("\n    };", start));
      return !new RegExp(`\\n\\s+${method.toLowerCase()}: operations\\[`).test(block);
    });
    expect(Object.keys(QDRANT_ENDPOINTS).length).toBe(7);
    expect(missing).toEqual([]);
  });
});
