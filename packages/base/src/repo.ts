// The one way to find the shellgen checkout (corpora/, model/, grammars/) from code that
// may run from src/ (tests), dist/ (the CLIs) or an installed copy.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

function upFrom(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, "corpora")) && existsSync(join(dir, "package.json"))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

let cached: string | null | undefined;

/**
 * The checkout this code runs from: the nearest directory above this module (else above
 * the working directory) that holds corpora/ and a package.json. undefined outside one.
 */
export function repoRoot(): string | undefined {
  if (cached === undefined) cached = upFrom(dirname(fileURLToPath(import.meta.url))) ?? upFrom(process.cwd()) ?? null;
  return cached ?? undefined;
}

/** A path inside the checkout when both exist, e.g. repoPath("corpora", "help"). */
export function repoPath(...parts: string[]): string | undefined {
  const root = repoRoot();
  const path = root && join(root, ...parts);
  return path && existsSync(path) ? path : undefined;
}
