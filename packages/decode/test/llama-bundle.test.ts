// The one-file node-llama-cpp on the model thread: it decodes exactly as the package does,
// and a missing, stale or damaged bundle starts the thread on the package instead.
// The failure cases run on a copy of the built decode package, so the shared build is untouched.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultModelPath } from "../src/backend/index.js";
import { EmbeddedBackend } from "../src/backend/embedded.js";
import { buildLlamaBundle } from "../src/backend/llama-bundle-build.js";
import { bundleFiles, bundleProblem, stamp, type BundleManifest } from "../src/backend/llama-bundle.js";
import { ThreadedBackend } from "../src/backend/threaded.js";
import type { CompleteOptions } from "../src/backend/types.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
// The thread runs the built modules (a thread cannot load TypeScript sources); `npm test` builds first.
const DIST = fileURLToPath(new URL("../dist", import.meta.url));
const BACKEND = join(DIST, "backend");
const GRAMMAR = { gbnf: 'root ::= "wc -l " [a-z]+ ".txt"', lark: 'start: "wc -l " /[a-z]+/ ".txt"' };
const CALLS: CompleteOptions[] = [
  { prompt: { request: "count the lines in notes.txt" }, grammar: GRAMMAR, maxTokens: 24, seed: 1 },
  { prompt: { request: "show the first 3 lines of a.txt" }, maxTokens: 24, seed: 1 },
];

let local: EmbeddedBackend;
let expected: Awaited<ReturnType<EmbeddedBackend["complete"]>>[];
const scratch = mkdtempSync(join(tmpdir(), "shellgen-llama-bundle-"));

beforeAll(async () => {
  // Setup builds it; a build since then that changed an input needs it built again.
  await buildLlamaBundle({ backendDir: BACKEND });
  local = await EmbeddedBackend.open(defaultModelPath());
  expected = [];
  for (const c of CALLS) expected.push(await local.complete(c));
}, 300_000);
afterAll(async () => {
  await local?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Opens the thread, checks it decodes as the package on this thread, closes it. */
async function decodeOn(host: string): Promise<{ library: string; fallback?: string }> {
  const t = await ThreadedBackend.open(host, defaultModelPath());
  try {
    for (const [i, c] of CALLS.entries()) expect(await t.complete(c)).toEqual(expected[i]);
    // The thread's milestones, on this thread's clock, come in order.
    expect(t.startup.startedMs).toBeLessThanOrEqual(t.startup.loadedMs);
    expect(t.startup.loadedMs).toBeLessThanOrEqual(t.startup.readyMs);
    return { library: t.library, fallback: t.bundleFallback };
  } finally {
    await t.close();
  }
}

/** A copy of the built decode package beside the repo's node_modules, its bundle edited by `edit`. */
function copyDecode(name: string, edit: (llama: string, manifest: BundleManifest) => BundleManifest | undefined): string {
  const pkg = join(scratch, name, "packages", "decode");
  mkdirSync(pkg, { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(scratch, name, "node_modules"));
  cpSync(join(ROOT, "packages/decode/package.json"), join(pkg, "package.json"));
  cpSync(DIST, join(pkg, "dist"), { recursive: true });
  const files = bundleFiles(join(pkg, "dist", "backend"));
  const manifest = edit(files.code, JSON.parse(readFileSync(files.manifest, "utf8")) as BundleManifest);
  if (manifest) writeFileSync(files.manifest, JSON.stringify({ ...manifest, bundle: stamp(files.code) }));
  else rmSync(files.dir, { recursive: true });
  return join(pkg, "dist", "backend", "thread-host.js");
}

describe("node-llama-cpp bundle", () => {
  it("is current after the build, and records node-llama-cpp and the package.json files among its inputs", () => {
    expect(bundleProblem(BACKEND)).toBeUndefined();
    const m = JSON.parse(readFileSync(bundleFiles(BACKEND).manifest, "utf8")) as BundleManifest;
    const inputs = m.inputs.map(([path]) => path);
    expect(inputs).toContain(join(ROOT, "node_modules/node-llama-cpp/dist/index.js"));
    expect(inputs).toContain(join(ROOT, "node_modules/node-llama-cpp/package.json"));
    expect(m.library).toBe("3.21.1");
    // Nothing in it still asks where the bundle is, except rolldown's own require for built-in modules.
    const code = readFileSync(bundleFiles(BACKEND).code, "utf8");
    expect(code.match(/import\.meta\.\w+/g)).toEqual(["import.meta.url"]);
  });

  it("the model thread loads it and decodes as node-llama-cpp on this thread, free and under a grammar", async () => {
    expect(await decodeOn(join(BACKEND, "thread-host.js"))).toEqual({ library: "bundle", fallback: undefined });
  }, 120_000);

  it("a process flag a thread cannot take (--max-old-space-size) does not cost the bundle", () => {
    const script = join(scratch, "flags.mjs");
    const threaded = new URL("../dist/backend/threaded.js", import.meta.url).href;
    writeFileSync(
      script,
      `const { ThreadedBackend } = await import(${JSON.stringify(threaded)});
const t = await ThreadedBackend.open(${JSON.stringify(join(BACKEND, "thread-host.js"))}, ${JSON.stringify(defaultModelPath())});
console.log(JSON.stringify({ library: t.library, fallback: t.bundleFallback }));
await t.close();\n`,
    );
    const r = spawnSync(process.execPath, ["--max-old-space-size=700", script], { encoding: "utf8", timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split("\n").pop()!)).toEqual({ library: "bundle" });
  }, 120_000);

  it("a copy of the build with its bundle intact loads it too (the copies below differ only in their edit)", async () => {
    const host = copyDecode("intact", (_code, m) => m);
    expect(await decodeOn(host)).toEqual({ library: "bundle", fallback: undefined });
  }, 120_000);

  it("without a bundle the thread loads the package", async () => {
    const host = copyDecode("absent", () => undefined);
    expect(await decodeOn(host)).toEqual({ library: "plain", fallback: undefined });
  }, 120_000);

  it("a bundle whose inputs changed is refused before it runs, and the thread starts on the package", async () => {
    const host = copyDecode("stale", (_code, m) => ({ ...m, inputs: m.inputs.map(([p, size, mtime], i) => [p, i === 0 ? size + 1 : size, mtime]) }));
    const r = await decodeOn(host);
    expect(r.library).toBe("plain");
    expect(r.fallback).toMatch(/^node-llama-cpp bundle not used: .* changed since it was bundled$/);
  }, 120_000);

  it("after a reinstall of node-llama-cpp the main thread sees it, and starts no thread on the bundle", async () => {
    const host = copyDecode("reinstalled", (_code, m) => ({
      ...m,
      inputs: m.inputs.map(([p, size, mtime]) => [p, size, p.endsWith("/node-llama-cpp/package.json") ? mtime - 1000 : mtime]),
    }));
    const r = await decodeOn(host);
    expect(r.library).toBe("plain");
    // The thread's own check would have said "node-llama-cpp bundle not used: ...".
    expect(r.fallback).toMatch(/^\/.*node-llama-cpp\/package\.json changed since it was bundled$/);
  }, 120_000);

  it("a damaged bundle (its manifest matching) fails to load, and the thread starts on the package", async () => {
    const host = copyDecode("damaged", (code, m) => {
      writeFileSync(code, "export const getLlama = ;\n");
      return m;
    });
    const r = await decodeOn(host);
    expect(r.library).toBe("plain");
    expect(r.fallback).toMatch(/Unexpected token|SyntaxError/);
  }, 120_000);
});
