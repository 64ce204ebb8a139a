import { readdirSync } from "node:fs";
import { delimiter } from "node:path";

// Which program names exist here: on PATH, or as a script in the workspace. A grammar
// that admits programs outside the pack admits only these, so a small model cannot
// invent a program name (`fnv -i 1`). Shell builtins and keywords the composed grammar
// already knows by name.

const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/;
let onPath: { path: string; names: string[] } | undefined;

/** Names of the entries in PATH's folders, read once per PATH value, sorted. */
export function programsOnPath(path = process.env.PATH ?? ""): string[] {
  if (onPath?.path === path) return onPath.names;
  const names = new Set<string>();
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      for (const n of readdirSync(dir)) if (NAME.test(n)) names.add(n);
    } catch {
      /* a PATH entry that does not exist or cannot be read adds nothing */
    }
  }
  onPath = { path, names: [...names].sort() };
  return onPath.names;
}

const SCRIPT = /\.(sh|bash|py|pl|rb|js|mjs)$/;

/** Workspace scripts, spelled as a command runs them: ./build.sh, ./bin/deploy.sh. */
export function workspaceScripts(workspaceFiles: string[]): string[] {
  return workspaceFiles.filter((f) => !f.endsWith("/") && SCRIPT.test(f) && NAME.test(f.replace(/.*\//, ""))).map((f) => `./${f.replace(/^\.\//, "")}`);
}
