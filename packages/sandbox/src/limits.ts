/** What one sandboxed command may consume. Every limit exists because a hostile or confused
 * command would otherwise take the host (or the other commands running beside it) down. */
export interface Limits {
  /** Wall-clock limit; the whole process tree is killed when it passes. */
  timeoutMs: number;
  /** Cap on captured bytes per stream; the command is killed once a stream exceeds it. */
  maxOutputBytes: number;
  /** RLIMIT_NPROC inside the sandbox: a fork bomb stalls at this many processes. */
  maxProcesses: number;
  /** RLIMIT_FSIZE: the largest single file the command may write. */
  maxFileBytes: number;
  /** RLIMIT_AS per process, so a memory bomb fails with ENOMEM instead of swapping the host. */
  maxMemoryBytes: number;
  /** Size of the private /tmp (tmpfs counts against host RAM). */
  tmpBytes: number;
}

export const defaultLimits: Limits = {
  timeoutMs: 10_000,
  maxOutputBytes: 1 << 20,
  maxProcesses: 256,
  maxFileBytes: 64 << 20,
  maxMemoryBytes: 2 * 1024 ** 3,
  tmpBytes: 64 << 20,
};

/** The fixed environment every command starts from; the host's environment never leaks in. */
export const baseEnv: Readonly<Record<string, string>> = {
  PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  HOME: "/workspace",
  PWD: "/workspace",
  LANG: "C.UTF-8",
  LC_ALL: "C.UTF-8",
  TZ: "UTC",
  TERM: "dumb",
  USER: "sandbox",
  LOGNAME: "sandbox",
  SHELL: "/bin/bash",
  TMPDIR: "/tmp",
  BASH_ENV: "/.sandbox-env",
};
