import { statSync } from "node:fs";
import { lchown, readdir } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Who the command runs as.
 *
 * RLIMIT_NPROC is the only per-process fork-bomb brake that needs no cgroup, and the kernel
 * never applies it to host uid 0. So when we are root we drop to a throwaway uid inside the
 * sandbox, a different one per concurrent command so one command's bomb cannot starve the
 * next. As an ordinary user, bwrap's user namespace gives each sandbox its own process count.
 */
export type Identity = { kind: "drop"; uid: number; gid: number } | { kind: "userns" };

/**
 * How a root caller reaches the throwaway uid.
 * - "spawn": bwrap itself is started as that uid (the spawn sets it, no extra exec) and builds an
 *   unprivileged user namespace with nested ones disabled. The cheaper path: one exec fewer per
 *   command, which was the largest single cost of a sandboxed run.
 * - "setpriv": privileged bwrap, then setpriv switches uid inside. Works where unprivileged user
 *   namespaces are off, and where the workspace's parents are closed to other users.
 */
export type DropMethod = "spawn" | "setpriv";

const UID_BASE = 1_200_000;
const UID_SPAN = 60_000;
let counter = 0;

export function pickIdentity(): Identity {
  if (process.getuid?.() !== 0) return { kind: "userns" };
  const uid = UID_BASE + ((process.pid * 131 + counter++) % UID_SPAN);
  return { kind: "drop", uid, gid: uid };
}

/**
 * Hands the workspace to the sandbox uid; lchown so a planted symlink never moves a host file.
 * The entries' types come with the listing (a symlink reads as a link, never as what it points
 * to), and a directory's entries are handed over side by side: one file after another, each
 * a round trip through libuv's thread pool, took 15-35 ms for 200 files on a busy machine.
 */
export async function giveWorkspace(dir: string, id: Identity): Promise<void> {
  if (id.kind !== "drop") return;
  const walk = async (p: string): Promise<void> => {
    const [entries] = await Promise.all([readdir(p, { withFileTypes: true }), lchown(p, id.uid, id.gid)]);
    await Promise.all(entries.map((e) => (e.isDirectory() ? walk(join(p, e.name)) : lchown(join(p, e.name), id.uid, id.gid))));
  };
  await walk(dir);
}

/**
 * Whether an unprivileged throwaway uid can reach `dir` (a real path): every parent must let
 * "other" search it, since that uid owns none of them and is in no group. Without this, bwrap
 * started as that uid could not bind the workspace, so such workspaces take the setpriv path.
 */
export function reachableByStranger(dir: string): boolean {
  for (let p = dirname(dir); ; p = dirname(p)) {
    try {
      if ((statSync(p).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (p === "/") return true;
  }
}
