// The workspace as data: a bounded snapshot (every entry with its type, mode and sha256),
// a copy for dry runs, the difference between two snapshots, and applying a difference
// to the real workspace. Dry runs happen on copies, so the real workspace is only ever
// touched by `applyChanges`, after confirmation.
import { createHash } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { chmod, copyFile, lstat, mkdir, readdir, readlink, rm, rmdir, symlink, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { replaceAtomic, syncDir } from "@shellgen/base";
import { AgentError } from "./errors.js";

export interface Entry {
  type: "file" | "dir" | "symlink";
  /** Permission bits as an octal string ("644"). */
  mode: string;
  size: number;
  /** Content hash for files, link target for symlinks. */
  sha256?: string;
  target?: string;
}

/** Relative path ("a/b.txt", always "/"-separated) -> entry. */
export type Snapshot = Map<string, Entry>;

export interface Limits {
  maxFiles: number;
  maxBytes: number;
}

/** Big enough for a project folder, small enough that a dry-run copy is quick. */
export const DEFAULT_LIMITS: Limits = { maxFiles: 5000, maxBytes: 64 * 1024 * 1024 };

export interface FileChange {
  path: string;
  type: Entry["type"];
  sha256?: string;
}
export interface Modified {
  path: string;
  before: string;
  after: string;
}
export interface Changes {
  created: FileChange[];
  deleted: FileChange[];
  modified: Modified[];
}

export const noChanges = (c: Changes): boolean => c.created.length + c.deleted.length + c.modified.length === 0;

async function hashFile(file: string): Promise<string> {
  const h = createHash("sha256");
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest("hex");
}

const modeOf = (m: number): string => (m & 0o7777).toString(8).padStart(3, "0");

/**
 * Walks `root` without following symlinks. Over the limits it throws with the counts, so
 * the user learns why before anything is copied. Sockets and devices are refused: a dry
 * run could not reproduce them.
 */
export async function snapshot(root: string, limits: Limits = DEFAULT_LIMITS): Promise<Snapshot> {
  const out: Snapshot = new Map();
  let bytes = 0;
  const walk = async (rel: string): Promise<void> => {
    const abs = rel ? join(root, rel) : root;
    const names = (await readdir(abs)).sort();
    for (const name of names) {
      const relPath = rel ? `${rel}/${name}` : name;
      const st = await lstat(join(abs, name));
      if (out.size >= limits.maxFiles) {
        throw new AgentError(
          `workspace ${root} is too large for a dry-run copy: more than ${limits.maxFiles} entries (use --workspace on a smaller folder)`,
          "ETOOLARGE",
        );
      }
      if (st.isDirectory()) {
        out.set(relPath, { type: "dir", mode: modeOf(st.mode), size: 0 });
        await walk(relPath);
      } else if (st.isSymbolicLink()) {
        out.set(relPath, { type: "symlink", mode: modeOf(st.mode), size: 0, target: await readlink(join(abs, name)) });
      } else if (st.isFile()) {
        bytes += st.size;
        if (bytes > limits.maxBytes) {
          throw new AgentError(
            `workspace ${root} is too large for a dry-run copy: over ${Math.round(limits.maxBytes / 1048576)} MiB (use --workspace on a smaller folder)`,
            "ETOOLARGE",
          );
        }
        out.set(relPath, { type: "file", mode: modeOf(st.mode), size: st.size, sha256: await hashFile(join(abs, name)) });
      } else {
        throw new AgentError(`workspace ${root} holds ${relPath}, which is not a file, directory or symlink; a dry run cannot copy it`, "EUNSUPPORTED");
      }
    }
  };
  try {
    const st = await lstat(root);
    if (!st.isDirectory()) throw new AgentError(`workspace ${root} is not a directory`, "EUSAGE");
  } catch (err) {
    if (err instanceof AgentError) throw err;
    throw new AgentError(`workspace ${root} does not exist`, "EUSAGE");
  }
  await walk("");
  return out;
}

/**
 * Copies the snapshotted entries of `from` into the empty directory `to`. Files are
 * cloned where the filesystem can (copy-on-write: btrfs, xfs), otherwise copied.
 */
export async function copyWorkspace(from: string, to: string, snap: Snapshot): Promise<void> {
  for (const [rel, e] of snap) {
    const src = join(from, rel);
    const dst = join(to, rel);
    if (e.type === "dir") await mkdir(dst, { recursive: true });
    else if (e.type === "symlink") await symlink(e.target!, dst);
    else await copyFile(src, dst, constants.COPYFILE_FICLONE);
    if (e.type !== "symlink") await chmod(dst, parseInt(e.mode, 8));
  }
}

export function diffSnapshots(before: Snapshot, after: Snapshot): Changes {
  const changes: Changes = { created: [], deleted: [], modified: [] };
  const stamp = (e: Entry) => (e.type === "file" ? `${e.sha256} ${e.mode}` : e.type === "symlink" ? `-> ${e.target}` : `dir ${e.mode}`);
  const brief = (path: string, e: Entry): FileChange => ({ path, type: e.type, ...(e.sha256 ? { sha256: e.sha256 } : {}) });
  for (const [p, a] of after) {
    const b = before.get(p);
    if (!b) changes.created.push(brief(p, a));
    else if (b.type !== a.type) {
      changes.deleted.push(brief(p, b));
      changes.created.push(brief(p, a));
    } else if (stamp(a) !== stamp(b)) changes.modified.push({ path: p, before: stamp(b), after: stamp(a) });
  }
  for (const [p, b] of before) if (!after.has(p)) changes.deleted.push(brief(p, b));
  return changes;
}

/**
 * Makes the real workspace match the dry run's result. It first checks that the real
 * workspace is still what the dry run started from (anything else would apply a preview
 * of a different state). Each file lands through @shellgen/base's replaceAtomic (temp file,
 * fsync, rename, fsync of the directory), so a kill or a power cut leaves every file either
 * old or new; deletions come last, deepest first.
 */
export async function applyChanges(real: string, base: Snapshot, scratch: string, after: Snapshot, limits: Limits = DEFAULT_LIMITS): Promise<Changes> {
  const now = await snapshot(real, limits);
  const drift = diffSnapshots(base, now);
  if (!noChanges(drift)) {
    const first = drift.created[0]?.path ?? drift.deleted[0]?.path ?? drift.modified[0]?.path;
    throw new AgentError(`workspace ${real} changed since the dry run (${first}); nothing applied, run again`, "EDRIFT");
  }
  const changes = diffSnapshots(base, after);
  const deletedPaths = new Set(changes.deleted.map((d) => d.path));
  const replaced = changes.created.filter((c) => deletedPaths.has(c.path)).map((c) => c.path);
  // A path whose type changed (file -> dir) must be cleared before it is recreated.
  for (const p of replaced) await rm(join(real, p), { recursive: true, force: true });
  const writes = [...changes.created.map((c) => c.path), ...changes.modified.map((m) => m.path)].sort();
  for (const rel of writes) {
    const e = after.get(rel)!;
    const dst = join(real, rel);
    if (e.type === "dir") {
      await mkdir(dst, { recursive: true });
      await chmod(dst, parseInt(e.mode, 8));
      continue;
    }
    await mkdir(dirname(dst), { recursive: true });
    await replaceAtomic(
      dst,
      (tmp) => (e.type === "symlink" ? symlink(e.target!, tmp) : copyFile(join(scratch, rel), tmp)),
      e.type === "symlink" ? {} : { mode: parseInt(e.mode, 8) },
    );
  }
  const deletions = changes.deleted
    .filter((d) => !replaced.includes(d.path))
    .sort((a, b) => b.path.split("/").length - a.path.split("/").length || b.path.localeCompare(a.path));
  for (const d of deletions) {
    const p = join(real, d.path);
    if (d.type === "dir") await rmdir(p).catch((err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? undefined : Promise.reject(err)));
    else await unlink(p).catch((err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? undefined : Promise.reject(err)));
  }
  // New directories and deletions are directory entries: flushed like the renames were.
  const entries = [...changes.created.filter((c) => c.type === "dir"), ...deletions].map((c) => dirname(join(real, c.path)));
  for (const dir of new Set(entries)) await syncDir(dir).catch((err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? undefined : Promise.reject(err)));
  return changes;
}

/** Workspace names for grounding and feedback ("dir/" for directories), at most `limit`. */
export function namesOf(snap: Snapshot, limit = 400): string[] {
  const out: string[] = [];
  for (const [p, e] of snap) {
    if (out.length >= limit) break;
    if (p.split("/").length > 2) continue;
    out.push(e.type === "dir" ? `${p}/` : p);
  }
  return out;
}
