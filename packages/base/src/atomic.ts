// Every file shellgen writes for a user lands whole or not at all, and stays written.
// A file is written to a temp file in its own directory (a rename across file systems
// would not be atomic), flushed with fsync, renamed over the target, and then the
// directory is flushed, so the rename itself survives a crash or a power cut. A reader,
// or a process killed at any point, finds the old content or the new, never a part.
// Appends to JSONL logs stay appends (a torn last line is the reader's to drop); they are
// flushed where losing a line would lose work.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, fsyncSync, lstatSync, openSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeSync, type Stats } from "node:fs";
import { chmod, lstat, open, realpath, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export type FileData = string | Uint8Array | readonly Uint8Array[];

export interface AtomicWriteOptions {
  /** Mode of a new file (before the umask); an existing file keeps its own. */
  mode?: number;
  /** Runs with the temp file written and flushed, just before the rename. */
  beforeRename?: () => void;
}

/** `.<name>.<pid>-<random>.tmp` beside the target: hidden, and traceable to its writer. */
export function tempPathFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
}

/** Temp files that writers of `file` left behind (killed before their rename). */
export function tempsOf(file: string): string[] {
  const prefix = `.${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [];
  }
  return names.filter((n) => n.startsWith(prefix) && /^\d+-[0-9a-f]{8}\.tmp$/.test(n.slice(prefix.length))).map((n) => join(dirname(file), n));
}

const chunks = (data: FileData): readonly Uint8Array[] => (typeof data === "string" ? [Buffer.from(data, "utf8")] : data instanceof Uint8Array ? [data] : data);

/** Flushes a file written in place. */
export function syncFileSync(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Flushes `files` (and their directories) written in place inside a new directory that a
 * rename will publish. Hundreds of fsyncs cost a journal commit each (7 s more for the
 * grammar pack's 492 files); one syncfs(2) of the file system, through coreutils'
 * `sync -f`, flushes them all at once. Without `sync`, each file is flushed on its own.
 */
export function syncTreeSync(dir: string, files: readonly string[]): void {
  try {
    execFileSync("sync", ["-f", dir], { stdio: "ignore" });
    return;
  } catch {
    // no coreutils sync, or one without -f
  }
  for (const f of files) syncFileSync(f);
  for (const d of new Set(files.map(dirname))) syncDirSync(d);
}

/** Directory entries (a create, a rename, an unlink) reach the disk only when the directory is flushed. */
export function syncDirSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch (e) {
    // Some file systems cannot flush a directory; there is nothing more to do on them.
    if (!ignorableSyncError(e)) throw e;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, "r").catch((e: unknown) => (ignorableSyncError(e) ? undefined : Promise.reject(e)));
  if (!fh) return;
  try {
    await fh.sync().catch((e: unknown) => (ignorableSyncError(e) ? undefined : Promise.reject(e)));
  } finally {
    await fh.close();
  }
}

const ignorableSyncError = (e: unknown) => ["EINVAL", "ENOTSUP", "EISDIR", "EBADF"].includes((e as NodeJS.ErrnoException).code ?? "");

/** The path to write: a symbolic link at the target is followed, so the file it names is replaced, not the link. */
function targetSync(file: string): { path: string; st: Stats | undefined } {
  try {
    const path = lstatSync(file).isSymbolicLink() ? realpathSync(file) : file;
    const st = statSync(path);
    return { path, st: st.isFile() ? st : undefined };
  } catch {
    return { path: file, st: undefined };
  }
}

async function target(file: string): Promise<{ path: string; st: Stats | undefined }> {
  try {
    const path = (await lstat(file)).isSymbolicLink() ? await realpath(file) : file;
    const st = await stat(path);
    return { path, st: st.isFile() ? st : undefined };
  } catch {
    return { path: file, st: undefined };
  }
}

/** Writes `file` atomically and durably (see the top of this file). */
export function writeFileAtomicSync(file: string, data: FileData, opts: AtomicWriteOptions = {}): void {
  const { path, st } = targetSync(file);
  const tmp = tempPathFor(path);
  try {
    const fd = openSync(tmp, "wx", opts.mode ?? 0o666);
    try {
      for (const c of chunks(data)) for (let off = 0; off < c.byteLength; ) off += writeSync(fd, c, off);
      if (st) chmodSync(tmp, st.mode & 0o7777);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    opts.beforeRename?.();
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  syncDirSync(dirname(path));
}

/** Writes `file` atomically and durably (see the top of this file). */
export async function writeFileAtomic(file: string, data: FileData, opts: AtomicWriteOptions = {}): Promise<void> {
  const { path, st } = await target(file);
  const tmp = tempPathFor(path);
  try {
    const fh = await open(tmp, "wx", opts.mode ?? 0o666);
    try {
      for (const c of chunks(data)) await fh.writeFile(c);
      if (st) await fh.chmod(st.mode & 0o7777);
      await fh.sync();
    } finally {
      await fh.close();
    }
    opts.beforeRename?.();
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  await syncDir(dirname(path));
}

/**
 * Replaces the entry at `path` itself (a symbolic link is replaced, not followed) with
 * what `fill` makes at the temp path it is given: a copied file, a new link. A regular
 * file is flushed before the rename; the directory after it.
 */
export async function replaceAtomic(path: string, fill: (tmp: string) => Promise<void>, opts: { mode?: number } = {}): Promise<void> {
  const tmp = tempPathFor(path);
  try {
    await fill(tmp);
    if ((await lstat(tmp)).isFile()) {
      if (opts.mode !== undefined) await chmod(tmp, opts.mode);
      const fh = await open(tmp, "r");
      await fh.sync().finally(() => fh.close());
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  await syncDir(dirname(path));
}

/** Appends `text` and flushes it; a new file's directory entry is flushed too. */
export async function appendDurable(file: string, text: string): Promise<void> {
  const fh = await open(file, "a");
  let created: boolean;
  try {
    created = (await fh.stat()).size === 0;
    await fh.write(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
  if (created) await syncDir(dirname(file));
}
