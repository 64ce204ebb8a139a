// npm run report:debian-drift [-- --only NAME,...] [--json FILE] [--root DIR]
// Which committed texts of corpora/debian differ from the programs installed on this machine:
// each program's recorded argv is run again the way the capture ran it (bubblewrap, LANG=C,
// no stdin, no network) and its text compared; the package version is compared too. A
// program whose package is not installed is reported as such, not as a difference. The texts
// captured in a chroot (their entry names its system) are compared with --root DIR, that
// chroot, and the others without it.
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { installedPackages } from "../capture/debian/archive.js";
import { manPage, runSandboxed } from "../capture/debian/sandbox.js";
import { describeSystem, HOST } from "../capture/debian/system.js";
import { writeAtomic } from "../cli/output.js";
import { readDebianIndex, readDebianText } from "../pack/debian.js";

const ROOT = join(import.meta.dirname, "../../../..");

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (args.includes("--help") || args.includes("-h")) {
    console.log("usage: npm run report:debian-drift -- [--only NAME,...] [--json FILE] [--root DIR]");
    return;
  }
  try {
    execFileSync("bwrap", ["--version"], { stdio: "ignore" });
  } catch {
    console.error("report:debian-drift: needs bubblewrap (bwrap) to rerun the programs as the capture did");
    process.exit(2);
  }
  const root = opt("root") ? resolve(opt("root")!) : HOST;
  const system = root === HOST ? undefined : describeSystem(root);
  if (system && "error" in system) {
    console.error(`report:debian-drift: --root ${root}: ${system.error}`);
    process.exit(2);
  }
  const dir = join(ROOT, "corpora/debian");
  const index = readDebianIndex(dir);
  const only = opt("only")?.split(",");
  const installed = installedPackages(root);
  const rows: { name: string; state: "same" | "differs" | "not installed" | "elsewhere"; detail?: string }[] = [];
  for (const [name, e] of Object.entries(index)) {
    if (only && !only.includes(name)) continue;
    if (Boolean(e.system) !== (root !== HOST)) {
      rows.push({ name, state: "elsewhere", detail: e.system ?? "this machine" });
      continue;
    }
    const version = installed.get(e.package);
    if (!version) {
      rows.push({ name, state: "not installed", detail: e.package });
      continue;
    }
    const diffs: string[] = [];
    if (version !== e.version) diffs.push(`${e.package} ${e.version} -> ${version}`);
    if (e.help) {
      const r = runSandboxed(e.help.argv, 6000, root);
      const now = (e.help.stream === "stderr" ? r.stderr : r.stdout).toString("utf8");
      if (now !== readDebianText(dir, "help", name)) diffs.push(`${e.help.argv.join(" ")} prints a different text`);
    }
    if (e.man) {
      const m = manPage(e.man.argv[e.man.argv.length - 1]!, root);
      if (typeof m === "string") diffs.push(m);
      else if (m.stdout.toString("utf8") !== readDebianText(dir, "man", name)) diffs.push("the man page differs");
    }
    rows.push(diffs.length ? { name, state: "differs", detail: diffs.join("; ") } : { name, state: "same" });
  }
  for (const r of rows) if (r.state === "differs") console.log(`${r.name}\t${r.detail}`);
  const count = (s: string) => rows.filter((r) => r.state === s).length;
  console.log(
    `${rows.length} programs: ${count("same")} same, ${count("differs")} differ, ${count("not installed")} not installed here, ${count("elsewhere")} captured on another system`,
  );
  const json = opt("json");
  if (json) await writeAtomic(json, `${JSON.stringify(rows, null, 1)}\n`);
  if (count("differs")) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(`report:debian-drift: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
