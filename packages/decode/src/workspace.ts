import { readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";

// The names a grounded decode may use for file arguments, listed the same way for the
// `shellgen` CLI and the bench, so the bench's `+ground` figures measure what ships.
// Breadth first, so every top-level name is in before anything deeper; files and
// directories (directories end in "/", which also tells the grammar they are folders);
// relative to `dir`, sorted within each folder; VCS and dependency folders skipped.

export interface ListWorkspaceOptions {
  /** most names returned (default 300) */
  limit?: number;
  /** folder levels below `dir` to enter (default 3; 0 lists `dir` alone) */
  depth?: number;
}

export const WORKSPACE_LIMIT = 300;
export const WORKSPACE_DEPTH = 3;
const SKIP = new Set([".git", ".hg", ".svn", "node_modules", ".cache", "__pycache__", ".venv"]);

/** Workspace names for grounding; an unreadable folder contributes nothing (its siblings still count). */
export function listWorkspace(dir: string, opts: ListWorkspaceOptions = {}): string[] {
  const limit = opts.limit ?? WORKSPACE_LIMIT;
  const maxDepth = opts.depth ?? WORKSPACE_DEPTH;
  const out: string[] = [];
  let level: string[] = [""];
  for (let depth = 0; level.length > 0 && out.length < limit; depth++) {
    const next: string[] = [];
    for (const rel of level) {
      let entries: Dirent[];
      try {
        entries = readdirSync(join(dir, rel), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        if (out.length >= limit) return out;
        if (SKIP.has(e.name)) continue;
        const name = rel ? `${rel}/${e.name}` : e.name;
        const isDir = e.isDirectory();
        out.push(isDir ? `${name}/` : name);
        if (isDir && depth < maxDepth) next.push(name);
      }
    }
    level = next;
  }
  return out;
}
