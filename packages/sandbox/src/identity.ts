import { lstat, lchown, readdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * Who the command runs as.
 *
 * RLIMIT_NPROC is the only per-process fork-bomb brake that needs no cgroup, and the kernel
 * never applies it to host uid 0. So when we are root we drop to a throwaway uid inside the
 * sandbox, a different one per concurrent command so one command's bomb cannot starve the
 * next. As an ordinary user, bwrap's user namespace gives each sandbox its own process count.
 */
export type Identity = { kind: "drop"; uid: number; gid: number } | { kind: "userns" };

const UID_BASE = 1_200_000;
const UID_SPAN = 60_000;
let counter = 0;

export function pickIdentity(): Identity {
  if (process.getuid?.() !== 0) return { kind: "userns" };
  const uid = UID_BASE + ((process.pid * 131 + counter++) % UID_SPAN);
  return { kind: "drop", uid, gid: uid };
}

/** Hands the workspace to the sandbox uid; lchown so a planted symlink never moves a host file. */
export async function giveWorkspace(dir: string, id: Identity): Promise<void> {
  if (id.kind !== "drop") return;
  const walk = async (p: string): Promise<void> => {
    await lchown(p, id.uid, id.gid);
    const st = await lstat(p);
    if (!st.isDirectory()) return;
    for (const name of await readdir(p)) await walk(join(p, name));
  };
  await walk(dir);
}
