// node-llama-cpp as one file, for the model thread's start.
//
// Importing node-llama-cpp 3.21.1 loads about 700 modules (its own, ipull, lifecycle-utils,
// chalk, fs-extra, ...). Node's per-module cost (resolve, stat, read, link) makes that ~0.45 s
// on this machine, most of a one-request `shellgen` call; the same code as one file loads in
// ~0.17 s. `scripts/bundle-llama.mjs` (run by `npm run setup`) writes that file under
// packages/decode/dist/llama/ with a manifest of every input file's size and mtime. The model
// thread imports it through the "#node-llama-cpp" subpath (package.json "imports") when the
// thread starts with the BUNDLE_CONDITION; anything else resolves to the package itself.
// A bundle whose inputs changed is refused before it runs, and the thread starts again on the
// package (threaded.ts), so a stale or damaged bundle costs time, never a start.
import { readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The export condition that maps "#node-llama-cpp" to the bundle. */
export const BUNDLE_CONDITION = "shellgen-llama-bundle";
export const MANIFEST_VERSION = 1;

/** The bundle's files for the built package whose backend/ folder is `backendDir` (default: this module's). */
export function bundleFiles(backendDir = fileURLToPath(new URL(".", import.meta.url))): { dir: string; code: string; manifest: string } {
  const dir = join(backendDir, "..", "llama");
  return { dir, code: join(dir, "node-llama-cpp.js"), manifest: join(dir, "manifest.json") };
}

/** A file as the manifest records it: path, size, mtime. */
export type FileStamp = [path: string, size: number, mtimeMs: number];

export interface BundleManifest {
  version: number;
  /** node-llama-cpp's version when bundled. */
  library: string;
  bundler: string;
  bundle: FileStamp;
  inputs: FileStamp[];
}

export function stamp(path: string): FileStamp {
  const st = statSync(path);
  return [path, st.size, st.mtimeMs];
}

export const NO_BUNDLE = "no bundle built";

/**
 * Why the bundle cannot stand for node-llama-cpp now, or undefined when it can. `quick`
 * checks only the bundle file and node-llama-cpp's package.json (a reinstall rewrites it):
 * cheap enough for the main thread, which then need not start a thread on a bundle the
 * thread's full check (every input) would refuse.
 */
export function bundleProblem(backendDir?: string, opts: { quick?: boolean } = {}): string | undefined {
  const { manifest } = bundleFiles(backendDir);
  let m: BundleManifest;
  try {
    m = JSON.parse(readFileSync(manifest, "utf8")) as BundleManifest;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ENOENT" ? NO_BUNDLE : `unreadable manifest ${manifest}`;
  }
  if (m.version !== MANIFEST_VERSION || !Array.isArray(m.inputs) || !Array.isArray(m.bundle)) return `manifest ${manifest} is of another version`;
  const inputs = opts.quick ? m.inputs.filter(([path]) => path.endsWith(`${sep}node-llama-cpp${sep}package.json`)) : m.inputs;
  for (const want of [m.bundle, ...inputs]) {
    let have: FileStamp;
    try {
      have = stamp(want[0]);
    } catch {
      return `${want[0]} is gone`;
    }
    if (have[1] !== want[1] || have[2] !== want[2]) return `${want[0]} changed since it was bundled`;
  }
  return undefined;
}
