// The Debian system the capture installs packages into and runs programs from: this machine
// (HOST) or the folder of another one, such as a chroot that debootstrap made. A chroot takes
// the packages that would change this machine (its boot, its network configuration, the
// Node.js that runs the capture) or that conflict with what it has installed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const HOST = "/";

/** argv run on the system at root: as is on this machine, through chroot(8) in another. */
export function onRoot(root: string, argv: string[]): string[] {
  return root === HOST ? argv : ["chroot", root, ...argv];
}

/**
 * The system's name from its os-release ("Debian GNU/Linux 12 (bookworm)"), or why root is not
 * a system the capture can use: it needs apt, dpkg and man-db there (and apt-file's lists to
 * make a program list there).
 */
export function describeSystem(root: string): { name: string } | { error: string } {
  const release = join(root, "etc/os-release");
  if (!existsSync(release)) return { error: `${root} has no etc/os-release: make it with debootstrap` };
  for (const [file, pkg] of [
    ["usr/bin/apt-get", "apt"],
    ["usr/bin/man", "man-db"],
  ] as const) {
    if (!existsSync(join(root, file))) return { error: `${root} has no /${file}: install ${pkg} there (chroot ${root} apt-get install ${pkg})` };
  }
  const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync(release, "utf8"))?.[1];
  return { name: pretty || "Debian" };
}
