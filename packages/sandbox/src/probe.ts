import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { type DropMethod, giveWorkspace, pickIdentity, reachableByStranger } from "./identity.js";
import { baseEnv, defaultLimits } from "./limits.js";
import { bwrapArgs, spawnAs, spawnBwrap, type Plan } from "./mounts.js";

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
  /** As root: whether bwrap can be spawned as the throwaway uid ("spawn"), else "setpriv". */
  drop: DropMethod;
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
  return dirs
    .filter(Boolean)
    .map((d) => join(d, name))
    .find(executable);
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
  // Cheapest first; each later one works on more hosts. The root ones end with the setpriv path.
  const tries: { disableUserns: boolean; drop: DropMethod }[] =
    process.getuid?.() === 0
      ? [
          { disableUserns: true, drop: "spawn" },
          { disableUserns: false, drop: "setpriv" },
        ]
      : [
          { disableUserns: true, drop: "setpriv" },
          { disableUserns: false, drop: "setpriv" },
        ];
  let lastError = "";
  for (const t of tries) {
    const ws = mkdtempSync(join(tmpdir(), "shellgen-probe-"));
    try {
      if (t.drop === "spawn" && !reachableByStranger(ws)) continue;
      const identity = pickIdentity();
      await giveWorkspace(ws, identity);
      const plan: Plan = { workspace: ws, identity, limits: defaultLimits, ...t };
      const r = await quickRun(bwrap, bwrapArgs(plan, "echo shellgen-sandbox-ok"), spawnAs(plan));
      if (r.code === 0 && r.stdout.trim() === "shellgen-sandbox-ok") return { bwrap, ...t };
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

function quickRun(cmd: string, args: string[], as?: { uid: number; gid: number }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnBwrap(cmd, args, { ...baseEnv }, defaultLimits, as);
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
