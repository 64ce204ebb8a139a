import { spawn, type ChildProcessByStdio } from "node:child_process";
import { existsSync, lstatSync, readlinkSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import type { DropMethod, Identity } from "./identity.js";
import type { Limits } from "./limits.js";

/** Host paths whose contents the command may read; everything else simply does not exist inside. */
const SYSTEM_DIRS = ["/usr", "/etc"];
/** On merged-/usr systems these are symlinks; elsewhere real directories. Mirror whichever the host has. */
const ROOT_LINKS = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
/** Files under /etc that hold secrets; masked even though the sandbox user usually cannot read them. */
const MASKED_FILES = ["/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers"];
const MASKED_DIRS = ["/etc/ssh", "/etc/ssl/private", "/etc/sudoers.d"];

/** Where the shell start-up file goes, and the fd bwrap copies it from. */
export const RC_FD = 3;
export const RC_PATH = "/.sandbox-env";

export interface Plan {
  workspace: string;
  identity: Identity;
  limits: Limits;
  /** Passing --disable-userns keeps nested user namespaces out; older bwraps lack it. */
  disableUserns: boolean;
  /** For a "drop" identity: how the uid switch happens (see DropMethod). */
  drop: DropMethod;
}

/** The uid/gid the spawn itself must switch to, when the plan drops by spawning. */
export function spawnAs(plan: Plan): { uid: number; gid: number } | undefined {
  const id = plan.identity;
  return id.kind === "drop" && plan.drop === "spawn" ? { uid: id.uid, gid: id.gid } : undefined;
}

let prepared: string[] | undefined;

/**
 * The read-only system part of the mount list. It depends only on the host's layout, so it is
 * prepared once per process instead of some twenty stat calls on every run.
 */
function systemMounts(): string[] {
  if (prepared) return prepared;
  const a: string[] = [];
  for (const d of SYSTEM_DIRS) if (existsSync(d)) a.push("--ro-bind", d, d);
  for (const p of ROOT_LINKS) {
    if (!existsSync(p)) continue;
    const st = lstatSync(p);
    if (st.isSymbolicLink()) a.push("--symlink", readlinkSync(p), p);
    else if (st.isDirectory()) a.push("--ro-bind", p, p);
  }
  for (const f of MASKED_FILES) if (existsSync(f)) a.push("--ro-bind", "/dev/null", f);
  for (const d of MASKED_DIRS) if (existsSync(d)) a.push("--tmpfs", d);
  return (prepared = a);
}

/** The full argv (after `bwrap`) that runs `command` under the plan. */
export function bwrapArgs(plan: Plan, command: string): string[] {
  const a: string[] = [];
  const setpriv = plan.identity.kind === "drop" && plan.drop === "setpriv";
  if (setpriv) {
    // Privileged bwrap: no user namespace (it would map back to host root); keep just enough
    // capability for setpriv to switch to the throwaway uid, which then drops everything.
    a.push("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try");
    a.push("--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID");
  } else {
    // Spawned as the throwaway uid, the command keeps that uid inside too, so it looks the
    // same as under setpriv.
    const inner = plan.identity.kind === "drop" ? plan.identity : { uid: 0, gid: 0 };
    a.push("--unshare-all");
    // --disable-userns refuses to run without an explicit --unshare-user, even where
    // --unshare-all implies one; a spawned drop needs the namespace in any case.
    if (plan.disableUserns || plan.identity.kind === "drop") a.push("--unshare-user");
    a.push("--uid", String(inner.uid), "--gid", String(inner.gid));
    if (plan.disableUserns) a.push("--disable-userns");
  }
  a.push("--die-with-parent", "--new-session", "--hostname", "sandbox");
  a.push("--tmpfs", "/");
  a.push(...systemMounts());
  a.push("--proc", "/proc", "--dev", "/dev");
  a.push("--perms", "1777", "--size", String(plan.limits.tmpBytes), "--tmpfs", "/tmp");
  a.push("--dir", "/var", "--symlink", "../tmp", "/var/tmp");
  a.push("--bind", plan.workspace, "/workspace", "--chdir", "/workspace");
  a.push("--file", String(RC_FD), RC_PATH); // see startupFile()
  // The tmpfs root was only scaffolding; nothing may be created in it afterwards.
  a.push("--remount-ro", "/");
  a.push("--");
  if (setpriv && plan.identity.kind === "drop") {
    const { uid, gid } = plan.identity;
    a.push("/usr/bin/setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--clear-groups", "--bounding-set=-all", "--inh-caps=-all");
  }
  a.push("/bin/bash", "-c", command);
  return a;
}

/**
 * The start-up file bash sources (via $BASH_ENV) before the command's first byte runs.
 * The limits are set hard there, so the command cannot raise them, without another exec;
 * the umask makes new files and `chmod +x` come out the same whatever the host's umask is.
 */
export function startupFile(l: Limits): string {
  const kib = (bytes: number) => Math.max(1, Math.floor(bytes / 1024));
  // bash counts -f and -v in 1024-byte blocks. A nested bash re-reads this file; if the command
  // lowered a limit meanwhile, the re-raise fails quietly rather than on the task's stderr.
  // One ulimit per resource: a host limit already below ours makes that one fail, not the rest.
  const set = (flag: string, v: number) => `ulimit -H -S -${flag} ${v} 2>/dev/null\n`;
  return `umask 022\n${set("u", l.maxProcesses)}${set("f", kib(l.maxFileBytes))}${set("v", kib(l.maxMemoryBytes))}${set("c", 0)}`;
}

/** Starts bwrap with stdout/stderr piped and the start-up file fed on fd 3. */
export function spawnBwrap(
  bwrap: string,
  args: string[],
  env: Record<string, string>,
  limits: Limits,
  as?: { uid: number; gid: number },
): ChildProcessByStdio<null, Readable, Readable> {
  // With uid/gid set, libuv also clears the supplementary groups before exec.
  const child = spawn(bwrap, args, { env, stdio: ["ignore", "pipe", "pipe", "pipe"], ...as });
  const rc = child.stdio[RC_FD] as Writable;
  rc.on("error", () => undefined); // bwrap may fail before reading it; that failure is reported elsewhere
  rc.end(startupFile(limits));
  return child as unknown as ChildProcessByStdio<null, Readable, Readable>;
}
