// Writes the one-file node-llama-cpp (see llama-bundle.ts) with rolldown, which vite brings.
//
// Each inlined module keeps seeing its own location: node-llama-cpp finds its llama/ folder,
// its package.json and its prebuilt binaries relative to `import.meta.url`, and CommonJS
// dependencies use __dirname. Those become the original file's URL and folder, as literals.
// What the bundle must not absorb stays a separate module at its real path:
// - native addons (.node files), which only `require` can load;
// - packages loaded by dynamic import: optional platform binaries (@node-llama-cpp/linux-x64,
//   ...), electron, typescript; they load when used, as they would without the bundle.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { createRequire } from "node:module";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { bundleFiles, bundleProblem, MANIFEST_VERSION, stamp, type BundleManifest } from "./llama-bundle.js";

export interface BundleResult {
  built: boolean;
  /** Why it was (re)built, or "up to date". */
  reason: string;
  modules: number;
  bytes: number;
  ms: number;
}

const require = createRequire(import.meta.url);

const hasEsmSyntax = (code: string): boolean => /^\s*(import|export)\b[\s{*"']/m.test(code);

/** The module's code with its own location spelled out where it asks for it. */
function pinLocation(code: string, file: string): string {
  const url = JSON.stringify(pathToFileURL(file).href);
  let out = code
    .replaceAll("import.meta.url", url)
    .replaceAll("import.meta.dirname", JSON.stringify(dirname(file)))
    .replaceAll("import.meta.filename", JSON.stringify(file));
  // CommonJS gets __dirname and __filename from Node's wrapper, which a bundle does not have;
  // rolldown wraps each CommonJS module in a function, so these stay the module's own.
  const needs = ["__dirname", "__filename"].filter((n) => new RegExp(`\\b${n}\\b`).test(out) && !new RegExp(`\\b(var|let|const)\\s+${n}\\b`).test(out));
  if (needs.length > 0 && !hasEsmSyntax(out)) {
    const decl = { __dirname: JSON.stringify(dirname(file)), __filename: JSON.stringify(file) } as const;
    out = `var ${needs.map((n) => `${n} = ${decl[n as keyof typeof decl]}`).join(", ")};${out}`;
  }
  return out;
}

/** Every package.json between each input and its node_modules folder: their "exports", "type" and "main" decided what was bundled. */
function packageFiles(inputs: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  for (const file of inputs) {
    for (let d = dirname(file); !seen.has(d) && basename(d) !== "node_modules" && dirname(d) !== d; d = dirname(d)) {
      seen.add(d);
      if (existsSync(join(d, "package.json"))) found.add(join(d, "package.json"));
    }
  }
  return found;
}

/** Builds the bundle for the built package in `backendDir`'s parent, unless the one there is current (or `force`). */
export async function buildLlamaBundle(opts: { force?: boolean; backendDir: string }): Promise<BundleResult> {
  const t0 = performance.now();
  const files = bundleFiles(opts.backendDir);
  const problem = opts.force ? "forced" : bundleProblem(opts.backendDir);
  if (!problem) return { built: false, reason: "up to date", modules: 0, bytes: 0, ms: performance.now() - t0 };
  let rolldown: typeof import("rolldown").rolldown;
  let bundler: string;
  try {
    ({ rolldown, VERSION: bundler } = await import("rolldown"));
  } catch {
    throw new Error("bundle-llama: rolldown is not installed (it comes with the dev dependency vite; run npm ci)");
  }
  const entry = require.resolve("node-llama-cpp");
  const library = (JSON.parse(readFileSync(join(dirname(dirname(entry)), "package.json"), "utf8")) as { version: string }).version;
  const inputs = new Set<string>();
  const externals = new Set<string>();
  const build = await rolldown({
    input: entry,
    platform: "node",
    logLevel: "silent",
    plugins: [
      {
        name: "shellgen-keep-apart",
        async resolveId(source, importer, extra) {
          if (!importer || source.startsWith("\0") || source.startsWith("node:")) return null;
          const dynamic = extra.kind === "dynamic-import";
          const bare = !source.startsWith(".") && !isAbsolute(source);
          const found = await this.resolve(source, importer, { ...extra, skipSelf: true });
          if (found?.external) return null;
          if (!found) {
            // Not installed here (another platform's binary): keep asking for it from the same folder.
            return bare ? { id: source, external: true } : { id: resolve(dirname(importer), source), external: true };
          }
          if (found.id.endsWith(".node") || (dynamic && bare)) {
            externals.add(found.id);
            return { id: extra.kind === "require-call" ? found.id : pathToFileURL(found.id).href, external: true };
          }
          return null;
        },
      },
      {
        name: "shellgen-pin-location",
        transform(code, id) {
          if (id.startsWith("\0")) return null;
          inputs.add(id);
          return /\.[cm]?js$/.test(id) ? { code: pinLocation(code, id), map: null } : null;
        },
      },
    ],
  });
  const out = await build.generate({ format: "esm", codeSplitting: false, sourcemap: false });
  await build.close();
  const both = [...externals].filter((id) => inputs.has(id));
  if (both.length > 0) throw new Error(`bundle-llama: ${both[0]} is both bundled and loaded apart; one copy of its state would be wrong`);
  const chunk = out.output.find((o) => o.type === "chunk");
  if (!chunk || out.output.length !== 1) throw new Error(`bundle-llama: expected one file from rolldown, got ${out.output.length}`);
  mkdirSync(files.dir, { recursive: true });
  writeFileAtomicSync(files.code, chunk.code);
  const manifest: BundleManifest = {
    version: MANIFEST_VERSION,
    library,
    bundler,
    bundle: stamp(files.code),
    inputs: [...inputs, ...packageFiles(inputs)].sort().map(stamp),
  };
  writeFileAtomicSync(files.manifest, `${JSON.stringify(manifest)}\n`);
  return { built: true, reason: problem, modules: inputs.size, bytes: Buffer.byteLength(chunk.code), ms: performance.now() - t0 };
}
