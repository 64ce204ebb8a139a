// Installs packages with apt-get, in batches, resumably: each package's outcome is written to
// a state file as soon as it is known, so a killed run picks up where it stopped. A batch that
// fails is split in halves until the failing package is alone, and its own error is recorded.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { writeFileAtomicSync } from "@shellgen/base";
import { HOST, onRoot } from "./system.js";

export type InstallState = Record<string, { ok: boolean; reason?: string }>;

const ENV = { ...process.env, DEBIAN_FRONTEND: "noninteractive", LANG: "C", LC_ALL: "C" };

export function readState(file: string): InstallState {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as InstallState) : {};
}

function saveState(file: string, state: InstallState): void {
  writeFileAtomicSync(file, `${JSON.stringify(state, null, 1)}\n`);
}

/** Why a package must not be installed, or undefined. */
export type Refuse = (pkg: string) => string | undefined;

/** The packages `apt-get install pkgs` would install with them (apt's own simulation, `-s`). */
export function wouldInstall(pkgs: string[], root = HOST): string[] {
  const [cmd, ...args] = onRoot(root, ["apt-get", "install", "-s", "-q", "--no-install-recommends", "--no-remove", ...pkgs]);
  const r = spawnSync(cmd!, args, { env: ENV, encoding: "utf8", maxBuffer: 1 << 28 });
  return [...(r.stdout ?? "").matchAll(/^Inst (\S+)/gm)].map((m) => m[1]!);
}

function aptInstall(pkgs: string[], log: (s: string) => void, root: string, refuse?: Refuse): { ok: boolean; reason: string } {
  // A dependency is refused as the package itself would be: resolvconf pulled in by a VPN
  // client changes this machine's name resolution all the same.
  if (refuse) {
    for (const dep of wouldInstall(pkgs, root)) {
      const why = pkgs.includes(dep) ? undefined : refuse(dep);
      if (why) return { ok: false, reason: `would also install ${dep}, which ${why}` };
    }
  }
  // --no-remove: a package that conflicts with an installed one fails instead of replacing it.
  const [cmd, ...args] = onRoot(root, [
    "apt-get",
    "install",
    "-y",
    "-q",
    "--no-install-recommends",
    "--no-remove",
    "-o",
    "DPkg::Lock::Timeout=600",
    "-o",
    "Dpkg::Options::=--force-confold",
    ...pkgs,
  ]);
  const r = spawnSync(cmd!, args, { env: ENV, encoding: "utf8", maxBuffer: 1 << 28, timeout: 1_800_000 });
  const text = `${r.stdout ?? ""}\n${r.stderr ?? ""}`;
  if (r.status === 0) return { ok: true, reason: "" };
  const errs = text
    .split("\n")
    .filter((l) => /^(E:|dpkg: error|\s+\S+ : (Depends|Conflicts|Breaks|PreDepends))/.test(l))
    .map((l) => l.trim());
  log(`apt-get failed for ${pkgs.length} package(s): ${errs.slice(0, 3).join(" | ")}`);
  // A failed unpack can leave the batch's other packages unconfigured; finish them first.
  const [dpkg, ...configure] = onRoot(root, ["dpkg", "--configure", "-a"]);
  spawnSync(dpkg!, configure, { env: ENV, stdio: "ignore", timeout: 1_800_000 });
  return { ok: false, reason: errs.slice(0, 4).join(" | ") || `apt-get exited with ${r.status ?? r.signal}` };
}

export function installAll(
  pkgs: string[],
  stateFile: string,
  isInstalled: (p: string) => boolean,
  log: (s: string) => void,
  batch = 60,
  root = HOST,
  refuse?: Refuse,
): InstallState {
  const state = readState(stateFile);
  const todo = pkgs.filter((p) => !state[p] && !isInstalled(p));
  log(`install: ${todo.length} package(s) to install, ${pkgs.length - todo.length} installed or already tried`);
  const run = (group: string[]) => {
    const r = aptInstall(group, log, root, refuse);
    if (r.ok) {
      for (const p of group) state[p] = { ok: true };
    } else if (group.length === 1) {
      state[group[0]!] = { ok: false, reason: r.reason };
    } else {
      const half = Math.ceil(group.length / 2);
      run(group.slice(0, half));
      run(group.slice(half));
      return;
    }
    saveState(stateFile, state);
  };
  for (let i = 0; i < todo.length; i += batch) {
    run(todo.slice(i, i + batch));
    log(`install: ${Math.min(i + batch, todo.length)}/${todo.length}`);
  }
  return state;
}
