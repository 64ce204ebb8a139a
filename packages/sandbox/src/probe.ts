import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { giveWorkspace, pickIdentity } from "./identity.js";
import { baseEnv, defaultLimits } from "./limits.js";
import { bwrapArgs, spawnBwrap } from "./mounts.js";

export type Availability = { ok: true } | { ok: false; reason: string; fix: string };

export const INSTALL_FIX = "install bubblewrap: `sudo apt-get install -y bubblewrap` (Debian/Ubuntu) or `npm run setup`";

/** Thrown instead of ever running a command unsandboxed. */
export class SandboxUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly fix: string,
  ) {
    super(`sandbox unavailable: ${reason}; ${fix}`);
    this.name = "SandboxUnavailableError";
  }
}

interface Probed {
  bwrap: string;
  disableUserns: boolean;
}

let cached: Promise<Probed | Availability> | undefined;

/** Whether commands can be sandboxed here, by actually starting a sandbox once (result cached). */
export async function sandboxAvailable(): Promise<Availability> {
  const r = await probeOnce();
  return "bwrap" in r ? { ok: true } : r;
}

export async function requireSandbox(): Promise<Probed> {
  const r = await probeOnce();
  if ("bwrap" in r) return r;
  throw new SandboxUnavailableError(r.ok ? "unknown" : r.reason, r.ok ? INSTALL_FIX : r.fix);
}

function probeOnce(): Promise<Probed | Availability> {
  cached ??= probe();
  return cached;
}

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function which(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/bin", "/bin", "/usr/local/bin"];
  return dirs.filter(Boolean).map((d) => join(d, name)).find(executable);
}

async function probe(): Promise<Probed | Availability> {
  if (process.platform !== "linux") {
    return { ok: false, reason: `bubblewrap needs Linux (this is ${process.platform})`, fix: "run the bench on Linux or in a Linux container" };
  }
  // SHELLGEN_BWRAP points at a specific bwrap (or at nothing, to see how the bench behaves without one).
  const forced = process.env.SHELLGEN_BWRAP;
  const bwrap = forced ? (executable(forced) ? forced : undefined) : which("bwrap");
  if (!bwrap) {
    const where = forced ? `SHELLGEN_BWRAP=${forced} is not an executable` : "bwrap (bubblewrap) is not installed";
    return { ok: false, reason: where, fix: INSTALL_FIX };
  }
  if (process.getuid?.() === 0 && !executable("/usr/bin/setpriv")) {
    return { ok: false, reason: "/usr/bin/setpriv is missing", fix: "install util-linux: `sudo apt-get install -y util-linux`" };
  }
  let lastError = "";
  for (const disableUserns of [true, false]) {
    const ws = mkdtempSync(join(tmpdir(), "shellgen-probe-"));
    try {
      const identity = pickIdentity();
      await giveWorkspace(ws, identity);
      const args = bwrapArgs({ workspace: ws, identity, limits: defaultLimits, disableUserns }, "echo shellgen-sandbox-ok");
      const r = await quickRun(bwrap, args);
      if (r.code === 0 && r.stdout.trim() === "shellgen-sandbox-ok") return { bwrap, disableUserns };
      lastError = r.stderr.trim().split("\n")[0] || `exit ${r.code}`;
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  }
  return {
    ok: false,
    reason: `bwrap is installed but cannot create a sandbox (${lastError})`,
    fix: "allow unprivileged user namespaces (`sysctl kernel.unprivileged_userns_clone=1`), or run as root, or in a container started with --privileged",
  };
}

function quickRun(cmd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnBwrap(cmd, args, { ...baseEnv }, defaultLimits);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: e.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Test hook: forget the cached probe (e.g. after PATH changes). */
export function resetSandboxProbe(): void {
  cached = undefined;
}
