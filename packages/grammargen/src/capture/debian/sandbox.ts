// Runs one program for its help text inside bubblewrap: read-only root, empty /tmp, /run and
// home, its own PID/network/IPC namespaces, no capabilities, no stdin, a timeout. A program
// that ignores --help and acts can change nothing outside the sandbox and reach no network.
// The root is this machine's or a Debian system's folder (see system.ts).
import { spawnSync } from "node:child_process";
import { HOST, onRoot } from "./system.js";

export interface RunResult {
  argv: string[];
  /** Exit status, or "timeout"/a signal name. */
  exit: number | string;
  stdout: Buffer;
  stderr: Buffer;
}

const MAX = 1 << 20;
export const PATH = "/usr/sbin:/usr/bin:/sbin:/bin";

export function runSandboxed(argv: string[], timeoutMs = 6000, root = HOST): RunResult {
  const bwrap = [
    "--ro-bind",
    root,
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    "--tmpfs",
    "/run",
    "--tmpfs",
    "/var/tmp",
    "--tmpfs",
    "/root",
    "--dir",
    "/tmp/work",
    "--dir",
    "/tmp/home",
    "--chdir",
    "/tmp/work",
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--cap-drop",
    "ALL",
    "--clearenv",
    "--setenv",
    "PATH",
    PATH,
    "--setenv",
    "HOME",
    "/tmp/home",
    "--setenv",
    "LANG",
    "C",
    "--setenv",
    "LC_ALL",
    "C",
    "--setenv",
    "COLUMNS",
    "100",
    "--setenv",
    "NO_COLOR",
    "1",
    "--setenv",
    "TERM",
    "dumb",
    "--setenv",
    "PAGER",
    "cat",
    "--setenv",
    "MANPAGER",
    "cat",
    "--setenv",
    "GIT_PAGER",
    "cat",
    "--",
    ...argv,
  ];
  const r = spawnSync("bwrap", bwrap, { stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: MAX });
  const exit =
    r.error && (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT" ? "timeout" : r.error ? "too much output" : (r.status ?? r.signal ?? "unknown");
  return { argv, exit, stdout: r.stdout ?? Buffer.alloc(0), stderr: r.stderr ?? Buffer.alloc(0) };
}

/**
 * `man` text of a page, as a user reads it at 80 columns without hyphenation or justification,
 * or why there is none (man's own complaint).
 */
export function manPage(page: string, root = HOST): RunResult | string {
  const argv = ["man", "--nh", "--nj", "-P", "cat", page];
  const [cmd, ...rest] = onRoot(root, argv);
  const r = spawnSync(cmd!, rest, {
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 20_000,
    killSignal: "SIGKILL",
    maxBuffer: 4 * MAX,
    env: { PATH, LANG: "C", LC_ALL: "C", MANWIDTH: "80", HOME: "/tmp" },
  });
  if (r.status !== 0 || !r.stdout?.length) {
    const why = (r.stderr?.toString("utf8") ?? "").trim().split("\n")[0] || (r.error ? r.error.message : `exit ${r.status ?? r.signal}`);
    return `${argv.join(" ")}: ${why.slice(0, 160)}`;
  }
  return { argv, exit: r.status, stdout: r.stdout, stderr: r.stderr ?? Buffer.alloc(0) };
}
